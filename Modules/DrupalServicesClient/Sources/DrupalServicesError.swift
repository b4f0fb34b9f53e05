public import SignedHTTP
public import SigningCore

/// The one error type of ``DrupalServicesClient``: what went wrong and what to do about it.
///
/// Switch on ``code`` (errors compare by code only); show ``message`` to a person. Drupal's
/// failure strings (``DrupalServiceMessage``) and JSON-RPC error objects become codes a caller
/// can switch on, keeping the server's own words in ``providerMessage`` and the error object in
/// ``rpcError``. Messages never contain the API key, a password or a session id.
///
/// ```swift
/// } catch let error as DrupalServicesError where error.code == .sessionExpired {
///     try await client.login(username: name, password: askForPassword())
/// }
/// ```
public struct DrupalServicesError: SignedAPIError {
    /// What kind of failure this is; an open set of static values.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        /// The code's name, as printed.
        public let description: String
        private init(_ description: String) { self.description = description }

        /// The configuration's base URL and a path do not make a URL (percent-encode the
        /// path): nothing was sent.
        public static let invalidURL = Code("invalid URL")
        /// `Token has expired.`: the timestamp is older than the server's expiry setting. The
        /// client retries once at the server's time when it corrects clock skew; if it still
        /// fails, the device clock is far off or the expiry is very short.
        public static let timestampRefused = Code("timestamp refused")
        /// `Token has been used previously…`: the nonce was already used for this domain. Never
        /// retried with the same nonce; a new call signs with a new one.
        public static let nonceUsed = Code("nonce used")
        /// A verifier's replay store could not answer, so the nonce could not be checked and
        /// the call is refused (never accepted unchecked); ``DrupalServicesError/cause`` holds
        /// the store's `SignedVerificationError`. Adapters and the mock answer 503.
        public static let replayStoreUnavailable = Code("replay store unavailable")
        /// A verifier's key look-up threw, so the call could not be checked and is refused
        /// (503): the client may try again.
        public static let credentialLookupFailed = Code("credential lookup failed")
        /// `Invalid API key.`: the hash does not match — a wrong key, or a domain other than
        /// the one the key was registered for (the name every scheme's bad signature has).
        public static let signatureInvalid = Code("signature invalid")
        /// `Access denied.` / `Access denied`: the key may not call this method, or the session's
        /// user lacks the permission.
        public static let accessDenied = Code("access denied")
        /// `Invalid sessid.`: the site uses sessions and no session id was sent; connect first.
        public static let invalidSessid = Code("invalid sessid")
        /// `Wrong username or password.`
        public static let wrongCredentials = Code("wrong credentials")
        /// `Already logged in as NAME.`
        public static let alreadyLoggedIn = Code("already logged in")
        /// `User is not logged in.`
        public static let notLoggedIn = Code("not logged in")
        /// `Could not find the node.`
        public static let notFound = Code("not found")
        /// A logged-in session (restored or in use) is no longer valid on the server, which would
        /// otherwise run the call as the anonymous user. Log in again.
        public static let sessionExpired = Code("session expired")
        /// No such method (`Method x does not exist`, JSON-RPC -32601).
        public static let methodNotFound = Code("method not found")
        /// Missing or ill-typed arguments (`Missing required arguments: …`, JSON-RPC -32602).
        public static let invalidArguments = Code("invalid arguments")
        /// The body is not JSON (JSON-RPC -32700).
        public static let invalidJSON = Code("invalid JSON")
        /// The JSON is not a JSON-RPC request (JSON-RPC -32600).
        public static let invalidRequest = Code("invalid request")
        /// Another JSON-RPC error object with a code in JSON-RPC's reserved range (-32768 to
        /// -32000); see ``DrupalServicesError/rpcError``.
        public static let rpcError = Code("JSON-RPC error")
        /// A failure this client does not know: a string where the method returns no string, or
        /// an error object with the application's own code (a strict server's 406, …).
        public static let serviceFailure = Code("service failure")
        /// The server answered HTTP 429: too many requests; wait ``retryAfter`` (when it said)
        /// before trying again.
        public static let rateLimited = Code("rate limited")
        /// The server answered with an HTTP error status.
        public static let requestRejected = Code("request rejected")
        /// The answer is not a JSON-RPC response.
        public static let invalidResponse = Code("invalid response")
        /// The result does not decode into the expected type; the message names the field.
        public static let decodingFailed = Code("decoding failed")
        /// The session could not be read from or written to the `CredentialStore`; see
        /// ``DrupalServicesError/cause`` (a `CredentialStoreError`).
        public static let storeFailed = Code("credential store failed")
        /// No response arrived; see ``DrupalServicesError/cause``.
        public static let transportFailed = Code("transport failed")
    }

    /// The kind of failure.
    public let code: Code
    /// A sentence a person can act on.
    public let message: String
    /// Drupal's own failure string (`Token has expired.`), when the server sent one.
    public let providerMessage: String?
    /// The JSON-RPC error object the server sent, or (for a server parsing a request) the one
    /// to answer with.
    public let rpcError: JSONRPCErrorObject?
    /// The HTTP status, when the server answered with an error status.
    public let statusCode: Int?
    /// The mock server's own explanation (`X-Mock-Reason`), when the server is this package's mock.
    public let mockReason: String?
    /// For ``Code/rateLimited``: the wait the answer's `Retry-After` asked for, in seconds.
    public var retryAfter: Double?
    /// For ``Code/signatureInvalid``: the string the server hashed (`timestamp;domain;nonce;method`,
    /// from the `X-Drupal-Hash-Input` header of a server with diagnosis on, such as this
    /// package's mock), to compare with what was signed.
    public let serverSignatureBase: String?
    /// The JSON-RPC error object's code (`"-32601"`), when the server sent one: the provider's own code.
    public var providerCode: String? { rpcError.map { String($0.code) } }
    /// The underlying error (a `URLError`, a `DecodingError`), when there is one.
    public let cause: (any Error)?
    /// For a call a server refused (``DrupalKeyVerifier``): the dialect and id its answer
    /// takes.
    public internal(set) var replyAddress: JSONRPCReplyAddress?

    /// Creates an error.
    public init(
        code: Code,
        message: String,
        providerMessage: String? = nil,
        rpcError: JSONRPCErrorObject? = nil,
        statusCode: Int? = nil,
        mockReason: String? = nil,
        serverSignatureBase: String? = nil,
        cause: (any Error)? = nil
    ) {
        self.code = code
        self.message = message
        self.providerMessage = providerMessage
        self.rpcError = rpcError
        self.statusCode = statusCode
        self.mockReason = mockReason
        self.serverSignatureBase = serverSignatureBase
        self.cause = cause
    }

    static func invalidRequest(_ message: String) -> DrupalServicesError {
        DrupalServicesError(code: .invalidRequest, message: message, rpcError: JSONRPCErrorObject(code: JSONRPCErrorObject.invalidRequest, message: "Invalid Request: \(message)"))
    }

    static func invalidResponse(_ message: String) -> DrupalServicesError {
        DrupalServicesError(code: .invalidResponse, message: message)
    }
}

extension DrupalServicesError: SignedClientError {
    /// A request that got no response: Code/transportFailed, with the transport's error as
    /// cause.
    public init(transportFailure failure: SignedHTTPError) {
        self.init(code: .transportFailed, message: failure.message, cause: failure.cause ?? failure)
    }
}
