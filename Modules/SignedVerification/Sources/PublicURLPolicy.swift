public import Foundation
import SignedHTTP

/// How a verifier rebuilds the URL the client signed — its scheme, host and port — when the
/// request reached this server through a load balancer or a reverse proxy.
///
/// A client signs the URL it addressed (`https://api.example.com/photos`); behind a proxy the
/// server sees another (`http://10.0.0.7:8080/photos`). Verifying against the wrong one is the
/// most common cause of "invalid signature" in production, so every refusal says which URL was
/// used and where it came from (``Resolution/source``).
public enum PublicURLPolicy: Sendable, Hashable {
    /// The connection's scheme and the `Host` header: right when clients reach this server
    /// directly, or through a proxy that passes `Host` on and does not terminate TLS.
    case request
    /// As ``request``, except that a request from one of these peer addresses (IP addresses,
    /// compared exactly; an IPv4-mapped IPv6 address matches its IPv4 form) is read through the
    /// headers that proxy sets: `Forwarded` (RFC 7239; its first element, the one the
    /// client-facing proxy wrote), else `X-Forwarded-Proto`, `X-Forwarded-Host` and
    /// `X-Forwarded-Port` (their first values). From any other peer those headers are ignored,
    /// since anyone can send them.
    case trustedProxies(Set<String>)
    /// Always this public base URL's scheme, host and port; its path (when it has one) is put
    /// before the request's path, for a proxy that strips a prefix (`https://example.com/api`).
    case fixed(URL)

    /// The URL a verifier checks a signature against, and where it came from.
    public struct Resolution: Sendable, Hashable {
        /// The absolute URL: scheme, authority, and the request target (prefixed by a fixed
        /// base URL's path).
        public var url: URL
        /// Where the scheme and authority came from, for refusals (`the Host header`,
        /// `X-Forwarded-Proto and X-Forwarded-Host from trusted proxy 10.0.0.2`, …).
        public var source: String
    }

    /// The URL `request` was signed over under this policy; `nil` when it has no usable
    /// authority (no `Host` header, or one that is not a host and port) or the target does not
    /// make a URL.
    public func resolve(_ request: ReceivedRequest) -> Resolution? {
        switch self {
        case .request:
            return Self.direct(request, note: nil)
        case .trustedProxies(let addresses):
            let peer = request.remoteAddress.map(Self.normalised)
            let forwarded = ForwardedHeaders(request.headers)
            guard let peer, addresses.contains(where: { Self.normalised($0) == peer }) else {
                let note = forwarded.isEmpty ? nil : "forwarding headers ignored: \(request.remoteAddress ?? "the peer") is not a trusted proxy"
                return Self.direct(request, note: note)
            }
            let host = request.headers.values(for: "Host").first.flatMap { Self.isAuthority($0) ? $0 : nil }
            guard let proxied = forwarded.origin(defaultScheme: request.scheme, host: host) else {
                return Self.direct(request, note: "trusted proxy \(peer) sent no usable forwarding headers")
            }
            return Self.make(scheme: proxied.scheme, authority: proxied.authority, target: request.target, source: "\(proxied.source) from trusted proxy \(peer)")
        case .fixed(let base):
            guard let scheme = base.scheme?.lowercased(), let host = base.host, !host.isEmpty else { return nil }
            let authority = (host.contains(":") ? "[\(host)]" : host) + (base.port.map { ":\($0)" } ?? "")
            var prefix = base.path
            while prefix.hasSuffix("/") { prefix.removeLast() }
            return Self.make(scheme: scheme, authority: authority, target: prefix + request.target, source: "the configured public base URL \(base.absoluteString)")
        }
    }

    private static func direct(_ request: ReceivedRequest, note: String?) -> Resolution? {
        let hosts = request.headers.values(for: "Host")
        guard hosts.count == 1, let host = hosts.first, isAuthority(host) else { return nil }
        let source = "the Host header and the connection's scheme" + (note.map { " (\($0))" } ?? "")
        return make(scheme: request.scheme.lowercased(), authority: host, target: request.target, source: source)
    }

    private static func make(scheme: String, authority: String, target: String, source: String) -> Resolution? {
        // Written into one buffer: this runs on every request a verifier checks.
        var text = String()
        text.reserveCapacity(scheme.utf8.count + authority.utf8.count + target.utf8.count + 4)
        text += scheme
        text += "://"
        text += authority
        if target.utf8.first != UInt8(ascii: "/") { text += "/" }
        text += target
        guard let url = URL(string: text) else { return nil }
        return Resolution(url: url, source: source)
    }

