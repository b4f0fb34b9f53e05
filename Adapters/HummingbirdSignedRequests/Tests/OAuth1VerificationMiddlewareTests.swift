import Foundation
import Hummingbird
import HTTPTypes
import HummingbirdSignedRequests
import HummingbirdTesting
import Logging
import NIOCore
import OAuth1Client
import SignedHTTP
import SignedVerification
import SigningCore
import SignedHTTPTesting
import Testing

/// `OAuth1VerificationMiddleware` in a Hummingbird app: what passes, what is refused and how
/// (OAuth Problem Reporting), behind proxies, with a store that is down, and under hostile input.
@Suite("OAuth 1.0a verification middleware")
struct OAuth1VerificationMiddlewareTests {
    static let consumer = OAuth1Credentials(consumerKey: "photos-app", consumerSecret: "consumer-secret", token: "user-token", tokenSecret: "token-secret")

    /// The app: every route behind the middleware; `/whoami` answers the verified identity and
    /// the URL verified, `/echo` the body the handler reads.
    static func app(
        store: any ReplayStore = MemoryReplayStore(), logs: LogRecorder = LogRecorder(), publicURL: PublicURLPolicy = .request, maximumBodySize: Int = 1_048_576
    ) -> some ApplicationProtocol {
        let verifier = OAuth1Verifier(
            consumerSecret: { key in key == consumer.consumerKey ? consumer.consumerSecret : nil },
            tokens: .required { token, _ in token == consumer.token ? consumer.tokenSecret : nil },
            replayStore: store,
            publicURL: publicURL,
            realm: "Photos \"API\""
        )
        let router = Router(context: TestContext.self)
        router.add(middleware: SignedRequestMiddleware(verifier, identity: \TestContext.oauth1, maximumBodySize: maximumBodySize, now: VerificationTestKit.clock))
        router.get("/whoami") { _, context in
            "\(context.oauth1?.consumerKey ?? "-") \(context.oauth1?.token ?? "-") \(context.oauth1?.url.url.absoluteString ?? "-")"
        }
        router.post("/echo") { request, _ in
            String(buffer: try await request.body.collect(upTo: 1 << 20))
        }
        return Application(router: router, logger: logs.logger)
    }

    /// A signer at `time` (the server's clock unless told otherwise), with `credentials`.
    static func signer(_ credentials: OAuth1Credentials = consumer, at time: Date = VerificationTestKit.now, method: OAuth1SignatureMethod = .hmacSHA1) -> OAuth1Signer {
        OAuth1Signer(credentials: credentials, signatureMethod: method, clock: { time })
    }

    static func signed(_ url: String, _ signer: OAuth1Signer = signer()) throws -> APIRequest {
        try signer.sign(OAuth1Request(url: URL(string: url)!)).request
    }

    @Test("a signed GET passes with the consumer, token and URL in the context; a signed form POST reaches the handler with its body")
    func valid() async throws {
        try await Self.app().test(.router) { client in
            let get = try await VerificationTestKit.send(try Self.signed("http://localhost/whoami?count=2"), with: client)
            #expect(get.status == .ok)
            #expect(VerificationTestKit.text(get) == "photos-app user-token http://localhost/whoami?count=2")

            let form = [FormField("status", "Hello Ladies + Gentlemen"), FormField("nul", "a\u{0}b")]
            let post = try Self.signer().sign(OAuth1Request(url: URL(string: "http://localhost/echo")!, form: form)).request
            let echoed = try await VerificationTestKit.send(post, with: client)
            #expect(echoed.status == .ok)
            #expect(VerificationTestKit.text(echoed) == String(decoding: post.body, as: UTF8.self))
        }
    }

