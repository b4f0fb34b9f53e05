import Foundation
public import SignedHTTP
import SigningCore

/// An async client for an API that verifies HTTP Message Signatures (RFC 9421): each request
/// signed afresh by the configuration's ``HTTPMessageSigner`` (`created` on the server's
/// clock, a new nonce) and sent through the shared HTTP layer (retries, clock-skew
/// correction); answers optionally verified (``HTTPMessageSignaturesConfiguration/responseVerifier``).
///
/// ```swift
/// let api = HTTPMessageSignaturesClient(configuration: HTTPMessageSignaturesConfiguration(
///     baseURL: URL(string: "https://api.example.com")!,
///     signer: HTTPMessageSigner(key: try HTTPSignatureHMACKey(secret: secret), keyID: "my-key")))
/// let answer = try await api.send("POST", "/items", headers: ["Content-Type": "application/json"], body: Array(json.utf8))
/// ```
///
/// Made as every client of this package is: a configuration and a `SignedHTTPClient`.
/// ``send(_:_:query:headers:body:)`` returns a 2xx answer and throws
/// ``HTTPMessageSignatureError`` for any other, as every client's `send` does.
public struct HTTPMessageSignaturesClient: Sendable, CustomStringConvertible {
    /// The service, the signer and the optional response verifier.
    public var configuration: HTTPMessageSignaturesConfiguration
    /// The HTTP layer (transport, retry policy, clocks, clock-skew correction, observer).
    public var http: SignedHTTPClient

    /// Creates a client.
    ///
    /// - Parameters:
    ///   - configuration: the API root and the signer.
    ///   - http: a `SignedHTTPClient()` by default: `URLSession`, no retries, clock-skew
    ///     correction on (a refused `created` is retried once at the server's time).
    public init(configuration: HTTPMessageSignaturesConfiguration, http: SignedHTTPClient = SignedHTTPClient()) {
        self.configuration = configuration
        self.http = http
    }

    /// How requests are signed.
    public var signer: HTTPMessageSigner { configuration.signer }

    /// Sends a signed request to `path` under the base URL, with `query` fields, `headers` and
    /// `body`.
    ///
    /// - Returns: the response, when its status is 2xx (and, with a response verifier, its
    ///   signature verified).
    /// - Throws: ``HTTPMessageSignatureError``: the server's refusal read back into its code
    ///   (``HTTPMessageSignatureError/Code/signatureInvalid``, …, with
    ///   ``HTTPMessageSignatureError/statusCode``), ``HTTPMessageSignatureError/Code/rateLimited``,
    ///   ``HTTPMessageSignatureError/Code/requestRejected`` for any other status,
    ///   ``HTTPMessageSignatureError/Code/transportFailed`` when no response arrived, and the
    ///   response verifier's refusal.
    public func send(_ method: String, _ path: String, query: [FormField] = [], headers: HeaderFields = [:], body: [UInt8] = []) async throws -> APIResponse {
        try await send(try request(method, path, query: query, headers: headers, body: body))
    }

    /// The request ``send(_:_:query:headers:body:)`` signs and sends, not yet signed.
    public func request(_ method: String, _ path: String, query: [FormField] = [], headers: HeaderFields = [:], body: [UInt8] = []) throws(HTTPMessageSignatureError) -> APIRequest {
        guard let url = configuration.baseURL.appendingAPIPath(path) else {
            throw HTTPMessageSignatureError(code: .invalidURL, message: "the path \"\(path.prefix(100))\" does not make a URL under \(configuration.baseURL.absoluteString); percent-encode it")
        }
        return APIRequest(method: method.uppercased(), url: query.isEmpty ? url : url.appendingQuery(query), headers: headers, body: body)
    }

    /// Signs and sends `request` (any endpoint, already a full URL).
    ///
    /// - Returns: the response, when its status is 2xx; throws as ``send(_:_:query:headers:body:)``.
    public func send(_ request: APIRequest) async throws -> APIResponse {
        let exchange = try await http.send(request, signer: signer, isClockSkewRejection: HTTPMessageSignaturesAnswer.isClockRejection, failure: HTTPMessageSignatureError.self)
        try HTTPMessageSignaturesAnswer.check(exchange.response, now: http.deviceClock())
        if let verifier = configuration.responseVerifier {
            // On the server's clock, as the request was signed: a skewed device clock must not
            // refuse a fresh answer.
            let now = http.correctsClockSkew ? await http.serverClock.now() : http.deviceClock()
            _ = try await verifier.verify(HTTPMessageResponse(exchange.response, request: HTTPMessageRequest(exchange.request)), now: now)
        }
        return exchange.response
    }

    /// The configuration (its key redacted).
    public var description: String { "HTTPMessageSignaturesClient(\(configuration))" }
}
