public import SigningCore
public import HTTPTypes
public import MockServerKit

/// The one error type of the `GoogleBooksMock` module: why the mock Books API refused a request,
/// answered in Google's error envelope:
///
/// ```json
/// {"error":{"code":400,"message":"Missing query.","errors":[{"message":"Missing query.",
///   "domain":"global","reason":"queryRequired","location":"q","locationType":"parameter"}]}}
/// ```
///
/// Switch on ``code`` (Google's own reason string, an open set); ``message`` is Google's
/// text, ``explanation`` the mock's own words for the journal and `X-Mock-Reason`. It has the
/// shape of every error of the package (`SignedAPIError`; compares by code). Never holds a
/// secret: a refused API key is never repeated.
public struct GoogleBooksMockError: MockProviderError, SignedAPIError {
    /// Google's `reason` for an error: an open set of static values, as Google adds reasons.
    public struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        /// The reason as Google writes it (`queryRequired`).
        public let rawValue: String

        /// A reason called `rawValue`.
        public init(rawValue: String) { self.rawValue = rawValue }

        /// `q` is missing or empty (400).
        public static let queryRequired = Code(rawValue: "queryRequired")
        /// A number outside its range, such as `maxResults=50` (400).
        public static let invalid = Code(rawValue: "invalid")
        /// A value that is not one of the parameter's values, or bad `fields` syntax (400).
        public static let invalidParameter = Code(rawValue: "invalidParameter")
        /// A request the API cannot read (bad percent-encoding, too many parameters) (400).
        public static let badRequest = Code(rawValue: "badRequest")
        /// An API key that is not the mock's (400).
        public static let keyInvalid = Code(rawValue: "keyInvalid")
        /// No API key while the mock requires one (403).
        public static let forbidden = Code(rawValue: "forbidden")
        /// A user's library asked for without signing in (401).
        public static let required = Code(rawValue: "required")
        /// No such volume, image or path (404).
        public static let notFound = Code(rawValue: "notFound")
        /// Another method on a known path (405).
        public static let httpMethodNotAllowed = Code(rawValue: "httpMethodNotAllowed")
        /// A request body over the limit (413).
        public static let uploadTooLarge = Code(rawValue: "uploadTooLarge")
        /// More requests in a minute than `rateLimitPerMinute` allows (429).
        public static let rateLimitExceeded = Code(rawValue: "rateLimitExceeded")
        /// A server-side failure or a fault's status (5xx).
        public static let backendError = Code(rawValue: "backendError")

        public var description: String { rawValue }
    }

    /// The HTTP status.
    public let status: HTTPResponse.Status
    /// Google's reason.
    public let code: Code
    /// Google's message (`Missing query.`).
    public let message: String
    /// The parameter or header at fault (`q`, `maxResults`), when there is one.
    public let location: String?
    /// `parameter` or `header`, with ``location``.
    public let locationType: String?
    /// Google's error domain: `global`, or `usageLimits` for keys and quotas.
    public let domain: String
    /// What was wrong and what to do, in the mock's words (the journal's reason).
    public let explanation: String
    /// Seconds for `Retry-After` (rate limiting).
    public let retryAfterSeconds: Int?
    /// Whether the body is written compactly (`prettyPrint=false`).
    var compact = false

    /// An error with Google's `status`, `reason` and `message`.
    init(
        _ status: HTTPResponse.Status, _ code: Code, _ message: String,
        location: String? = nil, locationType: String? = "parameter", domain: String = "global",
        explanation: String? = nil, retryAfterSeconds: Int? = nil
    ) {
        self.status = status
        self.code = code
        self.message = message
        self.location = location
        self.locationType = location == nil ? nil : locationType
        self.domain = domain
        self.explanation = explanation ?? message
        self.retryAfterSeconds = retryAfterSeconds
    }

    /// The same error written compactly when `compact`.
    func written(compact: Bool) -> GoogleBooksMockError {
        var error = self
        error.compact = compact
        return error
    }

    /// The HTTP status's code.
    public var statusCode: Int? { status.code }
    /// Google's reason, as sent in `errors[0].reason`.
    public var providerCode: String? { code.rawValue }
    /// Google's message, as sent.
    public var providerMessage: String? { message }
    /// The mock's explanation (`X-Mock-Reason`).
    public var mockReason: String? { explanation }

    /// The status, Google's reason and the mock's explanation.
    public var description: String { "\(status.code) \(code): \(explanation)" }

    /// ``description``: the status, Google's reason and the mock's explanation.
    public var journalReason: String { description }

    /// Google's error envelope with ``status`` (and `Retry-After` when set).
    public func response(from provider: GoogleBooksMockProvider) -> MockResponse {
        var response = BooksResponse.json(envelope, status: status, pretty: !compact)
        if let retryAfterSeconds { response.headers[.retryAfter] = String(retryAfterSeconds) }
        return response
    }

    /// `{"error":{"code":…,"message":…,"errors":[{…}]}}`.
    var envelope: BooksJSON {
        var detail = BooksJSONObject()
        detail.add("message", message)
        detail.add("domain", domain)
        detail.add("reason", code.rawValue)
        detail.add("location", location)
        detail.add("locationType", locationType)
        var error = BooksJSONObject()
        error.add("code", status.code)
        error.add("message", message)
        error.add("errors", BooksJSON.array([detail.json]))
        var body = BooksJSONObject()
        body.add("error", error.json)
        return body.json
    }
}

extension GoogleBooksMockError {
    /// Google's reason for a failure the server kit finds (404, 405, 413, a fault's status).
    static func code(for status: HTTPResponse.Status) -> Code {
        switch status.code {
        case 401: .required
        case 403: .forbidden
        case 404: .notFound
        case 405: .httpMethodNotAllowed
        case 413: .uploadTooLarge
        case 429: .rateLimitExceeded
        case 500...: .backendError
        default: .badRequest
        }
    }

    /// `value` as an error message may quote it: at most 60 characters, control characters dropped.
    static func quoted(_ value: String) -> String {
        let shown = String(value.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F }.prefix(60).map(Character.init))
        return value.unicodeScalars.count > 60 ? shown + "…" : shown
    }
}
