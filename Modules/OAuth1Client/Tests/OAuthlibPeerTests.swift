import Foundation
import OAuth1Client
import OAuth1PeerSupport
import SigningCore
import TestSupport
import Testing

/// One random signing case, as sent to the Python peer.
struct PeerSigningCase: Codable, Sendable {
    var method: String
    var url: String
    var contentType: String?
    var body: String?
    var consumerKey: String
    var consumerSecret: String
    var token: String?
    var tokenSecret: String?
    var callback: String?
    var verifier: String?
    var realm: String?
    var signatureMethod: String
    var transmission: String
    var nonce: String
    var timestamp: String

    enum CodingKeys: String, CodingKey {
        case method, url, body, token, callback, verifier, realm, transmission, nonce, timestamp
        case contentType = "content_type", consumerKey = "consumer_key", consumerSecret = "consumer_secret"
        case tokenSecret = "token_secret", signatureMethod = "signature_method"
    }

    /// The same request signed by OAuth1Client.
    func signWithSwift() throws -> OAuth1SignedRequest {
        try OAuthlibCaseSigning.sign(
            method: method, url: url, contentType: contentType, body: body,
            credentials: OAuth1Credentials(consumerKey: consumerKey, consumerSecret: consumerSecret, token: token, tokenSecret: tokenSecret),
            signatureMethod: signatureMethod, transmission: transmission, realm: realm, nonce: nonce, timestamp: timestamp, callback: callback, verifier: verifier
        )
    }
}

/// A request signed by OAuth1Client, for oauthlib's verifier.
struct PeerVerificationCase: Codable, Sendable {
    var method: String
    var url: String
    var headers: [String: String]
    var body: String
    var consumerSecret: String
    var tokenSecret: String

    enum CodingKeys: String, CodingKey {
        case method, url, headers, body
        case consumerSecret = "consumer_secret", tokenSecret = "token_secret"
    }
}

/// oauthlib's verdict.
struct PeerVerificationResult: Codable, Sendable {
    var valid: Bool
    var detail: String?
}

/// Draws random requests that stress the encoding rules: unicode, reserved characters, `+`,
/// `*`, `%`, empty values, duplicate names, query plus form.
struct RandomRequests: RandomEncodingDraws {
    var generator: SplitMix64

    /// Query text: names and values percent-encoded, spaces as `+` or `%20` at random.
    mutating func queryText(_ fields: [FormField]) -> String {
        chance(50) ? FormEncoding.serialize(fields) : fields.map { PercentEncoding.encode($0.name) + "=" + PercentEncoding.encode($0.value) }.joined(separator: "&")
    }

    mutating func signingCase(forOAuthlibServer: Bool = false) -> PeerSigningCase {
        let signatureMethod = pick(["HMAC-SHA1", "HMAC-SHA256", "HMAC-SHA512", "PLAINTEXT"])
        let method = pick(["GET", "POST", "PUT", "DELETE", "patch"])
        var transmission = pick(["header", "header", "query", "body"])
        let scheme = pick(["http", "https", "HTTPS"])
        let host = pick(["example.com", "API.Example.COM", "127.0.0.1", "sub.domain.test"])
        let port = pick(["", "", ":80", ":443", ":\(int(1024...65535))"])
        let path = (0..<int(0...3)).map { _ in "/" + PercentEncoding.encode(text(0...4)) }.joined()
        let query = fields(0...4)
        var url = "\(scheme)://\(host)\(port)\(path)"
        if !query.isEmpty || chance(10) { url += "?" + queryText(query) }

        var contentType: String?
        var body: String?
        if method != "GET" && method != "DELETE" {
            if chance(70) {
                // oauthlib's client refuses a charset parameter; its server accepts one.
                contentType = forOAuthlibServer && chance(50) ? "application/x-www-form-urlencoded; charset=utf-8" : "application/x-www-form-urlencoded"
                body = queryText(fields(0...4))
            } else if signatureMethod == "HMAC-SHA1" || signatureMethod == "PLAINTEXT" {
                // oauthlib always hashes bodies with SHA-1; so does OAuth1Client for these methods.
                contentType = "application/json"
                body = "{\"text\":\"\(text(0...8, excluding: ["\"", "\\", "\t"]))\"}"
            }
        }
        if transmission == "body" && (contentType?.hasPrefix("application/x-www-form-urlencoded") != true || method != "POST") {
            transmission = "query"
        }
        let hasToken = forOAuthlibServer || chance(80)
        // oauthlib decodes oauth_* values a second time when they arrive in the query or the
        // body (see `oauthlibDecodesQueryProtocolValuesTwice`), so '%' stays out of them there.
        let noPercent: Set<String> = transmission == "header" ? [] : ["%", "%20", "%2B"]
        // The same quirk hits a PLAINTEXT signature (the encoded secrets) sent in the query or body.
        let plainSecrets = signatureMethod == "PLAINTEXT" && transmission != "header"
        return PeerSigningCase(
            method: method,
            url: url,
            contentType: contentType,
            body: body,
            consumerKey: forOAuthlibServer ? alphanumeric(20...30) : text(1...8, excluding: noPercent),
            consumerSecret: plainSecrets ? alphanumeric(0...10) : text(0...10),
            token: hasToken ? (forOAuthlibServer ? alphanumeric(20...30) : text(1...8, excluding: noPercent)) : nil,
            tokenSecret: hasToken ? (plainSecrets ? alphanumeric(0...10) : text(0...10)) : nil,
            callback: !forOAuthlibServer && chance(20) ? "https://app.example/cb?state=" + text(0...5, excluding: noPercent) : nil,
            verifier: !forOAuthlibServer && chance(20) ? text(1...6, excluding: noPercent) : nil,
            realm: transmission == "header" && chance(30) ? alphanumeric(1...8) : nil,
            signatureMethod: signatureMethod,
            transmission: transmission,
            nonce: alphanumeric(20...30),
            timestamp: String(int(1_000_000_000...1_999_999_999))
        )
    }
}

