public import Foundation
public import SignedHTTP
import SignedVerification
import SigningCore

/// Signs requests (and responses) with HTTP Message Signatures (RFC 9421 §3.1): a
/// `RequestSigner` for `SignedHTTPClient`, and usable on its own.
///
/// ```swift
/// let signer = HTTPMessageSigner(key: try HTTPSignatureHMACKey(secret: secret), keyID: "my-key")
/// let signed = try signer.sign(request, at: Date())   // adds Content-Digest, Signature-Input, Signature
/// ```
///
/// The covered components are ``components``, or by default (``defaultComponents(for:)``)
/// `@method`, `@authority`, `@path`, `@query` when the target has a query, and
/// `content-digest` and `content-type` when there is a body. `created` is the time the
/// client gives (its server-clock-corrected time); `expires`, `nonce`, `tag` and `alg` are
/// added when configured (`alg` only on request: RFC 9421 §7.3.6 lets the key decide). A
/// covered `content-digest` the message lacks is computed from the body (RFC 9530); one it
/// has must match the body.
public struct HTTPMessageSigner: RequestSigner, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// The key that signs (an HMAC secret, or a key of `HTTPMessageSignaturesCrypto`).
    public var key: any HTTPMessageSigningKey
    /// `keyid`: how the verifier finds the key; `nil` sends none.
    public var keyID: String?
    /// The covered components, in order; `nil` for ``defaultComponents(for:)``.
    public var components: [HTTPSignatureComponent]?
    /// The signature's label (`sig1` by default).
    public var label: String
    /// `tag`, when set (`web-bot-auth`, …).
    public var tag: String?
    /// `expires` as this long after `created`, when set.
    public var expiresAfter: Duration?
    /// The `nonce` source, or `nil` to send none.
    public var nonce: (@Sendable () -> String)?
    /// Whether to send `alg` (off by default: the verifier takes the algorithm from its key).
    public var includesAlgorithm: Bool
    /// The algorithm of a `Content-Digest` the signer computes.
    public var digestAlgorithm: HTTPContentDigest.Algorithm

    /// Creates a signer.
    ///
    /// - Parameters:
    ///   - key: the signing key; its algorithm is the signature's.
    ///   - keyID: the `keyid` parameter.
    ///   - components: the covered components; `nil` (the default) for ``defaultComponents(for:)``.
    ///   - label: `sig1` by default.
    ///   - tag: none by default.
    ///   - expiresAfter: none by default.
    ///   - nonce: 32 secure random alphanumerics by default; `nil` sends none.
    ///   - includesAlgorithm: `false` by default.
    ///   - digestAlgorithm: `sha-256` by default.
    public init(
        key: any HTTPMessageSigningKey, keyID: String?, components: [HTTPSignatureComponent]? = nil, label: String = "sig1",
        tag: String? = nil, expiresAfter: Duration? = nil, nonce: (@Sendable () -> String)? = HTTPMessageSigner.defaultNonce,
        includesAlgorithm: Bool = false, digestAlgorithm: HTTPContentDigest.Algorithm = .sha256
    ) {
        self.key = key
        self.keyID = keyID
        self.components = components
        self.label = label
        self.tag = tag
        self.expiresAfter = expiresAfter
        self.nonce = nonce
        self.includesAlgorithm = includesAlgorithm
        self.digestAlgorithm = digestAlgorithm
    }

    /// 32 alphanumerics from the system's secure generator.
    @Sendable public static func defaultNonce() -> String { Nonce.alphanumeric(length: 32) }

    /// The components signed when none are configured: for a request `@method`, `@authority`,
    /// `@path`, `@query` when the target has a query, `content-digest` and (when present)
    /// `content-type` when there is a body; for a response `@status`, and `content-digest` and
    /// `content-type` likewise.
    public static func defaultComponents(for message: HTTPMessage) -> [HTTPSignatureComponent] {
        var components: [HTTPSignatureComponent]
        switch message {
        case .request(let request):
            components = [.method, .authority, .path]
            if URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.percentEncodedQuery != nil { components.append(.query) }
        case .response:
            components = [.status]
        }
        if !message.body.isEmpty {
            components.append(.contentDigest)
            if message.headers.contains("Content-Type") { components.append(.contentType) }
        }
        return components
    }

    /// `request` signed as of `date` (`created`), with a fresh nonce.
    ///
    /// - Throws: ``HTTPMessageSignatureError`` naming what cannot be signed (a missing covered
    ///   field, a label already in the request, a `Content-Digest` that does not match the
    ///   body, …), or the key's own error.
    public func sign(_ request: APIRequest, at date: Date) throws(HTTPMessageSignatureError) -> APIRequest {
        var signed = request
        signed.headers = try sign(.request(HTTPMessageRequest(request)), at: date).headers
        return signed
    }

    /// `response` (a server's answer, with the request it answers for `req` components)
    /// signed as of `date`.
    public func sign(_ response: HTTPMessageResponse, at date: Date) throws(HTTPMessageSignatureError) -> HTTPMessageResponse {
        var signed = response
        signed.headers = try sign(.response(response), at: date).headers
        return signed
    }

    /// `message` with its `Content-Digest` (when covered and missing), `Signature-Input` and
    /// `Signature` fields added.
    public func sign(_ message: HTTPMessage, at date: Date) throws(HTTPMessageSignatureError) -> HTTPMessage {
        var message = message
        var headers = message.headers
        if headers.contains(HTTPSignatureFields.inputName) || headers.contains(HTTPSignatureFields.signatureName) {
            let existing = try HTTPSignatureFields.signatures(in: headers)
            guard !existing.contains(where: { $0.label == label }) else {
                throw HTTPMessageSignatureError(code: .invalidSignatureParameters, message: "the message already carries a signature labelled \(label); choose another label")
            }
        }
        let covered = components ?? Self.defaultComponents(for: message)
        var digest: String?
        if covered.contains(where: { $0.name == "content-digest" && !$0.isFromRequest }) {
            if headers.contains(HTTPContentDigest.fieldName) {
                try HTTPContentDigest.check(headers, body: message.body)
            } else {
                digest = HTTPContentDigest.value(for: message.body, algorithm: digestAlgorithm)
            }
        }
        // One new buffer, with room for the fields this adds.
        headers.reserveCapacity(headers.count + 3)
        if let digest { headers.append(HTTPContentDigest.fieldName, digest) }
        message.headers = headers
        let parameters = try parameters(covering: covered, at: date)
        let (base, serializedParameters) = try HTTPSignatureBase.build(parameters: parameters, message: message)
        let signature = try key.signature(for: base.bytes)
        // The parameters as the base serialised them, not serialised a second time; the fields
        // appended in place (the message lets go of the buffer first).
        let input = try HTTPSignatureFields.inputValue(label: label, serializedParameters: serializedParameters)
        let value = try HTTPSignatureFields.signatureValue(label: label, signature: signature)
        message.headers = HeaderFields()
        headers.append(HTTPSignatureFields.inputName, input)
        headers.append(HTTPSignatureFields.signatureName, value)
        message.headers = headers
        return message
    }

    /// The signature parameters for `components` at `date`.
    func parameters(covering components: [HTTPSignatureComponent], at date: Date) throws(HTTPMessageSignatureError) -> HTTPSignatureParameters {
        let created = Int(date.timeIntervalSince1970.rounded(.down))
        return HTTPSignatureParameters(
            components: components, created: created, expires: expiresAfter.map { created + $0.wholeSeconds }, nonce: nonce?(),
            algorithm: includesAlgorithm ? key.algorithm.name : nil, keyID: keyID, tag: tag
        )
    }

    /// The algorithm, keyid and label; the key is redacted.
    public var description: String {
        "HTTPMessageSigner(\(key.algorithm), keyid: \(keyID ?? "none"), label: \(label), key: <redacted>)"
    }
    /// The same as ``description``.
    public var debugDescription: String { description }
    /// The algorithm, keyid and label, and the key as `<redacted>`.
    public var customMirror: Mirror {
        Mirror(self, children: ["algorithm": key.algorithm.name, "keyID": keyID as Any, "label": label, "key": "<redacted>"], displayStyle: .struct)
    }
}
