import Foundation
import OAuth1Client
import OAuth1PeerSupport
import OAuth1RSA
import SigningCore
import TestSupport

/// The RSA keys the peer tests sign with: a few per size, generated once per test process (a
/// 4096-bit key takes a while) and shared by every case.
enum RSAPeerKeys {
    static let sizes = [1024, 2048, 4096]
    static let perSize = 2

    /// The keys, `perSize` of each size in `sizes` order, or why they could not be made.
    static let generated = Result { () throws(OAuth1Error) -> [OAuth1RSAPrivateKey] in
        var keys: [OAuth1RSAPrivateKey] = []
        for bits in sizes {
            for _ in 0..<perSize { keys.append(try OAuth1RSAPrivateKey.generate(bits: bits)) }
        }
        return keys
    }

    /// The keys as the Python scripts read them: a JSON list of `{"private": PEM, "public": PEM}`.
    static func json(_ keys: [OAuth1RSAPrivateKey]) throws -> String {
        let pairs = keys.map { ["private": $0.pemRepresentation, "public": $0.rsaPublic.pemRepresentation] }
        let encoder = JSONEncoder()
        encoder.outputFormatting = .withoutEscapingSlashes
        return String(decoding: try encoder.encode(pairs), as: UTF8.self)
    }
}

/// One random RSA signing case: the request, where the protocol parameters go, and which of
/// ``RSAPeerKeys``' keys signs it. Both sides sign it with the same nonce and timestamp.
struct RSAPeerCase: Codable, Sendable {
    var method: String
    var url: String
    var contentType: String?
    var body: String?
    var consumerKey: String
    var token: String?
    var callback: String?
    var verifier: String?
    var realm: String?
    var signatureMethod: String
    var transmission: String
    var nonce: String
    var timestamp: String
    /// The index of the key in ``RSAPeerKeys/generated``.
    var key: Int
    /// Whether oauthlib keeps its own `oauth_body_hash` (always SHA-1) instead of the method's hash.
    var sha1BodyHash = false

    enum CodingKeys: String, CodingKey {
        case method, url, body, token, callback, verifier, realm, transmission, nonce, timestamp, key
        case contentType = "content_type", consumerKey = "consumer_key", signatureMethod = "signature_method"
        case sha1BodyHash = "sha1_body_hash"
    }

    /// The same request signed by OAuth1Client with `privateKey` (`oauth_body_hash` for a
    /// non-empty body that is not a form, hashed with the method's hash).
    func signWithSwift(_ privateKey: OAuth1RSAPrivateKey) throws -> OAuth1SignedRequest {
        try OAuthlibCaseSigning.sign(
            method: method, url: url, contentType: contentType, body: body,
            credentials: OAuth1Credentials(consumerKey: consumerKey, privateKey: privateKey, token: token),
            signatureMethod: signatureMethod, transmission: transmission, realm: realm, nonce: nonce, timestamp: timestamp, callback: callback, verifier: verifier
        )
    }
}

/// A signed request as it travels: what either side's verifier reads.
struct RSAPeerRequest: Codable, Sendable {
    var method: String
    var url: String
    var authorization: String?
    var contentType: String?
    var body: String

    enum CodingKeys: String, CodingKey {
        case method, url, authorization, body
        case contentType = "content_type"
    }

    /// The request OAuth1Client signed.
    init(_ signed: OAuth1SignedRequest) {
        method = signed.request.method
        url = signed.request.url.absoluteString
        authorization = signed.request.headers["Authorization"]
        contentType = signed.request.headers["Content-Type"]
        body = String(decoding: signed.request.body, as: UTF8.self)
    }

    init(method: String, url: String, authorization: String?, contentType: String?, body: String) {
        self.method = method
        self.url = url
        self.authorization = authorization
        self.contentType = contentType
        self.body = body
    }

    /// The request read by OAuth1Client's verifier side.
    func incoming() throws -> OAuth1IncomingRequest {
        try OAuth1IncomingRequest(method: method, url: URL(string: url)!, authorizationHeader: authorization, contentType: contentType, body: Array(body.utf8))
    }

    /// One way of changing a signed request that its signature must catch.
    enum Tamper: CaseIterable {
        /// A parameter added to the query (or, for a form body, to the body).
        case parameter
        /// One byte of a JSON body changed under its `oauth_body_hash` (a parameter, for a
        /// request without one).
        case bodyByte
        /// One bit of the decoded signature flipped, wherever the signature travels.
        case signatureByte
    }

