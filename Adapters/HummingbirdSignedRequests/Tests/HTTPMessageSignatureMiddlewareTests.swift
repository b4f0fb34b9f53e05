import Foundation
import HTTPMessageSignatures
import Hummingbird
import HTTPTypes
import HummingbirdSignedRequests
import HummingbirdTesting
import Logging
import NIOCore
import SignedHTTP
import SignedHTTPTesting
import SignedVerification
import Testing

/// `SignedRequestMiddleware` with `HTTPMessageSignatureVerifier` (RFC 9421) in a Hummingbird
/// app: the identity in the context, refusals as RFC 9421 §5.1 suggests (`WWW-Authenticate:
/// Signature`, `Accept-Signature`), a store that is down, the body limit and hostile fields.
@Suite("HTTP Message Signatures verification middleware")
struct HTTPMessageSignatureMiddlewareTests {
    static let secret = Array("a shared secret of thirty-two by".utf8)

    /// The app: `/whoami` answers the verified keyid and what the signature covered, `/echo`
    /// the body the handler reads.
    static func app(store: any ReplayStore = MemoryReplayStore(), logs: LogRecorder = LogRecorder(), maximumBodySize: Int = 1_048_576) throws -> some ApplicationProtocol {
        var verifier = HTTPMessageSignatureVerifier(keys: ["app-key": try HTTPSignatureHMACKey(secret: secret)], replayStore: store)
        verifier.realm = "Items"
        verifier.requiresNonce = true
        let router = Router(context: TestContext.self)
        router.add(middleware: SignedRequestMiddleware(verifier, identity: \TestContext.httpsig, maximumBodySize: maximumBodySize, now: VerificationTestKit.clock))
        router.get("/whoami") { _, context in
            "\(context.httpsig?.keyID ?? "-") \(context.httpsig?.components.map(\.description).joined(separator: " ") ?? "-")"
        }
        router.post("/echo") { request, _ in String(buffer: try await request.body.collect(upTo: 1 << 20)) }
        return Application(router: router, logger: logs.logger)
    }

    /// `request` signed with the app's key (or `secret`) at `time`, with a nonce.
    static func signed(_ request: APIRequest, at time: Date = VerificationTestKit.now, secret: [UInt8] = secret) throws -> APIRequest {
        try HTTPMessageSigner(key: try HTTPSignatureHMACKey(secret: secret), keyID: "app-key").sign(request, at: time)
    }

