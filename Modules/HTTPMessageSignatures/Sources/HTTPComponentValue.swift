import Foundation
import SignedHTTP

/// The value of one covered component in a message (RFC 9421 §2.1, §2.2, §2.4).
enum HTTPComponentValue {
    /// What one signature base reads of a target URI more than once: its parts, found once
    /// for all the derived components of the base (the request's, and for `req` components
    /// the request a response answers).
    struct Context {
        /// The parts of the message's own target URI, once read.
        private var own: TargetParts?
        /// The parts of the target URI of the request a response answers (`req`), once read.
        private var answered: TargetParts?

        /// The parts of `url`, read once per base: the message's own target (`fromRequest`
        /// false) or the answered request's.
        mutating func parts(of url: URL, fromRequest: Bool) -> TargetParts {
            if let known = fromRequest ? answered : own { return known }
            let parts = TargetParts(url)
            if fromRequest { answered = parts } else { own = parts }
            return parts
        }
    }

    /// The parts of a target URI the derived components read, as `URLComponents` gives them.
    struct TargetParts: Equatable {
        /// `encodedHost`: the host as sent (IDNA, not percent-encoded Unicode).
        var host: String?
        /// `percentEncodedPath` (empty when there is none).
        var path: String
        /// `percentEncodedQuery`.
        var query: String?
        /// `port`.
        var port: Int?

        /// The parts of `url`: read from the `URL`, which holds them parsed, when its host is
        /// letters, digits, `-` and `.` (then they are `URLComponents`' own, SerializationPinTests);
        /// else (IPv6, Unicode hosts, which `URL` and `URLComponents` write differently, or a
        /// URL relative to a base) parsed again by `URLComponents`.
        init(_ url: URL) {
            let isPlain = { (byte: UInt8) in
                (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
            }
            guard url.baseURL == nil, let host = url.host(percentEncoded: true), !host.isEmpty, host.utf8.allSatisfy(isPlain) else {
                self.init(byComponents: url)
                return
            }
            self.init(host: host, path: url.path(percentEncoded: true), query: url.query(percentEncoded: true), port: url.port)
        }

        /// The parts as `URLComponents` parses them: the reference ``init(_:)`` is held to.
        init(byComponents url: URL) {
            let components = URLComponents(url: url, resolvingAgainstBaseURL: false)
            self.init(host: components?.encodedHost, path: components?.percentEncodedPath ?? "", query: components?.percentEncodedQuery, port: components?.port)
        }

        private init(host: String?, path: String, query: String?, port: Int?) {
            self.host = host
            self.path = path
            self.query = query
            self.port = port
        }
    }

    /// The component value of `component` in `message`, reading the target URI's parts from
    /// `context`.
    static func value(of component: HTTPSignatureComponent, in message: HTTPMessage, context parts: inout Context) throws(HTTPMessageSignatureError) -> String {
        for parameter in component.parameters {
            switch parameter {
            case .trailer:
                throw HTTPMessageSignatureError(code: .invalidComponentParameter, message: "\(component) asks for a trailer field (tr); trailers are not supported, sign the field as a header (RFC 9421 §2.1.4)")
            case .other(let key):
                throw HTTPMessageSignatureError(code: .invalidComponentParameter, message: "\(component) has the parameter \"\(key.prefix(40))\", which RFC 9421 §6.5 does not define")
            default:
                break
            }
        }
        if component.isFromRequest {
            guard case .response(let response) = message else {
                throw HTTPMessageSignatureError(code: .invalidComponentParameter, message: "\(component) has req in a request's signature; req is for a response's signature only (RFC 9421 §2.4)")
            }
            guard let request = response.request else {
                throw HTTPMessageSignatureError(code: .missingComponent, message: "\(component) needs the request this response answers, and none was given (RFC 9421 §2.4)")
            }
            return try value(of: component, inTarget: .request(request), fromRequest: true, parts: &parts)
        }
        // The message itself, not a copy of it per component.
        return try value(of: component, inTarget: message, fromRequest: false, parts: &parts)
    }

    /// The value of `component` in `message`, the message its `req` parameter chose.
    private static func value(
        of component: HTTPSignatureComponent, inTarget message: HTTPMessage, fromRequest: Bool, parts: inout Context
    ) throws(HTTPMessageSignatureError) -> String {
        if component.isDerived {
            return try derived(component, in: message, fromRequest: fromRequest, parts: &parts)
        }
        switch message {
        case .request(let request): return try HTTPFieldValue.value(of: component, in: request.headers)
        case .response(let response): return try HTTPFieldValue.value(of: component, in: response.headers)
        }
    }

