public import Foundation
public import SignedHTTP
public import SignedVerification

/// A request as a signature base reads it (RFC 9421 §2): its method, target URI, request
/// target, header fields and content.
///
/// Made from a client's `APIRequest` (``init(_:)``) or from what a server received and the
/// public URL it was sent to (``init(_:url:)``, with `PublicURLPolicy`).
public struct HTTPMessageRequest: Sendable, Hashable {
    /// The method, as sent (`@method` keeps its case: RFC 9421 §2.2.1).
    public var method: String
    /// The absolute target URI (`@target-uri`, `@authority`, `@scheme`, `@path`, `@query`).
    public var url: URL
    /// The request target as on an HTTP/1.1 request line (`@request-target`, §2.2.5): the
    /// path and query of ``url`` unless given.
    public var requestTarget: String {
        get { givenRequestTarget ?? Self.originForm(url) }
        set { givenRequestTarget = newValue }
    }
    /// The request target given, if any: the origin form of ``url`` is only worked out when
    /// asked for (most signatures do not cover `@request-target`).
    private var givenRequestTarget: String?
    /// The header fields.
    public var headers: HeaderFields
    /// The content.
    public var body: [UInt8]

    /// A request to `url`.
    public init(method: String, url: URL, headers: HeaderFields = [:], body: [UInt8] = [], requestTarget: String? = nil) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        givenRequestTarget = requestTarget
    }

    /// Requests are equal when their methods, URLs, request targets, headers and bodies are
    /// (a target given or worked out from the URL alike).
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.method == rhs.method && lhs.url == rhs.url && lhs.headers == rhs.headers && lhs.body == rhs.body && lhs.requestTarget == rhs.requestTarget
    }

    /// Hashes what `==` compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(method)
        hasher.combine(url)
        hasher.combine(requestTarget)
        hasher.combine(headers)
        hasher.combine(body)
    }

    /// A client's request.
    public init(_ request: APIRequest) {
        self.init(method: request.method, url: request.url, headers: request.headers, body: request.body)
    }

    /// A request as a server received it, addressed to `url` (the public URL the client
    /// signed: `PublicURLPolicy.resolve(_:)`); `@request-target` is the target received.
    public init(_ request: ReceivedRequest, url: URL) {
        self.init(method: request.method, url: url, headers: request.headers, body: request.body, requestTarget: request.target)
    }

    /// The host, path, query and port of `url` as a signature base reads them, and as
    /// `URLComponents` parses them (the reference a test holds the first to).
    package static func targetParts(of url: URL) -> (read: [String?], parsed: [String?]) {
        let read = HTTPComponentValue.TargetParts(url), parsed = HTTPComponentValue.TargetParts(byComponents: url)
        return ([read.host, read.path, read.query, read.port.map(String.init)], [parsed.host, parsed.path, parsed.query, parsed.port.map(String.init)])
    }

    /// The path (`/` when empty) and `?query` of `url`, still percent-encoded.
    static func originForm(_ url: URL) -> String {
        let components = URLComponents(url: url, resolvingAgainstBaseURL: false)
        let path = components?.percentEncodedPath ?? ""
        return (path.isEmpty ? "/" : path) + (components?.percentEncodedQuery.map { "?" + $0 } ?? "")
    }
}

/// A response as a signature base reads it: its status, header fields and content, and the
/// request it answers (for components with `req`, RFC 9421 §2.4).
public struct HTTPMessageResponse: Sendable, Hashable {
    /// The status code (`@status`, §2.2.9).
    public var status: Int
    /// The header fields.
    public var headers: HeaderFields
    /// The content.
    public var body: [UInt8]
    /// The request this answers, for `req` components; `nil` when unknown (such components
    /// are then refused).
    public var request: HTTPMessageRequest?

    /// A response.
    public init(status: Int, headers: HeaderFields = [:], body: [UInt8] = [], request: HTTPMessageRequest? = nil) {
        self.status = status
        self.headers = headers
        self.body = body
        self.request = request
    }

    /// A client's response to `request`.
    public init(_ response: APIResponse, request: HTTPMessageRequest?) {
        self.init(status: response.statusCode, headers: response.headers, body: response.body, request: request)
    }
}

/// The message a signature belongs to: a request or a response (its "target message",
/// RFC 9421 §1.4).
public enum HTTPMessage: Sendable, Hashable {
    /// A request.
    case request(HTTPMessageRequest)
    /// A response (with the request it answers, for `req` components).
    case response(HTTPMessageResponse)

    /// The message's header fields.
    public var headers: HeaderFields {
        get {
            switch self {
            case .request(let request): request.headers
            case .response(let response): response.headers
            }
        }
        set {
            switch self {
            case .request(var request):
                request.headers = newValue
                self = .request(request)
            case .response(var response):
                response.headers = newValue
                self = .response(response)
            }
        }
    }

    /// The message's content.
    public var body: [UInt8] {
        switch self {
        case .request(let request): request.body
        case .response(let response): response.body
        }
    }
}
