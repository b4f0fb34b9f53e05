#if MockServers  // without the trait, Server/TraitCheck.swift's #error is the one message
import Foundation
import HTTPTypes
import NIOCore
import SigningCore

/// Who may use the admin routes (`/__admin/…`) and the dashboard: the checks that keep a web
/// page on another site, open in the same browser, from reading or changing a mock server on
/// the developer's machine.
///
/// - **Host** (DNS rebinding): the request's `Host` must name this server (its configured host,
///   `localhost`, `127.0.0.1`, `[::1]`, or one of ``MockServerConfiguration/adminHosts``); the
///   port is not compared.
/// - **Origin**, when sent: an `http` origin on one of those names.
/// - **The admin token** (cross-site request forgery: a `text/plain` POST needs no preflight):
///   every call that changes something (any method but `GET` and `HEAD`) carries the per-run
///   token in ``tokenHeaderName``, or in a form field `token` for the dashboard's own forms.
/// - **Loopback peers** (the dashboard only): unless configured otherwise, a request from
///   another machine is refused.
///
/// Every refusal is 403 with `{"error": …}` saying which check failed and what to change.
public struct AdminAccess: Sendable {
    /// The header that carries the admin token: `X-Mock-Admin-Token`.
    public static let tokenHeaderName = "X-Mock-Admin-Token"
    static let tokenHeader = HTTPField.Name(tokenHeaderName)!

    /// The token state-changing calls must carry.
    let token: String
    /// The host names a request may be addressed to, lowercased, IPv6 in brackets.
    let names: Set<String>
    /// Whether requests from non-loopback addresses are served.
    let allowsRemoteClients: Bool

    init(token: String, host: String, extraHosts: [String], allowsRemoteClients: Bool) {
        self.token = token
        var names: Set<String> = ["localhost", "127.0.0.1", "[::1]"]
        let wildcard = host == "0.0.0.0" || host == "::" || host == "[::]"
        for name in (wildcard ? [] : [host]) + extraHosts {
            let name = name.lowercased()
            names.insert(name.contains(":") && !name.hasPrefix("[") ? "[\(name)]" : name)
        }
        self.names = names
        self.allowsRemoteClients = allowsRemoteClients
    }

    /// A fresh token: 128 random bits from the system generator, as 32 hex digits.
    static func randomToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<2).map { _ in
            let word = generator.next() as UInt64
            let hex = String(word, radix: 16)
            return String(repeating: "0", count: 16 - hex.count) + hex
        }.joined()
    }

    /// Why the request may not be served (the 403's message), or `nil` when it may.
    ///
    /// - Parameters:
    ///   - formToken: the token from the request's form body, for the dashboard's forms.
    ///   - peer: the connection's remote address, checked when remote clients are not allowed.
    func refusal(_ request: HTTPRequest, formToken: String? = nil, peer: SocketAddress?) -> String? {
        if !allowsRemoteClients, let peer, !Self.isLoopback(peer) {
            return "requests from other machines are refused; set allowRemoteClients in the dashboard's configuration to allow them"
        }
        let host = Self.hostName(request.authority ?? "")
        guard names.contains(host) else {
            let shown = host.isEmpty ? "no Host" : "the Host '\(host.prefix(100))'"
            return "\(shown) is not one of this server's names (\(names.sorted().joined(separator: ", "))); add it to adminHosts to allow it"
        }
        if let origin = request.headerFields[.origin] {
            guard origin.lowercased().hasPrefix("http://"), names.contains(Self.hostName(String(origin.dropFirst("http://".count)))) else {
                return "the Origin '\(origin.prefix(100))' is not this server's; the admin routes answer only pages this server served"
            }
        }
        guard request.method != .get, request.method != .head else { return nil }
        let given = request.headerFields[Self.tokenHeader] ?? formToken ?? ""
        guard !given.isEmpty else {
            return "this call changes the server, so it needs the admin token in \(Self.tokenHeaderName) (mock-servers prints it and writes it to the ready file as adminToken; in-process it is MockServer.adminToken)"
        }
        guard ConstantTime.isEqual(given, token) else {
            return "the admin token in \(Self.tokenHeaderName) is not this run's; each run of the server makes a new one unless adminToken is configured"
        }
        return nil
    }

    /// The host of an authority (`host:port`, `[v6]:port`), lowercased.
    static func hostName(_ authority: String) -> String {
        let authority = authority.prefix { $0 != "/" }.lowercased()
        if authority.hasPrefix("[") {
            return authority.firstIndex(of: "]").map { String(authority[...$0]) } ?? authority
        }
        return String(authority.prefix { $0 != ":" })
    }

    private static func isLoopback(_ address: SocketAddress) -> Bool {
        switch address {
        case .v4(let v4): return v4.address.sin_addr.s_addr.bigEndian >> 24 == 127
        case .v6: return address.ipAddress == "::1" || (address.ipAddress?.hasPrefix("::ffff:127.") ?? false)
        case .unixDomainSocket: return true
        }
    }
}
#endif
