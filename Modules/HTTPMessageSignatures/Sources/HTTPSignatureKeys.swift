/// A key that signs signature bases: an HMAC secret here, the asymmetric keys of the
/// `HTTPMessageSignaturesCrypto` product (behind its own package trait).
public protocol HTTPMessageSigningKey: Sendable {
    /// The one algorithm this key signs with.
    var algorithm: HTTPSignatureAlgorithm { get }
    /// The signature of `base` (the signature base's UTF-8 bytes), in the form RFC 9421 §3.3
    /// puts in the `Signature` field (ECDSA as raw `r‖s`).
    func signature(for base: [UInt8]) throws(HTTPMessageSignatureError) -> [UInt8]
}

/// A key that checks signatures: an HMAC secret here, public keys in `HTTPMessageSignaturesCrypto`.
public protocol HTTPMessageVerifyingKey: Sendable {
    /// The one algorithm a signature checked with this key must use (RFC 9421 §7.3.6).
    var algorithm: HTTPSignatureAlgorithm { get }
    /// Whether `signature` signs `base` with this key (in constant time for HMAC).
    func isValidSignature(_ signature: [UInt8], for base: [UInt8]) -> Bool
}
