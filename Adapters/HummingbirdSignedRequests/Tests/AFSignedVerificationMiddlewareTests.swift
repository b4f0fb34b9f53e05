import AFSignedClient
import Foundation
import Hummingbird
import HTTPTypes
import HummingbirdSignedRequests
import HummingbirdTesting
import Logging
import NIOCore
import SignedHTTP
import SignedVerification
import SigningCore
import SignedHTTPTesting
import Testing

/// `AFSignedVerificationMiddleware` in a Hummingbird app: the original backend's answers for
/// each refusal, a store that is down, forwarding headers, and hostile input.
@Suite("AFSigned verification middleware")
struct AFSignedVerificationMiddlewareTests {
    static let credentials = AFSignedCredentials(clientID: "ios-app", clientSecret: "client-secret")

    /// The app: `/whoami` answers the verified client id, `/echo` the body the handler reads.
    static func app(store: any ReplayStore = MemoryReplayStore(), logs: LogRecorder = LogRecorder(), version: AFSignedVersion = .v2, maximumBodySize: Int = 1_048_576) -> some ApplicationProtocol {
        let verifier = AFSignedVerifier(credentials: [credentials], version: version, timestampWindow: .seconds(300), replayStore: store)
        let router = Router(context: TestContext.self)
        router.add(middleware: SignedRequestMiddleware(verifier, identity: \TestContext.afsigned, maximumBodySize: maximumBodySize, now: VerificationTestKit.clock))
        router.get("/whoami") { _, context in "\(context.afsigned?.clientID ?? "-") \(context.afsigned?.timestamp ?? 0)" }
        router.post("/echo") { request, _ in String(buffer: try await request.body.collect(upTo: 1 << 20)) }
        return Application(router: router, logger: logs.logger)
    }

    static func signed(_ request: APIRequest, version: AFSignedVersion = .v2, at time: Date = VerificationTestKit.now, secret: String = "client-secret") throws -> APIRequest {
        try AFSignedSigner(credentials: AFSignedCredentials(clientID: "ios-app", clientSecret: secret), version: version).sign(request, at: time)
    }

    static let whoami = APIRequest(url: URL(string: "http://localhost/whoami?page=2")!)
    static let echo = APIRequest(url: URL(string: "http://localhost/echo")!, form: [FormField("name", "Ann"), FormField("email", "ann@example.com")])

    @Test("signed requests pass (version 2 in the query and in a form body, version 4 in headers) with the client id in the context", arguments: [AFSignedVersion.v2, .v4])
    func valid(version: AFSignedVersion) async throws {
        try await Self.app(version: version).test(.router) { client in
            let get = try await VerificationTestKit.send(try Self.signed(Self.whoami, version: version), with: client)
            #expect(get.status == .ok)
            #expect(VerificationTestKit.text(get) == "ios-app 1700000000")
            let post = try Self.signed(Self.echo, version: version)
            let echoed = try await VerificationTestKit.send(post, with: client)
            #expect(echoed.status == .ok)
            #expect(VerificationTestKit.text(echoed) == String(decoding: post.body, as: UTF8.self))
        }
    }

    /// A refused request of each kind, with the status and words the original backend answers.
    static func refusal(_ kind: String) throws -> (request: APIRequest, status: Int, words: String) {
        var request = try signed(whoami)
        switch kind {
        case "wrong secret":
            return (try signed(whoami, secret: "wrong"), 401, "Incorrect auth signature")
        case "tampered query":
            request.url = URL(string: request.url.absoluteString.replacingOccurrences(of: "page=2", with: "page=3"))!
            return (request, 401, "Incorrect auth signature")
        case "stale":
            return (try signed(whoami, at: VerificationTestKit.now.addingTimeInterval(-3_600)), 401, "Incorrect auth timestamp")
        case "unsigned":
            return (whoami, 401, "Incorrect client version")
        default:  // an auth value twice
            request.url = URL(string: request.url.absoluteString + "&auth_timestamp=1")!
            return (request, 400, "Malformed request")
        }
    }

