/// The private key an `RSA-SHA*` consumer signs with (RFC 5849 §3.4.3).
///
/// The `OAuth1RSA` product provides one, `OAuth1RSAPrivateKey`, loaded from PEM; this
/// protocol keeps `OAuth1Client` free of any cryptography library. A conforming type never
/// shows its key material in `description`, a mirror or an error.
public protocol OAuth1PrivateKey: Sendable, CustomStringConvertible {
    /// The RSASSA-PKCS1-v1_5 signature (EMSA-PKCS1-v1_5 encoding) of `message` hashed with `hash`.
    func signature(for message: [UInt8], hash: OAuth1SignatureMethod.Hash) throws(OAuth1Error) -> [UInt8]
    /// The public half, for a verifier or a test.
    var publicKey: any OAuth1PublicKey { get }
}

/// The public key a verifier checks an `RSA-SHA*` signature with (the `OAuth1RSA` product's
/// `OAuth1RSAPublicKey`, loaded from a `PUBLIC KEY` or a certificate).
public protocol OAuth1PublicKey: Sendable, CustomStringConvertible {
    /// Whether `signature` is a valid RSASSA-PKCS1-v1_5 signature of `message` hashed with
    /// `hash`; `false` for a signature of the wrong length or any other malformed one.
    func isValidSignature(_ signature: [UInt8], for message: [UInt8], hash: OAuth1SignatureMethod.Hash) -> Bool
    /// A stable identity that reveals nothing: the lowercase hex SHA-256 of the key's
    /// `SubjectPublicKeyInfo` DER. Two keys are the same key when their fingerprints are equal.
    var fingerprint: String { get }
    /// The modulus size, in bits: an RSA signature is exactly this many bits long, rounded up
    /// to whole bytes.
    var keySizeInBits: Int { get }
}
