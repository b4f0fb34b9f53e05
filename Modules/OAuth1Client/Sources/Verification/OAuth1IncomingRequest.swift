public import Foundation
public import SigningCore

/// A received HTTP request, taken apart the way an OAuth 1.0a service provider must
/// (RFC 5849 §3.4.1.3.1 and §3.5): the protocol parameters wherever they were sent, every
/// signed parameter, and the base string — computed by the same ``OAuth1BaseString`` code the
/// signer uses.
///
/// ```swift
/// let incoming = try OAuth1IncomingRequest(method: "POST", url: url, authorizationHeader: header,
///                                          contentType: contentType, body: body)
/// guard incoming.verify(.secrets(consumerSecret: secret, tokenSecret: tokenSecret)) else { … 401 … }
/// ```
public struct OAuth1IncomingRequest: Sendable {
    /// Where the protocol parameters were transmitted (RFC 5849 §3.5).
    public enum ParameterLocation: String, Sendable, Hashable {
        /// The `Authorization: OAuth …` header (§3.5.1).
        case authorizationHeader
        /// The form-encoded body (§3.5.2).
        case formBody
        /// The URL's query (§3.5.3).
        case query
    }

    /// The HTTP method, as received.
    public let method: String
    /// The request URL, as received (absolute).
    public let url: URL
    /// The header's `realm`, when the header gave one. It is not signed.
    public let realm: String?
    /// The decoded `oauth_*` parameters (`oauth_signature` included), in the order received.
    public var protocolParameters: [FormField] { protocolBytes.fields }
    /// Where ``protocolParameters`` came from.
    public let protocolParameterLocation: ParameterLocation
    /// Every parameter that goes into the base string: the query's fields, the form body's
    /// fields (only for `application/x-www-form-urlencoded`), the header's parameters;
    /// never `realm` or `oauth_signature`.
    public var signatureParameters: [FormField] { signatureBytes.fields }
    /// ``protocolParameters`` and ``signatureParameters`` as bytes, made strings when asked for.
    private let protocolBytes: OAuth1DecodedParameters
    private let signatureBytes: OAuth1DecodedParameters
    /// The base string URI (RFC 5849 §3.4.1.2) of ``url``.
    public var baseStringURI: String { parts.baseStringURI }
    /// The signature base string (RFC 5849 §3.4.1.1) this request was signed over if its
    /// signature is good.
    public var baseString: String { String(decoding: baseStringBytes, as: UTF8.self) }
    /// ``url`` taken apart.
    private let parts: OAuth1URLParts
    /// ``baseString``'s bytes, which the signature is checked over.
    private let baseStringBytes: [UInt8]
    /// The received `oauth_signature`, percent-decoded.
    public let signature: String
    /// The received `oauth_signature_method`.
    public let signatureMethod: OAuth1SignatureMethod
    /// `oauth_consumer_key`.
    public let consumerKey: String
    /// `oauth_token`, absent when requesting a temporary credential.
    public let token: String?
    /// `oauth_timestamp` (seconds since 1970); absent only with `PLAINTEXT`.
    public let timestamp: Int?
    /// `oauth_nonce`; absent only with `PLAINTEXT`.
    public let nonce: String?
    /// The raw body.
    public let body: [UInt8]
    /// Whether the body is `application/x-www-form-urlencoded` (and so signed field by field).
    public let isFormEncoded: Bool

