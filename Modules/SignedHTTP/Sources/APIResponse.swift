public import Foundation
import SigningCore

/// An HTTP response as a plain value.
public struct APIResponse: Sendable, Hashable {
    /// The HTTP status code.
    public var statusCode: Int
    /// Header fields, names compared case-insensitively.
    public var headers: HeaderFields
    /// The raw body.
    public var body: [UInt8]

    /// Creates a response.
    public init(statusCode: Int, headers: HeaderFields = [:], body: [UInt8] = []) {
        self.statusCode = statusCode
        self.headers = headers
        self.body = body
    }

    /// The value of header `name`, compared case-insensitively.
    public func header(_ name: String) -> String? { headers[name] }

    /// Whether the status code is 2xx.
    public var isSuccess: Bool { (200..<300).contains(statusCode) }

    /// The parsed `Content-Type`, when there is a valid one.
    public var contentType: MediaType? { headers["Content-Type"].flatMap(MediaType.init) }

    /// The server's time from the `Date` header (RFC 9110 §6.6.1), when it has a valid one.
    public var date: Date? { headers["Date"].flatMap(HTTPDate.parse) }

    /// How long the server asks the client to wait before retrying (`Retry-After`, RFC 9110
    /// §10.2.3, in seconds or as an HTTP date relative to `now`); `nil` when absent or invalid.
    public func retryAfter(now: Date) -> TimeInterval? {
        guard let value = headers["Retry-After"]?.trimmed, !value.isEmpty else { return nil }
        if value.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) {
            return value.utf8.count > 9 ? TimeInterval(999_999_999) : TimeInterval(Int(value) ?? 0)
        }
        return HTTPDate.parse(value).map { max(0, $0.timeIntervalSince(now)) }
    }

    /// The provider's own words and code from an error body; see ``ProviderMessage``.
    public var providerMessage: ProviderMessage? { ProviderMessage(body: body) }

    /// The header in which this package's mock servers explain a rejection in their own words
    /// (real providers never send it). The one place the name is spelled.
    public static let mockReasonHeaderName = "X-Mock-Reason"

    /// The mock server's explanation of a rejection (``mockReasonHeaderName``), when present,
    /// decoded: the mocks write it as percent-encoded UTF-8 (`RFC 5849 %C2%A73.5` is read as
    /// `RFC 5849 §3.5`); a value that is not valid percent-encoded UTF-8 is given as it came.
    public var mockReason: String? {
        headers[Self.mockReasonHeaderName].map { value in (try? PercentEncoding.decode(value)) ?? value }
    }
}

extension APIResponse: CustomStringConvertible {
    /// `HTTP status` and the headers, credentials redacted; the body's length only.
    public var description: String {
        "HTTP \(statusCode) \(headers)\(body.isEmpty ? "" : " (\(body.count)-byte body)")"
    }
}
