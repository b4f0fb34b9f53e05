public import Foundation
public import HTTPTypes
public import HummingbirdTesting
public import NIOCore

/// Test helpers that talk HTTP to a running mock server over loopback.
public enum MockHTTP {
    /// Sends one request to `baseURL` (with `Host` set to its authority) and returns the response.
    ///
    /// - Parameter target: the path and query, e.g. `/echo?a=1`.
    public static func send(
        _ method: HTTPRequest.Method,
        _ target: String,
        to baseURL: URL,
        headers: HTTPFields = [:],
        body: ByteBuffer? = nil,
        authority: String?? = .none
    ) async throws -> TestClient.Response {
        let port = baseURL.port ?? 80
        let host = baseURL.host ?? "127.0.0.1"
        let request = TestClient.Request(
            target, method: method, authority: authority ?? "\(host):\(port)", headers: headers, body: body
        )
        return try await TestClient.withClient(host: host, port: port) { client in
            try await client.execute(request)
        }
    }

    /// The response body as text.
    public static func text(_ response: TestClient.Response) -> String {
        response.body.map { String(buffer: $0) } ?? ""
    }

    /// The response body decoded as a JSON object (`nil` when it is not one).
    public static func json(_ response: TestClient.Response) -> [String: Any]? {
        guard let body = response.body else { return nil }
        return (try? JSONSerialization.jsonObject(with: Data(body.readableBytesView))) as? [String: Any]
    }
}
