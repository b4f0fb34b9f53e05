public import SigningCore

/// The one error type of `OAuth1MockTesting`: why a test helper could not finish what it was
/// asked. Compares by ``code`` only. Errors of the flow's own legs are the client's
/// (`OAuth1Error`), passed on as they are.
public struct OAuth1MockTestingError: SignedAPIError {
    /// What kind of failure this is; an open set of static values.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        /// The code's name, as printed.
        public let description: String
        private init(_ description: String) { self.description = description }

        /// The authorisation page refused (an unknown, expired or already decided request
        /// token, a missing `oauth_token`); the message carries the mock's `X-Mock-Reason`.
        public static let pageRefused = Code("page refused")
        /// The page answered something a browser could not act on: no form, no redirect, no
        /// PIN, or a redirect without a verifier after an approval.
        public static let unexpectedPage = Code("unexpected page")
        /// A denial was asked for, but the provider approves at once (its `autoApprove` option).
        public static let cannotDeny = Code("cannot deny")
        /// No response arrived; ``OAuth1MockTestingError/cause`` holds the transport's error.
        public static let transportFailed = Code("transport failed")
    }

    /// The kind of failure.
    public let code: Code
    /// A sentence a person can act on.
    public let message: String
    /// The underlying error, when there is one (the transport's).
    public let cause: (any Error)?

    /// Creates an error.
    public init(code: Code, message: String, cause: (any Error)? = nil) {
        self.code = code
        self.message = message
        self.cause = cause
    }
}
