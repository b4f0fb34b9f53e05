public import AFSignedClient
public import HTTPTypes
public import MockServerKit

/// The one error type of the `AFSignedMock` module: why the mock backend refused a request.
///
/// A refusal of the signature check carries the verifier's `AFSignedError`
/// (its code, the seed backend's words such as `Incorrect auth signature`, and the detailed
/// reason); the API's own failures are invalid fields, an unknown user, a body that is not a
/// form and a full user table. As a `MockProviderError` it is answered as the
/// seed's backend answers: a status and `{"error": "<words>"}` (with `"fields"` for invalid
/// fields), plus `X-Auth-String-To-Sign` for a bad signature when diagnosis is on. Never holds
/// the client secret.
public struct AFSignedMockError: MockProviderError, Sendable, CustomStringConvertible {
    /// What kind of refusal this is.
    public enum Kind: String, Sendable, Hashable {
        /// The signature check failed (401), or the request could not be read (400).
        case signature
        /// Fields failed validation (422).
        case invalidFields
        /// No user has the id (404).
        case notFound
        /// The body is not `application/x-www-form-urlencoded` (415).
        case unsupportedBody
        /// The user table is full (409).
        case tableFull
    }

    /// The kind of refusal.
    public let kind: Kind
    /// The status answered.
    public let status: HTTPResponse.Status
    /// The body's `error`: the seed backend's words for a signature refusal, else the API's.
    public let message: String
    /// Why, and what to do about it (the journal's reason and `X-Mock-Reason`).
    public let reason: String
    /// For ``Kind/invalidFields``: each invalid field and what is wrong with it.
    public let fields: [String: String]
    /// For ``Kind/signature``: the verifier's error.
    public let verification: AFSignedError?
    /// For a bad signature with diagnosis on: the string the server signed, as the
    /// `X-Auth-String-To-Sign` value (printable ASCII, other bytes and `%` as `%XX`).
    public let stringToSign: String?

    /// The words of a request whose query or body cannot be decoded (the seed has none).
    public static let malformedRequestMessage = "Malformed request"
    /// The words of a request whose parameters no PHP backend can order (the seed has none).
    public static let unsignableParametersMessage = "Unsignable parameters"

    private init(kind: Kind, status: HTTPResponse.Status, message: String, reason: String, fields: [String: String] = [:],
                 verification: AFSignedError? = nil, stringToSign: String? = nil) {
        self.kind = kind
        self.status = status
        self.message = message
        self.reason = reason
        self.fields = fields
        self.verification = verification
        self.stringToSign = stringToSign
    }

    /// A refusal of the signature check: 401 with the seed's words, or 400 for a request that
    /// cannot be read (`malformedRequest`, `unsignableParameters`).
    init(refusal error: AFSignedError, reason: String, stringToSign: String? = nil) {
        let unreadable = error.code == .malformedRequest || error.code == .unsignableParameters
        let words = error.providerMessage
            ?? (error.code == .unsignableParameters ? Self.unsignableParametersMessage : Self.malformedRequestMessage)
        self.init(kind: .signature, status: unreadable ? .badRequest : .unauthorized, message: words, reason: reason,
                  verification: error, stringToSign: stringToSign)
    }

    /// 422 `{"error":"Validation failed","fields":{…}}`.
    static func invalidFields(_ fields: [String: String]) -> AFSignedMockError {
        let listed = fields.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: "; ")
        return AFSignedMockError(kind: .invalidFields, status: .unprocessableContent, message: "Validation failed", reason: "validation failed: \(listed)", fields: fields)
    }

    /// 404 `{"error":"User not found"}`.
    static func userNotFound(_ id: String) -> AFSignedMockError {
        AFSignedMockError(kind: .notFound, status: .notFound, message: "User not found", reason: "no user has the id \"\(id.prefix(40))\"; GET /users lists them")
    }

    /// 415 for a body that is not a form.
    static func unsupportedBody(_ mediaType: String?) -> AFSignedMockError {
        AFSignedMockError(
            kind: .unsupportedBody, status: .unsupportedMediaType, message: "Unsupported Media Type",
            reason: "the body is \(mediaType.map { "\($0.prefix(60))" } ?? "without a Content-Type"); send the fields as application/x-www-form-urlencoded, which the signature covers (a JSON body is not signed)"
        )
    }

    /// 409 when the table holds its most users.
    static func tableFull(capacity: Int) -> AFSignedMockError {
        AFSignedMockError(kind: .tableFull, status: .conflict, message: "User table is full", reason: "the table holds its most users (\(capacity)); delete some first")
    }

    public var description: String { "\(verification.map { "\($0.code)" } ?? kind.rawValue): \(reason)" }

    /// ``description``: the code, then the reason.
    public var journalReason: String { description }

    /// `{"error": message}` (and `"fields"` for invalid fields) with ``status``, and
    /// `X-Auth-String-To-Sign` when the provider's diagnosis is on and the server's string is known.
    public func response(from provider: AFSignedMockProvider) -> MockResponse {
        var body: [String: Any] = ["error": message]
        if !fields.isEmpty { body["fields"] = fields }
        var response = MockResponse.json(body, status: status)
        if provider.options.diagnosis, let stringToSign {
            response.headers[AFSignedCheck.stringToSignHeader] = stringToSign
        }
        return response
    }
}
