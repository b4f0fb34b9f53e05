import SigningCore

/// An `hmac-sha256` secret (RFC 9421 §3.3.3): it signs and verifies, with SigningCore's HMAC
/// and a constant-time comparison. No dependency beyond this package.
///
/// ```swift
/// let key = try HTTPSignatureHMACKey(secret: secretBytes)
/// ```
///
/// The secret never appears in `description`, `debugDescription`, a dump or an error.
public struct HTTPSignatureHMACKey: HTTPMessageSigningKey, HTTPMessageVerifyingKey, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// The keyed state, set up once (the padded secret's inner and outer hash states).
    private let hmac: HMAC<SHA256>

    /// A key from the secret's bytes.
    ///
    /// - Throws: ``HTTPMessageSignatureError/Code/invalidKey`` for an empty secret.
    public init(secret: some Collection<UInt8>) throws(HTTPMessageSignatureError) {
        guard !secret.isEmpty else {
            throw HTTPMessageSignatureError(code: .invalidKey, message: "the hmac-sha256 secret is empty; use at least 32 random bytes")
        }
        hmac = HMAC<SHA256>(key: secret)
    }

    /// A key from the secret in standard Base64 (as RFC 9421 Appendix B.1.5 prints
    /// `test-shared-secret`).
    ///
    /// - Throws: ``HTTPMessageSignatureError/Code/invalidKey`` for text that is not Base64 or
    ///   an empty secret.
    public init(base64 text: String) throws(HTTPMessageSignatureError) {
        let bytes: [UInt8]
        do {
            bytes = try Base64.decode(text)
        } catch {
            throw HTTPMessageSignatureError(code: .invalidKey, message: "the hmac-sha256 secret is not standard Base64 (\(error.message))")
        }
        try self.init(secret: bytes)
    }

    /// ``HTTPSignatureAlgorithm/hmacSHA256``.
    public var algorithm: HTTPSignatureAlgorithm { .hmacSHA256 }

    /// The 32-byte HMAC-SHA256 of `base`.
    public func signature(for base: [UInt8]) throws(HTTPMessageSignatureError) -> [UInt8] {
        hmac.authenticationCode(for: base).bytes
    }

    /// Whether `signature` is the HMAC of `base`, compared in constant time.
    public func isValidSignature(_ signature: [UInt8], for base: [UInt8]) -> Bool {
        hmac.isValidAuthenticationCode(signature, for: base)
    }

    /// The algorithm only; the secret is redacted.
    public var description: String { "HTTPSignatureHMACKey(hmac-sha256, secret: <redacted>)" }
    /// The same as ``description``.
    public var debugDescription: String { description }
    /// The algorithm, and the secret as `<redacted>`.
    public var customMirror: Mirror { Mirror(self, children: ["algorithm": "hmac-sha256", "secret": "<redacted>"], displayStyle: .struct) }
}
