import Foundation
import MockServerKit
import OAuth1Client
import OAuth1Mock
import SigningCore
import Testing

/// What an app sees through OAuth1Client, over real HTTP, when the mock Twitter provider
/// rejects a request or misbehaves: each case asserted by its exact error, and by the
/// provider's journal where the wire alone would not tell them apart.
@Suite("OAuth1Client rejections and faults against the mock provider")
struct OAuth1ClientRejectionTests {
    static let resource = "/1.1/account/verify_credentials.json"

    /// A running Twitter mock and a client for its demo consumer, with a fixed clock and a
    /// nonce chosen per call so that replays are deliberate.
    struct Harness {
        let server: MockServer
        let token: OAuth1Token
        let consumerKey: String
        let consumerSecret: String
        let now = Date()

        /// Runs `body` with a fresh harness; the mock stops however `body` ends.
        static func with(_ body: (Harness) async throws -> Void) async throws {
            try await MockServer.withRunning(OAuth1MockProvider(flavour: .twitter)) { server in
                let demo = try server.demo(OAuth1MockProvider.self)
                try await body(Harness(server: server, token: demo.token, consumerKey: demo.consumerKey, consumerSecret: demo.consumerSecret))
            }
        }

        func client(
            nonce: String = Nonce.alphanumeric(length: 30),
            clockOffset: TimeInterval = 0,
            transport: any OAuth1Transport = URLSessionTransport()
        ) -> OAuth1Client {
            let date = now.addingTimeInterval(clockOffset)
            return OAuth1Client(
                configuration: OAuth1Configuration(provider: OAuth1Provider.twitter.pointed(at: server.baseURL), consumerKey: consumerKey, consumerSecret: consumerSecret, nonce: { nonce }),
                http: SignedHTTPClient(transport: transport, correctsClockSkew: false, deviceClock: { date })   // what the mock says, uncorrected
            )
        }

        func url(_ path: String) -> URL { URL(string: server.baseURL.absoluteString + path)! }

        func lastReason() async -> String { await server.journal.entries.last?.reason ?? "" }
    }

    /// The error `body` throws, which must be an `OAuth1Error`.
    static func oauthError(_ body: () async throws -> Void) async -> OAuth1Error? {
        do {
            try await body()
            Issue.record("expected an OAuth1Error, but the call succeeded")
        } catch let error as OAuth1Error {
            return error
        } catch {
            Issue.record("expected an OAuth1Error, got \(error)")
        }
        return nil
    }

    @Test("a replayed nonce and timestamp is rejected with Twitter's code 32; the journal says why")
    func replay() async throws {
        try await Harness.with { harness in
            let client = harness.client(nonce: "replayedNonce0123456789abcdef")
            let request = OAuth1Request(url: harness.url(Self.resource))
            let first = try await client.send(request, with: harness.token)
            #expect(first.statusCode == 200)
            let error = await Self.oauthError { _ = try await client.send(request, with: harness.token) }
            #expect(error?.code == .requestRejected)
            #expect(error?.statusCode == 401)
            #expect(error?.providerCode == "32")
            #expect(error?.providerMessage == "Could not authenticate you.")
            #expect(error?.mockReason?.hasPrefix("nonce used: this nonce was already used") == true)
            #expect(error?.message.hasPrefix("Twitter says: Could not authenticate you. (code 32). The mock server's reason: nonce used") == true)
            #expect(await harness.lastReason().contains("nonce was already used"))
        }
    }

    @Test("a clock an hour slow gets code 135, timestamp out of bounds")
    func staleTimestamp() async throws {
        try await Harness.with { harness in
            let error = await Self.oauthError {
                _ = try await harness.client(clockOffset: -3600).send(OAuth1Request(url: harness.url(Self.resource)), with: harness.token)
            }
            #expect(error?.code == .timestampRefused)
            #expect(error?.statusCode == 401)
            #expect(error?.providerCode == "135")
            #expect(error?.providerMessage == "Timestamp out of bounds.")
            #expect(error?.mockReason?.hasPrefix("timestamp refused: oauth_timestamp") == true)
            #expect(error?.mockReason?.contains(" s from the server's clock") == true)   // about -3600 s, a second more if the clock ticked
        }
    }

    /// A transport that changes the request after it was signed, as a rewriting proxy would.
    struct TamperingTransport: OAuth1Transport {
        func send(_ request: OAuth1Request) async throws -> OAuth1Response {
            var tampered = request
            tampered.url = URL(string: request.url.absoluteString.replacingOccurrences(of: "count=2", with: "count=200"))!
            return try await URLSessionTransport().send(tampered)
        }
    }

    @Test("a parameter changed after signing: signatureRejected, naming the parameter each side signed")
    func tamperedParameter() async throws {
        try await Harness.with { harness in
            let error = await Self.oauthError {
                _ = try await harness.client(transport: TamperingTransport())
                    .send(OAuth1Request(url: harness.url(Self.resource + "?count=2")), with: harness.token)
            }
            #expect(error?.code == .signatureInvalid)
            #expect(error?.statusCode == 401)
            #expect(error?.providerCode == "32")
            #expect(error?.baseStringDifference?.parameters == [.init(name: "count", kind: .value, ours: "2", theirs: "200")])
            #expect(error?.baseStringDifference?.changedParameters == ["count"])
            #expect(error?.message.contains("parameter 'count': ours 'count=2', theirs 'count=200'") == true)
        }
    }

