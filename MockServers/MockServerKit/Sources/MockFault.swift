/// A misbehaviour a mock server can put on a route, to test how a client copes.
///
/// Encoded as JSON in Swift's synthesized form, one key naming the case, e.g.
/// `{"latency":{"milliseconds":200}}`, `{"status":{"code":429,"retryAfterSeconds":60}}`,
/// `{"connectionReset":{}}`.
public enum MockFault: Sendable, Hashable, Codable {
    /// Waits this long before answering.
    case latency(milliseconds: Int)
    /// Waits a random time in the range (drawn from the server's random source).
    case randomLatency(minimumMilliseconds: Int, maximumMilliseconds: Int)
    /// Sends the real response chunked, `chunkBytes` at a time, pausing between chunks.
    case dribble(chunkBytes: Int, intervalMilliseconds: Int)
    /// Sends the real status and headers with an empty body.
    case emptyResponse
    /// Sends the real status and headers with a truncated, unparseable body.
    case malformedResponse
    /// Closes the connection without answering.
    case connectionReset
    /// Answers with this status in the provider's error shape. 429 adds `Retry-After`
    /// (`retryAfterSeconds`, default 60) and the provider's rate-limit headers.
    case status(code: Int, retryAfterSeconds: Int?)
    /// Makes the server's clock run `seconds` ahead (negative: behind) for the request.
    case clockSkew(seconds: Int)

    /// Whether the fault answers instead of the provider.
    var replacesResponse: Bool {
        switch self {
        case .connectionReset, .status: true
        default: false
        }
    }
}

/// A fault attached to routes, optionally for a limited number of requests.
public struct FaultRule: Sendable, Hashable, Codable {
    /// Which routes: `"*"` for all, a path pattern as registered (`"/oauth/request_token"`,
    /// `"/users/{user_id}/queues/disc"`) for any method, or `"METHOD pattern"`.
    public var route: String
    /// The misbehaviour.
    public var fault: MockFault
    /// How many more requests it applies to; `nil` for every request.
    public var remaining: Int?

    /// Creates a rule.
    public init(route: String = "*", fault: MockFault, remaining: Int? = nil) {
        self.route = route
        self.fault = fault
        self.remaining = remaining
    }

    func matches(method: String, pattern: String) -> Bool {
        route == "*" || route == pattern || route == "\(method) \(pattern)"
    }
}
