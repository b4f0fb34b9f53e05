/// The one error type of ``OAuth1Client``: what went wrong and what to do about it.
///
/// Switch on ``code`` (errors compare by code only, like NIO's `FileSystemError`); show
/// ``message`` to a person. Messages never contain a secret, a token secret or a signature
/// key; they name parameters and positions instead.
///
/// When a provider refused a request, the error also carries the parts as values, for code and
/// tests: ``statusCode``, the provider's ``providerCode`` and ``providerMessage``, the mock
/// server's ``mockReason``, and for a rejected signature the ``baseStringDifference``:
///
/// ```swift
/// } catch let error as OAuth1Error where error.code == .signatureRejected {
///     print(error.baseStringDifference?.changedParameters ?? [])   // ["status"]
/// }
/// ```
public struct OAuth1Error: Error, Hashable, Sendable, CustomStringConvertible {
    /// What kind of failure this is. An open set of static values, so new codes can be added
    /// without breaking callers that switch with a `default` branch.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private enum Base: Hashable, Sendable {
            case invalidURL
            case invalidAuthorizationHeader
            case invalidParameter
            case missingParameter
            case duplicateParameter
            case parametersInSeveralLocations
            case unsupportedSignatureMethod
            case unsupportedVersion
            case bodyHashNotAllowed
            case invalidTokenResponse
            case callbackNotConfirmed
            case tokenMismatch
            case authorizationDenied
            case missingVerifier
            case requestRejected
            case signatureRejected
            case tokenRejected
            case transportFailed
        }

        private let base: Base
        private init(_ base: Base) { self.base = base }

        /// A URL without scheme or host, or with a scheme OAuth cannot sign.
        public static let invalidURL = Code(.invalidURL)
        /// An `Authorization` header that is not a well-formed `OAuth` header (RFC 5849 §3.5.1).
        public static let invalidAuthorizationHeader = Code(.invalidAuthorizationHeader)
        /// A parameter whose value is malformed (bad percent-encoding, a non-numeric timestamp, …).
        public static let invalidParameter = Code(.invalidParameter)
        /// A required protocol parameter is absent.
        public static let missingParameter = Code(.missingParameter)
        /// A protocol parameter was sent more than once.
        public static let duplicateParameter = Code(.duplicateParameter)
        /// Protocol parameters arrived in more than one of header, query and form body.
        public static let parametersInSeveralLocations = Code(.parametersInSeveralLocations)
        /// An `oauth_signature_method` this library does not implement.
        public static let unsupportedSignatureMethod = Code(.unsupportedSignatureMethod)
        /// An `oauth_version` other than `1.0`.
        public static let unsupportedVersion = Code(.unsupportedVersion)
        /// `oauth_body_hash` on a form-encoded request, where the extension forbids it.
        public static let bodyHashNotAllowed = Code(.bodyHashNotAllowed)
        /// A token endpoint answered with a body that is not a valid token response.
        public static let invalidTokenResponse = Code(.invalidTokenResponse)
        /// The request-token reply lacked `oauth_callback_confirmed=true` (OAuth 1.0a §6.1.2).
        public static let callbackNotConfirmed = Code(.callbackNotConfirmed)
        /// The callback carried a different `oauth_token` from the one being authorised.
        public static let tokenMismatch = Code(.tokenMismatch)
        /// The user (or the provider) refused the authorisation.
        public static let authorizationDenied = Code(.authorizationDenied)
        /// The callback carried no `oauth_verifier`.
        public static let missingVerifier = Code(.missingVerifier)
        /// The provider answered with an HTTP error; ``OAuth1Error/message`` holds its own text.
        public static let requestRejected = Code(.requestRejected)
        /// The provider rejected the signature; ``OAuth1Error/baseStringDifference`` says where
        /// its base string differs from ours when the provider reports it.
        public static let signatureRejected = Code(.signatureRejected)
        /// The provider rejected the token as invalid, expired or revoked (Twitter's code 89,
        /// `oauth_problem=token_expired`, …). Recovery: delete the stored access token and run
        /// the 3-legged flow again.
        public static let tokenRejected = Code(.tokenRejected)
        /// The transport failed before a response arrived.
        public static let transportFailed = Code(.transportFailed)

        public var description: String {
            switch base {
            case .invalidURL: "invalid URL"
            case .invalidAuthorizationHeader: "invalid Authorization header"
            case .invalidParameter: "invalid parameter"
            case .missingParameter: "missing parameter"
            case .duplicateParameter: "duplicate parameter"
            case .parametersInSeveralLocations: "protocol parameters in several locations"
            case .unsupportedSignatureMethod: "unsupported signature method"
            case .unsupportedVersion: "unsupported version"
            case .bodyHashNotAllowed: "body hash not allowed"
            case .invalidTokenResponse: "invalid token response"
            case .callbackNotConfirmed: "callback not confirmed"
            case .tokenMismatch: "token mismatch"
            case .authorizationDenied: "authorization denied"
            case .missingVerifier: "missing verifier"
            case .requestRejected: "request rejected"
            case .signatureRejected: "signature rejected"
            case .tokenRejected: "token rejected"
            case .transportFailed: "transport failed"
            }
        }
    }

    /// The kind of failure.
    public let code: Code
    /// A sentence a person can act on.
    public let message: String
    /// The HTTP status code of the provider's response, when the error comes from one.
    public let statusCode: Int?
    /// The provider's own error code from its error body (Twitter's `"32"`, an OAuth problem
    /// such as `"token_expired"`), when it sent one.
    public let providerCode: String?
    /// The provider's own words from its error body, when it said something.
    public let providerMessage: String?
    /// The mock server's own explanation (`X-Mock-Reason`), when the provider is one of this
    /// package's mock servers: the real reason behind a provider's generic message.
    public let mockReason: String?
    /// For ``Code/signatureRejected``: where the provider's base string (its
    /// `X-OAuth1-Base-String`) differs from ours; `nil` when it did not report one.
    public let baseStringDifference: OAuth1BaseStringDifference?
    /// The underlying error, when there is one: for ``Code/transportFailed`` the transport's
    /// own error (a `URLError` stays a `URLError`).
    public let cause: (any Error)?

    /// Creates an error. Library code builds these itself; the initialiser is public so that
    /// tests and callers can build expected values.
    public init(
        code: Code,
        message: String,
        statusCode: Int? = nil,
        providerCode: String? = nil,
        providerMessage: String? = nil,
        mockReason: String? = nil,
        baseStringDifference: OAuth1BaseStringDifference? = nil,
        cause: (any Error)? = nil
    ) {
        self.code = code
        self.message = message
        self.statusCode = statusCode
        self.providerCode = providerCode
        self.providerMessage = providerMessage
        self.mockReason = mockReason
        self.baseStringDifference = baseStringDifference
        self.cause = cause
    }

    public var description: String {
        if let statusCode { return "\(code) (HTTP \(statusCode)): \(message)" }
        return "\(code): \(message)"
    }

    public static func == (lhs: OAuth1Error, rhs: OAuth1Error) -> Bool { lhs.code == rhs.code }
    public func hash(into hasher: inout Hasher) { hasher.combine(code) }
}
