public import AFSignedClient
public import HTTPTypes
public import MockServerKit
public import SigningCore

/// The one error type of the `AFSignedMock` module: why the mock backend refused a request. It
/// has the shape of every error of the package (`SignedAPIError`; compares by code).
///
/// A refusal of the signature check carries the verifier's `AFSignedError`
/// (its code, the original backend's words such as `Incorrect auth signature`, and the detailed
/// reason); the API's own failures are invalid fields, an unknown user, a body that is not a
/// form and a full user table. As a `MockProviderError` it is answered as the
/// original backend answers: a status and `{"error": "<words>"}` (with `"fields"` for invalid
/// fields), plus `X-Auth-String-To-Sign` for a bad signature when diagnosis is on. Never holds
/// the client secret.
public struct AFSignedMockError: MockProviderError, SignedAPIError {
    /// What kind of refusal this is; an open set of static values. A refusal of the signature
    /// check is named as the verifier names it (the shared names: ``signatureInvalid``,
    /// ``timestampRefused``, ``nonceUsed``, …); the API's own refusals have their own.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        /// The code's name, as printed (and as `X-Mock-Reason` begins).
        public let description: String
        private init(_ description: String) { self.description = description }

        /// The signature check's refusal `verification`, by the verifier's code.
        public init(_ verification: AFSignedError.Code) { self.init(verification.description) }

        /// The signature does not match (401).
        public static let signatureInvalid = Code(AFSignedError.Code.signatureInvalid)
        /// `auth_timestamp` is outside the window (401).
        public static let timestampRefused = Code(AFSignedError.Code.timestampRefused)
        /// The nonce was used before (401).
        public static let nonceUsed = Code(AFSignedError.Code.nonceUsed)
        /// Fields failed validation (422).
        public static let invalidFields = Code("invalidFields")
        /// No user has the id (404).
        public static let notFound = Code("notFound")
        /// The body is not `application/x-www-form-urlencoded` (415).
        public static let unsupportedBody = Code("unsupportedBody")
        /// The user table is full (409).
        public static let tableFull = Code("tableFull")
    }

    /// The kind of refusal.
    public let code: Code
    /// The status answered.
    public let status: HTTPResponse.Status
    /// The body's `error`: the original backend's words for a signature refusal, else the API's.
    public let message: String
    /// Why, and what to do about it (the journal's reason and `X-Mock-Reason`).
    public let reason: String
    /// For ``Code/invalidFields``: each invalid field and what is wrong with it.
    public let fields: [String: String]
    /// For a refusal of the signature check: the verifier's error.
    public let verification: AFSignedError?
    /// For a bad signature with diagnosis on: the string the server signed, as the
    /// `X-Auth-String-To-Sign` value (printable ASCII, other bytes and `%` as `%XX`).
    public let stringToSign: String?

    private init(code: Code, status: HTTPResponse.Status, message: String, reason: String, fields: [String: String] = [:],
                 verification: AFSignedError? = nil, stringToSign: String? = nil) {
        self.code = code
        self.status = status
        self.message = message
        self.reason = reason
        self.fields = fields
        self.verification = verification
        self.stringToSign = stringToSign
    }

    /// A refusal of the signature check, answered with the SDK's status and words for it
    /// (`AFSignedError.refusalStatus`, `refusalWords`): 401 with the original backend's words,
    /// 400 for a request that cannot be read, 503 when the replay store could not answer.
    init(refusal error: AFSignedError, reason: String, stringToSign: String? = nil) {
        self.init(
            code: Code(error.code), status: HTTPResponse.Status(code: error.refusalStatus), message: error.refusalWords, reason: reason,
            verification: error, stringToSign: stringToSign
        )
    }

    /// 422 `{"error":"Validation failed","fields":{…}}`.
    static func invalidFields(_ fields: [String: String]) -> AFSignedMockError {
        let listed = fields.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: "; ")
        return AFSignedMockError(code: .invalidFields, status: .unprocessableContent, message: "Validation failed", reason: "validation failed: \(listed)", fields: fields)
    }

    /// 404 `{"error":"User not found"}`.
    static func userNotFound(_ id: String) -> AFSignedMockError {
        AFSignedMockError(code: .notFound, status: .notFound, message: "User not found", reason: "no user has the id \"\(id.prefix(40))\"; GET /users lists them")
    }

    /// 415 for a body that is not a form.
    static func unsupportedBody(_ mediaType: String?) -> AFSignedMockError {
        AFSignedMockError(
            code: .unsupportedBody, status: .unsupportedMediaType, message: "Unsupported Media Type",
            reason: "the body is \(mediaType.map { "\($0.prefix(60))" } ?? "without a Content-Type"); send the fields as application/x-www-form-urlencoded, which the signature covers (a JSON body is not signed)"
        )
    }

    /// 409 when the table holds its most users.
    static func tableFull(capacity: Int) -> AFSignedMockError {
        AFSignedMockError(code: .tableFull, status: .conflict, message: "User table is full", reason: "the table holds its most users (\(capacity)); delete some first")
    }

    /// The status's code.
    public var statusCode: Int? { status.code }
    /// The backend's words (``message``), as its body's `error` carries them.
    public var providerMessage: String? { message }
    /// The mock's explanation (``reason``), as `X-Mock-Reason` carries it.
    public var mockReason: String? { reason }

    /// The code, then the reason.
    public var description: String { "\(code): \(reason)" }

    /// ``description``: the code, then the reason.
    public var journalReason: String { description }

    /// The string to sign the provider computed, for a refused signature.
    public var journalDiagnosis: JournalDiagnosis? {
        stringToSign.map { JournalDiagnosis(title: "string to sign", headerName: AFSignedField.stringToSignHeader, text: $0) }
    }

    /// `{"error": message}` (and `"fields"` for invalid fields) with ``status``, and
    /// `X-Auth-String-To-Sign` when the provider's diagnosis is on and the server's string is known.
    public func response(from provider: AFSignedMockProvider) -> MockResponse {
        var body: [String: Any] = ["error": message]
        if !fields.isEmpty { body["fields"] = fields }
        var response = MockResponse.json(body, status: status)
        if status == .serviceUnavailable { response.refuseUnchecked() }
        if provider.options.diagnosis, let stringToSign {
            response.headers[AFSignedCheck.stringToSignHeader] = stringToSign
        }
        return response
    }
}
