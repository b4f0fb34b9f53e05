import Foundation
import MockServerKit
import OAuth1Client
import OAuth1Mock
import SignedHTTPTesting
import Testing

/// SignedHTTP's retry policy and clock-skew correction, through OAuth1Client, over real HTTP
/// against the mock Twitter provider — which really rejects a replayed nonce and a stale
/// timestamp, so a retry that re-sent the same signature or the device's wrong time would fail.
@Suite("OAuth1Client retries and clock correction against the mock provider")
struct OAuth1ClientRetryTests {
    static let resource = "/1.1/account/verify_credentials.json"

    /// Runs `body` with a Twitter mock on `clock`, its demo access token, consumer key and
    /// secret; the mock stops however `body` ends.
    static func withServer(clock: any MockClock = SystemClock(), _ body: (MockServer, OAuth1Token, String, String) async throws -> Void) async throws {
        try await MockServer.withRunning(OAuth1MockProvider(flavour: .twitter), clock: clock) { server in
            let demo = try server.demo(OAuth1MockProvider.self)
            try await body(server, demo.token, demo.consumerKey, demo.consumerSecret)
        }
    }

    @Test("a 503 on a GET is retried with a fresh signature and succeeds; the two distinct signatures went out")
    func retried() async throws {
        try await Self.withServer { server, token, key, secret in
            try server.faults.add(FaultRule(route: Self.resource, fault: .status(code: 503, retryAfterSeconds: nil), remaining: 1))
            let sleeps = ImmediateClock()
            let wire = RecordingTransport(forwardingTo: URLSessionTransport())
            let client = OAuth1Client(
                provider: OAuth1Provider.twitter.pointed(at: server.baseURL), consumerKey: key, consumerSecret: secret,
                http: SignedHTTPClient(transport: wire, retryPolicy: .recommended, sleepClock: sleeps)
            )
            let response = try await client.send(OAuth1Request(url: URL(string: server.baseURL.absoluteString + Self.resource)!), with: token)
            #expect(response.statusCode == 200)
            #expect(sleeps.sleeps.count == 1)
            #expect(await server.journal.entries.map(\.status) == [503, 200])
            let headers = wire.requests.compactMap { $0.header("Authorization") }
            #expect(headers.count == 2)
            #expect(Set(headers).count == 2)
        }
    }

    @Test("a POST is not retried by the recommended policy: the 503 is the app's to handle")
    func postNotRetried() async throws {
        try await Self.withServer { server, token, key, secret in
            try server.faults.add(FaultRule(route: "/1.1/statuses/update.json", fault: .status(code: 503, retryAfterSeconds: nil), remaining: 1))
            let client = OAuth1Client(
                provider: OAuth1Provider.twitter.pointed(at: server.baseURL), consumerKey: key, consumerSecret: secret,
                http: SignedHTTPClient(retryPolicy: .recommended, sleepClock: ImmediateClock())
            )
            let update = OAuth1Request(method: "POST", url: URL(string: server.baseURL.absoluteString + "/1.1/statuses/update.json")!, form: [FormField("status", "once")])
            do {
                _ = try await client.send(update, with: token)
                Issue.record("expected the 503")
            } catch let error as OAuth1Error {
                #expect(error.statusCode == 503)
            }
            #expect(await server.journal.entries.count == 1)
        }
    }

    @Test("a server clock a day ahead (the kit's clock-skew fault): rejected with code 135, learned from its Date header, accepted")
    func serverClockAhead() async throws {
        // Both clocks stand still: the server's at `now`, the device's too; only the fault moves
        // the server's a day ahead, so the offset learned is exact, however long the calls take.
        let now = Date(timeIntervalSince1970: 1_900_000_000)
        try await Self.withServer(clock: ManualClock(start: now)) { server, token, key, secret in
            try server.faults.add(FaultRule(fault: .clockSkew(seconds: 86_400)))
            let url = URL(string: server.baseURL.absoluteString + Self.resource)!
            let client = OAuth1Client(
                provider: OAuth1Provider.twitter.pointed(at: server.baseURL),
                consumerKey: key,
                consumerSecret: secret,
                http: SignedHTTPClient(deviceClock: { now })
            )
            #expect(try await client.send(OAuth1Request(url: url), with: token).statusCode == 200)
            #expect(await server.journal.entries.map(\.status) == [401, 200])
            // The Date header names the second now + 1 day; the estimate takes its middle.
            #expect(await client.http.serverClock.offset == 86_400.5)
        }
    }

    @Test("a device clock an hour slow: rejected with code 135, corrected from the Date header, accepted; the next call is right first time")
    func clockSkew() async throws {
        try await Self.withServer { server, token, key, secret in
            let slow: @Sendable () -> Date = { Date().addingTimeInterval(-3_600) }
            let url = URL(string: server.baseURL.absoluteString + Self.resource)!

            let uncorrected = OAuth1Client(provider: OAuth1Provider.twitter.pointed(at: server.baseURL), consumerKey: key, consumerSecret: secret, http: SignedHTTPClient(correctsClockSkew: false, deviceClock: slow))
            do {
                _ = try await uncorrected.send(OAuth1Request(url: url), with: token)
                Issue.record("expected a timestamp rejection")
            } catch let error as OAuth1Error {
                #expect(error.code == .timestampRefused && error.message.contains("code 135"), "\(error)")
            }

            let client = OAuth1Client(
                provider: OAuth1Provider.twitter.pointed(at: server.baseURL),
                consumerKey: key,
                consumerSecret: secret,
                http: SignedHTTPClient(deviceClock: slow)
            )
            #expect(try await client.send(OAuth1Request(url: url), with: token).statusCode == 200)
            let offset = try #require(await client.http.serverClock.offset)
            #expect(abs(offset - 3_600) < 5)
            let before = await server.journal.entries.count
            #expect(try await client.send(OAuth1Request(url: url), with: token).statusCode == 200)
            #expect(await server.journal.entries.count == before + 1)
        }
    }
}