    @Test("a revoked access token is tokenRejected (Twitter's code 89) from then on")
    func revokedToken() async throws {
        try await Harness.with { harness in
            let revoke = OAuth1Request(method: "POST", url: harness.url(OAuth1Flavour.twitter.invalidateTokenPath), form: [])
            let revoked = try await harness.client().send(revoke, with: harness.token)
            #expect(revoked.statusCode == 200)
            let error = await Self.oauthError {
                _ = try await harness.client().send(OAuth1Request(url: harness.url(Self.resource)), with: harness.token)
            }
            #expect(error?.code == .tokenRejected)
            #expect(error?.statusCode == 401)
            #expect(error?.providerCode == "89")
            #expect(error?.providerMessage == "Invalid or expired token.")
            #expect(error?.message.contains("delete the stored access token and run the authorization flow again") == true)
        }
    }

    @Test("an unknown access token is tokenRejected on every flavour, with the provider's own words", arguments: [
        (OAuth1Flavour.twitter, OAuth1Provider.twitter, "/1.1/account/verify_credentials.json", "Invalid or expired token."),
        (.discogs, .discogs(userAgent: "RejectionTests/1.0"), "/oauth/identity", "Invalid OAuth token."),
        (.netflix, .netflix, "/users/1/queues/disc", "Invalid Or Expired Token"),
    ])
    func unknownToken(flavour: OAuth1Flavour, preset: OAuth1Provider, path: String, words: String) async throws {
        try await MockServer.withRunning(OAuth1MockProvider(flavour: flavour)) { server in
            let credentials = server.providers[0].credentials
            let client = OAuth1Client(provider: preset.pointed(at: server.baseURL),
                                      consumerKey: try #require(credentials["consumerKey"]), consumerSecret: try #require(credentials["consumerSecret"]))
            let forgotten = OAuth1Token(token: "no-such-token", secret: "no-such-secret")
            let error = await Self.oauthError {
                _ = try await client.send(OAuth1Request(url: URL(string: server.baseURL.absoluteString + path)!), with: forgotten)
            }
            #expect(error?.code == .tokenRejected)
            #expect(error?.statusCode == 401)
            #expect(error?.providerMessage == words)
            #expect(error?.mockReason?.hasPrefix("invalid token") == true, "\(error?.mockReason ?? "")")
        }
    }

    struct FaultCase: Sendable, CustomTestStringConvertible {
        let fault: MockFault
        let code: OAuth1Error.Code
        let statusCode: Int?
        let message: String
        var testDescription: String { "\(fault)" }
    }

    @Test("protected-resource faults surface as the provider's own errors", arguments: [
        FaultCase(fault: .status(code: 429, retryAfterSeconds: 30), code: .rateLimited, statusCode: 429, message: "Twitter says: Rate limit exceeded. (code 88)"),
        FaultCase(fault: .status(code: 503, retryAfterSeconds: nil), code: .requestRejected, statusCode: 503, message: "Twitter says: Over capacity. (code 130)"),
        FaultCase(fault: .connectionReset, code: .transportFailed, statusCode: nil, message: "failed before a response arrived"),
    ])
    func resourceFault(_ test: FaultCase) async throws {
        try await Harness.with { harness in
            try harness.server.faults.add(FaultRule(route: Self.resource, fault: test.fault))
            let error = await Self.oauthError {
                _ = try await harness.client().send(OAuth1Request(url: harness.url(Self.resource)), with: harness.token)
            }
            #expect(error?.code == test.code)
            #expect(error?.statusCode == test.statusCode)
            #expect(error?.message.contains(test.message) == true, "\(error?.message ?? "")")
            #expect(error?.retryAfter == (test.code == .rateLimited ? 30 : nil))
            // The fault is the only reason: with it cleared, the same call succeeds.
            harness.server.faults.clear()
            #expect(try await harness.client().send(OAuth1Request(url: harness.url(Self.resource)), with: harness.token).statusCode == 200)
        }
    }

    @Test("token-endpoint faults surface as invalidTokenResponse, never as a half-read token", arguments: [
        (MockFault.malformedResponse, "the reply is not UTF-8 text"),
        (MockFault.emptyResponse, "the reply is empty"),
    ])
    func tokenEndpointFault(fault: MockFault, message: String) async throws {
        try await Harness.with { harness in
            try harness.server.faults.add(FaultRule(route: "/oauth/request_token", fault: fault))
            let error = await Self.oauthError { _ = try await harness.client().requestToken(callback: nil) }
            #expect(error?.code == .invalidTokenResponse)
            #expect(error?.message.contains(message) == true, "\(error?.message ?? "")")
        }
    }

    @Test("added latency slows the call down but it still succeeds")
    func latency() async throws {
        try await Harness.with { harness in
            try harness.server.faults.add(FaultRule(route: Self.resource, fault: .latency(milliseconds: 200)))
            let started = ContinuousClock.now
            #expect(try await harness.client().send(OAuth1Request(url: harness.url(Self.resource)), with: harness.token).statusCode == 200)
            #expect(ContinuousClock.now - started >= .milliseconds(200))
        }
    }
}
