import Foundation
import OAuth1Client
import SignedHTTPTesting
import Testing

/// The complete server-side check: every refusal with its code and words, the order of the
/// checks, the replay store (recorded only after the signature verified, fails closed), the
/// body hash recomputed, and the URL the client signed behind a proxy.
@Suite("OAuth 1.0a verifier")
struct OAuth1VerifierTests {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)
    static let credentials = OAuth1Credentials(consumerKey: "ck", consumerSecret: "cs", token: "tk", tokenSecret: "ts")

    static func verifier(
        store: any ReplayStore = MemoryReplayStore(), publicURL: PublicURLPolicy = .request, methods: Set<OAuth1SignatureMethod> = [.hmacSHA1, .hmacSHA256]
    ) -> OAuth1Verifier {
        OAuth1Verifier(
            consumerSecret: { $0 == "ck" ? "cs" : nil },
            tokens: .required { token, consumer in token == "tk" && consumer == "ck" ? "ts" : nil },
            signatureMethods: methods,
            replayStore: store,
            publicURL: publicURL
        )
    }

    /// `request` signed at `at` with `nonce`, as a server behind nothing receives it.
    static func signed(
        _ url: String = "http://api.example.com/1/statuses?count=5", method: String = "GET", body: String = "", contentType: String? = nil,
        credentials: OAuth1Credentials = credentials, signatureMethod: OAuth1SignatureMethod = .hmacSHA1, at: Date = now, nonce: String = "nonce-1"
    ) throws -> ReceivedRequest {
        let signer = OAuth1Signer(credentials: credentials, signatureMethod: signatureMethod, clock: { at }, nonce: { nonce })
        var headers = HeaderFields()
        if let contentType { headers["Content-Type"] = contentType }
        let signed = try signer.sign(OAuth1Request(method: method, url: URL(string: url)!, headers: headers, body: Array(body.utf8)))
        return received(signed.request)
    }

    static func received(_ request: OAuth1Request, scheme: String? = nil, host: String? = nil, remote: String? = nil) -> ReceivedRequest {
        var headers = request.headers
        let url = request.url
        headers["Host"] = host ?? (url.host! + (url.port.map { ":\($0)" } ?? ""))
        let target = url.path + (url.query.map { "?" + $0 } ?? "")
        return ReceivedRequest(method: request.method, target: target, headers: headers, body: request.body, scheme: scheme ?? url.scheme!, remoteAddress: remote)
    }

    static func refusal(_ request: ReceivedRequest, _ verifier: OAuth1Verifier = verifier(), at: Date = now) async -> OAuth1Error? {
        do {
            _ = try await verifier.verify(request, now: at)
            return nil
        } catch {
            return error
        }
    }

    @Test("a well-signed request verifies and says who signed it, with which token, against which URL")
    func accepted() async throws {
        let verified = try await Self.verifier().verify(try Self.signed(), now: Self.now)
        #expect(verified.consumerKey == "ck" && verified.token == "tk")
        #expect(verified.url.url.absoluteString == "http://api.example.com/1/statuses?count=5")
        #expect(verified.request.signatureParameters.contains { $0.name == "count" && $0.value == "5" })
    }

    @Test("a replay is nonceUsed; the same nonce with another timestamp or token is another request")
    func replay() async throws {
        let verifier = Self.verifier()
        let request = try Self.signed()
        #expect(await Self.refusal(request, verifier) == nil)
        let replayed = await Self.refusal(request, verifier)
        #expect(replayed?.code == .nonceUsed)
        #expect(await Self.refusal(try Self.signed(at: Self.now + 1), verifier, at: Self.now + 1) == nil)
    }

    @Test("a bad signature does not use up the nonce, and its refusal shows the server's base string and the URL used")
    func tamperedKeepsNonce() async throws {
        let verifier = Self.verifier()
        var tampered = try Self.signed()
        tampered.target = tampered.target.replacingOccurrences(of: "count=5", with: "count=6")
        let error = try #require(await Self.refusal(tampered, verifier))
        #expect(error.code == .signatureInvalid)
        #expect(error.serverSignatureBase?.contains("count%3D6") == true)
        #expect(error.message.contains("http://api.example.com/1/statuses?count=6") && error.message.contains("Host header"))
        #expect(await Self.refusal(try Self.signed(), verifier) == nil)
    }

    @Test("timestamps outside the window are refused, at the edges included")
    func window() async throws {
        #expect(await Self.refusal(try Self.signed(at: Self.now - 300)) == nil)
        #expect(await Self.refusal(try Self.signed(at: Self.now + 300)) == nil)
        let stale = await Self.refusal(try Self.signed(at: Self.now - 301))
        #expect(stale?.code == .timestampRefused && stale?.message.contains("-301 s") == true)
        #expect(await Self.refusal(try Self.signed(at: Self.now + 301))?.code == .timestampRefused)
    }

    @Test("a replayed request ahead of the clock stays refused while its timestamp is in the window")
    func futureReplay() async throws {
        let verifier = Self.verifier()
        let ahead = try Self.signed(at: Self.now + 299)
        #expect(await Self.refusal(ahead, verifier) == nil)
        #expect(await Self.refusal(ahead, verifier, at: Self.now + 598)?.code == .nonceUsed)
    }

    @Test("unknown consumer, unknown token, missing token, disabled method")
    func credentials() async throws {
        let stranger = OAuth1Credentials(consumerKey: "who", consumerSecret: "cs", token: "tk", tokenSecret: "ts")
        #expect(await Self.refusal(try Self.signed(credentials: stranger))?.code == .unknownConsumer)
        let badToken = OAuth1Credentials(consumerKey: "ck", consumerSecret: "cs", token: "gone", tokenSecret: "ts")
        #expect(await Self.refusal(try Self.signed(credentials: badToken))?.code == .tokenRejected)
        let noToken = OAuth1Credentials(consumerKey: "ck", consumerSecret: "cs")
        #expect(await Self.refusal(try Self.signed(credentials: noToken))?.code == .missingParameter)
        let plaintext = await Self.refusal(try Self.signed(signatureMethod: .plaintext))
        #expect(plaintext?.code == .unsupportedSignatureMethod && plaintext?.message.contains("HMAC-SHA1, HMAC-SHA256") == true)
    }

    @Test("a look-up that throws refuses: its own OAuth1Error as it is, anything else as credentialLookupFailed")
    func lookupFailures() async throws {
        struct DatabaseDown: Error {}
        var verifier = Self.verifier()
        verifier.consumer = { _ in throw DatabaseDown() }
        let failed = await Self.refusal(try Self.signed(), verifier)
        #expect(failed?.code == .credentialLookupFailed && failed?.cause is DatabaseDown)
        verifier = Self.verifier()
        verifier.tokens = .required { _, _ in throw OAuth1Error(code: .tokenRejected, message: "revoked by the user on 1 May") }
        #expect(await Self.refusal(try Self.signed(), verifier)?.message == "revoked by the user on 1 May")
    }

    @Test("optional tokens: with one its secret is used, without one the consumer's secret alone")
    func optionalTokens() async throws {
        var verifier = Self.verifier()
        verifier.tokens = .optional { token, _ in token == "tk" ? "ts" : nil }
        #expect(await Self.refusal(try Self.signed(), verifier) == nil)
        #expect(await Self.refusal(try Self.signed(credentials: OAuth1Credentials(consumerKey: "ck", consumerSecret: "cs")), verifier) == nil)
        verifier.tokens = .none
        #expect(await Self.refusal(try Self.signed(credentials: OAuth1Credentials(consumerKey: "ck", consumerSecret: "cs"), nonce: "n2"), verifier) == nil)
    }

    @Test("oauth_body_hash is recomputed from the body: a body changed under an unchanged hash is refused")
    func bodyHash() async throws {
        let json = #"{"status":"hello"}"#
        let request = try Self.signed("http://api.example.com/1/statuses", method: "POST", body: json, contentType: "application/json")
        #expect(request.headers["Authorization"]?.contains("oauth_body_hash") == true)
        var changed = request
        changed.body = Array(#"{"status":"HELLO"}"#.utf8)
        let error = await Self.refusal(changed)
        #expect(error?.code == .signatureInvalid && error?.message.contains("oauth_body_hash") == true)
        #expect(await Self.refusal(request) == nil)
    }

    @Test("a replay store that cannot answer refuses the request (fails closed), naming the store")
    func storeUnavailable() async throws {
        let error = await Self.refusal(try Self.signed(), Self.verifier(store: UnavailableReplayStore(message: "replay store unavailable: 127.0.0.1:5432/test refused the connection")))
        #expect(error?.code == .replayStoreUnavailable)
        #expect(error?.message.contains("127.0.0.1:5432") == true && error?.cause is SignedVerificationError)
    }

    @Test("behind a proxy: signed for https://api.example.com, received as http://10.0.0.7:8080")
    func behindProxy() async throws {
        let signer = OAuth1Signer(credentials: Self.credentials, clock: { Self.now }, nonce: { "proxied" })
        let signed = try signer.sign(OAuth1Request(url: URL(string: "https://api.example.com/1/statuses?count=5")!)).request
        let forwarded: HeaderFields = ["X-Forwarded-Proto": "https", "X-Forwarded-Host": "api.example.com"]
        var asReceived = Self.received(signed, scheme: "http", host: "10.0.0.7:8080", remote: "10.0.0.2")
        for field in forwarded { asReceived.headers.append(field.name, field.value) }

        // Read from the request alone, the URL is the backend's: refused, and the reason says which URL.
        let direct = await Self.refusal(asReceived)
        #expect(direct?.code == .signatureInvalid && direct?.message.contains("http://10.0.0.7:8080/1/statuses") == true)
        // From an untrusted peer the forwarding headers are ignored, and the reason says so.
        var untrusted = asReceived
        untrusted.remoteAddress = "192.0.2.9"
        let ignored = await Self.refusal(untrusted, Self.verifier(publicURL: .trustedProxies(["10.0.0.2"])))
        #expect(ignored?.code == .signatureInvalid && ignored?.message.contains("not a trusted proxy") == true)
        // From the trusted proxy, or with the public base URL configured, it verifies.
        #expect(await Self.refusal(asReceived, Self.verifier(publicURL: .trustedProxies(["10.0.0.2"]))) == nil)
        #expect(await Self.refusal(asReceived, Self.verifier(publicURL: .fixed(URL(string: "https://api.example.com")!))) == nil)
    }

    @Test("requests that cannot be read: two Authorization headers, no Host, a bad percent-escape, no OAuth parameters")
    func unreadable() async throws {
        var twice = try Self.signed()
        twice.headers.append("Authorization", "OAuth oauth_consumer_key=\"ck\"")
        #expect(await Self.refusal(twice)?.code == .invalidAuthorizationHeader)
        var noHost = try Self.signed()
        noHost.headers.removeAll(named: "Host")
        #expect(await Self.refusal(noHost)?.message.contains("no Host header") == true)
        var badEscape = try Self.signed()
        badEscape.target = "/1/%ZZ"
        #expect(await Self.refusal(badEscape)?.code == .invalidURL)
        let bare = ReceivedRequest(method: "GET", target: "/", headers: ["Host": "api.example.com"])
        #expect(await Self.refusal(bare)?.code == .missingParameter)
        let hostile = ReceivedRequest(method: "GET", target: "/", headers: ["Host": "api.example.com", "Authorization": "OAuth " + String(repeating: "\u{0}\"=,", count: 5000)])
        #expect(await Self.refusal(hostile) != nil)
    }
}