    /// A derived component's value (RFC 9421 §2.2).
    private static func derived(
        _ component: HTTPSignatureComponent, in message: HTTPMessage, fromRequest: Bool, parts: inout Context
    ) throws(HTTPMessageSignatureError) -> String {
        guard HTTPSignatureComponent.derivedNames.contains(component.name) else {
            throw HTTPMessageSignatureError(code: .unknownComponent, message: "\"\(component.name.prefix(60))\" is not a derived component of RFC 9421 §2.2 (@method, @target-uri, @authority, @scheme, @request-target, @path, @query, @query-param, @status)")
        }
        for parameter in component.parameters where parameter != .request && !(component.name == "@query-param" && parameter.keyName == "name") {
            throw HTTPMessageSignatureError(code: .invalidComponentParameter, message: "\(component): the parameter \(parameter.keyName) does not apply to \(component.name) (RFC 9421 §2.2)")
        }
        if component.name == "@status" {
            guard case .response(let response) = message else {
                throw HTTPMessageSignatureError(code: .missingComponent, message: "@status is a response's component; a request has none (RFC 9421 §2.2.9)")
            }
            guard (100...999).contains(response.status) else {
                throw HTTPMessageSignatureError(code: .invalidComponentValue, message: "the status \(response.status) is not a three-digit code (RFC 9421 §2.2.9)")
            }
            return String(response.status)
        }
        guard case .request(let request) = message else {
            throw HTTPMessageSignatureError(code: .missingComponent, message: "\(component.name) is a request's component; in a response's signature write it with req, \"\(component.name)\";req (RFC 9421 §2.4)")
        }
        let value: String
        switch component.name {
        case "@method": value = request.method
        case "@target-uri": value = try targetURI(request, parts.parts(of: request.url, fromRequest: fromRequest))
        case "@authority": value = try authority(request.url, parts.parts(of: request.url, fromRequest: fromRequest))
        case "@scheme": value = try scheme(request.url)
        case "@request-target": value = request.requestTarget
        case "@path": value = path(parts.parts(of: request.url, fromRequest: fromRequest))
        case "@query": value = "?" + (parts.parts(of: request.url, fromRequest: fromRequest).query ?? "")
        default: value = try HTTPQueryParameters.value(of: component, query: parts.parts(of: request.url, fromRequest: fromRequest).query)
        }
        try checkDerived(value, component)
        return value
    }

    /// `@target-uri`: scheme, normalised authority, path and query (RFC 9421 §2.2.2).
    private static func targetURI(_ request: HTTPMessageRequest, _ parts: TargetParts) throws(HTTPMessageSignatureError) -> String {
        try scheme(request.url) + "://" + authority(request.url, parts) + path(parts) + (parts.query.map { "?" + $0 } ?? "")
    }

    /// `@scheme`, lowercased (RFC 9421 §2.2.4).
    private static func scheme(_ url: URL) throws(HTTPMessageSignatureError) -> String {
        guard let scheme = url.scheme, !scheme.isEmpty else {
            throw HTTPMessageSignatureError(code: .missingComponent, message: "the target URI \(url.absoluteString.prefix(100)) has no scheme")
        }
        return lowercased(scheme)
    }

    /// Whether `text` contains `character` (ASCII), as Foundation's `contains` answers: by its
    /// bytes when `text` is ASCII (no Foundation search, which costs more than the rest of a
    /// component), by Foundation's otherwise.
    static func contains(_ text: String, _ character: Unicode.Scalar) -> Bool {
        guard text.utf8.allSatisfy({ $0 < 0x80 }) else { return text.contains(String(character)) }
        return text.utf8.contains(UInt8(ascii: character))
    }

    /// `text.lowercased()`, without a new string when `text` is ASCII without capitals (as
    /// hosts and schemes nearly always are).
    private static func lowercased(_ text: String) -> String {
        text.utf8.allSatisfy({ $0 < 0x80 && !(UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) }) ? text : text.lowercased()
    }

    /// `@authority`: the host lowercased, the port unless it is the scheme's default
    /// (RFC 9421 §2.2.3, RFC 9110 §4.2.3). The host as sent: `encodedHost`, since
    /// `percentEncodedHost` turns an IDNA host (`xn--bcher-kva.example`) into percent-encoded
    /// Unicode (`b%C3%BCcher.example`), which no peer signs (PeerTests).
    private static func authority(_ url: URL, _ parts: TargetParts) throws(HTTPMessageSignatureError) -> String {
        guard var host = parts.host, !host.isEmpty else {
            throw HTTPMessageSignatureError(code: .missingComponent, message: "the target URI \(url.absoluteString.prefix(100)) has no authority")
        }
        host = lowercased(host)
        if contains(host, ":"), !host.hasPrefix("[") { host = "[\(host)]" }
        let scheme = url.scheme.map(lowercased)
        guard let port = parts.port, !(scheme == "http" && port == 80), !(scheme == "https" && port == 443) else { return host }
        return "\(host):\(port)"
    }

    /// `@path`: the absolute path still percent-encoded, `/` when empty (RFC 9421 §2.2.6).
    private static func path(_ parts: TargetParts) -> String {
        let path = parts.path
        return path.isEmpty ? "/" : path
    }

    /// A derived value must be printable ASCII and spaces, without leading or trailing
    /// whitespace (RFC 9421 §2.2).
    private static func checkDerived(_ value: String, _ component: HTTPSignatureComponent) throws(HTTPMessageSignatureError) {
        if let index = value.utf8.firstIndex(where: { !(0x20...0x7E).contains($0) }) {
            let byte = value.utf8[index], offset = value.utf8.distance(from: value.utf8.startIndex, to: index)
            throw HTTPMessageSignatureError(code: .invalidComponentValue, message: "the value of \(component) has the byte 0x\(String(byte, radix: 16, uppercase: true)) at offset \(offset); derived values are printable ASCII (RFC 9421 §2.2)")
        }
        if value.utf8.first == UInt8(ascii: " ") || value.utf8.last == UInt8(ascii: " ") {
            throw HTTPMessageSignatureError(code: .invalidComponentValue, message: "the value of \(component) starts or ends with a space (RFC 9421 §2.2)")
        }
    }
}
