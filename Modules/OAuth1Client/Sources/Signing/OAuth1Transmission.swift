/// Where the protocol parameters travel (RFC 5849 §3.5).
public enum OAuth1Transmission: Sendable, Hashable {
    /// The `Authorization: OAuth …` header (§3.5.1), with an optional `realm`. The default and
    /// what almost every provider expects.
    case authorizationHeader(realm: String?)
    /// Appended to the URL's query (§3.5.3).
    case query
    /// Appended to an `application/x-www-form-urlencoded` body (§3.5.2); the request's body
    /// must be empty or form-encoded.
    case formBody

    /// The `Authorization` header without a realm.
    public static let header = OAuth1Transmission.authorizationHeader(realm: nil)
}

extension OAuth1Transmission {
    /// Where the protocol parameters go, for messages ("in the Authorization header").
    var placeDescription: String {
        switch self {
        case .authorizationHeader: "in the Authorization header"
        case .query: "in the URL's query"
        case .formBody: "in the form body"
        }
    }
}
