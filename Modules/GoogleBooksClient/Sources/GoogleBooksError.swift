public import Foundation

/// The one error type of ``GoogleBooksClient``: what went wrong and what to do about it.
///
/// Google's error envelope (`error.code`, `message`, `errors[].reason`, `location`) is decoded
/// into a ``code`` to switch on; ``reason`` and ``location`` keep Google's own words. Compares
/// by code only. Never holds the API key.
public struct GoogleBooksError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What kind of failure this is; an open set of static values.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private enum Base: Hashable, Sendable {
            case invalidQuery, notFound, keyInvalid, dailyLimitExceeded, rateLimited, unknownLocation, forbidden
            case serverError, requestRejected, invalidResponse, decodingFailed, transportFailed
        }

        private let base: Base
        private init(_ base: Base) { self.base = base }

        /// 400: the request's parameters (`queryRequired`, `maxResults` out of range, an
        /// unknown enum value, bad `fields`).
        public static let invalidQuery = Code(.invalidQuery)
        /// 404: no volume with that id.
        public static let notFound = Code(.notFound)
        /// 400 `keyInvalid`: the API key is not valid.
        public static let keyInvalid = Code(.keyInvalid)
        /// 403 `dailyLimitExceeded` (or unregistered use over its limit): wait until tomorrow or
        /// use a key with more quota.
        public static let dailyLimitExceeded = Code(.dailyLimitExceeded)
        /// 429 / 403 `rateLimitExceeded`, `userRateLimitExceeded`: slow down; see
        /// ``GoogleBooksError/retryAfter``.
        public static let rateLimited = Code(.rateLimited)
        /// 403 `unknownLocation`: Google cannot tell the caller's country; pass `country`.
        public static let unknownLocation = Code(.unknownLocation)
        /// 403 for another reason (an API not enabled for the key, …).
        public static let forbidden = Code(.forbidden)
        /// 5xx after the retry policy gave up.
        public static let serverError = Code(.serverError)
        /// Another error status.
        public static let requestRejected = Code(.requestRejected)
        /// The answer is not JSON of the expected shape, or not an image.
        public static let invalidResponse = Code(.invalidResponse)
        /// The answer's JSON has a member of the wrong type; the message names its path.
        public static let decodingFailed = Code(.decodingFailed)
        /// The request did not reach Google or no answer came back.
        public static let transportFailed = Code(.transportFailed)

        public var description: String {
            switch base {
            case .invalidQuery: "invalid query"
            case .notFound: "not found"
            case .keyInvalid: "key invalid"
            case .dailyLimitExceeded: "daily limit exceeded"
            case .rateLimited: "rate limited"
            case .unknownLocation: "unknown location"
            case .forbidden: "forbidden"
            case .serverError: "server error"
            case .requestRejected: "request rejected"
            case .invalidResponse: "invalid response"
            case .decodingFailed: "decoding failed"
            case .transportFailed: "transport failed"
            }
        }
    }

    public let code: Code
    /// A sentence a person can act on.
    public let message: String
    /// Google's `errors[0].reason` (`queryRequired`, `keyInvalid`, …).
    public let reason: String?
    /// Google's `errors[0].location` (`q`, `maxResults`).
    public let location: String?
    /// The HTTP status, when Google answered with one.
    public let statusCode: Int?
    /// How long to wait before trying again (`Retry-After`), for ``Code/rateLimited``.
    public let retryAfter: TimeInterval?
    /// The underlying error, when there is one.
    public let cause: (any Error)?

    public init(code: Code, message: String, reason: String? = nil, location: String? = nil, statusCode: Int? = nil, retryAfter: TimeInterval? = nil, cause: (any Error)? = nil) {
        self.code = code
        self.message = message
        self.reason = reason
        self.location = location
        self.statusCode = statusCode
        self.retryAfter = retryAfter
        self.cause = cause
    }

    public var description: String {
        if let statusCode { return "\(code) (HTTP \(statusCode)): \(message)" }
        return "\(code): \(message)"
    }

    public static func == (lhs: GoogleBooksError, rhs: GoogleBooksError) -> Bool { lhs.code == rhs.code }
    public func hash(into hasher: inout Hasher) { hasher.combine(code) }
}
