import SigningCore

/// Drupal Services' key authentication (services_keyauth, Drupal 6): the one place the hash is
/// defined, used by ``DrupalKeySigner`` to sign and by the mock server to verify.
///
/// The hash is HMAC-SHA256 of `timestamp;domain;nonce;method`, keyed with the API key (both
/// as UTF-8), written as 64 lowercase hexadecimal digits:
///
/// ```swift
/// let hash = DrupalKeyAuthentication.hash(apiKey: key, timestamp: "1700000000", domain: "*",
///                                         nonce: "n0nce", method: "node.get")
/// ```
public enum DrupalKeyAuthentication {
    /// The header in which this package's mock server, with its diagnosis option on, tells the
    /// string it hashed (``hashInput(timestamp:domain:nonce:method:)``, never the key) when it
    /// answers `Invalid API key.` Real Drupal sites never send it. The one place it is spelled.
    public static let hashInputHeaderName = "X-Drupal-Hash-Input"

    /// The string that is hashed: `timestamp;domain;nonce;method`. It holds no secret, so it is
    /// what a diagnosis may show.
    public static func hashInput(timestamp: String, domain: String, nonce: String, method: String) -> String {
        "\(timestamp);\(domain);\(nonce);\(method)"
    }

    /// The hash Drupal expects as the first argument.
    public static func hash(apiKey: String, timestamp: String, domain: String, nonce: String, method: String) -> String {
        hash(apiKey: apiKey, input: hashInput(timestamp: timestamp, domain: domain, nonce: nonce, method: method))
    }

    /// HMAC-SHA256 of `input` keyed with `apiKey`, lowercase hex.
    public static func hash(apiKey: String, input: String) -> String {
        HMAC<SHA256>(key: apiKey).authenticationCode(for: input).hex
    }

    /// Whether `hash` is the hash of `input` under `apiKey`, compared in constant time. An
    /// uppercase hash does not match: Drupal compares the strings exactly.
    public static func isValid(hash: String, apiKey: String, input: String) -> Bool {
        ConstantTime.isEqual(hash, self.hash(apiKey: apiKey, input: input))
    }
}
