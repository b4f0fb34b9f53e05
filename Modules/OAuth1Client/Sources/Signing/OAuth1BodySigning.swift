/// How the signer treats a request body that is not `application/x-www-form-urlencoded`
/// (a JSON document, `multipart/form-data`, XML, bytes). A form body is always signed field by
/// field (RFC 5849 §3.4.1.3) and never carries `oauth_body_hash`, whatever the policy.
///
/// Providers differ: Twitter-style APIs sign only the URL and the protocol parameters of a
/// JSON request; Jira accepts `oauth_body_hash`; Mastercard-style payment APIs require it on
/// every request, the hash of the empty body included. Set it per provider
/// (``OAuth1Provider/bodySigning``), for the token legs (``OAuth1Provider/tokenRequestBodySigning``),
/// per signer (``OAuth1Signer/bodySigning``) or per request
/// (``OAuth1Client/send(_:with:bodySigning:)``).
public enum OAuth1BodySigning: Sendable, Hashable {
    /// The body is left out of the signature: only the method, the URL with its query and the
    /// protocol parameters are signed.
    case unsigned
    /// A non-empty body is signed through `oauth_body_hash` (the OAuth Request Body Hash
    /// extension), hashed with the signature method's hash; an empty one is left out.
    case bodyHash
    /// Every request without a form body carries `oauth_body_hash`, an empty body's hash
    /// included, as the extension's §3.2 says and payment APIs check.
    case bodyHashAlways

    /// Whether a request whose body is `body` (not a form) carries `oauth_body_hash`.
    func hashes(_ body: [UInt8]) -> Bool {
        switch self {
        case .unsigned: false
        case .bodyHash: !body.isEmpty
        case .bodyHashAlways: true
        }
    }
}
