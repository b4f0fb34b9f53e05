public import SignedHTTP
public import SigningCore

/// The one error type of `HTTPMessageSignatures` (RFC 9421, RFC 9530): what went wrong and what
/// to do about it.
///
/// Switch on ``code`` (errors compare by code only); show ``message`` to a person. A signature
/// that does not verify carries the verifier's signature base in ``serverSignatureBase``, to
/// diff with the base you signed. Messages never contain a key or an HMAC secret.
public struct HTTPMessageSignatureError: SignedAPIError {
    /// What kind of failure this is; an open set of static values.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        /// The code's name, as printed.
        public let description: String
        private init(_ description: String) { self.description = description }

        // MARK: Keys and signing

        /// A key cannot be used: a bad PEM, DER or JWK, the wrong kind or size, an empty HMAC
        /// secret (thrown by the crypto module's key types too).
        public static let invalidKey = Code("invalid key")
        /// The key could not sign the signature base.
        public static let signingFailed = Code("signing failed")
        /// The request cannot be signed as asked: a label already present, a nonce, keyid or tag
        /// that is not a structured-field string (RFC 9421 §2.3).
        public static let invalidSignatureParameters = Code("invalid signature parameters")

        // MARK: The Signature-Input and Signature fields (RFC 9421 §4)

        /// `Signature-Input` is not a Dictionary of Inner Lists of Strings with Integer and
        /// String parameters (RFC 9421 §4.1), or holds too many members.
        public static let malformedSignatureInput = Code("malformed Signature-Input")
        /// `Signature` is not a Dictionary of Byte Sequences (RFC 9421 §4.2), or holds too many
        /// members.
        public static let malformedSignature = Code("malformed Signature")
        /// A label occurs twice across the `Signature-Input` (or `Signature`) fields (RFC 9421 §4).
        public static let duplicateLabel = Code("duplicate label")
        /// A label is in one of `Signature-Input` and `Signature` but not the other (RFC 9421 §4).
        public static let labelMismatch = Code("label mismatch")
        /// The message carries no signature the verifier looks for (none, or none with the
        /// label or tag asked for).
        public static let missingSignature = Code("missing signature")

        // MARK: Components (RFC 9421 §2)

        /// A component identifier is listed twice in one signature (RFC 9421 §2.5, step 2.1).
        public static let duplicateComponent = Code("duplicate component")
        /// A derived component name this package does not know (RFC 9421 §2.2), or `@signature-params`
        /// listed as covered.
        public static let unknownComponent = Code("unknown component")
        /// A component parameter that is unknown, does not apply, clashes with another (`bs` with
        /// `sf` or `key`), or is `tr` (trailer fields are not supported) (RFC 9421 §2.1, §2.5).
        public static let invalidComponentParameter = Code("invalid component parameter")
        /// A covered component has no value in the message: a field not present, a dictionary
        /// key or query parameter not there, `req` with no request, `@status` in a request
        /// (RFC 9421 §2.5).
        public static let missingComponent = Code("missing component")
        /// A component value holds a control character, a newline or a byte that is not ASCII
        /// (obs-text), or a field that `sf`/`key` cannot parse (RFC 9421 §2.1, §2.5 step 4).
        public static let invalidComponentValue = Code("invalid component value")

        // MARK: Verification (RFC 9421 §3.2)

        /// `alg` names an algorithm the HTTP Signature Algorithms registry does not hold.
        public static let unknownAlgorithm = Code("unknown algorithm")
        /// `alg` names another algorithm than the key's (RFC 9421 §3.2 step 6, §7.3.6).
        public static let algorithmMismatch = Code("algorithm mismatch")
        /// The key look-up knows no key for `keyid`, or the signature names none.
        public static let unknownKey = Code("unknown key")
        /// The signature does not match the signature base the verifier built (see
        /// ``HTTPMessageSignatureError/serverSignatureBase``), or has the wrong length.
        public static let signatureInvalid = Code("signature invalid")
        /// The signature does not cover a component the verifier's policy requires.
        public static let missingRequiredComponent = Code("missing required component")
        /// `created` is missing where required, or older than the verifier's window.
        public static let timestampRefused = Code("timestamp refused")
        /// `created` lies in the future beyond the allowed clock skew.
        public static let createdInFuture = Code("created in future")
        /// `expires` has passed.
        public static let signatureExpired = Code("signature expired")
        /// The `nonce` was already used within the window.
        public static let nonceUsed = Code("nonce used")
        /// The signature has no `nonce` and the verifier requires one
        /// (``HTTPMessageSignatureVerifier/requiresNonce``).
        public static let missingNonce = Code("missing nonce")
        /// The replay store could not answer, so the nonce could not be checked and the request
        /// is refused (503); ``HTTPMessageSignatureError/cause`` holds the store's error.
        public static let replayStoreUnavailable = Code("replay store unavailable")
        /// The key look-up threw, so the request could not be checked and is refused (503).
        public static let credentialLookupFailed = Code("credential lookup failed")
        /// The request cannot be read: no usable authority for the public URL, a body too large.
        public static let malformedRequest = Code("malformed request")