    @Test("a request changed after signing is 401 signature_invalid, with WWW-Authenticate and the URL used in the advice")
    func tampered() async throws {
        try await Self.app().test(.router) { client in
            var request = try Self.signed("http://localhost/whoami?count=2")
            request.url = URL(string: "http://localhost/whoami?count=200")!
            let response = try await VerificationTestKit.send(request, with: client)
            #expect(response.status == .unauthorized)
            #expect(response.headers[.wwwAuthenticate] == #"OAuth realm="Photos \"API\"", oauth_problem="signature_invalid""#)
            #expect(response.headers[.contentType] == "application/x-www-form-urlencoded")
            let form = try VerificationTestKit.form(response)
            #expect(form["oauth_problem"] == "signature_invalid")
            #expect(form["oauth_problem_advice"]?.contains("http://localhost/whoami?count=200 (URL from the Host header and the connection's scheme)") == true)
        }
    }

    @Test("the same signed request twice: the second is 401 nonce_used")
    func replayed() async throws {
        try await Self.app().test(.router) { client in
            let request = try Self.signed("http://localhost/whoami")
            #expect(try await VerificationTestKit.send(request, with: client).status == .ok)
            let replay = try await VerificationTestKit.send(request, with: client)
            #expect(replay.status == .unauthorized)
            #expect(try VerificationTestKit.form(replay)["oauth_problem"] == "nonce_used")
        }
    }

    @Test("a timestamp an hour behind the server's clock is 401 timestamp_refused with the acceptable range")
    func stale() async throws {
        try await Self.app().test(.router) { client in
            let request = try Self.signed("http://localhost/whoami", Self.signer(at: VerificationTestKit.now.addingTimeInterval(-3_600)))
            let response = try await VerificationTestKit.send(request, with: client)
            #expect(response.status == .unauthorized)
            let form = try VerificationTestKit.form(response)
            #expect(form["oauth_problem"] == "timestamp_refused")
            #expect(form["oauth_acceptable_timestamps"] == "1699999700-1700000300")
            #expect(form["oauth_problem_advice"]?.contains("-3600 s from the server's clock") == true)
        }
    }

    @Test("each refusal has its problem name and status", arguments: [
        ("unknown consumer", OAuth1Credentials(consumerKey: "stranger", consumerSecret: "x", token: "user-token", tokenSecret: "token-secret"), OAuth1SignatureMethod.hmacSHA1, 401, "consumer_key_unknown"),
        ("unknown token", OAuth1Credentials(consumerKey: "photos-app", consumerSecret: "consumer-secret", token: "revoked", tokenSecret: "x"), .hmacSHA1, 401, "token_rejected"),
        ("no token", OAuth1Credentials(consumerKey: "photos-app", consumerSecret: "consumer-secret"), .hmacSHA1, 400, "parameter_absent"),
        ("PLAINTEXT over http", OAuth1VerificationMiddlewareTests.consumer, .plaintext, 400, "signature_method_rejected"),
    ])
    func problems(name: String, credentials: OAuth1Credentials, method: OAuth1SignatureMethod, status: Int, problem: String) async throws {
        try await Self.app().test(.router) { client in
            let response = try await VerificationTestKit.send(try Self.signed("http://localhost/whoami", Self.signer(credentials, method: method)), with: client)
            #expect(response.status.code == status, "\(name)")
            #expect(try VerificationTestKit.form(response)["oauth_problem"] == problem, "\(name)")
            #expect((response.headers[.wwwAuthenticate] != nil) == (status == 401), "\(name)")
        }
    }

    @Test("behind a trusted proxy: the public https URL the client signed, from X-Forwarded-Proto and X-Forwarded-Host")
    func trustedProxy() async throws {
        let app = Self.app(publicURL: .trustedProxies(["127.0.0.1", "::1"]))
        try await app.test(.live) { client in
            // Signed for the public URL; the test client sends its path to the app as localhost.
            let request = try Self.signed("https://api.example.com/whoami")
            let forwarded: HTTPFields = [HTTPField.Name("X-Forwarded-Proto")!: "https", HTTPField.Name("X-Forwarded-Host")!: "api.example.com"]
            let response = try await VerificationTestKit.send(request, extraHeaders: forwarded, with: client)
            #expect(response.status == .ok)
            #expect(VerificationTestKit.text(response) == "photos-app user-token https://api.example.com/whoami")
        }
    }

