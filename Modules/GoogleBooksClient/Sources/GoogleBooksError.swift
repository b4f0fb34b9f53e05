public import SignedHTTP
public import SigningCore
public import Foundation

/// The one error type of ``GoogleBooksClient``: what went wrong and what to do about it.
///
/// Google's error envelope (`error.code`, `message`, `errors[].reason`, `location`) is decoded
/// into a ``code`` to switch on; ``providerCode``, ``providerMessage`` and ``location`` keep Google's own words. Compares
/// by code only. Never holds the API key.
public struct GoogleBooksError: SignedAPIError {
    /// What kind of failure this is; an open set of static values.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        /// The code's name, as printed.
        public let description: String
        private init(_ description: String) { self.description = description }

        /// The configuration's base URL and a path do not make a URL (percent-encode the
        /// path): nothing was sent.
        public static let invalidURL = Code("invalid URL")
        /// 400: the request's parameters (`queryRequired`, `maxResults` out of range, an
        /// unknown enum value, bad `fields`).
        public static let invalidQuery = Code("invalid query")
        /// 404: no volume with that id.
        public static let notFound = Code("not found")
        /// 400 `keyInvalid`: the API key is not valid.
        public static let keyInvalid = Code("key invalid")
        /// 403 `dailyLimitExceeded` (or unregistered use over its limit): wait until tomorrow or
        /// use a key with more quota.
        public static let dailyLimitExceeded = Code("daily limit exceeded")
        /// 429 / 403 `rateLimitExceeded`, `userRateLimitExceeded`: slow down; see
        /// ``GoogleBooksError/retryAfter``.
        public static let rateLimited = Code("rate limited")
        /// 403 `unknownLocation`: Google cannot tell the caller's country; pass `country`.
        public static let unknownLocation = Code("unknown location")
        /// 403 for another reason (an API not enabled for the key, …).
        public static let forbidden = Code("forbidden")
        /// 5xx after the retry policy gave up.
        public static let serverError = Code("server error")
        /// Another error status.
        public static let requestRejected = Code("request rejected")
        /// The answer is not JSON of the expected shape, or not an image.
        public static let invalidResponse = Code("invalid response")
        /// The answer's JSON has a member of the wrong type; the message names its path.
        public static let decodingFailed = Code("decoding failed")
        /// The request did not reach Google or no answer came back.
        public static let transportFailed = Code("transport failed")
    }

    /// The kind of failure.
    public let code: Code
    /// A sentence a person can act on.
    public let message: String
    /// Google's `errors[0].reason` (`queryRequired`, `keyInvalid`, …): the provider's own code.
    public let providerCode: String?
    /// Google's `error.message` (`Missing query.`), when it said something.
    public let providerMessage: String?
    /// Google's `errors[0].location` (`q`, `maxResults`).
    public let location: String?
    /// The HTTP status, when Google answered with one.
    public let statusCode: Int?
    /// The mock server's own explanation (`X-Mock-Reason`), when the server is this package's mock.
    public let mockReason: String?
    /// How long to wait before trying again (`Retry-After`), for ``Code/rateLimited``.
    public let retryAfter: TimeInterval?
    /// The underlying error, when there is one.
    public let cause: (any Error)?

    /// Creates an error. Library code builds these itself; the initialiser is public so that
    /// tests and callers can build expected values.
    public init(
        code: Code, message: String, providerCode: String? = nil, providerMessage: String? = nil, location: String? = nil,
        statusCode: Int? = nil, mockReason: String? = nil, retryAfter: TimeInterval? = nil, cause: (any Error)? = nil
    ) {
        self.code = code
        self.message = message
        self.providerCode = providerCode
        self.providerMessage = providerMessage
        self.location = location
        self.statusCode = statusCode
        self.mockReason = mockReason
        self.retryAfter = retryAfter
        self.cause = cause
    }
}

extension GoogleBooksError: SignedClientError {
    /// A request that got no response: Code/transportFailed, with the transport's error as
    /// cause.
    public init(transportFailure failure: SignedHTTPError) {
        self.init(code: .transportFailed, message: failure.message, cause: failure.cause ?? failure)
    }
}
