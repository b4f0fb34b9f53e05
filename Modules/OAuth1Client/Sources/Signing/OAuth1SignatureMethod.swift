/// An `oauth_signature_method` (RFC 5849 §3.4): how the signature is computed.
///
/// A struct over a private enum rather than a public enum, so RSA-SHA1 and RSA-SHA256 can be
/// added later without breaking callers. ``rawValue`` is the name sent on the wire.
public struct OAuth1SignatureMethod: Hashable, Sendable, CustomStringConvertible {
    enum Kind: Hashable, Sendable {
        case hmacSHA1
        case hmacSHA256
        case hmacSHA512
        case plaintext
    }

    let kind: Kind

    private init(_ kind: Kind) { self.kind = kind }

    /// `HMAC-SHA1` (RFC 5849 §3.4.2): the method almost every provider uses.
    public static let hmacSHA1 = OAuth1SignatureMethod(.hmacSHA1)
    /// `HMAC-SHA256`: HMAC-SHA1's construction with SHA-256 (Xero, newer providers).
    public static let hmacSHA256 = OAuth1SignatureMethod(.hmacSHA256)
    /// `HMAC-SHA512`: HMAC-SHA1's construction with SHA-512.
    public static let hmacSHA512 = OAuth1SignatureMethod(.hmacSHA512)
    /// `PLAINTEXT` (RFC 5849 §3.4.4): the signature is the key itself; only over TLS.
    public static let plaintext = OAuth1SignatureMethod(.plaintext)

    /// Every method this library implements, in the order above.
    public static let allCases: [OAuth1SignatureMethod] = [.hmacSHA1, .hmacSHA256, .hmacSHA512, .plaintext]

    /// The method named `rawValue` exactly as sent on the wire (`"HMAC-SHA1"`, …); `nil` for
    /// a method this library does not implement. Names are case-sensitive, as oauthlib's are.
    public init?(rawValue: String) {
        switch rawValue {
        case "HMAC-SHA1": self = .hmacSHA1
        case "HMAC-SHA256": self = .hmacSHA256
        case "HMAC-SHA512": self = .hmacSHA512
        case "PLAINTEXT": self = .plaintext
        default: return nil
        }
    }

    /// The name sent as `oauth_signature_method`.
    public var rawValue: String {
        switch kind {
        case .hmacSHA1: "HMAC-SHA1"
        case .hmacSHA256: "HMAC-SHA256"
        case .hmacSHA512: "HMAC-SHA512"
        case .plaintext: "PLAINTEXT"
        }
    }

    /// Whether the method needs `oauth_timestamp` and `oauth_nonce` (RFC 5849 §3.1: they may
    /// be omitted only with `PLAINTEXT`).
    public var requiresTimestampAndNonce: Bool { kind != .plaintext }

    public var description: String { rawValue }
}
