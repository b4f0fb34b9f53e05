import SigningCore

/// `oauth_body_hash`, the OAuth Request Body Hash extension: the Base64 hash of the raw body
/// of a request whose body is *not* `application/x-www-form-urlencoded` (a form body is
/// signed field by field instead, and must not carry a body hash).
public enum OAuth1BodyHash {
    /// The Base64 (standard, padded) hash of `body`, with the signature method's
    /// ``OAuth1SignatureMethod/hash``: SHA-1 for `HMAC-SHA1` and `RSA-SHA1`, SHA-256 for
    /// `*-SHA256`, SHA-512 for `*-SHA512`. The extension defines none for `PLAINTEXT`; SHA-1,
    /// its default, is used.
    public static func compute(_ body: some Sequence<UInt8>, method: OAuth1SignatureMethod) -> String {
        switch method.hash {
        case .sha1: SHA1.hash(body).base64
        case .sha256: SHA256.hash(body).base64
        case .sha512: SHA512.hash(body).base64
        }
    }

    /// Whether `bodyHash` (as received, decoded) matches `body`, compared in constant time.
    public static func isValid(_ bodyHash: String, body: some Sequence<UInt8>, method: OAuth1SignatureMethod) -> Bool {
        ConstantTime.isEqual(compute(body, method: method), bodyHash)
    }
}
