import ArgumentParser
import OAuth1Client
import OAuth1RSA

/// The keys `explain` and `oauth1 explain` were given to check an OAuth 1.0a signature with:
/// the secrets, the consumer's public key, or both. The method the request declares picks one
/// (``key(for:)``), so a command reads every key it was given before it knows the method.
struct OAuth1ExplainKeys {
    /// The consumer secret, for `HMAC-*` and `PLAINTEXT`.
    var consumerSecret: String?
    /// The token secret, for `HMAC-*` and `PLAINTEXT` requests with a token.
    var tokenSecret: String?
    /// The consumer's public key, for `RSA-SHA*`.
    var publicKey: OAuth1RSAPublicKey?

    /// The key that checks `method`'s signatures.
    ///
    /// - Throws: `ValidationError` naming the option to give when the key the method needs is
    ///   missing: `--public-key-file` for an RSA method (no secret can check it), the consumer
    ///   secret otherwise.
    func key(for method: OAuth1SignatureMethod) throws -> OAuth1VerificationKey {
        if method.key == .rsaKeyPair {
            guard let publicKey else {
                throw ValidationError("""
                    the request is signed with \(method), so only the consumer's public key can check it: give it with \
                    \(PublicKeyOption.option) PATH (a PEM PUBLIC KEY, RSA PUBLIC KEY or CERTIFICATE; no secret takes part)
                    """)
            }
            return .publicKey(publicKey)
        }
        guard let consumerSecret else {
            throw ValidationError("""
                the request is signed with \(method): give \(ConsumerSecret.noun) (\(ConsumerSecret.ways)), and \
                \(TokenSecret.noun) likewise when it was signed with a token
                """)
        }
        return .secrets(consumerSecret: consumerSecret, tokenSecret: tokenSecret)
    }
}
