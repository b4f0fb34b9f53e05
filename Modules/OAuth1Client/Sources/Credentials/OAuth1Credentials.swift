/// The secrets a request is signed with: the client credentials (consumer key, and a consumer
/// secret or, for `RSA-SHA*`, a private key) and, once the user has authorised the
/// application, the token credentials.
///
/// `description`, `debugDescription` and the mirror (`dump`) show the consumer key only (and
/// a private key's size and fingerprint); secrets and tokens never appear in logs.
public struct OAuth1Credentials: Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// `oauth_consumer_key`: identifies the application.
    public var consumerKey: String
    /// The consumer (client) secret, half of an `HMAC-*` or `PLAINTEXT` signing key; empty for
    /// a consumer that signs with ``privateKey``.
    public var consumerSecret: String
    /// The consumer's RSA private key, for `RSA-SHA1`, `RSA-SHA256` and `RSA-SHA512` (the
    /// `OAuth1RSA` product's `OAuth1RSAPrivateKey`); `nil` for shared-secret methods.
    public var privateKey: (any OAuth1PrivateKey)?
    /// `oauth_token`: a request token or an access token; `nil` before the first leg.
    public var token: String?
    /// The token secret, the other half of an HMAC signing key (an RSA signature does not use
    /// it); `nil` without a token.
    public var tokenSecret: String?

    /// Creates credentials for a shared-secret method; pass `token` and `tokenSecret` once you
    /// hold a token.
    public init(consumerKey: String, consumerSecret: String, token: String? = nil, tokenSecret: String? = nil) {
        self.consumerKey = consumerKey
        self.consumerSecret = consumerSecret
        self.privateKey = nil
        self.token = token
        self.tokenSecret = tokenSecret
    }

    /// Creates credentials for an RSA method (`RSA-SHA1`, …): the consumer signs with
    /// `privateKey`, whose public half the provider holds (Jira's application link, say).
    public init(consumerKey: String, privateKey: any OAuth1PrivateKey, token: String? = nil, tokenSecret: String? = nil) {
        self.consumerKey = consumerKey
        self.consumerSecret = ""
        self.privateKey = privateKey
        self.token = token
        self.tokenSecret = tokenSecret
    }

    /// The same client credentials with `token` (a request or access token) attached.
    public func with(_ token: OAuth1Token) -> OAuth1Credentials {
        var copy = self
        copy.token = token.token
        copy.tokenSecret = token.secret
        return copy
    }

    public static func == (lhs: OAuth1Credentials, rhs: OAuth1Credentials) -> Bool {
        lhs.consumerKey == rhs.consumerKey && lhs.consumerSecret == rhs.consumerSecret && lhs.token == rhs.token
            && lhs.tokenSecret == rhs.tokenSecret && lhs.privateKey?.publicKey.fingerprint == rhs.privateKey?.publicKey.fingerprint
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(consumerKey)
        hasher.combine(consumerSecret)
        hasher.combine(token)
        hasher.combine(tokenSecret)
        hasher.combine(privateKey?.publicKey.fingerprint)
    }

    public var description: String {
        "OAuth1Credentials(consumerKey: \(consumerKey)\(privateKey.map { ", privateKey: \($0)" } ?? ""), token: \(token == nil ? "none" : "<redacted>"))"
    }

    /// The same as ``description``.
    public var debugDescription: String { description }

    /// The consumer key and the private key's own description; every secret and the token redacted.
    public var customMirror: Mirror {
        Mirror(self, children: [
            "consumerKey": consumerKey, "consumerSecret": "<redacted>",
            "privateKey": privateKey.map(\.description) ?? "none",
            "token": token == nil ? "none" : "<redacted>", "tokenSecret": tokenSecret == nil ? "none" : "<redacted>",
        ], displayStyle: .struct)
    }
}