    static let whoami = APIRequest(url: URL(string: "http://localhost/whoami?page=2")!)
    static let echo = APIRequest(
        method: "POST", url: URL(string: "http://localhost/echo")!, headers: ["Content-Type": "application/json"], body: Array(#"{"name":"Ann"}"#.utf8)
    )

    @Test("a signed GET and a signed JSON POST pass, with the keyid and the covered components in the context and the body still readable")
    func valid() async throws {
        try await Self.app().test(.router) { client in
            let get = try await VerificationTestKit.send(try Self.signed(Self.whoami), with: client)
            #expect(get.status == .ok)
            #expect(VerificationTestKit.text(get) == #"app-key "@method" "@authority" "@path" "@query""#)
            let post = try await VerificationTestKit.send(try Self.signed(Self.echo), with: client)
            #expect(post.status == .ok)
            #expect(VerificationTestKit.text(post) == #"{"name":"Ann"}"#)
        }
    }

    /// A refused request of each kind, with the error token its `WWW-Authenticate` names.
    static func refusal(_ kind: String) throws -> (request: APIRequest, status: Int, token: String) {
        switch kind {
        case "wrong secret":
            return (try signed(whoami, secret: Array("another secret of thirty-two byt".utf8)), 401, "signature_invalid")
        case "tampered query":
            var request = try signed(whoami)
            request.url = URL(string: "http://localhost/whoami?page=3")!
            return (request, 401, "signature_invalid")
        case "body changed after the digest":
            var request = try signed(echo)
            request.body = Array(#"{"name": "Ann"}"#.utf8)
            return (request, 401, "content_digest_mismatch")
        case "stale":
            return (try signed(whoami, at: VerificationTestKit.now.addingTimeInterval(-3_600)), 401, "timestamp_refused")
        case "from the future":
            return (try signed(whoami, at: VerificationTestKit.now.addingTimeInterval(3_600)), 401, "created_in_future")
        case "no nonce":
            let signer = HTTPMessageSigner(key: try HTTPSignatureHMACKey(secret: secret), keyID: "app-key", nonce: nil)
            return (try signer.sign(whoami, at: VerificationTestKit.now), 401, "missing_nonce")
        case "@path not covered":
            let signer = HTTPMessageSigner(key: try HTTPSignatureHMACKey(secret: secret), keyID: "app-key", components: [.method, .authority, .query])
            return (try signer.sign(whoami, at: VerificationTestKit.now), 401, "missing_required_component")
        case "unknown keyid":
            let signer = HTTPMessageSigner(key: try HTTPSignatureHMACKey(secret: secret), keyID: "other-key")
            return (try signer.sign(whoami, at: VerificationTestKit.now), 401, "unknown_key")
        default:  // unsigned
            return (whoami, 401, "missing_signature")
        }
    }

    @Test("a refused request is 401 with WWW-Authenticate naming the error and Accept-Signature naming what to cover", arguments: [
        "wrong secret", "tampered query", "body changed after the digest", "stale", "from the future", "no nonce", "@path not covered", "unknown keyid", "unsigned",
    ])
    func refused(kind: String) async throws {
        let (request, status, token) = try Self.refusal(kind)
        try await Self.app().test(.router) { client in
            let response = try await VerificationTestKit.send(request, with: client)
            #expect(response.status.code == status, "\(kind)")
            #expect(response.headers[.wwwAuthenticate] == #"Signature realm="Items", error="\#(token)""#, "\(kind)")
            // What this request must cover: its query, or its content through content-digest.
            let asked = request.body.isEmpty ? #"sig1=("@method" "@authority" "@path" "@query");created"# : #"sig1=("@method" "@authority" "@path" "content-digest");created"#
            #expect(response.headers[HTTPField.Name("Accept-Signature")!] == asked, "\(kind)")
            #expect(response.headers[.contentType] == "application/problem+json", "\(kind)")
            let problem = try VerificationTestKit.json(response)
            #expect(problem["code"] as? String == token, "\(kind)")
            #expect(problem["status"] as? Int == status, "\(kind)")
            // The base is the client's to compare only when the app chooses to reveal it.
            #expect(problem["signature_base"] == nil, "\(kind)")
        }
    }

    @Test("the same signed request twice: the second is 401 nonce_used")
    func replayed() async throws {
        try await Self.app().test(.router) { client in
            let request = try Self.signed(Self.whoami)
            #expect(try await VerificationTestKit.send(request, with: client).status == .ok)
            let replay = try await VerificationTestKit.send(request, with: client)
            #expect(replay.status == .unauthorized)
            #expect(try VerificationTestKit.json(replay)["code"] as? String == "nonce_used")
        }
    }

    @Test("a proxy that changes the host the client signed: 401 signature_invalid, whatever the path")
    func hostChanged() async throws {
        try await Self.app().test(.router) { client in
            let signed = try Self.signed(APIRequest(url: URL(string: "http://api.example.com/whoami?page=2")!))
            let response = try await VerificationTestKit.send(signed, with: client)
            #expect(response.status == .unauthorized)
            #expect(try VerificationTestKit.json(response)["code"] as? String == "signature_invalid")
        }
    }

    @Test("a replay store that cannot answer is 503 with Retry-After, never a pass, and the store's reason goes to the log, not the answer")
    func storeDown() async throws {
        let logs = LogRecorder()
        try await Self.app(store: UnavailableReplayStore(message: "\(VerificationTestKit.databaseHost) did not answer within 2 s"), logs: logs).test(.router) { client in
            let response = try await VerificationTestKit.send(try Self.signed(Self.whoami), with: client)
            #expect(response.status == .serviceUnavailable)
            #expect(response.headers[.retryAfter] == "1")
            #expect(response.headers[.wwwAuthenticate] == nil)
            #expect(try VerificationTestKit.json(response)["code"] as? String == "replay_store_unavailable")
            #expect(!VerificationTestKit.text(response).contains(VerificationTestKit.databaseHost))
        }
        #expect(logs.entries.contains { $0.level == .error && $0.message.contains("httpsig request refused") && $0.message.contains(VerificationTestKit.databaseHost) })
    }

    @Test("a body over the limit is 413 before it is verified")
    func oversized() async throws {
        try await Self.app(maximumBodySize: 1_024).test(.router) { client in
            var post = Self.echo
            post.body = Array("{\"bio\":\"\(String(repeating: "x", count: 2_048))\"}".utf8)
            let response = try await VerificationTestKit.send(try Self.signed(post), with: client)
            #expect(response.status == .contentTooLarge)
            #expect(try VerificationTestKit.json(response)["code"] as? String == "content_too_large")
        }
    }

    @Test("hostile signature fields are a 4xx, never a 500", arguments: [
        ("not a dictionary", "(\"@method\");created=1", "sig1=:AAAA:"),
        ("an unterminated string", "sig1=(\"@method);created=1700000000", "sig1=:AAAA:"),
        ("10,000 members", (0..<10_000).map { "s\($0)=(\"@method\")" }.joined(separator: ","), "sig1=:AAAA:"),
        ("a label in one field only", "sig1=(\"@method\");created=1700000000;keyid=\"app-key\"", "sig2=:AAAA:"),
        ("a component twice", "sig1=(\"@method\" \"@method\");created=1700000000;keyid=\"app-key\"", "sig1=:AAAA:"),
        ("an unknown derived component", "sig1=(\"@colour\");created=1700000000;keyid=\"app-key\"", "sig1=:AAAA:"),
        ("a signature that is not Base64", "sig1=(\"@method\");created=1700000000;keyid=\"app-key\"", "sig1=:!!!!:"),
        ("a 1 MB signature", "sig1=(\"@method\");created=1700000000;keyid=\"app-key\"", "sig1=:\(String(repeating: "A", count: 1 << 20)):"),
        ("control characters", "sig1=(\"@method\u{7}\");created=1", "sig1=:AAAA:"),
    ])
    func hostile(name: String, input: String, signature: String) async throws {
        try await Self.app().test(.router) { client in
            let headers: HTTPFields = [HTTPField.Name("Signature-Input")!: input, HTTPField.Name("Signature")!: signature]
            let response = try await client.executeRequest(uri: "/whoami", method: .get, headers: headers, body: nil)
            #expect((400..<500).contains(response.status.code), "\(name): \(response.status)")
        }
    }
}
