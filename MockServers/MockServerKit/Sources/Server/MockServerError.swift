#if MockServers  // without the trait, Server/TraitCheck.swift's #error is the one message
public import SigningCore

/// The one error type of ``MockServerKit``: what went wrong starting or running a server and
/// what to do about it. Compares by ``code`` only.
public struct MockServerError: SignedAPIError {
    /// What kind of failure this is; an open set of static values.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        /// The code's name, as printed.
        public let description: String
        private init(_ description: String) { self.description = description }

        /// The server could not listen on the requested host and port.
        public static let bindFailed = Code("bind failed")
        /// The server stopped before it was listening.
        public static let stoppedBeforeReady = Code("stopped before ready")
        /// A configuration value is not usable (unknown provider, bad host, port out of range,
        /// two providers on one port).
        public static let invalidConfiguration = Code("invalid configuration")
        /// A provider option is unknown or its value is of the wrong kind or out of range; the
        /// message names the provider, the option and what it accepts.
        public static let invalidOption = Code("invalid option")
        /// The server runs no provider of the type asked for (``MockServer/demo(_:)``,
        /// ``MockServer/client(_:http:)``); the message names the ones it runs.
        public static let providerNotRunning = Code("provider not running")
        /// A connection-reset fault closed the connection (raised inside the server only).
        public static let connectionReset = Code("connection reset")
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
}
#endif
