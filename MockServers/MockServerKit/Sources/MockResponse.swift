public import HTTPTypes
public import NIOCore
import Foundation

/// A complete response a provider route returns; the server applies faults to it, then sends it.
public struct MockResponse: Sendable {
    /// The status.
    public var status: HTTPResponse.Status
    /// The headers (Content-Length is set when sending).
    public var headers: HTTPFields
    /// The body bytes.
    public var body: ByteBuffer

    /// Creates a response.
    public init(status: HTTPResponse.Status = .ok, headers: HTTPFields = [:], body: ByteBuffer = ByteBuffer()) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// A response with a UTF-8 body of the given content type.
    public init(status: HTTPResponse.Status = .ok, contentType: String, text: String, headers: HTTPFields = [:]) {
        var headers = headers
        headers[.contentType] = contentType
        self.init(status: status, headers: headers, body: ByteBuffer(string: text))
    }

    /// A JSON response from a JSON-serialisable value (dictionaries, arrays, strings, numbers).
    public static func json(_ object: Any, status: HTTPResponse.Status = .ok, headers: HTTPFields = [:]) -> MockResponse {
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data("{}".utf8)
        return MockResponse(
            status: status,
            contentType: "application/json; charset=utf-8",
            text: String(decoding: data, as: UTF8.self),
            headers: headers
        )
    }

    /// A JSON response from an `Encodable` value.
    public static func json(encoding value: some Encodable, status: HTTPResponse.Status = .ok) -> MockResponse {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let data = (try? encoder.encode(value)) ?? Data("{}".utf8)
        return MockResponse(status: status, contentType: "application/json; charset=utf-8", text: String(decoding: data, as: UTF8.self))
    }

    /// The body as text (lossy for non-UTF-8 bytes).
    public var text: String { String(buffer: body) }
}
