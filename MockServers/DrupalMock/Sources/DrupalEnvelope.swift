import DrupalServicesClient
import HTTPTypes
import MockServerKit
import NIOCore

/// How the mock site writes its answers: the one place for Drupal's envelope on the wire.
enum DrupalEnvelope {
    /// The media type of every answer.
    static let contentType = "application/json; charset=utf-8"

    /// HTTP 200 with `answer` as compact JSON, or with an empty body for a JSON-RPC 2.0
    /// notification (which gets no answer).
    static func response(_ answer: JSONRPCResponse, notification: Bool, headers: HTTPFields = [:]) -> MockResponse {
        if notification && answer.version == .v2_0 {
            return MockResponse(status: .ok, headers: headers)
        }
        return json(answer.encoded(), headers: headers)
    }

    /// HTTP `status` with `body` as JSON.
    static func json(_ body: [UInt8], status: HTTPResponse.Status = .ok, headers: HTTPFields = [:]) -> MockResponse {
        var headers = headers
        headers[.contentType] = contentType
        return MockResponse(status: status, headers: headers, body: ByteBuffer(bytes: body))
    }

    /// A JSON-RPC 1.1 error object answer with no id, for failures found before any call was
    /// read (the server kit's 404, 405, 413 and faults).
    static func protocolError(status: HTTPResponse.Status, code: Int, message: String) -> MockResponse {
        json(JSONRPCResponse(version: .v1_1, outcome: .error(JSONRPCErrorObject(code: code, message: message)), id: nil).encoded(), status: status)
    }

    /// `text` as a header value, in the one encoding of every diagnosis header
    /// (`HeaderText`: percent-encoded UTF-8), so a non-ASCII domain or nonce is shown exactly
    /// and unambiguously.
    static func headerValue(_ text: String) -> String {
        HeaderText.encode(text)
    }
}
