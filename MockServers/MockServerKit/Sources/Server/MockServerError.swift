/// The one error type of ``MockServerKit``: what went wrong starting or running a server and
/// what to do about it. Compares by ``code`` only.
public struct MockServerError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What kind of failure this is; an open set of static values.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private enum Base: Hashable, Sendable {
            case bindFailed
            case stoppedBeforeReady
            case invalidConfiguration
            case invalidOption
            case connectionReset
        }

        private let base: Base
        private init(_ base: Base) { self.base = base }

        /// The server could not listen on the requested host and port.
        public static let bindFailed = Code(.bindFailed)
        /// The server stopped before it was listening.
        public static let stoppedBeforeReady = Code(.stoppedBeforeReady)
        /// A configuration value is not usable (unknown provider, bad host, port out of range,
        /// two providers on one port).
        public static let invalidConfiguration = Code(.invalidConfiguration)
        /// A provider option is unknown or its value is of the wrong kind or out of range; the
        /// message names the provider, the option and what it accepts.
        public static let invalidOption = Code(.invalidOption)
        /// A connection-reset fault closed the connection (raised inside the server only).
        public static let connectionReset = Code(.connectionReset)

        public var description: String {
            switch base {
            case .bindFailed: "bind failed"
            case .stoppedBeforeReady: "stopped before ready"
            case .invalidConfiguration: "invalid configuration"
            case .invalidOption: "invalid option"
            case .connectionReset: "connection reset"
            }
        }
    }

    /// The kind of failure.
    public let code: Code
    /// A sentence a person can act on.
    public let message: String
    /// The underlying error, when there is one (a bind failure's system error).
    public let cause: (any Error)?

    /// Creates an error.
    public init(code: Code, message: String, cause: (any Error)? = nil) {
        self.code = code
        self.message = message
        self.cause = cause
    }

    public var description: String { "\(code): \(message)" }

    public static func == (lhs: MockServerError, rhs: MockServerError) -> Bool { lhs.code == rhs.code }
    public func hash(into hasher: inout Hasher) { hasher.combine(code) }
}