    /// Takes a received request apart.
    ///
    /// - Parameters:
    ///   - method: the HTTP method.
    ///   - url: the absolute request URL as the client addressed it (scheme, host, port, path
    ///     and query as sent; servers rebuild it from the `Host` header and request target).
    ///   - authorizationHeader: the `Authorization` value; ignored unless its scheme is `OAuth`.
    ///   - contentType: the `Content-Type` value; the body is read as form fields only when its
    ///     media type is `application/x-www-form-urlencoded`.
    ///   - body: the raw body.
    /// - Throws: ``OAuth1Error`` when the header is malformed, the query or form body cannot be
    ///   decoded, an `oauth_*` parameter is repeated, protocol parameters come from more than
    ///   one place, a required one is missing (`oauth_consumer_key`, `oauth_signature_method`,
    ///   `oauth_signature`, and `oauth_timestamp`/`oauth_nonce` except with `PLAINTEXT`), the
    ///   method or `oauth_version` is unsupported, `oauth_timestamp` is not a number, or a form
    ///   body carries `oauth_body_hash`.
    public init(method: String, url: URL, authorizationHeader: String?, contentType: String?, body: [UInt8]) throws(OAuth1Error) {
        let parts = try OAuth1URLParts(url)
        self.method = method
        self.url = url
        self.body = body

        // Every parameter received, decoded into one buffer: the header's, the query's, the
        // form body's (in that order, so the header's errors come first).
        var received = OAuth1DecodedParameters()
        // Room for all of them at once (decoding never lengthens), so that no part grows it.
        received.reserveCapacity(
            byteCount: (authorizationHeader?.utf8.count ?? 0) + parts.queryByteCount + (contentType == nil ? 0 : body.count)
        )
        var realm: String?
        if let authorizationHeader, Self.hasOAuthScheme(authorizationHeader) {
            realm = try OAuth1AuthorizationHeader.parse(authorizationHeader, into: &received)
        }
        self.realm = realm
        let header = 0..<received.count
        try parts.withQueryBytes { query throws(OAuth1Error) in
            guard let query else { return }
            do throws(SigningCoreError) {
                try received.appendForm(text: query)
            } catch {
                throw OAuth1Error(code: .invalidParameter, message: "the URL's query cannot be decoded: \(error.description)")
            }
        }
        let query = header.upperBound..<received.count
        isFormEncoded = contentType.map(MediaType.isFormURLEncoded) ?? false
        if isFormEncoded {
            do throws(SigningCoreError) {
                try received.appendForm(utf8: body)
            } catch where error.code == .invalidUTF8 && String(validating: body, as: UTF8.self) == nil {
                throw OAuth1Error(code: .invalidParameter, message: "the form body is not valid UTF-8; percent-encode non-ASCII text")
            } catch {
                throw OAuth1Error(code: .invalidParameter, message: "the form body cannot be decoded: \(error.description)")
            }
        }
        let form = query.upperBound..<received.count

        // The protocol parameters, and where they came from: exactly one place (§3.5). One pass
        // over them picks out the ones this type reads.
        var protocolIndices: [Int] = []
        protocolIndices.reserveCapacity(received.count)
        var consumerKey: String?, methodName: String?, signature: String?, version: String?, token: String?, nonce: String?
        var timestampText: String?, hasBodyHash = false
        /// Picks out the protocol parameters of `range`; whether there were any.
        func scan(_ range: Range<Int>) -> Bool {
            let before = protocolIndices.count
            for index in range where received.isProtocolParameter(index) {
                protocolIndices.append(index)
                func value() -> String { received.value(index) }
                if received.name(of: index, is: "oauth_consumer_key") {
                    consumerKey = value()
                } else if received.name(of: index, is: "oauth_signature_method") {
                    methodName = value()
                } else if received.name(of: index, is: "oauth_signature") {
                    signature = value()
                } else if received.name(of: index, is: "oauth_version") {
                    version = value()
                } else if received.name(of: index, is: "oauth_token") {
                    token = value()
                } else if received.name(of: index, is: "oauth_nonce") {
                    nonce = value()
                } else if received.name(of: index, is: "oauth_timestamp") {
                    timestampText = value()
                } else if received.name(of: index, is: "oauth_body_hash") {
                    hasBodyHash = true
                }
            }
            return protocolIndices.count > before
        }
        let places = [(ParameterLocation.authorizationHeader, scan(header)), (.query, scan(query)), (.formBody, scan(form))]
        let locations = places.lazy.filter(\.1).map(\.0)
        guard let location = locations.first else {
            throw OAuth1Error(code: .missingParameter, message: "the request carries no OAuth protocol parameters (no 'Authorization: OAuth' header and no oauth_* query or form fields)")
        }
        guard locations.count == 1 else {
            throw OAuth1Error(
                code: .parametersInSeveralLocations,
                message: "oauth_* parameters arrived in \(locations.map(\.rawValue).joined(separator: " and ")); RFC 5849 §3.5 allows exactly one place"
            )
        }
        let protocolParameters = received.selecting(protocolIndices)
        if let repeated = protocolParameters.firstRepeatedName() {
            throw OAuth1Error(code: .duplicateParameter, message: "'\(repeated)' is given more than once; send each protocol parameter once")
        }
        self.protocolBytes = protocolParameters
        self.protocolParameterLocation = location

        func required(_ value: String?, _ name: String) throws(OAuth1Error) -> String {
            guard let value else {
                throw OAuth1Error(code: .missingParameter, message: "the request has no '\(name)'; every signed request must carry it")
            }
            return value
        }
        self.consumerKey = try required(consumerKey, "oauth_consumer_key")
        let methodText = try required(methodName, "oauth_signature_method")
        guard let signatureMethod = OAuth1SignatureMethod(rawValue: methodText) else {
            throw OAuth1Error(
                code: .unsupportedSignatureMethod,
                message: "oauth_signature_method '\(methodText.prefix(40))' is not supported; use one of \(OAuth1SignatureMethod.allCases.map(\.rawValue).joined(separator: ", "))"
            )
        }
        self.signatureMethod = signatureMethod
        self.signature = try required(signature, "oauth_signature")
        if let version, version != "1.0" {
            throw OAuth1Error(code: .unsupportedVersion, message: "oauth_version must be '1.0' when present, not '\(version.prefix(20))'")
        }
        self.token = token
        self.nonce = nonce
        if let text = timestampText {
            guard (1...19).contains(text.utf8.count), text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
                  let seconds = Int(text)
            else {
                throw OAuth1Error(code: .invalidParameter, message: "oauth_timestamp must be a whole number of seconds since 1970")
            }
            timestamp = seconds
        } else {
            timestamp = nil
        }
        if signatureMethod.requiresTimestampAndNonce {
            _ = try required(timestampText, "oauth_timestamp")
            _ = try required(nonce, "oauth_nonce")
        }
        if isFormEncoded, hasBodyHash {
            throw OAuth1Error(code: .bodyHashNotAllowed, message: "oauth_body_hash must not be sent with a form-encoded body; its fields are signed directly")
        }

        // In the order the query, the header and the body give them (the base string sorts them).
        var signatureIndices: [Int] = []
        signatureIndices.reserveCapacity(received.count)
        for range in [query, header, form] {
            signatureIndices.append(contentsOf: range.lazy.filter { !received.name(of: $0, is: "oauth_signature") })
        }
        let signatureParameters = received.selecting(signatureIndices)
        self.signatureBytes = signatureParameters
        self.parts = parts
        baseStringBytes = OAuth1Canonicalization.baseStringBytes(method: method, url: parts, parameters: signatureParameters).bytes
    }

