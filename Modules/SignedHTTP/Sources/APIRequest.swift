public import Foundation
public import SigningCore

/// An HTTP request as a plain value: what every signer of this package signs and every
/// ``HTTPTransport`` sends, independent of any networking library. Converts to and from
/// `URLRequest` (``init(_:)``, `URLRequest(_:template:)`).
///
/// `description` and `dump` redact credential-bearing headers (see ``HeaderFields``).
public struct APIRequest: Sendable, Hashable {
    /// The HTTP method, e.g. `GET` or `POST`.
    public var method: String
    /// The absolute request URL, query included.
    public var url: URL
    /// Header fields, names compared case-insensitively.
    public var headers: HeaderFields
    /// The raw body; empty for none.
    public var body: [UInt8]

    /// Creates a request.
    public init(method: String = "GET", url: URL, headers: HeaderFields = [:], body: [UInt8] = []) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
    }

    /// Creates a request with an `application/x-www-form-urlencoded` body of `form`.
    public init(method: String = "POST", url: URL, form: [FormField], headers: HeaderFields = [:]) {
        var headers = headers
        headers["Content-Type"] = MediaType.formURLEncoded.description
        self.init(method: method, url: url, headers: headers, body: Array(FormEncoding.serialize(form).utf8))
    }

    /// The value of header `name`, compared case-insensitively.
    public func header(_ name: String) -> String? { headers[name] }

    /// Sets header `name`, replacing fields of the same name in any case.
    public mutating func setHeader(_ name: String, _ value: String) { headers[name] = value }

    /// The parsed `Content-Type`, when there is a valid one.
    public var contentType: MediaType? { headers["Content-Type"].flatMap(MediaType.init) }

    /// Whether the body is `application/x-www-form-urlencoded`, so OAuth signs its fields.
    public var hasFormBody: Bool { headers["Content-Type"].map(MediaType.isFormURLEncoded) ?? false }

    /// Whether the method is idempotent (RFC 9110 §9.2.2), so a retry cannot repeat an effect.
    public var isIdempotent: Bool {
        ["GET", "HEAD", "OPTIONS", "TRACE", "PUT", "DELETE"].contains(method.uppercased())
    }
}

extension APIRequest: CustomStringConvertible, CustomDebugStringConvertible {
    /// `METHOD URL` and the headers, credentials redacted; the body's length only.
    public var description: String {
        "\(method) \(url.absoluteString) \(headers)\(body.isEmpty ? "" : " (\(body.count)-byte body)")"
    }

    /// The same as ``description``.
    public var debugDescription: String { description }
}
