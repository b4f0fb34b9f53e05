/// The one error type of ``AFSignedClient``: what went wrong and what to do about it.
///
/// Switch on ``code`` (errors compare by code only); show ``message`` to a person. The
/// verifier's failures carry the seed backend's words in ``serverMessage`` (`Incorrect auth
/// signature`, …); a client's request refused by a server carries its status and words.
/// Messages never contain the client secret.
public struct AFSignedError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What kind of failure this is; an open set of static values.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private enum Base: Hashable, Sendable {
            case incorrectVersion, incorrectClientID, incorrectTimestamp, incorrectSignature, replayedNonce
            case malformedRequest, unsignableParameters, requestRejected, invalidResponse, decodingFailed, transportFailed
        }

        private let base: Base
        private init(_ base: Base) { self.base = base }

        /// `Incorrect client version`: `auth_version` (or `X-Auth-Version`) is missing or not the
        /// version the verifier expects.
        public static let incorrectVersion = Code(.incorrectVersion)
        /// `Incorrect client id`: the client id is missing or unknown.
        public static let incorrectClientID = Code(.incorrectClientID)
        /// `Incorrect auth timestamp`: missing, not whole seconds, or outside the window.
        public static let incorrectTimestamp = Code(.incorrectTimestamp)
        /// `Incorrect auth signature`: the signature does not match the string the verifier
        /// signed (see ``AFSignedError/serverStringToSign``).
        public static let incorrectSignature = Code(.incorrectSignature)
        /// `Incorrect auth nonce`: the nonce was already used within the window (only when the
        /// verifier keeps nonces).
        public static let replayedNonce = Code(.replayedNonce)
        /// The request cannot be read: an auth parameter sent twice, a huge value, bad encoding.
        public static let malformedRequest = Code(.malformedRequest)
        /// The parameters cannot be signed so that a PHP backend verifies them (nesting deeper
        /// than one level, keys PHP has no consistent order for, more than 1000 fields).
        public static let unsignableParameters = Code(.unsignableParameters)
        /// The server answered with an error status.
        public static let requestRejected = Code(.requestRejected)
        /// The server's answer is not what was expected.
        public static let invalidResponse = Code(.invalidResponse)
        /// The answer's JSON does not match the expected type.
        public static let decodingFailed = Code(.decodingFailed)
        /// The request did not reach the server or no answer came back.
        public static let transportFailed = Code(.transportFailed)

        public var description: String {
            switch base {
            case .incorrectVersion: "incorrect client version"
            case .incorrectClientID: "incorrect client id"
            case .incorrectTimestamp: "incorrect auth timestamp"
            case .incorrectSignature: "incorrect auth signature"
            case .replayedNonce: "replayed nonce"
            case .malformedRequest: "malformed request"
            case .unsignableParameters: "unsignable parameters"
            case .requestRejected: "request rejected"
            case .invalidResponse: "invalid response"
            case .decodingFailed: "decoding failed"
            case .transportFailed: "transport failed"
            }
        }
    }

    /// The kind of failure.
    public let code: Code
    /// A sentence a person can act on.
    public let message: String
    /// The backend's own words (`Incorrect auth signature`), from a verifier or a server.
    public let serverMessage: String?
    /// For ``Code/incorrectSignature``: the string the verifier signed (a server's diagnosis,
    /// never the secret), to compare with what was signed.
    public let serverStringToSign: String?
    /// The HTTP status, when a server answered with an error status.
    public let statusCode: Int?
    /// The mock server's own explanation (`X-Mock-Reason`), when the server is this package's mock.
    public let mockReason: String?
    /// The underlying error, when there is one.
    public let cause: (any Error)?

    /// Creates an error.
    public init(
        code: Code, message: String, serverMessage: String? = nil, serverStringToSign: String? = nil,
        statusCode: Int? = nil, mockReason: String? = nil, cause: (any Error)? = nil
    ) {
        self.code = code
        self.message = message
        self.serverMessage = serverMessage
        self.serverStringToSign = serverStringToSign
        self.statusCode = statusCode
        self.mockReason = mockReason
        self.cause = cause
    }

    public var description: String {
        if let statusCode { return "\(code) (HTTP \(statusCode)): \(message)" }
        return "\(code): \(message)"
    }

    public static func == (lhs: AFSignedError, rhs: AFSignedError) -> Bool { lhs.code == rhs.code }
    public func hash(into hasher: inout Hasher) { hasher.combine(code) }
}
