import HTTPTypes
import MockServerKit
import NIOCore

/// The mock's responses, with the headers Google sends.
enum BooksResponse {
    /// `value` as JSON, pretty or compact, with Google's `Content-Type` and `Vary`.
    static func json(_ value: BooksJSON, status: HTTPResponse.Status = .ok, pretty: Bool) -> MockResponse {
        json(written: value.written(pretty: pretty), status: status)
    }

    /// JSON already written, with the same headers.
    static func json(written bytes: [UInt8], status: HTTPResponse.Status = .ok) -> MockResponse {
        var headers = HTTPFields()
        headers[.contentType] = "application/json; charset=UTF-8"
        headers[.vary] = "Origin, X-Origin, Referer"
        return MockResponse(status: status, headers: headers, body: ByteBuffer(bytes: bytes))
    }

    /// A PNG image that may be cached for a day, as Google's cover images may.
    static func png(_ bytes: [UInt8]) -> MockResponse {
        var headers = HTTPFields()
        headers[.contentType] = "image/png"
        headers[.cacheControl] = "public, max-age=86400"
        return MockResponse(status: .ok, headers: headers, body: ByteBuffer(bytes: bytes))
    }
}
