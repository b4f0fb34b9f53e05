/// An OAuth 1.0a token (RFC 5849 "token credentials") with the extra fields providers return
/// next to it: Netflix's `user_id`, Twitter's `user_id` and `screen_name`, and so on.
///
/// ```swift
/// // After the access-token step, keep every field the provider sent:
/// let credential = OAuth1TokenCredential(key: token, secret: secret, extra: ["user_id": userID])
/// try await store.save(credential, service: "api.netflix.com", account: userID)
/// ```
///
/// `description`, `debugDescription` and its mirror (`dump`) show the names of the extra fields
/// but no key, secret or value.
public struct OAuth1TokenCredential: Codable, Hashable, Sendable {
    /// The token (`oauth_token`).
    public var key: String
    /// The token secret (`oauth_token_secret`).
    public var secret: String
    /// Every other field of the provider's access-token reply, by its wire name.
    public var extra: [String: String]

    /// Creates a token credential.
    public init(key: String, secret: String, extra: [String: String] = [:]) {
        self.key = key
        self.secret = secret
        self.extra = extra
    }

    /// The provider's user id (`user_id`), as Netflix and Twitter return it.
    public var userID: String? { extra["user_id"] }

    /// Twitter's `screen_name`.
    public var screenName: String? { extra["screen_name"] }
}

extension OAuth1TokenCredential: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    public var description: String {
        "OAuth1TokenCredential(key: \(Redaction.mask(key)), secret: \(Redaction.mask(secret)), extra: \(extra.keys.sorted()))"
    }

    public var debugDescription: String { description }

    public var customMirror: Mirror {
        Mirror(self, children: ["key": Redaction.mask(key), "secret": Redaction.mask(secret), "extra": extra.keys.sorted()], displayStyle: .struct)
    }
}
