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
    public let protocolParameters: [FormField]
    /// Where ``protocolParameters`` came from.
    public let protocolParameterLocation: ParameterLocation
    /// Every parameter that goes into the base string: the query's fields, the form body's
    /// fields (only for `application/x-www-form-urlencoded`), the header's parameters;
    /// never `realm` or `oauth_signature`.
    public let signatureParameters: [FormField]
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

        var headerParameters: [FormField] = []
        var realm: String?
        if let authorizationHeader, Self.hasOAuthScheme(authorizationHeader) {
            (realm, headerParameters) = try OAuth1AuthorizationHeader.parse(authorizationHeader)
        }
        self.realm = realm
        let queryParameters = try parts.query.map { query throws(OAuth1Error) in try Self.parseForm(query, what: "the URL's query") } ?? []
        isFormEncoded = contentType.map(MediaType.isFormURLEncoded) ?? false
        var formParameters: [FormField] = []
        if isFormEncoded {
            // From the bytes: the parser checks UTF-8 itself, with no string of the body first.
            do throws(SigningCoreError) {
                try FormEncoding.parse(utf8: body, into: &formParameters)
            } catch where error.code == .invalidUTF8 && String(validating: body, as: UTF8.self) == nil {
                throw OAuth1Error(code: .invalidParameter, message: "the form body is not valid UTF-8; percent-encode non-ASCII text")
            } catch {
                throw OAuth1Error(code: .invalidParameter, message: "the form body cannot be decoded: \(error.description)")
            }
        }

        // The protocol parameters, and where they came from: exactly one place (§3.5).
        var protocolParameters: [FormField] = []
        var locations: [ParameterLocation] = []
        for (place, fields) in [(ParameterLocation.authorizationHeader, headerParameters), (.query, queryParameters), (.formBody, formParameters)] {
            let before = protocolParameters.count
            for field in fields where field.name.hasPrefix("oauth_") { protocolParameters.append(field) }
            if protocolParameters.count > before { locations.append(place) }
        }
        guard let location = locations.first else {
            throw OAuth1Error(code: .missingParameter, message: "the request carries no OAuth protocol parameters (no 'Authorization: OAuth' header and no oauth_* query or form fields)")
        }
        guard locations.count == 1 else {
            throw OAuth1Error(
                code: .parametersInSeveralLocations,
                message: "oauth_* parameters arrived in \(locations.map(\.rawValue).joined(separator: " and ")); RFC 5849 §3.5 allows exactly one place"
            )
        }
        if let repeated = protocolParameters.firstRepeatedName() {
            throw OAuth1Error(code: .duplicateParameter, message: "'\(repeated)' is given more than once; send each protocol parameter once")
        }
        self.protocolParameters = protocolParameters
        self.protocolParameterLocation = location

        // One pass over the protocol parameters picks out the ones this type reads.
        var consumerKey: String?, methodName: String?, signature: String?, version: String?, token: String?, nonce: String?
        var timestampText: String?, hasBodyHash = false
        for parameter in protocolParameters {
            switch parameter.name {
            case "oauth_consumer_key": consumerKey = parameter.value
            case "oauth_signature_method": methodName = parameter.value
            case "oauth_signature": signature = parameter.value
            case "oauth_version": version = parameter.value
            case "oauth_token": token = parameter.value
            case "oauth_nonce": nonce = parameter.value
            case "oauth_timestamp": timestampText = parameter.value
            case "oauth_body_hash": hasBodyHash = true
            default: continue
            }
        }
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

        var signatureParameters: [FormField] = []
        signatureParameters.reserveCapacity(queryParameters.count + headerParameters.count + formParameters.count)
        for fields in [queryParameters, headerParameters, formParameters] {
            for field in fields where field.name != "oauth_signature" { signatureParameters.append(field) }
        }
        self.signatureParameters = signatureParameters
        self.parts = parts
        baseStringBytes = OAuth1Canonicalization.baseStringBytes(method: method, url: parts, parameters: signatureParameters).bytes
    }

    /// The decoded value of protocol parameter `name` (e.g. `oauth_callback`), if sent.
    public func protocolParameter(_ name: String) -> String? {
        protocolParameters.first { $0.name == name }?.value
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
        let trimmed = header.drop { $0 == " " || $0 == "\t" }
        let scheme = trimmed.prefix { $0 != " " && $0 != "\t" }
        return scheme.lowercased() == "oauth"
    }

    private static func parseForm(_ text: some StringProtocol, what: String) throws(OAuth1Error) -> [FormField] {
        do throws(SigningCoreError) {
            return try FormEncoding.parse(text)
        } catch {
            throw OAuth1Error(code: .invalidParameter, message: "\(what) cannot be decoded: \(error.description)")
        }
    }
}