    /// The request changed by `tamper`; `signature` is the Base64 `oauth_signature` it carries.
    func tampered(_ tamper: Tamper, signature: String) throws -> RSAPeerRequest {
        var copy = self
        let isForm = contentType?.hasPrefix("application/x-www-form-urlencoded") == true
        switch tamper {
        case .bodyByte where !isForm && !body.isEmpty:
            copy.body = (body.first == "{" ? "[" : "{") + body.dropFirst()
        case .parameter, .bodyByte:
            if isForm {
                copy.body += body.isEmpty ? "tampered=1" : "&tampered=1"
            } else {
                copy.url += url.hasSuffix("?") || url.hasSuffix("&") ? "tampered=1" : url.contains("?") ? "&tampered=1" : "?tampered=1"
            }
        case .signatureByte:
            var bytes = try Base64.decode(signature)
            bytes[bytes.count / 2] ^= 0x01
            let original = PercentEncoding.encode(signature), changed = PercentEncoding.encode(Base64.encode(bytes))
            if let authorization, authorization.contains(original) {
                copy.authorization = authorization.replacingOccurrences(of: original, with: changed)
            } else if url.contains(original) {
                copy.url = url.replacingOccurrences(of: original, with: changed)
            } else if body.contains(original) {
                copy.body = body.replacingOccurrences(of: original, with: changed)
            } else {
                throw RSAPeerFailure(description: "oauth_signature \(signature) not found in \(url) \(authorization ?? "") \(body)")
            }
        }
        return copy
    }
}

/// A test's own failure to set up a case.
struct RSAPeerFailure: Error, CustomStringConvertible {
    var description: String
}

/// Draws random requests that stress the encoding rules (unicode, reserved characters, `+`,
/// `*`, `%`, empty values, repeated names, query plus form), the way the HMAC peer tests do, for
/// the three RSA methods, the three transmissions, JSON bodies (with `oauth_body_hash`) and
/// random keys.
struct RSARandomRequests: RandomEncodingDraws {
    var generator: SplitMix64
    /// How many keys there are to pick from.
    var keyCount: Int

    /// Query text: names and values percent-encoded, spaces as `+` or `%20` at random.
    mutating func queryText(_ fields: [FormField]) -> String {
        chance(50) ? FormEncoding.serialize(fields) : fields.map { PercentEncoding.encode($0.name) + "=" + PercentEncoding.encode($0.value) }.joined(separator: "&")
    }

    /// A random case for `method`. `forOAuthlibServer`: oauthlib's `ResourceEndpoint` judges
    /// it, so it carries a token, alphanumeric keys, no callback or verifier.
    mutating func signingCase(_ signatureMethod: OAuth1SignatureMethod, forOAuthlibServer: Bool) -> RSAPeerCase {
        let method = pick(["GET", "POST", "PUT", "DELETE", "patch"])
        var transmission = pick(["header", "query", "body"])
        let scheme = pick(["http", "https", "HTTPS"])
        let host = pick(["example.com", "API.Example.COM", "127.0.0.1", "sub.domain.test"])
        let port = pick(["", "", ":80", ":443", ":\(int(1024...65535))"])
        let path = (0..<int(0...3)).map { _ in "/" + PercentEncoding.encode(text(0...4)) }.joined()
        let query = fields(0...4, reserved: ["tampered"])
        var url = "\(scheme)://\(host)\(port)\(path)"
        if !query.isEmpty || chance(10) { url += "?" + queryText(query) }

        var contentType: String?
        var body: String?
        if method != "GET" && method != "DELETE" {
            if chance(50) {
                // oauthlib's client refuses a charset parameter; its server accepts one.
                contentType = forOAuthlibServer && chance(50) ? "application/x-www-form-urlencoded; charset=utf-8" : "application/x-www-form-urlencoded"
                body = queryText(fields(0...4, reserved: ["tampered"]))
            } else {
                contentType = "application/json"
                body = "{\"text\":\"\(text(1...8, excluding: ["\"", "\\", "\t"]))\"}"
            }
        }
        if transmission == "body" && (contentType?.hasPrefix("application/x-www-form-urlencoded") != true || method != "POST") {
            transmission = pick(["header", "query"])
        }
        // oauthlib decodes oauth_* values a second time when they arrive in the query or the
        // body (OAuthlibPeerTests' `oauthlibDecodesQueryProtocolValuesTwice`), so '%' stays out of them there.
        let noPercent: Set<String> = transmission == "header" ? [] : ["%", "%20", "%2B"]
        let hasToken = forOAuthlibServer || chance(70)
        return RSAPeerCase(
            method: method,
            url: url,
            contentType: contentType,
            body: body,
            consumerKey: forOAuthlibServer ? alphanumeric(20...30) : text(1...8, excluding: noPercent),
            token: hasToken ? (forOAuthlibServer ? alphanumeric(20...30) : text(1...8, excluding: noPercent)) : nil,
            callback: !forOAuthlibServer && chance(20) ? "https://app.example/cb?state=" + text(0...5, excluding: noPercent) : nil,
            verifier: !forOAuthlibServer && chance(20) ? text(1...6, excluding: noPercent) : nil,
            realm: transmission == "header" && chance(30) ? alphanumeric(1...8) : nil,
            signatureMethod: signatureMethod.rawValue,
            transmission: transmission,
            nonce: alphanumeric(20...30),
            timestamp: String(int(1_000_000_000...1_999_999_999)),
            key: int(0...keyCount - 1)
        )
    }
}
