import SigningCore

/// What a verifier knows of a consumer: the secret it shares with the service (`HMAC-*`,
/// `PLAINTEXT`) or the public key of the private key it signs with (`RSA-*`, registered as
/// Jira registers an application link's key).
///
/// A description shows neither the secret nor more of the key than its size and fingerprint.
public struct OAuth1Consumer: Sendable, CustomStringConvertible {
    /// The consumer secret, for shared-secret methods.
    public var secret: String?
    /// The RSA public key, for `RSA-SHA1`, `RSA-SHA256` and `RSA-SHA512`.
    public var publicKey: (any OAuth1PublicKey)?

    /// A consumer that signs with a shared secret.
    public init(secret: String) {
        self.secret = secret
        self.publicKey = nil
    }

    /// A consumer that signs with an RSA private key whose public half is `publicKey`.
    public init(publicKey: any OAuth1PublicKey) {
        self.secret = nil
        self.publicKey = publicKey
    }

    public var description: String {
        publicKey.map { "OAuth1Consumer(publicKey: \($0))" } ?? "OAuth1Consumer(secret: <redacted>)"
    }

    /// Why `signature` cannot be an RSA signature by `key` at all (not Base64, or the wrong
    /// length), in a sentence; `nil` when it has the right shape.
    static func malformedRSASignature(_ signature: String, key: any OAuth1PublicKey) -> String? {
        let expected = (key.keySizeInBits + 7) / 8
        guard let bytes = try? Base64.decode(signature) else {
            return "oauth_signature is not Base64, so it cannot be an RSA signature; send the Base64 of the \(expected)-byte signature, percent-encoded"
        }
        guard bytes.count == expected else {
            return "oauth_signature is \(bytes.count) bytes, but a signature by this consumer's \(key.keySizeInBits)-bit RSA key is \(expected) bytes: it was made with another key or cut short"
        }
        return nil
    }
}
