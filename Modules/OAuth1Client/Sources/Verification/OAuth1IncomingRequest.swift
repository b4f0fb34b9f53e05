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

    /// Whether the protocol parameters must arrive in one place, as RFC 5849 §3.5 says, or may
    /// be split between places, as some services accept.
    public enum ParameterPlacement: String, Sendable, Hashable {
        /// All of them in one place: the header, the query or the form body (RFC 5849 §3.5).
        /// Parameters in several places are refused with
        /// ``OAuth1Error/Code/parametersInSeveralLocations``. The default.
        case onePlace
        /// Spread over the header, the query and the form body as the client sent them (Discogs
        /// accepts `oauth_callback` in the form body beside an `Authorization` header carrying
        /// the rest). Each name still comes once: a name sent in two places is refused with
        /// ``OAuth1Error/Code/duplicateParameter``. The signature covers every parameter
        /// wherever it came from, as RFC 5849 §3.4.1.3.1 collects them.
        case split
    }

    /// Everything read from the request, kept in one immutable object: a copy of the request
    /// is one reference, not thirty.
    private let storage: Storage

    /// The HTTP method, as received.
    public var method: String { storage.method }
    /// The request URL, as received (absolute).
    public var url: URL { storage.url }
    /// The header's `realm`, when the header gave one. It is not signed.
    public var realm: String? { storage.realm }
    /// The decoded `oauth_*` parameters (`oauth_signature` included), in the order received.
    public var protocolParameters: [FormField] { storage.protocolBytes.fields }
    /// Where ``protocolParameters`` came from: the first of ``protocolParameterLocations``.
    public var protocolParameterLocation: ParameterLocation { storage.protocolParameterLocations[0] }
    /// Every place ``protocolParameters`` came from, in the order header, query, form body: one
    /// place unless the request was read with ``ParameterPlacement/split``.
    public var protocolParameterLocations: [ParameterLocation] { storage.protocolParameterLocations }
    /// Every parameter that goes into the base string: the query's fields, the form body's
    /// fields (only for `application/x-www-form-urlencoded`), the header's parameters;
    /// never `realm` or `oauth_signature`.
    public var signatureParameters: [FormField] { storage.signatureBytes.fields }
    /// The base string URI (RFC 5849 §3.4.1.2) of ``url``.
    public var baseStringURI: String { storage.parts.baseStringURI }
    /// The signature base string (RFC 5849 §3.4.1.1) this request was signed over if its
    /// signature is good.
    public var baseString: String { String(decoding: storage.baseStringBytes, as: UTF8.self) }
    /// The received `oauth_signature`, percent-decoded.
    public var signature: String { storage.signature }
    /// The received `oauth_signature_method`.
    public var signatureMethod: OAuth1SignatureMethod { storage.signatureMethod }
    /// `oauth_consumer_key`.
    public var consumerKey: String { storage.consumerKey }
    /// `oauth_token`, absent when requesting a temporary credential.
    public var token: String? { storage.token }
    /// `oauth_timestamp` (seconds since 1970); absent only with `PLAINTEXT`.
    public var timestamp: Int? { storage.timestamp }
    /// `oauth_nonce`; absent only with `PLAINTEXT`.
    public var nonce: String? { storage.nonce }
    /// The raw body.
    public var body: [UInt8] { storage.body }
    /// Whether the body is `application/x-www-form-urlencoded` (and so signed field by field).
    public var isFormEncoded: Bool { storage.isFormEncoded }

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
    ///   - placement: whether the protocol parameters must come in one place (the default) or
    ///     may be split between places.
    /// - Throws: ``OAuth1Error`` when the header is malformed, the query or form body cannot be
    ///   decoded, an `oauth_*` parameter is repeated, protocol parameters come from more than
    ///   one place (with ``ParameterPlacement/onePlace``), a required one is missing (`oauth_consumer_key`, `oauth_signature_method`,
    ///   `oauth_signature`, and `oauth_timestamp`/`oauth_nonce` except with `PLAINTEXT`), the
    ///   method or `oauth_version` is unsupported, `oauth_timestamp` is not a number, or a form
    ///   body carries `oauth_body_hash`.
    public init(
        method: String, url: URL, authorizationHeader: String?, contentType: String?, body: [UInt8], placement: ParameterPlacement = .onePlace
    ) throws(OAuth1Error) {
        storage = try Storage(method: method, url: url, authorizationHeader: authorizationHeader, contentType: contentType, body: body, placement: placement)
    }

    /// The decoded value of protocol parameter `name` (e.g. `oauth_callback`), if sent.
    public func protocolParameter(_ name: String) -> String? {
        storage.protocolBytes.firstIndex(named: name).map(storage.protocolBytes.value)
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
        key.isValid(signature, method: signatureMethod, baseString: storage.baseStringBytes) && bodyHashMatches != false
    }

    /// ``verify(_:)`` with ``OAuth1VerificationKey/secrets(consumerSecret:tokenSecret:)``.
    public func verify(consumerSecret: String, tokenSecret: String?) -> Bool {
        verify(.secrets(consumerSecret: consumerSecret, tokenSecret: tokenSecret))
    }
}