/// Whether python3 with oauthlib (the peer) is installed.
enum OAuthlib {
    static var isInstalled: Bool { get async { await PythonPeer.hasModules(["oauthlib"]) } }
}

@Suite("oauthlib peer", .enabled("python3 with oauthlib is not installed (pip install oauthlib); peer tests skipped") { await OAuthlib.isInstalled || TestEnvironment.isCI }, .heavy)
struct OAuthlibPeerTests {
    static func requirePeer() async throws {
        if await !OAuthlib.isInstalled {
            Issue.record("CI=true but python3 with oauthlib is missing: pip install oauthlib requests-oauthlib")
            throw PythonPeer.PeerFailure(description: "peer missing")
        }
    }

    @Test("oauthlib and OAuth1Client give identical base strings and signatures for 3000 random requests")
    func oauthlibSignsLikeUs() async throws {
        try await Self.requirePeer()
        var random = RandomRequests(generator: SplitMix64(seed: 0x5849))
        let cases = (0..<3000).map { _ in random.signingCase() }
        let results = try await PythonPeer.batch(script: OAuthlibPeerScripts.sign, cases, as: OAuthlibSigningResult.self)
        try #require(results.count == cases.count)
        var failures = 0
        for (peerCase, result) in zip(cases, results) where failures < 10 {
            guard result.error == nil, let peerURL = result.url.flatMap(URL.init(string:)), let peerBase = result.baseString else {
                failures += 1
                Issue.record("oauthlib could not sign \(peerCase.url): \(result.error ?? "no URL")")
                continue
            }
            let ours = try peerCase.signWithSwift()
            // oauthlib's request, taken apart by our verifier: same base string, its signature verifies.
            let theirs = try OAuth1IncomingRequest(
                method: peerCase.method, url: peerURL, authorizationHeader: result.authorization,
                contentType: result.contentType, body: Array((result.body ?? "").utf8)
            )
            let agrees = ours.baseString == peerBase && theirs.baseString == peerBase && theirs.signature == ours.signature
                && theirs.verify(consumerSecret: peerCase.consumerSecret, tokenSecret: peerCase.tokenSecret)
            if !agrees {
                failures += 1
                Issue.record("""
                    mismatch for \(peerCase.method) \(peerCase.url) [\(peerCase.signatureMethod), \(peerCase.transmission)]
                    ours:   \(ours.baseString)
                    theirs: \(peerBase)
                    \(OAuth1BaseStringDifference(ours: ours.baseString, theirs: peerBase))
                    signatures: ours \(ours.signature), theirs \(theirs.signature)
                    """)
            }
        }
        #expect(failures == 0)
    }

