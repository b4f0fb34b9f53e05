/// The secrets a request is signed with: the client credentials (consumer key and secret)
/// and, once the user has authorised the application, the token credentials.
///
/// `description`, `debugDescription` and the mirror (`dump`) show the consumer key only;
/// secrets and tokens never appear in logs.
public struct OAuth1Credentials: Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// `oauth_consumer_key`: identifies the application.
    public var consumerKey: String
    /// The consumer (client) secret, half of the signing key.
    public var consumerSecret: String
    /// `oauth_token`: a request token or an access token; `nil` before the first leg.
    public var token: String?
    /// The token secret, the other half of the signing key; `nil` without a token.
    public var tokenSecret: String?

    /// Creates credentials; pass `token` and `tokenSecret` once you hold a token.
    public init(consumerKey: String, consumerSecret: String, token: String? = nil, tokenSecret: String? = nil) {
        self.consumerKey = consumerKey
        self.consumerSecret = consumerSecret
        self.token = token
        self.tokenSecret = tokenSecret
    }

    /// The same client credentials with `token` (a request or access token) attached.
    public func with(_ token: OAuth1Token) -> OAuth1Credentials {
        OAuth1Credentials(consumerKey: consumerKey, consumerSecret: consumerSecret, token: token.token, tokenSecret: token.secret)
    }

    public var description: String {
        "OAuth1Credentials(consumerKey: \(consumerKey), token: \(token == nil ? "none" : "<redacted>"))"
    }

    /// The same as ``description``.
    public var debugDescription: String { description }

    /// The consumer key; every secret and the token redacted.
    public var customMirror: Mirror {
        Mirror(self, children: [
            "consumerKey": consumerKey, "consumerSecret": "<redacted>",
            "token": token == nil ? "none" : "<redacted>", "tokenSecret": tokenSecret == nil ? "none" : "<redacted>",
        ], displayStyle: .struct)
    }
}
