import SigningCore

/// A signing key prepared once for a signature method: for HMAC methods the keyed state (key
/// pads already absorbed), for `PLAINTEXT` the signature itself, for RSA methods the private
/// key and the hash. The signer keeps one, so each signature only hashes its base string.
///
/// The one table from a signature method's ``OAuth1SignatureMethod/key`` and
/// ``OAuth1SignatureMethod/hash`` to its algorithm: the signer, the verifier
/// (``OAuth1VerificationKey``) and the diagnosis all sign through it.
enum OAuth1SigningKey: Sendable {
    case hmacSHA1(HMAC<SHA1>)
    case hmacSHA256(HMAC<SHA256>)
    case hmacSHA512(HMAC<SHA512>)
    case plaintext(String)
    case privateKey(any OAuth1PrivateKey, OAuth1SignatureMethod.Hash)
    /// An RSA method without a private key: signing throws, naming the fix.
    case missingPrivateKey(OAuth1SignatureMethod)

    /// The key `credentials` give `method`.
    init(method: OAuth1SignatureMethod, credentials: OAuth1Credentials) {
        switch method.key {
        case .sharedSecrets, .plaintext:
            self.init(method: method, consumerSecret: credentials.consumerSecret, tokenSecret: credentials.tokenSecret)
        case .rsaKeyPair:
            self = credentials.privateKey.map { .privateKey($0, method.hash) } ?? .missingPrivateKey(method)
        }
    }

    /// The key a shared-secret `method` signs with for these secrets; an RSA method has no such key.
    init(method: OAuth1SignatureMethod, consumerSecret: String, tokenSecret: String?) {
        self = OAuth1Signature.withKeyBytes(consumerSecret: consumerSecret, tokenSecret: tokenSecret) { Self(method: method, key: $0) }
    }

    /// The key a shared-secret `method` signs with, from the key's bytes (`consumer-secret&token-secret`,
    /// encoded); an RSA method has no such key.
    init(method: OAuth1SignatureMethod, key: some Collection<UInt8>) {
        switch (method.key, method.hash) {
        case (.sharedSecrets, .sha1): self = .hmacSHA1(HMAC(key: key))
        case (.sharedSecrets, .sha256): self = .hmacSHA256(HMAC(key: key))
        case (.sharedSecrets, .sha512): self = .hmacSHA512(HMAC(key: key))
        case (.plaintext, _): self = .plaintext(String(decoding: key, as: UTF8.self))
        case (.rsaKeyPair, _): self = .missingPrivateKey(method)
        }
    }

    /// The `oauth_signature` over the base string `bytes`.
    func signature(over bytes: some Sequence<UInt8>) throws(OAuth1Error) -> String {
        switch self {
        case .hmacSHA1(let key): return key.authenticationCode(for: bytes).base64
        case .hmacSHA256(let key): return key.authenticationCode(for: bytes).base64
        case .hmacSHA512(let key): return key.authenticationCode(for: bytes).base64
        case .plaintext(let signature): return signature
        case .privateKey(let key, let hash): return Base64.encode(try key.signature(for: Array(bytes), hash: hash))
        case .missingPrivateKey(let method):
            throw OAuth1Error(
                code: .invalidParameter,
                message: "\(method.rawValue) signs with the consumer's RSA private key, and none was given: "
                    + "load it with OAuth1RSAPrivateKey(pemRepresentation:) (product OAuth1RSA) and pass it as OAuth1Credentials(consumerKey:privateKey:)"
            )
        }
    }
}

/// What a verifier checks a signature with: the shared secrets (`HMAC-*`, `PLAINTEXT`) or
/// the consumer's public key (`RSA-*`).
public enum OAuth1VerificationKey: Sendable {
    /// The consumer secret and, for a request with a token, the token secret.
    case secrets(consumerSecret: String, tokenSecret: String?)
    /// The consumer's RSA public key (the token secret takes no part in an RSA signature).
    case publicKey(any OAuth1PublicKey)

    /// Whether `signature` (decoded, as received) is right for `method` over `baseString`:
    /// recomputed and compared in constant time for shared secrets, checked with the public
    /// key for RSA. `false` when the key does not fit the method (secrets for `RSA-SHA1`, say).
    func isValid(_ signature: String, method: OAuth1SignatureMethod, baseString: some Sequence<UInt8>) -> Bool {
        switch (self, method.key) {
        case (.secrets(let consumerSecret, let tokenSecret), .sharedSecrets), (.secrets(let consumerSecret, let tokenSecret), .plaintext):
            let key = OAuth1SigningKey(method: method, consumerSecret: consumerSecret, tokenSecret: tokenSecret)
            guard let expected = try? key.signature(over: baseString) else { return false }
            return ConstantTime.isEqual(expected, signature)
        case (.publicKey(let key), .rsaKeyPair):
            guard let bytes = try? Base64.decode(signature) else { return false }
            return key.isValidSignature(bytes, for: Array(baseString), hash: method.hash)
        case (.secrets, .rsaKeyPair), (.publicKey, .sharedSecrets), (.publicKey, .plaintext):
            return false
        }
    }

    /// Whether this key can check `method`'s signatures.
    func fits(_ method: OAuth1SignatureMethod) -> Bool {
        switch self {
        case .secrets: method.key != .rsaKeyPair
        case .publicKey: method.key == .rsaKeyPair
        }
    }
}
