/// The one error type of `OAuth1MockTesting`: why a test helper could not finish what it was
/// asked. Compares by ``code`` only. Errors of the flow's own legs are the client's
/// (`OAuth1Error`), passed on as they are.
public struct OAuth1MockTestingError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What kind of failure this is; an open set of static values.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private enum Base: Hashable, Sendable {
            case pageRefused
            case unexpectedPage
            case cannotDeny
            case wrongAuthority
            case invalidRequest
            case transportFailed
        }

        private let base: Base
        private init(_ base: Base) { self.base = base }

        /// The authorisation page refused (an unknown, expired or already decided request
        /// token, a missing `oauth_token`); the message carries the mock's `X-Mock-Reason`.
        public static let pageRefused = Code(.pageRefused)
        /// The page answered something a browser could not act on: no form, no redirect, no
        /// PIN, or a redirect without a verifier after an approval.
        public static let unexpectedPage = Code(.unexpectedPage)
        /// A denial was asked for, but the provider approves at once (its `autoApprove` option).
        public static let cannotDeny = Code(.cannotDeny)
        /// ``TestClientTransport`` was given a request for another host than
        /// ``TestClientTransport/baseURL``, so its signature could never match.
        public static let wrongAuthority = Code(.wrongAuthority)
        /// A request cannot be expressed as an HTTP request (an invalid header name or method).
        public static let invalidRequest = Code(.invalidRequest)
        /// No response arrived; ``OAuth1MockTestingError/cause`` holds the transport's error.
        public static let transportFailed = Code(.transportFailed)

        public var description: String {
            switch base {
            case .pageRefused: "page refused"
            case .unexpectedPage: "unexpected page"
            case .cannotDeny: "cannot deny"
            case .wrongAuthority: "wrong authority"
            case .invalidRequest: "invalid request"
            case .transportFailed: "transport failed"
            }
        }
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

    public var description: String { "\(code): \(message)" }

    public static func == (lhs: OAuth1MockTestingError, rhs: OAuth1MockTestingError) -> Bool { lhs.code == rhs.code }
    public func hash(into hasher: inout Hasher) { hasher.combine(code) }
}
