#if MockServers  // without the trait, Server/TraitCheck.swift's #error is the one message
public import Foundation
public import HTTPTypes
public import NIOCore
public import SigningCore

/// A request as a provider route sees it: the body already read (within the size limit) and
/// the server's clock reading (with any clock-skew fault applied).
public struct MockRequest: Sendable {
    /// The HTTP method.
    public var method: HTTPRequest.Method
    /// The path as sent, still percent-encoded (what OAuth base strings are built from).
    public var path: String
    /// The request's authority (the `Host` header), e.g. `127.0.0.1:8401`.
    public var authority: String?
    /// The raw query after `?`, still percent-encoded; `nil` when there is none.
    public var query: String?
    /// The request headers.
    public var headers: HTTPFields
    /// The request body.
    public var body: ByteBuffer
    /// The server's time for this request.
    public var now: Date
    /// The route parameters (`{user_id}` …) matched by the router.
    public var routeParameters: [String: String]

    /// Creates a request value (tests build these directly for pure handler tests).
    public init(
        method: HTTPRequest.Method,
        path: String,
        authority: String? = nil,
        query: String? = nil,
        headers: HTTPFields = [:],
        body: ByteBuffer = ByteBuffer(),
        now: Date,
        routeParameters: [String: String] = [:]
    ) {
        self.method = method
        self.path = path
        self.authority = authority
        self.query = query
        self.headers = headers
        self.body = body
        self.now = now
        self.routeParameters = routeParameters
    }

    /// The body's bytes.
    public var bodyBytes: [UInt8] { Array(buffer: body) }

    /// The media type of `Content-Type`, lowercased, without parameters (`application/json`).
    public var mediaType: String? {
        headers[.contentType].map { value in
            String(value.split(separator: ";", maxSplits: 1).first ?? "")
                .trimmingCharacters(in: .whitespaces)
                .lowercased()
        }
    }

    /// Whether the body is `application/x-www-form-urlencoded`.
    public var hasFormBody: Bool { mediaType == "application/x-www-form-urlencoded" }

    /// The decoded query parameters.
    /// - Throws: `SigningCoreError` for invalid percent-encoding or non-UTF-8.
    public func queryFields() throws(SigningCoreError) -> [FormField] {
        guard let query, !query.isEmpty else { return [] }
        return try FormEncoding.parse(query)
    }

    /// The decoded form-body parameters (empty unless the body is a form).
    /// - Throws: `SigningCoreError` for invalid percent-encoding or non-UTF-8.
    public func formFields() throws(SigningCoreError) -> [FormField] {
        guard hasFormBody, body.readableBytes > 0 else { return [] }
        guard let text = String(validating: body.readableBytesView, as: UTF8.self) else {
            throw SigningCoreError(code: .invalidUTF8, message: "the form body is not UTF-8; send form bodies as UTF-8")
        }
        return try FormEncoding.parse(text)
    }

    /// Query then form parameters, or `nil` when either cannot be decoded.
    public var parametersIfValid: [FormField]? {
        guard let query = try? queryFields(), let form = try? formFields() else { return nil }
        return query + form
    }

    /// The first query or form parameter called `name`.
    public func parameter(_ name: String) -> String? {
        parametersIfValid?.first { $0.name == name }?.value
    }
}
#endif