    /// A host with an optional port: a registered name or IPv4 address (letters, digits, `.`,
    /// `-`, `_`), or a bracketed IPv6 address, then optionally `:` and up to five digits.
    /// Nothing a URL would read as user information, a path, a query or an empty host.
    static func isAuthority(_ text: some StringProtocol) -> Bool {
        let bytes = Array(text.utf8)
        guard !bytes.isEmpty, bytes.count <= 255 else { return false }
        let portStart: Int
        if bytes[0] == UInt8(ascii: "[") {
            guard let close = bytes.firstIndex(of: UInt8(ascii: "]")), close > 1,
                  bytes[1..<close].allSatisfy({ isHexDigit($0) || $0 == UInt8(ascii: ":") || $0 == UInt8(ascii: ".") }) else { return false }
            portStart = close + 1
        } else {
            portStart = bytes.firstIndex(of: UInt8(ascii: ":")) ?? bytes.count
            guard portStart > 0, bytes[..<portStart].allSatisfy(isNameByte) else { return false }
        }
        guard portStart < bytes.count else { return true }
        let port = bytes[(portStart + 1)...]
        return bytes[portStart] == UInt8(ascii: ":") && (1...5).contains(port.count) && port.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "."), UInt8(ascii: "-"), UInt8(ascii: "_"):
            true
        default:
            false
        }
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "f"), UInt8(ascii: "A")...UInt8(ascii: "F"), UInt8(ascii: "0")...UInt8(ascii: "9"): true
        default: false
        }
    }

    private static func normalised(_ address: String) -> String {
        let lower = address.lowercased()
        return lower.hasPrefix("::ffff:") && lower.contains(".") ? String(lower.dropFirst(7)) : lower
    }
}

/// The forwarding headers a proxy sets, read leniently: unusable values are ignored.
struct ForwardedHeaders {
    var forwardedProto: String?
    var forwardedHost: String?
    var proto: String?
    var host: String?
    var port: String?

    init(_ headers: HeaderFields) {
        if let first = headers.values(for: "Forwarded").first?.split(separator: ",", omittingEmptySubsequences: false).first {
            for pair in first.split(separator: ";") {
                guard let equals = pair.firstIndex(of: "=") else { continue }
                let name = pair[..<equals].trimmingCharacters(in: .whitespaces).lowercased()
                var value = pair[pair.index(after: equals)...].trimmingCharacters(in: .whitespaces)
                if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") { value = String(value.dropFirst().dropLast()) }
                if name == "proto" { forwardedProto = value } else if name == "host" { forwardedHost = value }
            }
        }
        func first(_ name: String) -> String? {
            headers.values(for: name).first.flatMap { $0.split(separator: ",").first.map { $0.trimmingCharacters(in: .whitespaces) } }
        }
        proto = first("X-Forwarded-Proto")
        host = first("X-Forwarded-Host")
        port = first("X-Forwarded-Port")
    }

    var isEmpty: Bool { forwardedProto == nil && forwardedHost == nil && proto == nil && host == nil && port == nil }

    /// The scheme and authority these headers give, falling back to `defaultScheme` and `host`
    /// for what they leave out; `nil` when they give nothing usable.
    func origin(defaultScheme: String, host requestHost: String?) -> (scheme: String, authority: String, source: String)? {
        let validScheme = { (value: String?) in value.map { $0.lowercased() }.flatMap { $0 == "http" || $0 == "https" ? $0 : nil } }
        if forwardedProto != nil || forwardedHost != nil {
            let scheme = validScheme(forwardedProto)
            let authority = forwardedHost.flatMap { PublicURLPolicy.isAuthority($0) ? $0 : nil }
            if scheme != nil || authority != nil, let authority = authority ?? requestHost {
                return (scheme ?? defaultScheme, authority, "Forwarded")
            }
        }
        let scheme = validScheme(proto)
        let authority = host.flatMap { PublicURLPolicy.isAuthority($0) ? $0 : nil }
        let validPort = port.flatMap { UInt16($0) }
        guard scheme != nil || authority != nil || validPort != nil, var resolved = authority ?? requestHost else { return nil }
        if let validPort {
            if let colon = resolved.lastIndex(of: ":"), !resolved[colon...].contains("]") { resolved = String(resolved[..<colon]) }
            resolved += ":\(validPort)"
        }
        let names = [scheme.map { _ in "X-Forwarded-Proto" }, host.map { _ in "X-Forwarded-Host" }, validPort.map { _ in "X-Forwarded-Port" }].compactMap { $0 }
        return (scheme ?? defaultScheme, resolved, names.joined(separator: ", "))
    }
}
