import Foundation
public import SignedHTTP
public import SignedVerification
public import SigningCore

/// A request as a server receives it, for ``AFSignedVerifier``: method, path as sent, decoded
/// query and form-body fields, and headers.
public struct AFSignedIncomingRequest: Sendable, Hashable {
    public var method: String
    /// The path as sent, still percent-encoded (`/users/42`).
    public var path: String
    /// The query's fields, decoded, in order, duplicates kept.
    public var query: [FormField]
    /// The form body's fields (empty for other bodies).
    public var body: [FormField]
    /// The request's headers (version 4 reads its auth values here).
    public var headers: HeaderFields
    /// Whether the request has a body that is not a form (JSON, say): the scheme never signs one.
    public var hasUnsignedBody: Bool

    /// Creates a request from its parts.
    public init(method: String, path: String, query: [FormField] = [], body: [FormField] = [], headers: HeaderFields = [:], hasUnsignedBody: Bool = false) {
        self.method = method.uppercased()
        self.path = path.isEmpty ? "/" : path
        self.query = query
        self.body = body
        self.headers = headers
        self.hasUnsignedBody = hasUnsignedBody
    }

    /// `request` as its server receives it.
    ///
    /// - Throws: ``AFSignedError/Code/malformedRequest`` for a query or form body that is not
    ///   valid percent-encoded UTF-8.
    public init(_ request: APIRequest) throws(AFSignedError) {
        let components = URLComponents(url: request.url, resolvingAgainstBaseURL: false)
        self.init(
            method: request.method,
            path: components?.percentEncodedPath ?? "/",
            query: try AFSignedSigner.fields(components?.percentEncodedQuery ?? "", part: "query"),
            body: request.hasFormBody ? try AFSignedSigner.fields(request.body, part: "form body") : [],
            headers: request.headers,
            hasUnsignedBody: !request.hasFormBody && !request.body.isEmpty
        )
    }

    /// `request` as a server received it: the path as sent, the query's fields and (for
    /// `application/x-www-form-urlencoded`) the body's, decoded.
    ///
    /// - Throws: ``AFSignedError/Code/malformedRequest`` for a query or form body that is not
    ///   valid percent-encoded UTF-8.
    public init(_ request: ReceivedRequest) throws(AFSignedError) {
        let isForm = request.headers["Content-Type"].map(MediaType.isFormURLEncoded) ?? false
        self.init(
            method: request.method,
            path: String(request.path),
            query: try AFSignedSigner.fields(request.query ?? "", part: "query"),
            body: isForm ? try AFSignedSigner.fields(request.body, part: "form body") : [],
            headers: request.headers,
            hasUnsignedBody: !isForm && !request.body.isEmpty
        )
    }
}
