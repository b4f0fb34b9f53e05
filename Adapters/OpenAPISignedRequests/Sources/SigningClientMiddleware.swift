#if OpenAPIAdapter  // without the trait, TraitCheck.swift's #error is the one message
public import AFSignedClient
public import Foundation
public import HTTPMessageSignatures
public import HTTPTypes
public import OAuth1Client
public import OpenAPIRuntime
import SignedHTTP

/// A swift-openapi-runtime `ClientMiddleware` that signs every request of a client generated
/// by swift-openapi-generator with OAuth 1.0a (`OAuth1Signer`), AFSigned (`AFSignedSigner`)
/// or HTTP Message Signatures (`HTTPMessageSigner`, RFC 9421).
///
/// ```swift
/// let client = Client(
///     serverURL: URL(string: "https://api.example.com")!,
///     transport: OpenAPITransport(),
///     middlewares: [SigningClientMiddleware(signer: OAuth1Signer(credentials: credentials))]
/// )
/// ```
///
/// When the scheme signs the body — every form body; with OAuth 1.0a any other body too,
/// through `oauth_body_hash` (unless the signer leaves it out); AFSigned reads any body to
/// decide where its values go; RFC 9421 covers it through `Content-Digest` — the body is collected first (at most ``maximumBodySize``
/// bytes, else ``OpenAPISignedRequestsError/Code/bodyTooLarge``) and sent on as the bytes that
/// were signed. The signed headers, query and form body replace the request's. A signer's
/// refusal is thrown as the signer's own error. Put it after middlewares that change the
/// request, since any change after signing breaks the signature.
public struct SigningClientMiddleware: ClientMiddleware {
    /// Signs a request at a time.
    private let sign: @Sendable (APIRequest, Date) throws -> APIRequest
    /// Whether a body with this `Content-Type` is signed, so must be collected first.
    private let signsBody: @Sendable (_ contentType: String?) -> Bool
    /// The largest body collected, in bytes.
    public let maximumBodySize: Int
    /// The time each request is signed at (`oauth_timestamp`, `auth_timestamp`, `created`).
    public let now: @Sendable () -> Date

    /// A middleware signing with OAuth 1.0a: the signer's credentials, method, transmission
    /// and nonces, at ``now``.
    public init(signer: OAuth1Signer, maximumBodySize: Int = 1_048_576, now: @escaping @Sendable () -> Date = Date.init) {
        sign = { request, date in try signer.sign(request, at: date) }
        // A non-form body is signed only through oauth_body_hash; with form transmission the
        // signer must see it to refuse it.
        let hashesBody: Bool
        if case .formBody = signer.transmission { hashesBody = true } else { hashesBody = signer.bodySigning != .unsigned }
        signsBody = { contentType in hashesBody || contentType.map { MediaType.isFormURLEncoded($0) } ?? false }
        self.maximumBodySize = maximumBodySize
        self.now = now
    }

    /// A middleware signing with AFSigned (version 2 or 4), at ``now``.
    public init(signer: AFSignedSigner, maximumBodySize: Int = 1_048_576, now: @escaping @Sendable () -> Date = Date.init) {
        sign = { request, date in try signer.sign(request, at: date) }
        signsBody = { _ in true }
        self.maximumBodySize = maximumBodySize
        self.now = now
    }

    /// A middleware signing with HTTP Message Signatures (RFC 9421), at ``now``: the signer's
    /// key, covered components, label, nonce and tag. A body is collected and covered through
    /// `Content-Digest` when the components cover `content-digest` (the default components do
    /// for any body); otherwise the body is sent on unread.
    public init(signer: HTTPMessageSigner, maximumBodySize: Int = 1_048_576, now: @escaping @Sendable () -> Date = Date.init) {
        sign = { request, date in try signer.sign(request, at: date) }
        let coversDigest = signer.components.map { components in components.contains { $0.name == HTTPSignatureComponent.contentDigest.name } } ?? true
        signsBody = { _ in coversDigest }
        self.maximumBodySize = maximumBodySize
        self.now = now
    }

    /// Signs `request` (and its body, when the scheme signs it), then sends it on with `next`.
    public func intercept(
        _ request: HTTPRequest,
        body: HTTPBody?,
        baseURL: URL,
        operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        let target = request.path ?? "/"
        let url = try OpenAPIRequestParts.url(baseURL: baseURL, target: target)
        let collects = body != nil && signsBody(request.headerFields[.contentType])
        let bytes = collects ? try await OpenAPIRequestParts.bytes(of: body, limit: maximumBodySize) : []
        let unsigned = APIRequest(method: request.method.rawValue, url: url, headers: OpenAPIRequestParts.headers(request.headerFields), body: bytes)
        let signed = try sign(unsigned, now())
        var output = request
        output.headerFields = OpenAPIRequestParts.fields(signed.headers)
        // The signer changes the query at most (the path is the operation's), so the target
        // keeps its path and takes the signed query.
        let path = target[..<(target.firstIndex(of: "?") ?? target.endIndex)]
        let query = URLComponents(url: signed.url, resolvingAgainstBaseURL: false)?.percentEncodedQuery
        output.path = String(path) + (query.map { "?" + $0 } ?? "")
        guard collects || !signed.body.isEmpty else { return try await next(output, body, baseURL) }
        // The body sent is the one signed (AFSigned adds its values to a form body): its length
        // is the transport's to set.
        output.headerFields[.contentLength] = nil
        return try await next(output, HTTPBody(signed.body), baseURL)
    }
}
#endif