    @Test("OAuth1Verifier accepts 1000 random requests signed by oauthlib (JSON bodies with oauth_body_hash included) and refuses them tampered")
    func verifierAcceptsOAuthlib() async throws {
        try await Self.requirePeer()
        var random = RandomRequests(generator: SplitMix64(seed: 0x24))
        let cases = (0..<1000).map { _ in random.signingCase() }
        let results = try await PythonPeer.batch(script: OAuthlibPeerScripts.sign, cases, as: OAuthlibSigningResult.self)
        try #require(results.count == cases.count)
        var accepted = 0
        var bodyHashes = 0
        for (peerCase, result) in zip(cases, results) {
            let url = try #require(result.url.flatMap(URL.init(string:)), "oauthlib could not sign \(peerCase.url): \(result.error ?? "")")
            let components = try #require(URLComponents(url: url, resolvingAgainstBaseURL: false))
            var headers: HeaderFields = ["Host": (components.percentEncodedHost ?? "") + (components.port.map { ":\($0)" } ?? "")]
            if let authorization = result.authorization { headers["Authorization"] = authorization }
            if let contentType = result.contentType { headers["Content-Type"] = contentType }
            let target = (components.percentEncodedPath.isEmpty ? "/" : components.percentEncodedPath) + (components.percentEncodedQuery.map { "?" + $0 } ?? "")
            let request = ReceivedRequest(method: peerCase.method, target: target, headers: headers, body: Array((result.body ?? "").utf8), scheme: components.scheme ?? "http")
            let verifier = OAuth1Verifier(
                consumerSecret: { $0 == peerCase.consumerKey ? peerCase.consumerSecret : nil },
                tokens: .optional { token, _ in token == peerCase.token ? peerCase.tokenSecret : nil },
                signatureMethods: Set(OAuth1SignatureMethod.allCases),
                replayStore: MemoryReplayStore()
            )
            let now = Date(timeIntervalSince1970: TimeInterval(peerCase.timestamp)!)
            do {
                let verified = try await verifier.verify(request, now: now)
                if verified.request.bodyHash != nil { bodyHashes += 1 }
                accepted += 1
            } catch {
                Issue.record("OAuth1Verifier refused oauthlib's \(peerCase.method) \(url) [\(peerCase.signatureMethod), \(peerCase.transmission)]: \(error.message)")
                continue
            }
            // The same request again is a replay; changed (and checked with a fresh store, so
            // the signature is what refuses it), it does not verify. PLAINTEXT signs nothing of
            // the request, so only its replay is refused.
            await #expect(throws: OAuth1Error(code: .nonceUsed, message: "")) { try await verifier.verify(request, now: now) }
            guard peerCase.signatureMethod != "PLAINTEXT" else { continue }
            var fresh = verifier
            fresh.replayStore = MemoryReplayStore()
            var tampered = request
            if request.headers["Content-Type"] == "application/json" {
                tampered.body += Array(" ".utf8)  // the body changed under an unchanged oauth_body_hash
            } else {
                tampered.target += (request.query == nil ? "?" : "&") + "injected=1"
            }
            await #expect(throws: OAuth1Error(code: .signatureInvalid, message: ""), "tampered \(peerCase.url) verified") { try await fresh.verify(tampered, now: now) }
        }
        #expect(accepted == cases.count)
        #expect(bodyHashes > 20, "only \(bodyHashes) requests carried oauth_body_hash")
    }

    @Test("oauthlib's RequestValidator accepts 1000 random requests signed by OAuth1Client")
    func oauthlibAcceptsUs() async throws {
        try await Self.requirePeer()
        var random = RandomRequests(generator: SplitMix64(seed: 0x1A))
        var cases: [PeerVerificationCase] = []
        for _ in 0..<1000 {
            let peerCase = random.signingCase(forOAuthlibServer: true)
            let signed = try peerCase.signWithSwift()
            cases.append(PeerVerificationCase(
                method: signed.request.method, url: signed.request.url.absoluteString, headers: Dictionary(signed.request.headers.map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first }),
                body: String(decoding: signed.request.body, as: UTF8.self),
                consumerSecret: peerCase.consumerSecret, tokenSecret: peerCase.tokenSecret ?? ""
            ))
        }
        let results = try await PythonPeer.batch(script: OAuthlibPeerScripts.verify, cases, as: PeerVerificationResult.self)
        try #require(results.count == cases.count)
        let rejected = zip(cases, results).filter { !$0.1.valid }
        for (peerCase, result) in rejected.prefix(10) {
            Issue.record("oauthlib rejected \(peerCase.method) \(peerCase.url) \(peerCase.headers): \(result.detail ?? "")")
        }
        #expect(rejected.isEmpty)

        let tampered = cases.prefix(50).map { peerCase in
            var copy = peerCase
            copy.consumerSecret += "x"
            return copy
        }
        let tamperedResults = try await PythonPeer.batch(script: OAuthlibPeerScripts.verify, Array(tampered), as: PeerVerificationResult.self)
        #expect(tamperedResults.count == 50 && tamperedResults.allSatisfy { !$0.valid })
    }

    @Test("known oauthlib quirk: oauth_* values sent in the query are percent-decoded twice")
    func oauthlibDecodesQueryProtocolValuesTwice() async throws {
        try await Self.requirePeer()
        let peerCase = PeerSigningCase(
            method: "GET", url: "http://example.com/p", contentType: nil, body: nil, consumerKey: "key", consumerSecret: "secret",
            token: nil, tokenSecret: nil, callback: "http://x/?a=%41", verifier: nil, realm: nil, signatureMethod: "HMAC-SHA1",
            transmission: "query", nonce: "abcdefghijklmnopqrst", timestamp: "1700000000"
        )
        let result = try #require(try await PythonPeer.batch(script: OAuthlibPeerScripts.sign, [peerCase], as: OAuthlibSigningResult.self).first)
        let ours = try peerCase.signWithSwift()
        // RFC 5849 §3.4.1.3.1: the query is decoded once, so the callback signed is http://x/?a=%41.
        #expect(ours.baseString.contains("oauth_callback%3Dhttp%253A%252F%252Fx%252F%253Fa%253D%252541"))
        #expect(result.baseString?.contains("oauth_callback%3Dhttp%253A%252F%252Fx%252F%253Fa%253DA") == true)
    }
}
