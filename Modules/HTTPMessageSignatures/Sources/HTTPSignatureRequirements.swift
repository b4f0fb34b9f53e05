/// Which signature of a message a verifier checks (RFC 9421 §3.2 step 1.1: "based on the
/// policy and configuration of the verifier").
public enum HTTPSignatureSelection: Sendable, Hashable {
    /// The first signature in `Signature-Input`.
    case first
    /// The signature with this label.
    case label(String)
    /// The first signature whose `tag` is this (Web Bot Auth's `web-bot-auth`, …).
    case tag(String)
}

/// What a verifier requires a signature to cover (RFC 9421 §3.2.1): listed components, and the
/// query and the content whenever the message has them. A signature that does not cover one is
/// refused with ``HTTPMessageSignatureError/Code/missingRequiredComponent``.
///
/// `@target-uri` stands for `@scheme`, `@authority`, `@path` and `@query`; `@request-target`
/// for `@path` and `@query`.
public struct HTTPSignatureRequirements: Sendable, Hashable {
    /// Components every signature must cover.
    public var components: [HTTPSignatureComponent]
    /// Whether a request with a query must have it covered (`@query`, `@target-uri` or `@request-target`).
    public var queryWhenPresent: Bool
    /// Whether a message with content must have `content-digest` covered (then checked
    /// against the content received, RFC 9530).
    public var contentWhenPresent: Bool

    /// Requirements.
    public init(components: [HTTPSignatureComponent], queryWhenPresent: Bool = true, contentWhenPresent: Bool = true) {
        self.components = components
        self.queryWhenPresent = queryWhenPresent
        self.contentWhenPresent = contentWhenPresent
    }

    /// For requests: `@method`, `@authority` and `@path`, the query and the content when present
    /// (what ``HTTPMessageSigner`` covers by default).
    public static let request = HTTPSignatureRequirements(components: [.method, .authority, .path])
    /// For responses: `@status`, and the content when present.
    public static let response = HTTPSignatureRequirements(components: [.status], queryWhenPresent: false)
    /// Nothing required beyond a valid signature.
    public static let none = HTTPSignatureRequirements(components: [], queryWhenPresent: false, contentWhenPresent: false)

    /// What a signature of `message` must cover, in order: ``components``, then `@query` when
    /// the request has a query and `content-digest` when the message has content (as
    /// ``queryWhenPresent`` and ``contentWhenPresent`` ask). A refusal's `Accept-Signature`
    /// names these (RFC 9421 §5.1), so a client signing exactly what it is asked is accepted.
    public func components(for message: HTTPMessage) -> [HTTPSignatureComponent] {
        var list = components
        if queryWhenPresent, case .request(let request) = message, HTTPComponentValue.contains(request.requestTarget, "?"),
           !list.contains(.query), !list.contains(.targetURI), !list.contains(.requestTarget) {
            list.append(.query)
        }
        if contentWhenPresent, !message.body.isEmpty, !list.contains(.contentDigest) { list.append(.contentDigest) }
        return list
    }

    /// The first requirement `covered` misses in `message`, in words; `nil` when all are met.
    func missing(in covered: [HTTPSignatureComponent], message: HTTPMessage) -> String? {
        // A few requirements looked up in the covered list (no set of them to build).
        func has(_ component: HTTPSignatureComponent) -> Bool {
            if covered.contains(component) { return true }
            switch component {
            case .scheme, .authority: return covered.contains(.targetURI)
            case .path, .query: return covered.contains(.targetURI) || covered.contains(.requestTarget)
            default: return false
            }
        }
        for component in components where !has(component) { return component.description }
        if queryWhenPresent, case .request(let request) = message, HTTPComponentValue.contains(request.requestTarget, "?"), !has(.query) {
            return "\"@query\" (the request has a query)"
        }
        if contentWhenPresent, !message.body.isEmpty, !covered.contains(.contentDigest) {
            return "\"content-digest\" (the message has content)"
        }
        return nil
    }
}
