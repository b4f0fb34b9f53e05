public import Foundation

/// An async client for an API that verifies `auth_signature`: each request signed afresh
/// (``AFSignedSigner``) and sent through the shared HTTP layer (retries, server clock), JSON
/// answers decoded, the backend's refusals (`Incorrect auth signature`, …) turned into
/// ``AFSignedError`` codes.
///
/// ```swift
/// let api = AFSignedClient(configuration: AFSignedConfiguration(
///     baseURL: URL(string: "https://api.example.com")!,
///     credentials: AFSignedCredentials(clientID: "CLIENT_ID", clientSecret: secret)))
/// let user = try await api.json("POST", "/users", parameters: [AFSignedParameter("name", "Ann")], as: User.self)
/// ```
///
/// Made as every client of this package is: a configuration (the service and the
/// credentials) and a `SignedHTTPClient` (transport, retries, clocks, clock-skew correction,
/// observer). ``send(_:_:parameters:)`` returns a 2xx answer and throws ``AFSignedError`` for
/// any other, as every client's `send` does.
public struct AFSignedClient: Sendable {
    /// The service and the credentials.
    public var configuration: AFSignedConfiguration
    /// The HTTP layer (transport, retry policy, clocks, clock-skew correction, observer).
    public var http: SignedHTTPClient

    /// Creates a client.
    ///
    /// - Parameters:
    ///   - configuration: the API root, the credentials and the scheme's settings.
    ///   - http: a `SignedHTTPClient()` by default: `URLSession`, no retries, clock-skew
    ///     correction on (an `Incorrect auth timestamp` is retried once at the server's time).
    public init(configuration: AFSignedConfiguration, http: SignedHTTPClient = SignedHTTPClient()) {
        self.configuration = configuration
        self.http = http
    }

    /// The API root; paths are appended to it.
    public var baseURL: URL { configuration.baseURL }

    /// How requests are signed.
    public var signer: AFSignedSigner { configuration.signer }

    /// Sends a signed request: `parameters` in the query (GET, HEAD, DELETE) or as a form body.
    ///
    /// - Returns: the response, when its status is 2xx.
    /// - Throws: ``AFSignedError`` for any other status — the backend's refusal
    ///   (``AFSignedError/Code/signatureInvalid``, …) or ``AFSignedError/Code/requestRejected``,
    ///   with ``AFSignedError/statusCode``, the backend's words and the mock's reason — and
    ///   ``AFSignedError/Code/transportFailed`` when no response arrived.
    public func send(_ method: String, _ path: String, parameters: [AFSignedParameter] = []) async throws -> APIResponse {
        try await exchange(try request(method, path, parameters: parameters))
    }

    /// The request ``send(_:_:parameters:)`` signs and sends, not yet signed: `parameters` in
    /// the query (GET, HEAD, DELETE) or as a form body. Sign it with ``signer`` to send it
    /// through another pipeline, or through ``http`` to see any status as it is.
    public func request(_ method: String, _ path: String, parameters: [AFSignedParameter] = []) throws(AFSignedError) -> APIRequest {
        let method = method.uppercased()
        let fields = AFSignedParameter.fields(parameters)
        var request = APIRequest(method: method, url: try url(path))
        if AFSignedSigner.carriesAuthInQuery(method) {
            request.url = request.url.appendingQuery(fields)
        } else {
            request = APIRequest(method: method, url: request.url, form: fields)
        }
        request.setHeader("Accept", "application/json")
        return request
    }

    /// Sends a signed request with `body` as JSON (auth values in the query, or headers in
    /// version 4). The JSON body itself is not covered by the signature: see <doc:GettingStarted>.
    ///
    /// - Returns: the response, when its status is 2xx; throws as ``send(_:_:parameters:)``.
    public func send(_ method: String, _ path: String, json body: some Encodable) async throws -> APIResponse {
        try await exchange(try request(method, path, json: body))
    }

    /// The request ``send(_:_:json:)`` signs and sends, not yet signed.
    public func request(_ method: String, _ path: String, json body: some Encodable) throws(AFSignedError) -> APIRequest {
        var request = APIRequest(method: method.uppercased(), url: try url(path))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        do {
            request.body = Array(try encoder.encode(body))
        } catch {
            throw AFSignedError(code: .malformedRequest, message: "the body cannot be encoded as JSON (\(error))", cause: error)
        }
        request.setHeader("Content-Type", "application/json; charset=utf-8")
        request.setHeader("Accept", "application/json")
        return request
    }

    /// Sends a signed request and decodes a 2xx answer's JSON as `type`.
    ///
    /// - Throws: ``AFSignedError`` — the backend's refusal (``AFSignedError/Code/signatureInvalid``,
    ///   …) or another status (``AFSignedError/Code/requestRejected``), or
    ///   ``AFSignedError/Code/decodingFailed`` naming the field.
    public func json<Result: Decodable>(_ method: String, _ path: String, parameters: [AFSignedParameter] = [], as type: Result.Type) async throws -> Result {
        try decode(try await send(method, path, parameters: parameters), as: type)
    }

    /// `response`'s JSON as `type`, or the error its status or body reports.
    public func decode<Result: Decodable>(_ response: APIResponse, as type: Result.Type) throws(AFSignedError) -> Result {
        try AFSignedAnswer.check(response, now: http.deviceClock())
        do {
            return try JSONDecoder().decode(Result.self, from: Data(response.body))
        } catch let error as DecodingError {
            throw AFSignedError(code: .decodingFailed, message: "the answer does not decode as \(Result.self): \(error.pathAndReason())", cause: error)
        } catch {
            throw AFSignedError(code: .decodingFailed, message: "the answer does not decode as \(Result.self)", cause: error)
        }
    }

    private func url(_ path: String) throws(AFSignedError) -> URL {
        guard let url = configuration.baseURL.appendingAPIPath(path) else {
            throw AFSignedError(code: .invalidURL, message: "the path \"\(path.prefix(100))\" does not make a URL under \(configuration.baseURL.absoluteString); percent-encode it")
        }
        return url
    }

    private func exchange(_ request: APIRequest) async throws -> APIResponse {
        let response = try await http.send(request, signer: signer, isClockSkewRejection: AFSignedAnswer.isTimestampRejection, failure: AFSignedError.self).response
        try AFSignedAnswer.check(response, now: http.deviceClock())
        return response
    }
}
