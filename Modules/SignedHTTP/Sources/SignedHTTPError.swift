/// The one error type of ``SignedHTTP``: what went wrong sending a request and what to do.
///
/// Switch on ``code`` (errors compare by code only, like NIO's `FileSystemError`); show
/// ``message`` to a person; inspect ``cause`` for the underlying error (a `URLError` stays a
/// `URLError`). Messages never contain a secret.
public struct SignedHTTPError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What kind of failure this is; an open set of static values.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private enum Base: Hashable, Sendable {
            case transportFailed
            case invalidResponse
            case invalidRequest
        }

        private let base: Base
        private init(_ base: Base) { self.base = base }

        /// No response arrived (connection refused, timed out, dropped); see ``SignedHTTPError/cause``.
        public static let transportFailed = Code(.transportFailed)
        /// Something answered, but not with an HTTP response.
        public static let invalidResponse = Code(.invalidResponse)
        /// The request cannot be sent as it is (no URL, a body stream that cannot be read).
        public static let invalidRequest = Code(.invalidRequest)

        public var description: String {
            switch base {
            case .transportFailed: "transport failed"
            case .invalidResponse: "invalid response"
            case .invalidRequest: "invalid request"
            }
        }
    }

    /// The kind of failure.
    public let code: Code
    /// A sentence a person can act on.
    public let message: String
    /// The underlying error, when there is one.
    public let cause: (any Error)?

    /// Creates an error.
    public init(code: Code, message: String, cause: (any Error)? = nil) {
        self.code = code
        self.message = message
        self.cause = cause
    }

    public var description: String { "\(code): \(message)" }

    public static func == (lhs: SignedHTTPError, rhs: SignedHTTPError) -> Bool { lhs.code == rhs.code }
    public func hash(into hasher: inout Hasher) { hasher.combine(code) }
}
