public import Foundation

/// An async client for an API that verifies `auth_signature`: each request signed afresh
/// (``AFSignedSigner``) and sent through the shared HTTP layer (retries, server clock), JSON
/// answers decoded, the backend's refusals (`Incorrect auth signature`, …) turned into
/// ``AFSignedError`` codes.
///
/// ```swift
/// let api = AFSignedClient(baseURL: URL(string: "https://api.example.com")!,
///                          credentials: AFSignedCredentials(clientID: "CLIENT_ID", clientSecret: secret))
/// let user: User = try await api.json("POST", "/users", parameters: [AFSignedParameter("name", "Ann")], as: User.self)
/// ```
public struct AFSignedClient: Sendable {
    /// The API root; paths are appended to it.
    public var baseURL: URL
    /// How requests are signed.
    public var signer: AFSignedSigner
    /// The HTTP layer (transport, retry policy, clocks).
    public var http: SignedHTTPClient

    /// Creates a client.
    ///
    /// - Parameters:
    ///   - baseURL: the API root; paths are appended to it.
    ///   - credentials: the client id and secret.
    ///   - version: the scheme's version (2: auth values in the query or form; 4: in headers).
    ///   - clientIDField: the name the client id is sent under (`auth_client_id` or `auth_key`).
    ///   - transport: how requests are sent (`URLSession` by default).
    ///   - retryPolicy: when to send again (`RetryPolicy.never` by default).
    ///   - correctsClockSkew: sign at the server's time, learned from its `Date` header, and
    ///     retry an `Incorrect auth timestamp` once (on by default: the window is generous, but
    ///     device clocks can be days off).
    ///   - clock: the device's time (inject one in tests).
    ///   - nonce: the `auth_nonce` source, or `nil` to send none (the seed sends none).
    public init(
        baseURL: URL,
        credentials: AFSignedCredentials,
        version: AFSignedVersion = .v2,
        clientIDField: AFSignedClientIDField = .clientID,
        transport: any HTTPTransport = URLSessionTransport(),
        retryPolicy: RetryPolicy = .never,
        correctsClockSkew: Bool = true,
        clock: @escaping @Sendable () -> Date = { Date() },
        nonce: (@Sendable () -> String)? = AFSignedSigner.defaultNonce
    ) {
        self.baseURL = baseURL
        signer = AFSignedSigner(credentials: credentials, version: version, clientIDField: clientIDField, nonce: nonce)
        http = SignedHTTPClient(transport: transport, retryPolicy: retryPolicy, correctsClockSkew: correctsClockSkew, deviceClock: clock)
    }

    /// Creates a client that sends through `http` (its transport, retry policy, clocks and
    /// clock-skew correction), as the other clients of this package can.
    ///
    /// - Parameters:
    ///   - baseURL: the API root; paths are appended to it.
    ///   - credentials: the client id and secret.
    ///   - version: the scheme's version (2: auth values in the query or form; 4: in headers).
    ///   - clientIDField: the name the client id is sent under (`auth_client_id` or `auth_key`).
    ///   - http: the HTTP layer to send through.
    ///   - nonce: the `auth_nonce` source, or `nil` to send none (the seed sends none).
    public init(
        baseURL: URL,
        credentials: AFSignedCredentials,
        version: AFSignedVersion = .v2,
        clientIDField: AFSignedClientIDField = .clientID,
        http: SignedHTTPClient,
        nonce: (@Sendable () -> String)? = AFSignedSigner.defaultNonce
    ) {
        self.baseURL = baseURL
        signer = AFSignedSigner(credentials: credentials, version: version, clientIDField: clientIDField, nonce: nonce)
        self.http = http
    }

    /// Sends a signed request: `parameters` in the query (GET, HEAD, DELETE) or as a form body.
    ///
    /// - Returns: the response, whatever its status.
    public func send(_ method: String, _ path: String, parameters: [AFSignedParameter] = []) async throws -> APIResponse {
        let method = method.uppercased()
        let fields = AFSignedParameter.fields(parameters)
        var request = APIRequest(method: method, url: url(path))
        if AFSignedSigner.carriesAuthInQuery(method) {
            if var components = URLComponents(url: request.url, resolvingAgainstBaseURL: false), !fields.isEmpty {
                let existing = components.percentEncodedQuery.map { $0 + "&" } ?? ""
                components.percentEncodedQuery = existing + FormEncoding.serialize(fields)
                request.url = components.url ?? request.url
            }
        } else {
            request = APIRequest(method: method, url: request.url, form: fields)
        }
        request.setHeader("Accept", "application/json")
        return try await exchange(request)
    }

    /// Sends a signed request with `body` as JSON (auth values in the query, or headers in
    /// version 4). The JSON body itself is not covered by the signature: see the README.
    public func send(_ method: String, _ path: String, json body: some Encodable) async throws -> APIResponse {
        var request = APIRequest(method: method.uppercased(), url: url(path))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        do {
            request.body = Array(try encoder.encode(body))
        } catch {
            throw AFSignedError(code: .malformedRequest, message: "the body cannot be encoded as JSON (\(error))", cause: error)
        }
        request.setHeader("Content-Type", "application/json; charset=utf-8")
        request.setHeader("Accept", "application/json")
        return try await exchange(request)
    }

    /// Sends a signed request and decodes a 2xx answer's JSON as `type`.
    ///
    /// - Throws: ``AFSignedError`` — the backend's refusal (``AFSignedError/Code/incorrectSignature``,
    ///   …) or another status (``AFSignedError/Code/requestRejected``), or
    ///   ``AFSignedError/Code/decodingFailed`` naming the field.
    public func json<Result: Decodable>(_ method: String, _ path: String, parameters: [AFSignedParameter] = [], as type: Result.Type) async throws -> Result {
        try decode(try await send(method, path, parameters: parameters), as: type)
    }

    /// `response`'s JSON as `type`, or the error its status or body reports.
    public func decode<Result: Decodable>(_ response: APIResponse, as type: Result.Type) throws(AFSignedError) -> Result {
        try AFSignedAnswer.check(response)
        do {
            return try JSONDecoder().decode(Result.self, from: Data(response.body))
        } catch let error as DecodingError {
            throw AFSignedError(code: .decodingFailed, message: "the answer does not decode as \(Result.self): \(error.pathAndReason())", cause: error)
        } catch {
            throw AFSignedError(code: .decodingFailed, message: "the answer does not decode as \(Result.self)", cause: error)
        }
    }

    private func url(_ path: String) -> URL {
        let base = baseURL.absoluteString.hasSuffix("/") ? String(baseURL.absoluteString.dropLast()) : baseURL.absoluteString
        return URL(string: base + (path.hasPrefix("/") ? path : "/" + path)) ?? baseURL
    }

    private func exchange(_ request: APIRequest) async throws -> APIResponse {
        do {
            return try await http.send(request, signer: signer, isClockSkewRejection: AFSignedAnswer.isTimestampRejection).response
        } catch let error as SignedHTTPError {
            throw AFSignedError(code: .transportFailed, message: error.message, cause: error.cause ?? error)
        }
    }
}
