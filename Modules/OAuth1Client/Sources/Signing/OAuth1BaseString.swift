public import Foundation
public import SigningCore

/// The signature base string of RFC 5849 §3.4.1: the one canonicalisation shared by the
/// signer (``OAuth1Signer``) and the verifier (``OAuth1IncomingRequest``).
///
/// ```
/// POST&http%3A%2F%2Fexample.com%2Frequest&a2%3Dr%2520b%26a3%3D2%2520q%26…
/// ```
public enum OAuth1BaseString {
    /// The base string URI (RFC 5849 §3.4.1.2): scheme and host lowercased, the port dropped
    /// when it is the scheme's default (80 for http, 443 for https), the path kept as it is
    /// encoded in the URL (`/` when empty), query, fragment and user info removed.
    ///
    /// `HTTP://EXAMPLE.COM:80/r%20v/X?id=123` gives `http://example.com/r%20v/X`.
    ///
    /// - Throws: ``OAuth1Error/Code/invalidURL`` for a URL without scheme or host, or with a
    ///   port outside 1–65535.
    public static func baseStringURI(_ url: URL) throws(OAuth1Error) -> String {
        try OAuth1URLParts(url).baseStringURI
    }

    /// The normalised request parameters (RFC 5849 §3.4.1.3.2): every name and value
    /// percent-encoded (§3.6), sorted by encoded name, then by encoded value, joined as
    /// `name=value` pairs with `&`. Duplicates are kept.
    ///
    /// - Parameter parameters: decoded name–value pairs, exactly the ones to sign.
    public static func normalizedParameters(_ parameters: [FormField]) -> String {
        String(decoding: OAuth1Canonicalization.normalizedBytes(OAuth1DecodedParameters(parameters)), as: UTF8.self)
    }

    /// The signature base string (RFC 5849 §3.4.1.1): the uppercased method, the base string
    /// URI and the normalised parameters, each percent-encoded and joined with `&`.
    ///
    /// - Parameters:
    ///   - method: the HTTP method; it is uppercased.
    ///   - url: the request URL. Its query is **not** read here: pass its decoded fields in
    ///     `parameters` (``OAuth1IncomingRequest`` and ``OAuth1Signer`` do).
    ///   - parameters: the decoded pairs of the query, of an `application/x-www-form-urlencoded`
    ///     body and the protocol parameters. `oauth_signature` is left out here. The header's
    ///     `realm` must not be passed (``OAuth1AuthorizationHeader/parse(_:)`` returns it
    ///     separately); a query or form field that happens to be named `realm` *is* signed, as
    ///     RFC 5849 §3.4.1.3.1 and oauthlib do.
    /// - Throws: ``OAuth1Error/Code/invalidURL`` as ``baseStringURI(_:)`` does.
    public static func make(method: String, url: URL, parameters: [FormField]) throws(OAuth1Error) -> String {
        make(method: method, baseStringURI: try baseStringURI(url), parameters: parameters)
    }

    /// The signature base string from an already computed base string URI.
    public static func make(method: String, baseStringURI: String, parameters: [FormField]) -> String {
        String(decoding: bytes(method: method, baseStringURI: baseStringURI, parameters: parameters), as: UTF8.self)
    }

    /// The signature base string as UTF-8 bytes (it is ASCII), ready to be signed.
    static func bytes(method: String, baseStringURI: String, parameters: [FormField]) -> [UInt8] {
        let signed = parameters.contains { $0.name == "oauth_signature" } ? parameters.filter { $0.name != "oauth_signature" } : parameters
        return OAuth1Canonicalization.baseStringBytes(method: method, baseStringURI: baseStringURI, parameters: OAuth1DecodedParameters(signed))
    }
}