        // MARK: Content-Digest (RFC 9530)

        /// `Content-Digest` does not match the body received.
        public static let contentDigestMismatch = Code("content digest mismatch")
        /// `Content-Digest` names only algorithms this package does not compute (it computes
        /// `sha-256` and `sha-512`).
        public static let unsupportedDigestAlgorithm = Code("unsupported digest algorithm")
        /// `Content-Digest` is not a Dictionary of Byte Sequences (RFC 9530 §2).
        public static let malformedContentDigest = Code("malformed Content-Digest")

        // MARK: A client's exchange

        /// The configuration's base URL and a path do not make a URL: nothing was sent.
        public static let invalidURL = Code("invalid URL")
        /// The server answered HTTP 429; wait ``HTTPMessageSignatureError/retryAfter``.
        public static let rateLimited = Code("rate limited")
        /// The server answered with an error status.
        public static let requestRejected = Code("request rejected")
        /// The request did not reach the server or no answer came back.
        public static let transportFailed = Code("transport failed")

        /// Every code, for reading a server's refusal back into one.
        static let all: [Code] = [
            .invalidKey, .signingFailed, .invalidSignatureParameters, .malformedSignatureInput, .malformedSignature, .duplicateLabel,
            .labelMismatch, .missingSignature, .duplicateComponent, .unknownComponent, .invalidComponentParameter, .missingComponent,
            .invalidComponentValue, .unknownAlgorithm, .algorithmMismatch, .unknownKey, .signatureInvalid, .missingRequiredComponent,
            .timestampRefused, .createdInFuture, .signatureExpired, .nonceUsed, .missingNonce, .replayStoreUnavailable, .credentialLookupFailed,
            .malformedRequest, .contentDigestMismatch, .unsupportedDigestAlgorithm, .malformedContentDigest, .invalidURL, .rateLimited,
            .requestRejected, .transportFailed,
        ]

        /// The code whose ``token`` is `token`.
        static func named(token: String) -> Code? { all.first { $0.token == token } }

        /// The code as a token (`signature_invalid`): what a refusal's `WWW-Authenticate` carries.
        public var token: String {
            String(description.lowercased().map { $0 == " " || $0 == "-" ? "_" : $0 })
        }
    }

    /// The kind of failure.
    public let code: Code
    /// A sentence a person can act on.
    public let message: String
    /// For ``Code/signatureInvalid``: the signature base the verifier built (never a secret), to
    /// compare with what was signed.
    public let serverSignatureBase: String?
    /// The HTTP status, when a server answered with an error status.
    public let statusCode: Int?
    /// The mock server's own explanation (`X-Mock-Reason`), when the server is this package's mock.
    public let mockReason: String?
    /// For ``Code/rateLimited``: the wait the answer's `Retry-After` asked for, in seconds.
    public var retryAfter: Double?
    /// For a request a verifier refused: the components its policy asks that request to cover
    /// (``HTTPSignatureRequirements/components(for:)``), which the refusal's `Accept-Signature`
    /// names; `nil` elsewhere.
    public var requestedComponents: [HTTPSignatureComponent]?
    /// The underlying error, when there is one.
    public let cause: (any Error)?

    /// Creates an error.
    public init(
        code: Code, message: String, serverSignatureBase: String? = nil,
        statusCode: Int? = nil, mockReason: String? = nil, cause: (any Error)? = nil
    ) {
        self.code = code
        self.message = message
        self.serverSignatureBase = serverSignatureBase
        self.statusCode = statusCode
        self.mockReason = mockReason
        self.cause = cause
    }
}

extension HTTPMessageSignatureError: SignedClientError {
    /// A request that got no response: ``Code/transportFailed``, with the transport's error as cause.
    public init(transportFailure failure: SignedHTTPError) {
        self.init(code: .transportFailed, message: failure.message, cause: failure.cause ?? failure)
    }
}

extension HTTPMessageSignatureError {
    /// The HTTP status a server answers this refusal of ``HTTPMessageSignatureVerifier`` with:
    /// 503 when the replay store or the key look-up could not answer (the client may try
    /// again), 400 for fields or components that cannot be read, 401 otherwise.
    public var refusalStatus: Int {
        switch code {
        case .replayStoreUnavailable, .credentialLookupFailed: 503
        case .malformedSignatureInput, .malformedSignature, .duplicateLabel, .labelMismatch, .duplicateComponent, .unknownComponent,
             .invalidComponentParameter, .invalidComponentValue, .malformedContentDigest, .malformedRequest:
            400
        default: 401
        }
    }
}