    @Test("the same forwarding headers from a peer that is not a trusted proxy are ignored, and the refusal names the URL used")
    func untrustedProxy() async throws {
        let app = Self.app(publicURL: .trustedProxies(["10.9.9.9"]))
        try await app.test(.live) { client in
            // Signed for the public URL; the test client sends its path to the app as localhost.
            let request = try Self.signed("https://api.example.com/whoami")
            let forwarded: HTTPFields = [HTTPField.Name("X-Forwarded-Proto")!: "https", HTTPField.Name("X-Forwarded-Host")!: "api.example.com"]
            let response = try await VerificationTestKit.send(request, extraHeaders: forwarded, with: client)
            #expect(response.status == .unauthorized)
            let advice = try VerificationTestKit.form(response)["oauth_problem_advice"] ?? ""
            #expect(advice.contains("http://localhost/whoami"))
            #expect(advice.contains("is not a trusted proxy"))
        }
    }

    @Test("a replay store that cannot answer is 503 with Retry-After, never a pass, and the store's reason goes to the log, not the answer")
    func storeDown() async throws {
        let logs = LogRecorder()
        try await Self.app(store: UnavailableReplayStore(message: "\(VerificationTestKit.databaseHost) did not answer within 2 s"), logs: logs).test(.router) { client in
            let response = try await VerificationTestKit.send(try Self.signed("http://localhost/whoami"), with: client)
            #expect(response.status == .serviceUnavailable)
            #expect(response.headers[.retryAfter] == "1")
            #expect(try VerificationTestKit.form(response)["oauth_problem_advice"]?.contains("replay store") == true)
            #expect(try VerificationTestKit.form(response)["oauth_problem"] == "temporarily_unavailable")
            #expect(!VerificationTestKit.text(response).contains(VerificationTestKit.databaseHost))
        }
        // The operator learns why, at error level.
        #expect(logs.entries.contains { $0.level == .error && $0.message.contains("oauth1 request refused (replay store unavailable)") && $0.message.contains(VerificationTestKit.databaseHost) })
    }

    @Test("a body over the limit is 413 before it is verified")
    func oversized() async throws {
        try await Self.app(maximumBodySize: 1_024).test(.router) { client in
            let form = [FormField("status", String(repeating: "x", count: 2_048))]
            let post = try Self.signer().sign(OAuth1Request(url: URL(string: "http://localhost/echo")!, form: form)).request
            let response = try await VerificationTestKit.send(post, with: client)
            #expect(response.status == .contentTooLarge)
            #expect(try VerificationTestKit.form(response)["oauth_problem_advice"] == "the body is larger than 1024 bytes")
            #expect(try VerificationTestKit.form(response)["oauth_problem"] == "body_too_large")
        }
    }

    @Test("hostile input is a 4xx, never a 500", arguments: [
        ("a 64 KB Authorization header", HTTPFields([HTTPField(name: .authorization, value: "OAuth " + String(repeating: "oauth_x=\"y\", ", count: 5_000))]), "/whoami", ""),
        ("garbage Authorization", [.authorization: "OAuth ,,,=\"\"\"\\"], "/whoami", ""),
        ("a Basic Authorization", [.authorization: "Basic cGhvdG9zOmFwcA=="], "/whoami", ""),
        ("NUL bytes in the target", [:], "/whoami?x=%00%00&oauth_consumer_key=%00", ""),
        ("broken percent-encoding", [:], "/whoami?x=%ZZ", ""),
        ("a second Host header", [HTTPField.Name("Host")!: "evil.example"], "/whoami", ""),
        ("NUL bytes in a form body", [.contentType: "application/x-www-form-urlencoded"], "/echo", "a=\u{0}\u{0}&oauth_signature=\u{0}"),
    ] as [(String, HTTPFields, String, String)])
    func hostile(name: String, headers: HTTPFields, target: String, body: String) async throws {
        try await Self.app().test(.router) { client in
            let response = try await client.executeRequest(
                uri: target, method: body.isEmpty ? .get : .post, headers: headers, body: body.isEmpty ? nil : ByteBuffer(string: body)
            )
            #expect((400..<500).contains(response.status.code), "\(name): \(response.status)")
        }
    }
}
