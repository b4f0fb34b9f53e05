/// Which request parameters hold something to keep out of logs, by name: the one rule the
/// HTTP layer's observer (``SignedHTTPAttempt``) and the mock servers' journal both follow.
public enum SecretParameterNames {
    /// Whether a parameter called `name` holds a secret or a password: its name contains
    /// `secret` or `password`, in any case (`oauth_token_secret`, `client_secret`, `Password`).
    /// Nothing with such a name is ever shown.
    public static func holdsSecret(_ name: String) -> Bool {
        // Byte by byte, ignoring ASCII case: no other character lowercases to these words'
        // letters, and a mock checks every parameter of every request it journals.
        var name = name
        return name.withUTF8 { bytes in contains(bytes, "secret") || contains(bytes, "password") }
    }

    /// Whether `bytes` hold `word` (lowercase ASCII letters) in any ASCII case.
    private static func contains(_ bytes: UnsafeBufferPointer<UInt8>, _ word: StaticString) -> Bool {
        let length = word.utf8CodeUnitCount
        guard bytes.count >= length else { return false }
        return word.withUTF8Buffer { word in
            (0...(bytes.count - length)).contains { start in
                (0..<length).allSatisfy { bytes[start + $0] | 0x20 == word[$0] }
            }
        }
    }

    /// Whether a parameter called `name` holds a credential a log must not show: a secret or a
    /// password (``holdsSecret(_:)``), an API key (`key`, `api_key`, `apikey`, `api-key`), or a
    /// name holding `signature`, `token`, `sessid` or `hash`. (A mock's journal keeps signatures
    /// and tokens, which a person debugging a refusal needs; a client's log does not.)
    public static func holdsCredential(_ name: String) -> Bool {
        if holdsSecret(name) { return true }
        let name = name.lowercased()
        if ["key", "api_key", "apikey", "api-key"].contains(name) { return true }
        return ["signature", "token", "sessid", "hash"].contains { name.contains($0) }
    }
}
