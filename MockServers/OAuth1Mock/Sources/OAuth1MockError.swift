import HTTPTypes
public import MockServerKit

/// The one error type of the `OAuth1Mock` module: why the mock provider refused a request.
///
/// Routes throw it; as a `MockProviderError` it becomes the flavour's own error
/// body and status (``OAuth1Flavour/errorResponse(for:exposeBaseString:)``), or an HTML page on
/// the browser-facing authorisation routes, and the journal records ``description``. Compares
/// by ``code`` only. Never holds a secret; a rejected signature carries the base string the
/// server computed, which holds no secret.
public struct OAuth1MockError: MockProviderError, Hashable, Sendable, CustomStringConvertible {
    /// Why the request was refused; an open set of static values.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private enum Base: Hashable, Sendable {
            case malformedRequest
            case missingParameter
            case unsupportedSignatureMethod
            case unknownConsumer
            case timestampOutOfBounds
            case nonceReplayed
            case invalidSignature
            case invalidToken
            case expiredToken
            case invalidVerifier
            case missingUserAgent
            case callbackNotApproved
            case invalidInput
            case notFound
        }

        private let base: Base
        private init(_ base: Base) { self.base = base }

        /// The request could not be taken apart (bad header, percent-encoding, UTF-8, duplicates).
        public static let malformedRequest = Code(.malformedRequest)
        /// A required OAuth parameter is absent.
        public static let missingParameter = Code(.missingParameter)
        /// `oauth_signature_method` is unknown or not enabled.
        public static let unsupportedSignatureMethod = Code(.unsupportedSignatureMethod)
        /// `oauth_consumer_key` is not a known consumer.
        public static let unknownConsumer = Code(.unknownConsumer)
        /// `oauth_timestamp` is outside the accepted window.
        public static let timestampOutOfBounds = Code(.timestampOutOfBounds)
        /// The nonce was already used with this consumer and timestamp.
        public static let nonceReplayed = Code(.nonceReplayed)
        /// The signature (or `oauth_body_hash`) does not match.
        public static let invalidSignature = Code(.invalidSignature)
        /// The token is unknown, revoked, already used, or of the wrong kind.
        public static let invalidToken = Code(.invalidToken)
        /// The token has expired.
        public static let expiredToken = Code(.expiredToken)
        /// The verifier is missing or wrong, or the request token was not authorised.
        public static let invalidVerifier = Code(.invalidVerifier)
        /// The flavour requires a `User-Agent` header and none was sent.
        public static let missingUserAgent = Code(.missingUserAgent)
        /// `oauth_callback` is an absolute URI but none of the application's registered
        /// callbacks (``OAuth1MockOptions/registeredCallbacks``).
        public static let callbackNotApproved = Code(.callbackNotApproved)
        /// A resource parameter is missing or invalid (e.g. an empty status text).
        public static let invalidInput = Code(.invalidInput)
        /// The resource does not exist (e.g. another user's queue).
        public static let notFound = Code(.notFound)

        public var description: String {
            switch base {
            case .malformedRequest: "malformed request"
            case .missingParameter: "missing parameter"
            case .unsupportedSignatureMethod: "unsupported signature method"
            case .unknownConsumer: "unknown consumer"
            case .timestampOutOfBounds: "timestamp out of bounds"
            case .nonceReplayed: "nonce replayed"
            case .invalidSignature: "invalid signature"
            case .invalidToken: "invalid token"
            case .expiredToken: "expired token"
            case .invalidVerifier: "invalid verifier"
            case .missingUserAgent: "missing User-Agent"
            case .callbackNotApproved: "callback not approved"
            case .invalidInput: "invalid input"
            case .notFound: "not found"
            }
        }
    }

    /// Why.
    public let code: Code
    /// A sentence saying what was wrong and what to do.
    public let message: String
    /// For ``Code/invalidSignature``: the base string the server computed.
    public let serverBaseString: String?
    /// The title of the HTML page that shows the error, on the authorisation routes a person
    /// sees in a browser; `nil` for the API's error body.
    private(set) var pageTitle: String?

    /// Creates an error.
    public init(code: Code, message: String, serverBaseString: String? = nil) {
        self.code = code
        self.message = message
        self.serverBaseString = serverBaseString
    }

    /// The same error, shown as an HTML page titled `title` (the authorisation routes).
    func shownAsPage(title: String) -> OAuth1MockError {
        var error = self
        error.pageTitle = title
        return error
    }

    public var description: String { "\(code): \(message)" }

    /// ``description``: the code, then the message.
    public var journalReason: String { description }

    /// The flavour's error body (with `X-OAuth1-Base-String` when the provider's
    /// ``OAuth1MockOptions/exposeBaseString`` is on), or a 400 page for the authorisation routes.
    public func response(from provider: OAuth1MockProvider) -> MockResponse {
        if let pageTitle {
            return .html(status: .badRequest, title: pageTitle, body: "<p>\(MockResponse.escapingMarkup(message))</p>")
        }
        return provider.flavour.errorResponse(for: self, exposeBaseString: provider.options.exposeBaseString)
    }

    public static func == (lhs: OAuth1MockError, rhs: OAuth1MockError) -> Bool { lhs.code == rhs.code }
    public func hash(into hasher: inout Hasher) { hasher.combine(code) }
}