    @Test("a refused request is answered as the original backend answers", arguments: ["wrong secret", "tampered query", "stale", "unsigned", "an auth value twice"])
    func refused(kind: String) async throws {
        let (request, status, words) = try Self.refusal(kind)
        try await Self.app().test(.router) { client in
            let response = try await VerificationTestKit.send(request, with: client)
            #expect(response.status.code == status, "\(kind)")
            #expect(try VerificationTestKit.json(response) as? [String: String] == ["error": words], "\(kind)")
        }
    }

    @Test("the same signed request twice: the second is 401 'Incorrect auth nonce'")
    func replayed() async throws {
        try await Self.app().test(.router) { client in
            let request = try Self.signed(Self.whoami)
            #expect(try await VerificationTestKit.send(request, with: client).status == .ok)
            let replay = try await VerificationTestKit.send(request, with: client)
            #expect(replay.status == .unauthorized)
            #expect(try VerificationTestKit.json(replay)["error"] as? String == "Incorrect auth nonce")
        }
    }

    @Test("forwarding headers change nothing: the scheme signs the method and path, not the host")
    func forwarded() async throws {
        try await Self.app().test(.router) { client in
            let forwarded: HTTPFields = [HTTPField.Name("X-Forwarded-Proto")!: "https", HTTPField.Name("X-Forwarded-Host")!: "api.example.com"]
            let response = try await VerificationTestKit.send(try Self.signed(Self.whoami), extraHeaders: forwarded, with: client)
            #expect(response.status == .ok)
        }
    }

    @Test("a replay store that cannot answer is 503 with Retry-After, never a pass, and the store's reason goes to the log, not the answer")
    func storeDown() async throws {
        let logs = LogRecorder()
        try await Self.app(store: UnavailableReplayStore(message: "\(VerificationTestKit.databaseHost) did not answer within 2 s"), logs: logs).test(.router) { client in
            let response = try await VerificationTestKit.send(try Self.signed(Self.whoami), with: client)
            #expect(response.status == .serviceUnavailable)
            #expect(response.headers[.retryAfter] == "1")
            #expect(try VerificationTestKit.json(response) as? [String: String] == ["error": "Service unavailable"])
            #expect(!VerificationTestKit.text(response).contains(VerificationTestKit.databaseHost))
        }
        // The operator learns why, at error level.
        #expect(logs.entries.contains { $0.level == .error && $0.message.contains("afsigned request refused (replay store unavailable)") && $0.message.contains(VerificationTestKit.databaseHost) })
    }

    @Test("a body over the limit is 413 before it is verified")
    func oversized() async throws {
        try await Self.app(maximumBodySize: 1_024).test(.router) { client in
            let post = try Self.signed(APIRequest(url: URL(string: "http://localhost/echo")!, form: [FormField("bio", String(repeating: "x", count: 2_048))]))
            let response = try await VerificationTestKit.send(post, with: client)
            #expect(response.status == .contentTooLarge)
            #expect(try VerificationTestKit.json(response) as? [String: String] == ["error": "Content Too Large"])
        }
    }

    @Test("hostile input is a 4xx, never a 500", arguments: [
        ("a 10 KB signature", "/whoami?auth_version=2&client_id=ios-app&auth_timestamp=1700000000&auth_signature=" + String(repeating: "f", count: 10_000), ""),
        ("NUL bytes in the query", "/whoami?auth_version=2&client_id=%00&auth_timestamp=%00&auth_signature=%00", ""),
        ("broken percent-encoding", "/whoami?x=%E2%28", ""),
        ("NUL bytes in a form body", "/echo", "auth_version=2&client_id=ios-app\u{0}&auth_signature=\u{0}"),
        ("a timestamp of 40 digits", "/whoami?auth_version=2&client_id=ios-app&auth_timestamp=" + String(repeating: "9", count: 40), ""),
    ])
    func hostile(name: String, target: String, body: String) async throws {
        try await Self.app().test(.router) { client in
            let headers: HTTPFields = body.isEmpty ? [:] : [.contentType: "application/x-www-form-urlencoded"]
            let response = try await client.executeRequest(uri: target, method: body.isEmpty ? .get : .post, headers: headers, body: body.isEmpty ? nil : ByteBuffer(string: body))
            #expect((400..<500).contains(response.status.code), "\(name): \(response.status)")
        }
    }
}
