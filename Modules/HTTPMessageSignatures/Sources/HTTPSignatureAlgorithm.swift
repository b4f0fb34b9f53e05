/// An algorithm of the HTTP Signature Algorithms registry (RFC 9421 §6.2.2), by the name the
/// `alg` parameter carries.
///
/// A verifier takes the algorithm from the key it looked up, never from `alg` alone
/// (RFC 9421 §7.3.6): `alg`, when present, must agree with the key.
public struct HTTPSignatureAlgorithm: Hashable, Sendable, CustomStringConvertible {
    /// The registered name (`hmac-sha256`, `ed25519`, …).
    public let name: String
    /// The registered name, as printed.
    public var description: String { name }
    private init(_ name: String) { self.name = name }

    /// HMAC using SHA-256 (§3.3.3), with SigningCore: no dependency beyond this package.
    public static let hmacSHA256 = HTTPSignatureAlgorithm("hmac-sha256")
    /// EdDSA using curve edwards25519 (§3.3.6).
    public static let ed25519 = HTTPSignatureAlgorithm("ed25519")
    /// ECDSA using curve P-256 and SHA-256, the signature as raw `r‖s` (§3.3.4).
    public static let ecdsaP256SHA256 = HTTPSignatureAlgorithm("ecdsa-p256-sha256")
    /// ECDSA using curve P-384 and SHA-384, the signature as raw `r‖s` (§3.3.5).
    public static let ecdsaP384SHA384 = HTTPSignatureAlgorithm("ecdsa-p384-sha384")
    /// RSASSA-PSS using SHA-512, a 64-byte salt (§3.3.1).
    public static let rsaPSSSHA512 = HTTPSignatureAlgorithm("rsa-pss-sha512")
    /// RSASSA-PKCS1-v1_5 using SHA-256 (§3.3.2).
    public static let rsaV15SHA256 = HTTPSignatureAlgorithm("rsa-v1_5-sha256")

    /// Every registered algorithm, in the registry's order.
    public static let all: [HTTPSignatureAlgorithm] = [.rsaPSSSHA512, .rsaV15SHA256, .hmacSHA256, .ecdsaP256SHA256, .ecdsaP384SHA384, .ed25519]

    /// The registered algorithm named `name`, or `nil` for a name the registry does not hold.
    public init?(named name: String) {
        guard let known = Self.all.first(where: { $0.name == name }) else { return nil }
        self = known
    }
}
