public import SigningCore

/// The one error type of ``OpenAPISignedRequests``: a request the middleware or the transport
/// could not handle. A signer's refusal is passed on as the signer's own error (`OAuth1Error`,
/// `AFSignedError`), and a transport's failure as the transport's; swift-openapi-runtime wraps
/// either in its `ClientError`, whose `underlyingError` is this or that error.
public struct OpenAPISignedRequestsError: SignedAPIError {
    /// What kind of failure this is; an open set of static values.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        /// The code's name, as printed.
        public let description: String
        private init(_ description: String) { self.description = description }

        /// The body to sign or send is larger than the limit set.
        public static let bodyTooLarge = Code("body too large")
        /// The base URL and the operation's path do not make a URL.
        public static let invalidURL = Code("invalid URL")
    }

    /// The kind of failure.
    public let code: Code
    /// A sentence a person can act on; never a secret.
    public let message: String

    /// Creates an error.
    public init(code: Code, message: String) {
        self.code = code
        self.message = message
    }
}
