public import Foundation
public import SigningCore

/// An HTTP request as a plain value: what ``OAuth1Signer`` signs and returns, independent of
/// any networking library. ``OAuth1Signer/sign(_:callback:verifier:extraProtocolParameters:)-(URLRequest,_,_,_)``
/// signs a `URLRequest` through this type, so both give identical results.
public struct OAuth1Request: Sendable, Hashable {
    /// The HTTP method, e.g. `GET` or `POST`.
    public var method: String
    /// The absolute request URL, query included.
    public var url: URL
    /// Header fields. Names are matched case-insensitively by ``header(_:)``.
    public var headers: [String: String]
    /// The raw body; empty for none.
    public var body: [UInt8]

    /// Creates a request.
    public init(method: String = "GET", url: URL, headers: [String: String] = [:], body: [UInt8] = []) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
    }

    /// Creates a request with an `application/x-www-form-urlencoded` body of `form`.
    public init(method: String = "POST", url: URL, form: [FormField], headers: [String: String] = [:]) {
        var headers = headers
        headers[Self.contentTypeName(in: headers) ?? "Content-Type"] = "application/x-www-form-urlencoded"
        self.init(method: method, url: url, headers: headers, body: Array(FormEncoding.serialize(form).utf8))
    }

    /// The value of header `name`, compared case-insensitively.
    public func header(_ name: String) -> String? {
        if let value = headers[name] { return value }
        return headers.first { OAuth1Canonicalization.equalsIgnoringASCIICase($0.key, name) }?.value
    }

    /// Sets header `name`, replacing a field of the same name in any case.
    public mutating func setHeader(_ name: String, _ value: String) {
        for key in headers.keys where key != name && OAuth1Canonicalization.equalsIgnoringASCIICase(key, name) { headers[key] = nil }
        headers[name] = value
    }

    /// Whether the body is `application/x-www-form-urlencoded`, so its fields are signed.
    public var hasFormBody: Bool {
        header("Content-Type").map(OAuth1IncomingRequest.isFormContentType) ?? false
    }

    private static func contentTypeName(in headers: [String: String]) -> String? {
        headers.keys.first { OAuth1Canonicalization.equalsIgnoringASCIICase($0, "Content-Type") }
    }
}
