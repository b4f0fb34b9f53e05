import Foundation
public import HTTPMessageSignatures
public import HTTPTypes
public import MockServerKit
import NIOCore
public import SigningCore
import SignedVerification

/// The one error type of the `HTTPSigMock` module: why the mock refused a request. It has the
/// shape of every error of the package (`SignedAPIError`; compares by code).
///
/// A refusal of the signature check carries the SDK verifier's `HTTPMessageSignatureError`
/// (its code, such as `signature invalid` or `nonce used`, and its message) and is answered
/// exactly as `HTTPMessageSignatureVerifier.refusal(_:now:)` answers it: 401 (400 for fields
/// that cannot be read, 503 when the replay store could not answer) with an
/// `application/problem+json` body whose `code` is the code's token, `WWW-Authenticate:
/// Signature error="…"` and `Accept-Signature` naming what the policy requires (RFC 9421
/// §5.1), plus `X-Signature-Base` for a signature that does not match, when diagnosis is on.
/// The API's own refusals (a body that is not JSON, invalid fields, an unknown item, a full
/// store) use the same problem body. Never holds a key or the HMAC secret.
public struct HTTPSigMockError: MockProviderError, SignedAPIError {
    /// What kind of refusal this is; an open set of static values. A refusal of the signature
    /// check is named as the SDK names it; the API's own refusals have their own.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        /// The code's name, as printed (and as `X-Mock-Reason` begins).
        public let description: String
        private init(_ description: String) { self.description = description }

        /// The signature check's refusal `verification`, by the SDK verifier's code.
        public init(_ verification: HTTPMessageSignatureError.Code) { self.init(verification.description) }

        /// The code as the problem body's `code` carries it (`signature_invalid`).
        public var token: String { String(description.lowercased().map { $0 == " " || $0 == "-" ? "_" : $0 }) }

