import HTTPTypes
public import MockServerKit
import OAuth1Client
public import SigningCore

/// The one error type of the `OAuth1Mock` module: why the mock provider refused a request.
///
/// Routes throw it; as a `MockProviderError` it becomes the flavour's own error
/// body and status (``OAuth1Flavour/errorResponse(for:exposeBaseString:)``), or an HTML page on
/// the browser-facing authorisation routes, and the journal records ``description``. Compares
/// by ``code`` only (`SignedAPIError`). Never holds a secret; a rejected signature carries the base string the
/// server computed, which holds no secret.
public struct OAuth1MockError: MockProviderError, SignedAPIError {
    /// Why the request was refused; an open set of static values.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        /// The code's name, as printed.
        public let description: String
        private init(_ description: String) { self.description = description }

        /// The request could not be taken apart (bad header, percent-encoding, UTF-8, duplicates).
        public static let malformedRequest = Code("malformed request")
        /// A required OAuth parameter is absent.
        public static let missingParameter = Code("missing parameter")
        /// `oauth_signature_method` is unknown or not enabled.
        public static let unsupportedSignatureMethod = Code("unsupported signature method")
        /// `oauth_consumer_key` is not a known consumer.
        public static let unknownConsumer = Code("unknown consumer")
        /// `oauth_timestamp` is outside the accepted window.
        public static let timestampRefused = Code("timestamp refused")
        /// The nonce was already used with this consumer and timestamp.
        public static let nonceUsed = Code("nonce used")
        /// The signature (or `oauth_body_hash`) does not match.
        public static let signatureInvalid = Code("signature invalid")
        /// The token is unknown, revoked, already used, or of the wrong kind.
        public static let invalidToken = Code("invalid token")
        /// The token has expired.
        public static let expiredToken = Code("expired token")
        /// The verifier is missing or wrong, or the request token was not authorised.
        public static let invalidVerifier = Code("invalid verifier")
        /// The flavour requires a `User-Agent` header and none was sent.
        public static let missingUserAgent = Code("missing User-Agent")
        /// `oauth_callback` is an absolute URI but none of the application's registered
        /// callbacks (``OAuth1MockOptions/registeredCallbacks``).
        public static let callbackNotApproved = Code("callback not approved")
        /// A resource parameter is missing or invalid (e.g. an empty status text).
        public static let invalidInput = Code("invalid input")
        /// The resource does not exist (e.g. another user's queue).
        public static let notFound = Code("not found")
        /// The server's replay store could not answer, so the nonce could not be checked and
        /// the request is refused (503, the provider's own "over capacity" answer).
        public static let replayStoreUnavailable = Code("replay store unavailable")
    }

    /// Why.
    public let code: Code
    /// A sentence saying what was wrong and what to do.
    public let message: String
    /// For ``Code/signatureInvalid``: the base string the server computed.
    public let serverSignatureBase: String?
    /// For ``Code/invalidInput``: the request field the refusal is about (Jira answers it in
    /// `errors`, keyed by the field), or `nil` for a refusal of the request as a whole (Jira's
    /// `errorMessages`).
    public let field: String?
    /// The title of the HTML page that shows the error, on the authorisation routes a person
    /// sees in a browser; `nil` for the API's error body.
    private(set) var pageTitle: String?

    /// Creates an error.
    public init(code: Code, message: String, serverSignatureBase: String? = nil, field: String? = nil) {
        self.code = code
        self.message = message
        self.serverSignatureBase = serverSignatureBase
        self.field = field
    }

    /// The same error, shown as an HTML page titled `title` (the authorisation routes).
    func shownAsPage(title: String) -> OAuth1MockError {
        var error = self
        error.pageTitle = title
        return error
    }

    /// ``description``: the code, then the message (after the ``field`` it is about, if any).
    public var journalReason: String {
        field.map { "\(code): fields.\($0): \(message)" } ?? description
    }

    /// The provider's base string, for a refused signature.
    public var journalDiagnosis: JournalDiagnosis? {
        serverSignatureBase.map { JournalDiagnosis(title: "base string", headerName: OAuth1BaseStringDifference.headerName, text: $0) }
    }

    /// The flavour's error body (with `X-OAuth1-Base-String` when the provider's
    /// ``OAuth1MockOptions/exposeBaseString`` is on), or a 400 page for the authorisation routes.
    public func response(from provider: OAuth1MockProvider) -> MockResponse {
        if let pageTitle {
            return .html(status: .badRequest, title: pageTitle, body: "<p>\(MockResponse.escapingMarkup(message))</p>")
        }
        return provider.flavour.errorResponse(for: self, exposeBaseString: provider.options.exposeBaseString)
    }
}
