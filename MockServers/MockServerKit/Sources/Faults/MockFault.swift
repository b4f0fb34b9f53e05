#if MockServers  // without the trait, Server/TraitCheck.swift's #error is the one message
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
    /// Makes the server's clock run `seconds` ahead (negative: behind) for the request: the
    /// provider checks timestamps against it, and the response's `Date` header shows it, as a
    /// server whose clock is off would (so a client that learns the server's clock can correct).
    case clockSkew(seconds: Int)

    /// Throws ``MockServerError/Code/invalidConfiguration`` naming the first value outside
    /// ``ConfigurationRanges`` (`field` is where the fault sits, e.g. `faults[2].fault`).
    public func validate(field: String = "fault") throws(MockServerError) {
        switch self {
        case .latency(let milliseconds):
            try ConfigurationRanges.require(milliseconds, in: ConfigurationRanges.latencyMilliseconds, "\(field).latency.milliseconds")
        case .randomLatency(let minimum, let maximum):
            try ConfigurationRanges.require(minimum, in: ConfigurationRanges.latencyMilliseconds, "\(field).randomLatency.minimumMilliseconds")
            try ConfigurationRanges.require(maximum, in: minimum...ConfigurationRanges.latencyMilliseconds.upperBound, "\(field).randomLatency.maximumMilliseconds")
        case .dribble(let chunkBytes, let interval):
            try ConfigurationRanges.require(chunkBytes, in: ConfigurationRanges.dribbleChunkBytes, "\(field).dribble.chunkBytes")
            try ConfigurationRanges.require(interval, in: ConfigurationRanges.latencyMilliseconds, "\(field).dribble.intervalMilliseconds")
        case .status(let code, let retryAfter):
            try ConfigurationRanges.require(code, in: ConfigurationRanges.faultStatus, "\(field).status.code")
            if let retryAfter {
                try ConfigurationRanges.require(retryAfter, in: ConfigurationRanges.retryAfterSeconds, "\(field).status.retryAfterSeconds")
            }
        case .clockSkew(let seconds):
            try ConfigurationRanges.require(seconds, in: ConfigurationRanges.clockSkewSeconds, "\(field).clockSkew.seconds")
        case .emptyResponse, .malformedResponse, .connectionReset:
            break
        }
    }

    /// The total skew of `faults`, saturating, and clamped to ``ConfigurationRanges/clockSkewSeconds``.
    static func totalSkew(_ faults: [MockFault]) -> Int {
        let total = faults.reduce(0) { total, fault in
            guard case .clockSkew(let seconds) = fault else { return total }
            let (sum, overflow) = total.addingReportingOverflow(seconds)
            return overflow ? (seconds > 0 ? Int.max : Int.min) : sum
        }
        return ConfigurationRanges.clamp(total, to: ConfigurationRanges.clockSkewSeconds)
    }

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

    /// Throws ``MockServerError/Code/invalidConfiguration`` naming the first value outside
    /// ``ConfigurationRanges`` (`field` is where the rule sits, e.g. `faults[2]`).
    public func validate(field: String = "rule") throws(MockServerError) {
        try ConfigurationRanges.require(route.utf8.count, in: ConfigurationRanges.routeBytes, "\(field).route's length in bytes")
        if let remaining {
            try ConfigurationRanges.require(remaining, in: ConfigurationRanges.remaining, "\(field).remaining")
        }
        try fault.validate(field: "\(field).fault")
    }

    func matches(method: String, pattern: String) -> Bool {
        route == "*" || route == pattern || route == "\(method) \(pattern)"
    }
}
#endif