        /// The signature does not match the base the server built (401).
        public static let signatureInvalid = Code(HTTPMessageSignatureError.Code.signatureInvalid)
        /// A component the policy requires is not covered (401).
        public static let missingRequiredComponent = Code(HTTPMessageSignatureError.Code.missingRequiredComponent)
        /// `created` is missing or outside the window (401).
        public static let timestampRefused = Code(HTTPMessageSignatureError.Code.timestampRefused)
        /// The nonce was used before (401).
        public static let nonceUsed = Code(HTTPMessageSignatureError.Code.nonceUsed)
        /// The `keyid` names no key this server accepts (401).
        public static let unknownKey = Code(HTTPMessageSignatureError.Code.unknownKey)
        /// The body is not a JSON object (400).
        public static let invalidBody = Code("invalid body")
        /// Fields failed validation (422).
        public static let invalidFields = Code("invalid fields")
        /// The body is not `application/json` (415).
        public static let unsupportedBody = Code("unsupported body")
        /// No item has the id (404).
        public static let notFound = Code("not found")
        /// The item store is full (409).
        public static let storeFull = Code("store full")
    }

    /// The kind of refusal.
    public let code: Code
    /// The status answered.
    public let status: HTTPResponse.Status
    /// The problem body's `detail`: what was wrong, in a sentence.
    public let message: String
    /// Why, and what to do about it (the journal's reason and `X-Mock-Reason`): which policy
    /// judged the request, then the verifier's message.
    public let reason: String
    /// For ``Code/invalidFields``: each invalid field and what is wrong with it.
    public let fields: [String: String]
    /// For a refusal of the signature check: the SDK verifier's error.
    public let verification: HTTPMessageSignatureError?
    /// For a signature that does not match: the signature base the server built.
    public let signatureBase: String?
    /// For a refusal of the signature check: the SDK verifier's answer for it.
    let answer: SignedRefusal?

    private init(code: Code, status: HTTPResponse.Status, message: String, reason: String, fields: [String: String] = [:],
                 verification: HTTPMessageSignatureError? = nil, signatureBase: String? = nil, answer: SignedRefusal? = nil) {
        self.code = code
        self.status = status
        self.message = message
        self.reason = reason
        self.fields = fields
        self.verification = verification
        self.signatureBase = signatureBase
        self.answer = answer
    }

    /// A refusal of the signature check by the policy named `policy`, answered as `verifier`
    /// answers it (`HTTPMessageSignatureVerifier.refusal(_:now:)`).
    init(refusal error: HTTPMessageSignatureError, policy: String, verifier: HTTPMessageSignatureVerifier, now: Date) {
        let answer = verifier.refusal(error, now: now)
        self.init(
            code: Code(error.code), status: HTTPResponse.Status(code: answer.status), message: error.message, reason: "\(policy): \(error.message)",
            verification: error, signatureBase: error.serverSignatureBase, answer: answer
        )
    }

    /// 400: the body is not a JSON object.
    static func invalidBody(_ problem: String) -> HTTPSigMockError {
        HTTPSigMockError(code: .invalidBody, status: .badRequest, message: "the body is not a JSON object: \(problem)",
                         reason: "the body is not a JSON object (\(problem)); send {\"name\": \"…\"} as application/json")
    }

    /// 422 naming every invalid field.
    static func invalidFields(_ fields: [String: String]) -> HTTPSigMockError {
        let listed = fields.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: "; ")
        return HTTPSigMockError(code: .invalidFields, status: .unprocessableContent, message: "validation failed: \(listed)", reason: "validation failed: \(listed)", fields: fields)
    }

    /// 415 for a body that is not JSON.
    static func unsupportedBody(_ mediaType: String?) -> HTTPSigMockError {
        let what = mediaType.map { "is \($0.prefix(60))" } ?? "has no Content-Type"
        return HTTPSigMockError(code: .unsupportedBody, status: .unsupportedMediaType, message: "the body \(what); this API reads application/json",
                                reason: "the body \(what); send the item as application/json, covered by content-digest")
    }

    /// 404 for an unknown item.
    static func notFound(_ id: String) -> HTTPSigMockError {
        HTTPSigMockError(code: .notFound, status: .notFound, message: "no item has the id \"\(id.prefix(40))\"",
                         reason: "no item has the id \"\(id.prefix(40))\"; GET /api/items lists them")
    }

    /// 409 when the store holds its most items.
    static func storeFull(capacity: Int) -> HTTPSigMockError {
        HTTPSigMockError(code: .storeFull, status: .conflict, message: "the item store is full (\(capacity) items)", reason: "the item store holds its most items (\(capacity))")
    }

    /// The status's code.
    public var statusCode: Int? { status.code }
    /// The problem body's `detail` (``message``).
    public var providerMessage: String? { message }
    /// The mock's explanation (``reason``), as `X-Mock-Reason` carries it.
    public var mockReason: String? { reason }
    /// The signature base the server built, for a signature that does not match.
    public var serverSignatureBase: String? { signatureBase }
    /// The verifier's error, when the signature check refused.
    public var cause: (any Error)? { verification }

    /// The code, then the reason.
    public var description: String { "\(code): \(reason)" }

    /// ``description``: the code, then the reason.
    public var journalReason: String { description }

    /// The signature base the server built, for a signature that does not match (kept in the
    /// journal whether or not the answer shows it).
    public var journalDiagnosis: JournalDiagnosis? {
        signatureBase.map { JournalDiagnosis(title: "signature base", headerName: HTTPSigCheck.signatureBaseHeader.rawName, text: $0) }
    }

    /// The verifier's answer for a refused signature, else the problem body with ``status``;
    /// `X-Signature-Base` when the provider's diagnosis is on and the base is known; 503 with
    /// `Retry-After` when the replay store could not answer.
    public func response(from provider: HTTPSigMockProvider) -> MockResponse {
        var response: MockResponse
        if let answer {
            var headers = HTTPFields()
            for field in answer.headers {
                if let name = HTTPField.Name(field.name) { headers.append(HTTPField(name: name, value: field.value)) }
            }
            response = MockResponse(status: status, headers: headers, body: ByteBuffer(bytes: answer.body))
        } else {
            var extra: [String: Any] = [:]
            if !fields.isEmpty { extra["fields"] = fields }
            response = HTTPSigMockError.problem(status: status, code: code.token, detail: message, extra: extra)
        }
        if status == .serviceUnavailable { response.refuseUnchecked() }
        if provider.options.diagnosis, let signatureBase {
            response.headers[HTTPSigCheck.signatureBaseHeader] = HTTPSigCheck.headerValue(signatureBase)
        }
        return response
    }

    /// An `application/problem+json` answer (RFC 9457): `code`, `detail`, `status`, `title`,
    /// the shape of the SDK verifier's refusals.
    static func problem(status: HTTPResponse.Status, code: String, detail: String, extra: [String: Any] = [:]) -> MockResponse {
        var body: [String: Any] = ["title": status.reasonPhrase, "detail": detail, "status": status.code, "code": code]
        body.merge(extra) { first, _ in first }
        let data = (try? JSONSerialization.data(withJSONObject: body, options: [.sortedKeys])) ?? Data("{}".utf8)
        return MockResponse(status: status, contentType: "application/problem+json", text: String(decoding: data, as: UTF8.self))
    }
}
