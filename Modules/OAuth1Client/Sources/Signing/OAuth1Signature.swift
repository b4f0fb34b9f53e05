import SigningCore

/// The `oauth_signature` value (RFC 5849 §3.4.2–§3.4.4) for a base string and the secrets
/// or the private key.
public enum OAuth1Signature {
    /// The signing key: the percent-encoded consumer secret, `&`, and the percent-encoded token
    /// secret (empty when there is no token yet). The `&` is always there.
    public static func key(consumerSecret: String, tokenSecret: String?) -> String {
        withKeyBytes(consumerSecret: consumerSecret, tokenSecret: tokenSecret) { String(decoding: $0, as: UTF8.self) }
    }

    /// Calls `body` with the bytes of ``key(consumerSecret:tokenSecret:)``, written into a
    /// temporary buffer (on the stack for ordinary secrets) that is wiped afterwards.
    static func withKeyBytes<Result>(consumerSecret: String, tokenSecret: String?, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        let capacity = (consumerSecret.utf8.count + (tokenSecret?.utf8.count ?? 0)) * 3 + 1
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { buffer in
            var written = PercentEncoding.write(consumerSecret, to: buffer, at: 0)
            buffer[written] = UInt8(ascii: "&")
            written += 1
            if let tokenSecret { written = PercentEncoding.write(tokenSecret, to: buffer, at: written) }
            defer { buffer.update(repeating: 0) }
            return body(UnsafeBufferPointer(rebasing: buffer[..<written]))
        }
    }

    /// The signature, before it is percent-encoded for transmission.
    ///
    /// HMAC methods return the standard Base64 (with padding) of the HMAC of `baseString`
    /// keyed with ``key(consumerSecret:tokenSecret:)``; `PLAINTEXT` returns that key itself
    /// and ignores `baseString`.
    ///
    /// - Throws: ``OAuth1Error`` for an RSA method, which signs with a private key: use
    ///   ``compute(method:baseString:privateKey:)``.
    public static func compute(method: OAuth1SignatureMethod, baseString: String, consumerSecret: String, tokenSecret: String?) throws(OAuth1Error) -> String {
        try OAuth1SigningKey(method: method, consumerSecret: consumerSecret, tokenSecret: tokenSecret).signature(over: baseString.utf8)
    }

    /// The signature of an RSA method (`RSA-SHA1`, …): the Base64 of the RSASSA-PKCS1-v1_5
    /// signature of `baseString` (RFC 5849 §3.4.3).
    ///
    /// - Throws: ``OAuth1Error`` for a method that is not an RSA method, or when the key fails to sign.
    public static func compute(method: OAuth1SignatureMethod, baseString: String, privateKey: any OAuth1PrivateKey) throws(OAuth1Error) -> String {
        guard method.key == .rsaKeyPair else {
            throw OAuth1Error(code: .invalidParameter, message: "\(method.rawValue) signs with the consumer and token secrets, not a private key")
        }
        return try OAuth1SigningKey.privateKey(privateKey, method.hash).signature(over: baseString.utf8)
    }

    /// Whether `signature` (decoded, as received) is right for `method` over `baseString`
    /// with `key`: recomputed and compared in constant time for shared secrets, checked with
    /// the public key for an RSA method; `false` when the key does not fit the method.
    public static func isValid(_ signature: String, method: OAuth1SignatureMethod, baseString: String, key: OAuth1VerificationKey) -> Bool {
        key.isValid(signature, method: method, baseString: baseString.utf8)
    }

    /// Whether `signature` is right for a shared-secret method (``isValid(_:method:baseString:key:)``
    /// with ``OAuth1VerificationKey/secrets(consumerSecret:tokenSecret:)``); always `false` for
    /// an RSA method.
    public static func isValid(
        _ signature: String, method: OAuth1SignatureMethod, baseString: String, consumerSecret: String, tokenSecret: String?
    ) -> Bool {
        isValid(signature, method: method, baseString: baseString, key: .secrets(consumerSecret: consumerSecret, tokenSecret: tokenSecret))
    }
}
