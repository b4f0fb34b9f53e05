import SigningCore

/// The `oauth_signature` value (RFC 5849 §3.4.2–§3.4.4) for a base string and the secrets.
public enum OAuth1Signature {
    /// The signing key: the percent-encoded consumer secret, `&`, and the percent-encoded token
    /// secret (empty when there is no token yet). The `&` is always there.
    public static func key(consumerSecret: String, tokenSecret: String?) -> String {
        String(decoding: keyBytes(consumerSecret: consumerSecret, tokenSecret: tokenSecret), as: UTF8.self)
    }

    static func keyBytes(consumerSecret: String, tokenSecret: String?) -> [UInt8] {
        var key: [UInt8] = []
        key.reserveCapacity((consumerSecret.utf8.count + (tokenSecret?.utf8.count ?? 0)) * 3 + 1)
        PercentEncoding.append(consumerSecret, to: &key)
        key.append(UInt8(ascii: "&"))
        if let tokenSecret { PercentEncoding.append(tokenSecret, to: &key) }
        return key
    }

    /// The signature, before it is percent-encoded for transmission.
    ///
    /// HMAC methods return the standard Base64 (with padding) of the HMAC of `baseString`
    /// keyed with ``key(consumerSecret:tokenSecret:)``; `PLAINTEXT` returns that key itself
    /// and ignores `baseString`.
    public static func compute(method: OAuth1SignatureMethod, baseString: String, consumerSecret: String, tokenSecret: String?) -> String {
        OAuth1SigningKey(method: method, consumerSecret: consumerSecret, tokenSecret: tokenSecret).signature(over: baseString.utf8)
    }

    /// Whether `signature` (decoded, as received) is the right one, compared in constant time.
    public static func isValid(
        _ signature: String, method: OAuth1SignatureMethod, baseString: String, consumerSecret: String, tokenSecret: String?
    ) -> Bool {
        let expected = compute(method: method, baseString: baseString, consumerSecret: consumerSecret, tokenSecret: tokenSecret)
        return ConstantTime.isEqual(expected, signature)
    }
}
