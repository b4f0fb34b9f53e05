#if MockServers  // without the trait, Server/TraitCheck.swift's #error is the one message
public import HTTPTypes
public import NIOCore
public import SigningCore
import Foundation
import SignedVerification

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

    /// This answer as a refusal of a request whose nonce could not be checked because the replay
    /// store could not answer: 503 with `Retry-After`, as the SDK's verifiers answer
    /// (`SignedRefusal`), whatever the provider's body.
    public mutating func refuseUnchecked() {
        status = .serviceUnavailable
        headers[.retryAfter] = String(SignedRefusal.retryAfterSeconds)
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

    /// An `application/x-www-form-urlencoded` response (token endpoints), fields in order,
    /// serialised by SigningCore's `FormEncoding.serialize(_:)` (everything but
    /// the RFC 3986 unreserved characters escaped, spaces as `+`).
    public static func form(_ fields: [FormField], status: HTTPResponse.Status = .ok) -> MockResponse {
        MockResponse(status: status, contentType: "application/x-www-form-urlencoded", text: FormEncoding.serialize(fields))
    }

    /// An HTML page (authorisation and PIN pages): `title` is text, escaped here and shown as
    /// the title and heading; `body` is markup, placed as it is — escape any text in it with
    /// ``escapingMarkup(_:)``.
    public static func html(status: HTTPResponse.Status = .ok, title: String, body: String) -> MockResponse {
        let title = escapingMarkup(title)
        return MockResponse(status: status, contentType: "text/html; charset=utf-8", text: """
            <!DOCTYPE html>
            <html><head><meta charset="utf-8"><title>\(title)</title></head>
            <body><h1>\(title)</h1>
            \(body)
            </body></html>
            """)
    }

    /// `text` with `&`, `<`, `>` and `"` escaped, safe inside HTML or XML text and
    /// double-quoted attribute values.
    public static func escapingMarkup(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;")
            .replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
            .replacingOccurrences(of: "\"", with: "&quot;")
    }

    /// The body as text (lossy for non-UTF-8 bytes).
    public var text: String { String(buffer: body) }
}
#endif
