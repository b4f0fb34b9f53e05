public import SigningCore

/// The one error type of ``SignedVerification``: a replay store that cannot answer, or a
/// verifier set up wrongly.
///
/// Each scheme's verifier refuses a request whose nonce could not be checked with its own
/// error's `replayStoreUnavailable` code, this error as its `cause`; adapters answer it with
/// 503 and `Retry-After`, never by accepting the request unchecked.
public struct SignedVerificationError: SignedAPIError {
    /// What kind of failure this is; an open set of static values.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        /// The code's name, as printed.
        public let description: String
        private init(_ description: String) { self.description = description }

        /// The replay store did not answer (down, unreachable, past its timeout): the request
        /// must be refused, since its nonce could not be checked.
        public static let replayStoreUnavailable = Code("replay store unavailable")
        /// A setting cannot work (a store URL that is not one, a public base URL without a host).
        public static let invalidConfiguration = Code("invalid configuration")
    }

    /// The kind of failure.
    public let code: Code
    /// A sentence a person can act on; never a password.
    public let message: String
    /// The underlying error (the database driver's), when there is one.
    public let cause: (any Error)?

    /// Creates an error.
    public init(code: Code, message: String, cause: (any Error)? = nil) {
        self.code = code
        self.message = message
        self.cause = cause
    }
}
