import AFSignedClient
import AFSignedMock
import DrupalMock
import DrupalServicesClient
import Foundation
import MockServerKit
import MockServerTesting
import OAuth1Client
import OAuth1Mock
import SignedHTTPTesting
import Testing

/// Mock servers behind one address share one replay store (here in memory; across processes,
/// `PostgresReplayStore`): a signed request accepted by one server and replayed to another is
/// refused, for every scheme. A store that cannot answer refuses with 503, never accepts.
@Suite("Mock servers sharing one replay store", .timeLimit(.minutes(5)))
struct SharedReplayStoreTests {
    /// How long one exchange may take before the test calls it a hang: generous, since the whole
    /// suite runs at once on two cores; no assertion is about time.
    static let hangGuard: Duration = .seconds(60)

    /// `request` as raw HTTP/1.1 with its own `Host` (what a load balancer passes on), so the
    /// same bytes can go to any instance.
    static func raw(_ request: APIRequest) -> String {
        rawText(request, host: "\(request.url.host!):\(request.url.port!)")
    }

    /// `request` as raw HTTP/1.1 with `Host: host` and `extraHeaders`.
    static func rawText(_ request: APIRequest, host: String, extraHeaders: [String: String] = [:]) -> String {
        let url = request.url
        var text = "\(request.method) \(url.path)\(url.query.map { "?" + $0 } ?? "") HTTP/1.1\r\nHost: \(host)\r\n"
        for field in request.headers { text += "\(field.name): \(field.value)\r\n" }
        for (name, value) in extraHeaders.sorted(by: { $0.key < $1.key }) { text += "\(name): \(value)\r\n" }
        text += "Content-Length: \(request.body.count)\r\nConnection: close\r\n\r\n" + String(decoding: request.body, as: UTF8.self)
        return text
    }

    /// Two servers of `provider` on one store; `body` gets both.
    static func twoServers<P: MockProvider>(_ provider: P, store: any ReplayStore, _ body: (MockServer, MockServer) async throws -> Void) async throws {
        try await MockServer.withRunning(provider, replayStore: store) { first in
            try await MockServer.withRunning(provider, replayStore: store) { second in
                try await body(first, second)
            }
        }
    }

    static func port(_ server: MockServer) -> Int { server.providers[0].baseURL.port! }

    static func oauth1Request(_ server: MockServer) throws -> APIRequest {
        let demo = try server.demo(OAuth1MockProvider.self)
        let signer = OAuth1Signer(credentials: OAuth1Credentials(consumerKey: demo.consumerKey, consumerSecret: demo.consumerSecret, token: demo.accessToken, tokenSecret: demo.accessTokenSecret))
        let url = server.providers[0].baseURL.appendingPathComponent("1.1/account/verify_credentials.json")
        var request = try signer.sign(APIRequest(url: url)).request
        request.headers["User-Agent"] = "SharedReplayStoreTests"
        return request
    }

    static func afsignedRequest(_ server: MockServer) throws -> APIRequest {
        let signer = AFSignedSigner(credentials: try server.demo(AFSignedMockProvider.self).credentials)
        return try signer.sign(APIRequest(url: server.providers[0].baseURL.appendingPathComponent("users")), at: Date())
    }

    static func drupalRequest(_ server: MockServer) throws -> APIRequest {
        let call = DrupalKeySigner(apiKey: try server.demo(DrupalMockProvider.self).apiKey, call: JSONRPCRequest(method: "node.get", params: [1], id: 1), sessid: nil).signedCall(at: Date())
        let url = server.providers[0].baseURL.appendingPathComponent(String(DrupalMockProvider.endpointPath.dropFirst()))
        return APIRequest(method: "POST", url: url, headers: ["Content-Type": "application/json"], body: call.encoded())
    }

    @Test("OAuth 1.0a: accepted by one server, the same request to the other is nonceUsed")
    func oauth1() async throws {
        try await Self.twoServers(OAuth1MockProvider(flavour: .twitter), store: MemoryReplayStore()) { first, second in
            let text = Self.raw(try Self.oauth1Request(first))
            #expect(try await RawHTTP.exchange(port: Self.port(first), text: text, timeout: Self.hangGuard).status == 200)
            let replayed = try await RawHTTP.exchange(port: Self.port(second), text: text, timeout: Self.hangGuard)
            #expect(replayed.status == 401 && replayed.text.contains("nonce used"), "\(replayed.text)")
        }
    }

    @Test("AFSigned with nonces required: accepted by one server, the same request to the other is Incorrect auth nonce")
    func afsigned() async throws {
        try await Self.twoServers(AFSignedMockProvider(options: AFSignedMockOptions(requiresNonce: true)), store: MemoryReplayStore()) { first, second in
            let text = Self.raw(try Self.afsignedRequest(first))
            #expect(try await RawHTTP.exchange(port: Self.port(first), text: text, timeout: Self.hangGuard).status == 200)
            let replayed = try await RawHTTP.exchange(port: Self.port(second), text: text, timeout: Self.hangGuard)
            #expect(replayed.status == 401 && replayed.text.contains(AFSignedVerifier.Message.incorrectNonce), "\(replayed.text)")
        }
    }

    @Test("Drupal: accepted by one server, the same call to the other is 'Token has been used previously'")
    func drupal() async throws {
        try await Self.twoServers(DrupalMockProvider(options: DrupalMockOptions(usesSessid: false)), store: MemoryReplayStore()) { first, second in
            let text = Self.raw(try Self.drupalRequest(first))
            #expect(try await RawHTTP.exchange(port: Self.port(first), text: text, timeout: Self.hangGuard).json?["result"] != nil)
            let replayed = try await RawHTTP.exchange(port: Self.port(second), text: text, timeout: Self.hangGuard)
            #expect(replayed.text.contains(DrupalServiceMessage.nonceReused.prefix(30)), "\(replayed.text)")
        }
    }

    @Test("a store that cannot answer: every scheme answers 503 with Retry-After and the store's reason, and accepts nothing")
    func unavailable() async throws {
        let cases: [(any MockProvider, @Sendable (MockServer) throws -> APIRequest)] = [
            (OAuth1MockProvider(flavour: .twitter), Self.oauth1Request),
            (AFSignedMockProvider(options: AFSignedMockOptions(requiresNonce: true)), Self.afsignedRequest),
            (DrupalMockProvider(options: DrupalMockOptions(usesSessid: false)), Self.drupalRequest),
        ]
        for (provider, request) in cases {
            try await MockServer.withRunning([(provider, MockServerConfiguration())], replayStore: UnavailableReplayStore(message: "replay store unavailable: 127.0.0.1:1/none refused the connection")) { server in
                let reply = try await RawHTTP.exchange(port: Self.port(server), text: Self.raw(try request(server)), timeout: Self.hangGuard)
                #expect(reply.status == 503, "\(provider.name): \(reply.text)")
                #expect(reply.text.lowercased().contains("retry-after: 1"), "\(provider.name)")
                #expect(reply.text.contains("replay store unavailable"), "\(provider.name): \(reply.text)")
            }
        }
    }
}