    /// The decoded value of protocol parameter `name` (e.g. `oauth_callback`), if sent.
    public func protocolParameter(_ name: String) -> String? {
        protocolBytes.firstIndex(named: name).map(protocolBytes.value)
    }

    /// `oauth_callback`, sent when requesting a temporary credential.
    public var callback: String? { protocolParameter("oauth_callback") }
    /// `oauth_verifier`, sent when exchanging an authorised request token.
    public var verifier: String? { protocolParameter("oauth_verifier") }
    /// `oauth_version`, when sent (it is optional and must be `1.0`).
    public var version: String? { protocolParameter("oauth_version") }
    /// `oauth_body_hash`, when sent.
    public var bodyHash: String? { protocolParameter("oauth_body_hash") }

    /// The signature this request should carry for the given secrets.
    ///
    /// - Throws: ``OAuth1Error`` when the request declares an RSA method, whose signature only
    ///   its private key can make (check it with ``verify(_:)`` and the public key).
    public func expectedSignature(consumerSecret: String, tokenSecret: String?) throws(OAuth1Error) -> String {
        try OAuth1Signature.compute(method: signatureMethod, baseString: baseString, consumerSecret: consumerSecret, tokenSecret: tokenSecret)
    }

    /// Whether the `oauth_body_hash` matches the body: `nil` when none was sent.
    public var bodyHashMatches: Bool? {
        bodyHash.map { OAuth1BodyHash.isValid($0, body: body, method: signatureMethod) }
    }

    /// Whether the signature is right for `key` (recomputed and compared in constant time for
    /// secrets, checked with the public key for RSA; `false` when the key does not fit the
    /// declared method) and, when `oauth_body_hash` was sent, whether it matches the body.
    /// Timestamp windows and nonce replay are the service's policy and are not checked here.
    public func verify(_ key: OAuth1VerificationKey) -> Bool {
        key.isValid(signature, method: signatureMethod, baseString: baseStringBytes) && bodyHashMatches != false
    }

    /// ``verify(_:)`` with ``OAuth1VerificationKey/secrets(consumerSecret:tokenSecret:)``.
    public func verify(consumerSecret: String, tokenSecret: String?) -> Bool {
        verify(.secrets(consumerSecret: consumerSecret, tokenSecret: tokenSecret))
    }

    private static func hasOAuthScheme(_ header: String) -> Bool {
        var header = header
        return header.withUTF8 { bytes in
            let isSpace = { (byte: UInt8) in byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
            let scheme = bytes.drop(while: isSpace).prefix { !isSpace($0) }
            return scheme.count == 5 && zip(scheme, "oauth".utf8).allSatisfy { $0 | 0x20 == $1 }
        }
    }
}
