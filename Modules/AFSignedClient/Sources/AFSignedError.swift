public import SignedHTTP
public import SigningCore

/// The one error type of ``AFSignedClient``: what went wrong and what to do about it.
///
/// Switch on ``code`` (errors compare by code only); show ``message`` to a person. The
/// verifier's failures carry the original backend's words in ``providerMessage`` (`Incorrect auth
/// signature`, …); a client's request refused by a server carries its status and words.
/// Messages never contain the client secret.
public struct AFSignedError: SignedAPIError {
    /// What kind of failure this is; an open set of static values.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        /// The code's name, as printed.
        public let description: String
        private init(_ description: String) { self.description = description }

        /// The configuration's base URL and a path do not make a URL (percent-encode the
        /// path): nothing was sent.
        public static let invalidURL = Code("invalid URL")
        /// `Incorrect client version`: `auth_version` (or `X-Auth-Version`) is missing or not the
        /// version the verifier expects.
        public static let incorrectVersion = Code("incorrect client version")
        /// `Incorrect client id`: the client id is missing or unknown.
        public static let incorrectClientID = Code("incorrect client id")
        /// `Incorrect auth timestamp`: missing, not whole seconds, or outside the window.
        public static let timestampRefused = Code("timestamp refused")
        /// `Incorrect auth signature`: the signature does not match the string the verifier
        /// signed (see ``AFSignedError/serverSignatureBase``).
        public static let signatureInvalid = Code("signature invalid")
        /// `Incorrect auth nonce`: the nonce was already used within the window (only when the
        /// verifier keeps nonces).
        public static let nonceUsed = Code("nonce used")
        /// The verifier's replay store could not answer, so the nonce could not be checked and
        /// the request is refused (never accepted unchecked); ``AFSignedError/cause`` holds the
        /// store's `SignedVerificationError`. Adapters and the mock answer 503.
        public static let replayStoreUnavailable = Code("replay store unavailable")
        /// The request cannot be read: an auth parameter sent twice, a huge value, bad encoding.
        public static let malformedRequest = Code("malformed request")
        /// The verifier's client look-up threw, so the request could not be checked and is
        /// refused (503): the client may try again.
        public static let credentialLookupFailed = Code("credential lookup failed")
        /// The parameters cannot be signed so that a PHP backend verifies them (nesting deeper
        /// than one level, keys PHP has no consistent order for, more than 1000 fields).
        public static let unsignableParameters = Code("unsignable parameters")
        /// The server answered HTTP 429: too many requests; wait ``retryAfter`` (when it said)
        /// before trying again.
        public static let rateLimited = Code("rate limited")
        /// The server answered with an error status.
        public static let requestRejected = Code("request rejected")
        /// The server's answer is not what was expected.
        public static let invalidResponse = Code("invalid response")
        /// The answer's JSON does not match the expected type.
        public static let decodingFailed = Code("decoding failed")
        /// The request did not reach the server or no answer came back.
        public static let transportFailed = Code("transport failed")
    }

    /// The kind of failure.
    public let code: Code
    /// A sentence a person can act on.
    public let message: String
    /// The backend's own words (`Incorrect auth signature`), from a verifier or a server.
    public let providerMessage: String?
    /// For ``Code/signatureInvalid``: the string the verifier signed (a server's diagnosis,
    /// never the secret), to compare with what was signed.
    public let serverSignatureBase: String?
    /// The HTTP status, when a server answered with an error status.
    public let statusCode: Int?
    /// The mock server's own explanation (`X-Mock-Reason`), when the server is this package's mock.
    public let mockReason: String?
    /// For ``Code/rateLimited``: the wait the answer's `Retry-After` asked for, in seconds.
    public var retryAfter: Double?
    /// The underlying error, when there is one.
    public let cause: (any Error)?

    /// Creates an error.
    public init(
        code: Code, message: String, providerMessage: String? = nil, serverSignatureBase: String? = nil,
        statusCode: Int? = nil, mockReason: String? = nil, cause: (any Error)? = nil
    ) {
        self.code = code
        self.message = message
        self.providerMessage = providerMessage
        self.serverSignatureBase = serverSignatureBase
        self.statusCode = statusCode
        self.mockReason = mockReason
        self.cause = cause
    }
}

extension AFSignedError: SignedClientError {
    /// A request that got no response: Code/transportFailed, with the transport's error as
    /// cause.
    public init(transportFailure failure: SignedHTTPError) {
        self.init(code: .transportFailed, message: failure.message, cause: failure.cause ?? failure)
    }
}

extension AFSignedError {
    /// The HTTP status a server answers this refusal of ``AFSignedVerifier`` with: 503 when the
    /// replay store or the client look-up could not answer (the client may try again), 400 for a request that cannot
    /// be read (``Code/malformedRequest``, ``Code/unsignableParameters``), 401 otherwise — as
    /// the mock backend and `HummingbirdSignedRequests` answer.
    public var refusalStatus: Int {
        switch code {
        case .replayStoreUnavailable, .credentialLookupFailed: 503
        case .malformedRequest, .unsignableParameters: 400
        default: 401
        }
    }

    /// The words of the `{"error": …}` body a server answers this refusal with: the original
    /// backend's (``providerMessage``, such as `Incorrect auth signature`), or this package's
    /// for a request the original backend had no words for (``AFSignedVerifier/Message``).
    public var refusalWords: String {
        providerMessage ?? (code == .unsignableParameters ? AFSignedVerifier.Message.unsignableParameters : AFSignedVerifier.Message.malformedRequest)
    }
}
