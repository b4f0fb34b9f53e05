/// An `oauth_signature_method` (RFC 5849 §3.4): how the signature is computed.
///
/// Each method is one row of ``allCases``: its name on the wire, what it signs with
/// (``Key``) and its hash function (``Hash``). Everything else (which key the signer holds,
/// how a verifier checks, `oauth_body_hash`'s algorithm) follows from these two values, so no
/// code switches over the methods themselves.
public struct OAuth1SignatureMethod: Hashable, Sendable, CustomStringConvertible {
    /// What a signature method signs with.
    public enum Key: Hashable, Sendable {
        /// The consumer secret and the token secret, joined by `&`: `HMAC-*` (RFC 5849 §3.4.2).
        case sharedSecrets
        /// The same joined secrets, sent as the signature itself: `PLAINTEXT` (§3.4.4).
        case plaintext
        /// The consumer's RSA private key, checked with its public key (§3.4.3); the token
        /// secret takes no part. The `OAuth1RSA` product provides the keys.
        case rsaKeyPair
    }

    /// The hash function of a signature method, and of its `oauth_body_hash`.
    public enum Hash: Hashable, Sendable, CustomStringConvertible {
        /// SHA-1.
        case sha1
        /// SHA-256.
        case sha256
        /// SHA-512.
        case sha512

        /// `SHA-1`, `SHA-256` or `SHA-512`.
        public var description: String {
            switch self {
            case .sha1: "SHA-1"
            case .sha256: "SHA-256"
            case .sha512: "SHA-512"
            }
        }
    }

    /// The name sent as `oauth_signature_method`.
    public let rawValue: String
    /// What the method signs with.
    public let key: Key
    /// The method's hash function; `PLAINTEXT` hashes nothing and has SHA-1 here, the body
    /// hash extension's default.
    public let hash: Hash

    private init(_ rawValue: String, _ key: Key, _ hash: Hash) {
        self.rawValue = rawValue
        self.key = key
        self.hash = hash
    }

    /// `HMAC-SHA1` (RFC 5849 §3.4.2): the method almost every provider uses.
    public static let hmacSHA1 = OAuth1SignatureMethod("HMAC-SHA1", .sharedSecrets, .sha1)
    /// `HMAC-SHA256`: HMAC-SHA1's construction with SHA-256.
    public static let hmacSHA256 = OAuth1SignatureMethod("HMAC-SHA256", .sharedSecrets, .sha256)
    /// `HMAC-SHA512`: HMAC-SHA1's construction with SHA-512.
    public static let hmacSHA512 = OAuth1SignatureMethod("HMAC-SHA512", .sharedSecrets, .sha512)
    /// `RSA-SHA1` (RFC 5849 §3.4.3): RSASSA-PKCS1-v1_5 with SHA-1, as Jira, Confluence and
    /// Bitbucket Data Center application links sign. Needs the `OAuth1RSA` product's keys.
    public static let rsaSHA1 = OAuth1SignatureMethod("RSA-SHA1", .rsaKeyPair, .sha1)
    /// `RSA-SHA256`: RSA-SHA1's construction with SHA-256 (payment APIs in the Mastercard style).
    public static let rsaSHA256 = OAuth1SignatureMethod("RSA-SHA256", .rsaKeyPair, .sha256)
    /// `RSA-SHA512`: RSA-SHA1's construction with SHA-512.
    public static let rsaSHA512 = OAuth1SignatureMethod("RSA-SHA512", .rsaKeyPair, .sha512)
    /// `PLAINTEXT` (RFC 5849 §3.4.4): the signature is the key itself; only over TLS.
    public static let plaintext = OAuth1SignatureMethod("PLAINTEXT", .plaintext, .sha1)

    /// Every method this library implements: the one table of methods.
    public static let allCases: [OAuth1SignatureMethod] = [.hmacSHA1, .hmacSHA256, .hmacSHA512, .rsaSHA1, .rsaSHA256, .rsaSHA512, .plaintext]

    /// The method named `rawValue` exactly as sent on the wire (`"HMAC-SHA1"`, `"RSA-SHA1"`,
    /// …); `nil` for a method this library does not implement. Names are case-sensitive, as
    /// oauthlib's are.
    public init?(rawValue: String) {
        guard let method = Self.allCases.first(where: { $0.rawValue == rawValue }) else { return nil }
        self = method
    }

    /// Whether the method needs `oauth_timestamp` and `oauth_nonce` (RFC 5849 §3.1: they may
    /// be omitted only with `PLAINTEXT`).
    public var requiresTimestampAndNonce: Bool { key != .plaintext }

    public var description: String { rawValue }
}
