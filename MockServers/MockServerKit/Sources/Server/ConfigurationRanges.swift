#if MockServers  // without the trait, Server/TraitCheck.swift's #error is the one message
/// The allowed range of every number a mock server can be configured with — through the Swift
/// API, the `mock-servers` config file or the admin route — in one place. Values inside these
/// ranges can never trap the server's arithmetic (a fault's `Retry-After` added to the clock, a
/// sum of clock skews, a status code), and never make it refuse its own health check.
public enum ConfigurationRanges {
    /// Milliseconds of a latency fault, and of a dribble fault's pause: up to ten minutes.
    public static let latencyMilliseconds = 0...600_000
    /// Bytes per chunk of a dribble fault.
    public static let dribbleChunkBytes = 1...(1 << 20)
    /// Status codes a status fault may answer with.
    public static let faultStatus = 200...599
    /// A status fault's `Retry-After`, in seconds: up to a week.
    public static let retryAfterSeconds = 0...604_800
    /// A clock-skew fault, and the sum of all skews on one request: up to ten years either way.
    public static let clockSkewSeconds = -315_360_000...315_360_000
    /// A rule's `remaining` count, when it has one (0 would be a rule that never applies).
    public static let remaining = 1...Int.max
    /// The longest route pattern of a fault rule, in bytes.
    public static let routeBytes = 1...1024
    /// The most fault rules one server holds.
    public static let faultRules = 0...1000
    /// A request body limit: up to 64 MiB.
    public static let maxBodyBytes = 0...(64 << 20)
    /// A header-section limit: big enough for any real request's headers, up to 1 MiB.
    public static let maxHeaderBytes = 1024...(1 << 20)
    /// The most connections served at once; more get 503 and are closed.
    public static let maxConnections = 1...65_536
    /// The idle timeout of a connection: a second to an hour.
    public static let readTimeoutSeconds = 1...3600
    /// The journal's capacity in entries.
    public static let journalCapacity = 1...100_000
    /// The bytes of parameters one journal entry keeps.
    public static let journalEntryBytes = 64...(1 << 20)
    /// A port; 0 lets the system choose.
    public static let port = 0...65_535

    /// Throws an ``MockServerError/Code/invalidConfiguration`` error naming `field` and `range`
    /// unless `value` lies in it.
    static func require(_ value: Int, in range: ClosedRange<Int>, _ field: String) throws(MockServerError) {
        guard range.contains(value) else {
            let allowed = range.upperBound == Int.max ? "\(range.lowerBound) or more" : "\(range.lowerBound)...\(range.upperBound)"
            throw MockServerError(code: .invalidConfiguration, message: "\(field) must be a whole number in \(allowed) (got \(value))")
        }
    }

    /// `value` moved into `range`: the last guard behind validation, for arithmetic.
    static func clamp(_ value: Int, to range: ClosedRange<Int>) -> Int {
        min(max(value, range.lowerBound), range.upperBound)
    }
}
#endif
