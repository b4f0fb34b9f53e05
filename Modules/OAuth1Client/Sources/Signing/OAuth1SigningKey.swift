import SigningCore

/// A signing key prepared once for a signature method and a pair of secrets: for HMAC methods
/// the keyed state (key pads already absorbed), for `PLAINTEXT` the signature itself. The
/// signer keeps one, so each signature only hashes its base string.
///
/// The one table from a signature method to its algorithm: the signer, the verifier
/// (``OAuth1Signature``) and the diagnosis all sign through it.
enum OAuth1SigningKey: Sendable {
    case hmacSHA1(HMAC<SHA1>)
    case hmacSHA256(HMAC<SHA256>)
    case hmacSHA512(HMAC<SHA512>)
    case plaintext(String)

    init(method: OAuth1SignatureMethod, consumerSecret: String, tokenSecret: String?) {
        self.init(method: method, key: OAuth1Signature.keyBytes(consumerSecret: consumerSecret, tokenSecret: tokenSecret))
    }

    /// The key `method` signs with, from the key's bytes (`consumer-secret&token-secret`, encoded).
    init(method: OAuth1SignatureMethod, key: [UInt8]) {
        switch method.kind {
        case .hmacSHA1: self = .hmacSHA1(HMAC(key: key))
        case .hmacSHA256: self = .hmacSHA256(HMAC(key: key))
        case .hmacSHA512: self = .hmacSHA512(HMAC(key: key))
        case .plaintext: self = .plaintext(String(decoding: key, as: UTF8.self))
        }
    }

    /// The `oauth_signature` over the base string `bytes`.
    func signature(over bytes: some Sequence<UInt8>) -> String {
        switch self {
        case .hmacSHA1(let key): key.authenticationCode(for: bytes).base64
        case .hmacSHA256(let key): key.authenticationCode(for: bytes).base64
        case .hmacSHA512(let key): key.authenticationCode(for: bytes).base64
        case .plaintext(let signature): signature
        }
    }
}
