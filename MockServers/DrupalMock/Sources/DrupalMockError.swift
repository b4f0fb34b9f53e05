public import DrupalServicesClient
import HTTPTypes
public import MockServerKit
public import SigningCore

/// The one error type of the `DrupalMock` module: why the mock site refused one JSON-RPC call.
///
/// Its ``code`` is the client's vocabulary (`DrupalServicesError.Code`),
/// so the mock and the SDK name every failure alike. ``message`` is what the site writes —
/// Drupal's own string (`DrupalServiceMessage`) or a JSON-RPC protocol
/// message — and ``reason`` is the mock's explanation for the journal and `X-Mock-Reason`.
/// As a `MockProviderError` it is answered in Drupal's shape: HTTP 200 with the
/// string as `result`, or a JSON-RPC error object for protocol errors and in strict mode.
/// It has the shape of every error of the package (`SignedAPIError`; compares by code). Never
/// holds a secret: the hash input it may carry has no key in it.
public struct DrupalMockError: MockProviderError, SignedAPIError {
    /// What failed, in the client's words.
    public let code: DrupalServicesError.Code
    /// What the site writes: Drupal's failure string, or the JSON-RPC error message.
    public let message: String
    /// Why, and what to do about it (the journal's reason).
    public let reason: String
    /// The JSON-RPC error code of a protocol error (-32700, -32600, -32601, -32602), which is
    /// an error object in every mode; `nil` for Drupal's own failures.
    public let protocolCode: Int?
    /// For `Invalid API key.`: the string the server hashed (`timestamp;domain;nonce;method`).
    public let hashInput: String?
    /// The call's dialect and id, for the answer's envelope.
    var version: JSONRPCVersion = .v1_1
    var id: JSONValue?
    var isNotification = false

    /// A Drupal failure: `message` is one of Drupal's strings.
    init(_ code: DrupalServicesError.Code, _ message: String, reason: String, hashInput: String? = nil) {
        self.code = code
        self.message = message
        self.reason = reason
        protocolCode = nil
        self.hashInput = hashInput
    }

    /// A JSON-RPC protocol error.
    init(protocol rpcCode: Int, code: DrupalServicesError.Code, message: String, reason: String) {
        self.code = code
        self.message = message
        self.reason = reason
        protocolCode = rpcCode
        hashInput = nil
    }

    /// The error a request parser threw, as the site answers it.
    init(_ error: DrupalServicesError) {
        self.init(
            protocol: error.rpcError?.code ?? JSONRPCErrorObject.invalidRequest,
            code: error.code,
            message: error.rpcError?.message ?? "Invalid Request",
            reason: error.message
        )
    }

    /// The same error in the envelope of `request`.
    func answering(_ request: JSONRPCRequest) -> DrupalMockError {
        var error = self
        error.version = request.version
        error.id = request.id
        error.isNotification = request.isNotification
        return error
    }

    /// The call's outcome: the string as `result` (Drupal's way), or an error object for a
    /// protocol error or when `strict`.
    func outcome(strict: Bool) -> JSONRPCResponse.Outcome {
        if let protocolCode {
            return .error(JSONRPCErrorObject(code: protocolCode, message: message))
        }
        return strict ? .error(JSONRPCErrorObject(code: strictCode, message: message)) : .result(.string(message))
    }

    /// The error code strict mode gives a Drupal failure: the HTTP status Drupal Services
    /// attaches to it (`services_error($message, 401)`), or -32602 for missing arguments.
    var strictCode: Int {
        switch code {
        case .timestampRefused, .nonceUsed, .signatureInvalid, .invalidSessid, .wrongCredentials: 401
        case .accessDenied: 403
        case .notFound: 404
        case .invalidArguments: JSONRPCErrorObject.invalidParams
        case .methodNotFound: JSONRPCErrorObject.methodNotFound
        default: 406
        }
    }

    /// The JSON-RPC error code of a protocol error, as text.
    public var providerCode: String? { protocolCode.map(String.init) }
    /// What the site writes (``message``).
    public var providerMessage: String? { message }
    /// The mock's explanation (``reason``), as `X-Mock-Reason` carries it.
    public var mockReason: String? { reason }

    /// The code, then the reason.
    public var description: String { "\(code): \(reason)" }

    /// ``description``: the code, then the reason.
    public var journalReason: String { description }

    /// The hash input the provider computed (`timestamp;domain;nonce;method`), for a refused hash.
    public var journalDiagnosis: JournalDiagnosis? {
        hashInput.map { JournalDiagnosis(title: "hash input", headerName: DrupalKeyAuthentication.hashInputHeaderName, text: $0) }
    }

    /// Drupal's answer: HTTP 200, the envelope of the call (an empty body for a JSON-RPC 2.0
    /// notification), and `X-Drupal-Hash-Input` when the provider's diagnosis is on; 503 with
    /// `Retry-After` when the replay store could not answer (the site's database is down).
    public func response(from provider: DrupalMockProvider) -> MockResponse {
        var response = DrupalEnvelope.response(
            JSONRPCResponse(version: version, outcome: outcome(strict: provider.options.strictErrors), id: id),
            notification: isNotification
        )
        if code == .replayStoreUnavailable { response.refuseUnchecked() }
        if provider.options.diagnosis, let hashInput {
            response.headers[HTTPField.Name(DrupalKeyAuthentication.hashInputHeaderName)!] = DrupalEnvelope.headerValue(hashInput)
        }
        return response
    }
}
