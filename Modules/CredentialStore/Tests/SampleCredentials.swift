/// Credential values for the store tests. CredentialStore keeps any `Codable` value; each
/// client module brings its own credential types (OAuth1Client's `OAuth1Token`, …), so the
/// store's tests use plain values of their own shapes.

/// A token and secret with extra fields, shaped like an OAuth 1.0a access token.
struct SampleToken: Codable, Hashable, Sendable {
    var key: String
    var secret: String
    var extra: [String: String] = [:]

    var userID: String? { extra["user_id"] }
    var screenName: String? { extra["screen_name"] }
}

/// A single API key.
struct SampleAPIKey: Codable, Hashable, Sendable {
    var key: String
}

/// A session id with optional fields, shaped like a Drupal session.
struct SampleSession: Codable, Hashable, Sendable {
    var sessionID: String
    var sessionName: String?
    var userID: Int
}

/// A client id and its secret.
struct SampleClientSecret: Codable, Hashable, Sendable {
    var clientID: String
    var secret: String
}
