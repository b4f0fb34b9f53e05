public import SignedHTTP
public import SigningCore

/// The one error type of ``OAuth1Client``: what went wrong and what to do about it.
///
/// Switch on ``code`` (errors compare by code only, see `SignedAPIError`); show
/// ``message`` to a person. Messages never contain a secret, a token secret or a signature
/// key; they name parameters and positions instead.
///
/// When a provider refused a request, the error also carries the parts as values, for code and
/// tests: ``statusCode``, the provider's ``providerCode`` and ``providerMessage``, the mock
/// server's ``mockReason``, and for a rejected signature the ``baseStringDifference``:
///
/// ```swift
/// } catch let error as OAuth1Error where error.code == .signatureInvalid {
///     print(error.baseStringDifference?.changedParameters ?? [])   // ["status"]
/// }
/// ```
public struct OAuth1Error: SignedAPIError {
    /// What kind of failure this is. An open set of static values, so new codes can be added
    /// without breaking callers that switch with a `default` branch.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        /// The code's name, as printed.
        public let description: String
        private init(_ description: String) { self.description = description }

        /// A URL without scheme or host, or with a scheme OAuth cannot sign.
        public static let invalidURL = Code("invalid URL")
        /// An `Authorization` header that is not a well-formed `OAuth` header (RFC 5849 §3.5.1).
        public static let invalidAuthorizationHeader = Code("invalid Authorization header")
        /// A parameter whose value is malformed (bad percent-encoding, a non-numeric timestamp, …;
        /// from a provider: `oauth_problem=parameter_rejected`).
        public static let invalidParameter = Code("invalid parameter")
        /// A required protocol parameter is absent (from a provider: `oauth_problem=parameter_absent`).
        public static let missingParameter = Code("missing parameter")
        /// A protocol parameter was sent more than once.
        public static let duplicateParameter = Code("duplicate parameter")
        /// Protocol parameters arrived in more than one of header, query and form body.
        public static let parametersInSeveralLocations = Code("protocol parameters in several locations")
        /// An `oauth_signature_method` this library does not implement (from a provider, one it
        /// does not accept: `oauth_problem=signature_method_rejected`).
        public static let unsupportedSignatureMethod = Code("unsupported signature method")
        /// An `oauth_version` other than `1.0` (from a provider: `oauth_problem=version_rejected`).
        public static let unsupportedVersion = Code("unsupported version")
        /// `oauth_body_hash` on a form-encoded request, where the extension forbids it.
        public static let bodyHashNotAllowed = Code("body hash not allowed")
        /// A token endpoint answered with a body that is not a valid token response.
        public static let invalidTokenResponse = Code("invalid token response")
        /// The request-token reply lacked `oauth_callback_confirmed=true` (OAuth 1.0a §6.1.2).
        public static let callbackNotConfirmed = Code("callback not confirmed")
        /// The callback carried a different `oauth_token` from the one being authorised.
        public static let tokenMismatch = Code("token mismatch")
        /// The user (or the provider) refused the authorisation (`oauth_problem=user_refused` or
        /// `permission_denied`).
        public static let authorizationDenied = Code("authorization denied")
        /// The callback carried no `oauth_verifier`.
        public static let missingVerifier = Code("missing verifier")
        /// The server answered HTTP 429: too many requests; wait ``retryAfter`` (when it said)
        /// before trying again.
        public static let rateLimited = Code("rate limited")
        /// The provider answered with an HTTP error no other code names (an `oauth_problem` such as
        /// `additional_authorization_required` is ``OAuth1Error/providerCode``);
        /// ``OAuth1Error/message`` holds its own text.
        public static let requestRejected = Code("request rejected")
        /// The provider rejected the signature; ``OAuth1Error/baseStringDifference`` says where
        /// its base string differs from ours when the provider reports it.
        public static let signatureInvalid = Code("signature invalid")
        /// The provider rejected the token as invalid, expired or revoked (Twitter's code 89,
        /// `oauth_problem=token_expired`, …). Recovery: delete the stored access token and run
        /// the 3-legged flow again.
        public static let tokenRejected = Code("token rejected")
        /// The provider refused `oauth_timestamp` (Twitter's code 135, `oauth_problem=timestamp_refused`):
        /// the device's clock is off; already retried once at the provider's time when the
        /// client's clock-skew correction is on.
        public static let timestampRefused = Code("timestamp refused")
        /// The provider has seen `oauth_nonce` before (`oauth_problem=nonce_used`).
        public static let nonceUsed = Code("nonce used")
        /// The transport failed before a response arrived.
        public static let transportFailed = Code("transport failed")
        /// A verifier does not know `oauth_consumer_key`, or a provider does not accept it
        /// (`oauth_problem=consumer_key_unknown`, `consumer_key_rejected`, `consumer_key_refused`).
        public static let unknownConsumer = Code("unknown consumer")
        /// A verifier's look-up of a consumer or token secret failed (the app's own store
        /// threw); the request is refused, and ``OAuth1Error/cause`` holds the look-up's error.
        public static let credentialLookupFailed = Code("credential lookup failed")
        /// A verifier's replay store could not answer, so the nonce could not be checked and
        /// the request is refused (never accepted unchecked); ``OAuth1Error/cause`` holds the
        /// store's `SignedVerificationError`. Adapters answer 503.
        public static let replayStoreUnavailable = Code("replay store unavailable")
        /// An RSA key that cannot be used: not PEM or DER, damaged, encrypted, not RSA, a
        /// public key where a private one is needed (or the reverse), shorter than 1024 or
        /// longer than 16384 bits. The message names which and what to do.
        public static let invalidKey = Code("invalid key")
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
    /// For ``Code/rateLimited``: the wait the answer's `Retry-After` asked for, in seconds.
    public var retryAfter: Double?
    /// For ``Code/signatureInvalid``: where the provider's base string (its
    /// `X-OAuth1-Base-String`, or a problem report's `oauth_signature_base_string`) differs
    /// from ours; `nil` when it did not report one.
    public let baseStringDifference: OAuth1BaseStringDifference?
    /// For ``Code/signatureInvalid``: the base string the server signed — ``OAuth1Verifier``'s
    /// own, or the one a provider reported (`X-OAuth1-Base-String`, `oauth_signature_base_string`);
    /// never a secret.
    public let serverSignatureBase: String?
    /// The provider's refusal in the terms of the OAuth Problem Reporting extension, when it
    /// answered with one (`oauth_problem` in the body or in `WWW-Authenticate`): the problem,
    /// its advice, and what it would have accepted (acceptable timestamps and versions, the
    /// parameters absent or rejected); ``code`` is read from its problem.
    public let problemReport: OAuth1ProblemReport?
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
        serverSignatureBase: String? = nil,
        problemReport: OAuth1ProblemReport? = nil,
        cause: (any Error)? = nil
    ) {
        self.code = code
        self.message = message
        self.statusCode = statusCode
        self.providerCode = providerCode
        self.providerMessage = providerMessage
        self.mockReason = mockReason
        self.baseStringDifference = baseStringDifference
        self.serverSignatureBase = serverSignatureBase
        self.problemReport = problemReport
        self.cause = cause
    }
}

extension OAuth1Error: SignedClientError {
    /// A request that got no response: Code/transportFailed, with the transport's error as
    /// cause.
    public init(transportFailure failure: SignedHTTPError) {
        self.init(code: .transportFailed, message: failure.message, cause: failure.cause ?? failure)
    }
}
