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
    public let baseStringURI: String
    /// The signature base string (RFC 5849 §3.4.1.1) this request was signed over if its
    /// signature is good.
    public let baseString: String
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
        self.baseStringURI = parts.baseStringURI

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
            guard let text = String(validating: body, as: UTF8.self) else {
                throw OAuth1Error(code: .invalidParameter, message: "the form body is not valid UTF-8; percent-encode non-ASCII text")
            }
            formParameters = try Self.parseForm(text, what: "the form body")
        }

        var protocolParameters: [FormField] = []
        var locations: [ParameterLocation] = []
        for (location, fields) in [(ParameterLocation.authorizationHeader, headerParameters), (.query, queryParameters), (.formBody, formParameters)] {
            let oauth = fields.filter { $0.name.hasPrefix("oauth_") }
            if !oauth.isEmpty { locations.append(location) }
            protocolParameters += oauth
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
        var seen = Set<String>()
        for parameter in protocolParameters where !seen.insert(parameter.name).inserted {
            throw OAuth1Error(code: .duplicateParameter, message: "'\(parameter.name)' is given more than once; send each protocol parameter once")
        }
        self.protocolParameters = protocolParameters
        self.protocolParameterLocation = location

        func value(_ name: String) -> String? { protocolParameters.first { $0.name == name }?.value }
        func required(_ name: String) throws(OAuth1Error) -> String {
            guard let value = value(name) else {
                throw OAuth1Error(code: .missingParameter, message: "the request has no '\(name)'; every signed request must carry it")
            }
            return value
        }
        consumerKey = try required("oauth_consumer_key")
        let methodName = try required("oauth_signature_method")
        guard let signatureMethod = OAuth1SignatureMethod(rawValue: methodName) else {
            throw OAuth1Error(
                code: .unsupportedSignatureMethod,
                message: "oauth_signature_method '\(methodName.prefix(40))' is not supported; use one of \(OAuth1SignatureMethod.allCases.map(\.rawValue).joined(separator: ", "))"
            )
        }
        self.signatureMethod = signatureMethod
        signature = try required("oauth_signature")
        if let version = value("oauth_version"), version != "1.0" {
            throw OAuth1Error(code: .unsupportedVersion, message: "oauth_version must be '1.0' when present, not '\(version.prefix(20))'")
        }
        token = value("oauth_token")
        nonce = value("oauth_nonce")
        if let text = value("oauth_timestamp") {
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
            _ = try required("oauth_timestamp")
            _ = try required("oauth_nonce")
        }
        if isFormEncoded, value("oauth_body_hash") != nil {
            throw OAuth1Error(code: .bodyHashNotAllowed, message: "oauth_body_hash must not be sent with a form-encoded body; its fields are signed directly")
        }

        signatureParameters = (queryParameters + headerParameters + formParameters).filter { $0.name != "oauth_signature" }
        baseString = OAuth1BaseString.make(method: method, baseStringURI: baseStringURI, parameters: signatureParameters)
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
        key.isValid(signature, method: signatureMethod, baseString: baseString.utf8) && bodyHashMatches != false
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
