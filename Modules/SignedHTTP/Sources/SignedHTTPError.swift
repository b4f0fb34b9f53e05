public import SigningCore

/// The one error type of ``SignedHTTP``: what went wrong sending a request and what to do.
///
/// Switch on ``code`` (errors compare by code only, see `SignedAPIError`); show
/// ``message`` to a person; inspect ``cause`` for the underlying error (a `URLError` stays a
/// `URLError`). Messages never contain a secret.
public struct SignedHTTPError: SignedAPIError {
    /// What kind of failure this is; an open set of static values.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        /// The code's name, as printed.
        public let description: String
        private init(_ description: String) { self.description = description }

        /// No response arrived (connection refused, timed out, dropped); see ``SignedHTTPError/cause``.
        public static let transportFailed = Code("transport failed")
        /// Something answered, but not with an HTTP response.
        public static let invalidResponse = Code("invalid response")
        /// The request cannot be sent as it is (no URL, a body stream that cannot be read).
        public static let invalidRequest = Code("invalid request")
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
}
