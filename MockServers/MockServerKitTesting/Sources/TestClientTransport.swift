public import Foundation
import HTTPTypes
public import HummingbirdTesting
import NIOCore
public import SignedHTTP

/// An `HTTPTransport` that sends through HummingbirdTesting's client, so any client of this
/// package (`OAuth1Client`, `DrupalServicesClient`, `AFSignedClient`, `GoogleBooksClient`, and
/// OAuth1MockTesting's `OAuth1MockUser`) runs against a mock's application inside
/// `app.test(.router) { client in … }` — no socket — or `.live`.
///
/// HummingbirdTesting's clients send every request with the authority `localhost` (no port),
/// which is what the mock puts in the signature's base. So point the client at ``baseURL``
/// (`http://localhost`), e.g. `provider.pointed(at: TestClientTransport.baseURL)`. A request for
/// any other host is refused with `SignedHTTPError`'s `invalidRequest`, naming the base URL to
/// use, instead of failing later as an opaque signature mismatch.
///
/// Redirects are returned, never followed.
public struct TestClientTransport: HTTPTransport {
    /// `http://localhost`: the base URL the mock sees through HummingbirdTesting's clients.
    public static let baseURL = URL(string: "http://localhost")!

    /// The client of `app.test(…)`.
    public let client: any TestClientProtocol

    /// Creates a transport over the client `app.test(.router)` (or `.live`) passes to its closure.
    public init(_ client: any TestClientProtocol) {
        self.client = client
    }

    /// Sends `request`'s path, query, headers and body through the test client.
    ///
    /// - Throws: `SignedHTTPError` with code `invalidRequest` when the URL is not under
    ///   ``baseURL`` or the method or a header name is one HTTP cannot carry; the test client's
    ///   own errors as they are.
    public func send(_ request: APIRequest) async throws -> APIResponse {
        guard let components = URLComponents(url: request.url, resolvingAgainstBaseURL: false),
              components.scheme?.lowercased() == "http", components.host?.lowercased() == "localhost", components.port == nil
        else {
            throw SignedHTTPError(
                code: .invalidRequest,
                message: "\(request.method) \(request.url.absoluteString.prefix(120)) is not under \(Self.baseURL); HummingbirdTesting sends every request to localhost, so point the provider at TestClientTransport.baseURL"
            )
        }
        guard let method = HTTPRequest.Method(request.method) else {
            throw SignedHTTPError(code: .invalidRequest, message: "\(request.method.prefix(40)) is not an HTTP method")
        }
        var headers = HTTPFields()
        for field in request.headers {
            guard let name = HTTPField.Name(field.name) else {
                throw SignedHTTPError(code: .invalidRequest, message: "\(field.name.prefix(40)) is not a valid header name")
            }
            headers.append(HTTPField(name: name, value: field.value))
        }
        let path = components.percentEncodedPath.isEmpty ? "/" : components.percentEncodedPath
        let target = path + (components.percentEncodedQuery.map { "?" + $0 } ?? "")
        let response = try await client.executeRequest(
            uri: target, method: method, headers: headers, body: request.body.isEmpty ? nil : ByteBuffer(bytes: request.body)
        )
        return APIResponse(
            statusCode: response.status.code,
            headers: HeaderFields(response.headers.map { HeaderFields.Field(name: $0.name.rawName, value: $0.value) }),
            body: Array(buffer: response.body)
        )
    }
}
