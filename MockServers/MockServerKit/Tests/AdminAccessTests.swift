import HTTPTypes
@testable import MockServerKit
import NIOCore
import Testing

/// Who may use the admin routes and the dashboard, decided without a socket: a request from
/// another machine cannot be made on a test machine's loopback.
@Suite("Admin access")
struct AdminAccessTests {
    private static let token = "0123456789abcdef0123456789abcdef"

    private static func request(_ method: HTTPRequest.Method = .get, host: String = "127.0.0.1:8400", origin: String? = nil, token: String? = nil) -> HTTPRequest {
        var request = HTTPRequest(method: method, scheme: "http", authority: host, path: "/")
        if let origin { request.headerFields[.origin] = origin }
        if let token { request.headerFields[HTTPField.Name(AdminAccess.tokenHeaderName)!] = token }
        return request
    }

    @Test("the dashboard refuses a peer on another machine unless remote clients are allowed; loopback in IPv4, IPv6 and mapped form is served")
    func peers() throws {
        let local = AdminAccess(token: Self.token, host: "127.0.0.1", extraHosts: [], allowsRemoteClients: false)
        let remote = try SocketAddress(ipAddress: "192.0.2.7", port: 51000)
        #expect(local.refusal(Self.request(), peer: remote)?.contains("other machines") == true)
        for loopback in ["127.0.0.1", "127.8.9.10", "::1", "::ffff:127.0.0.1"] {
            #expect(local.refusal(Self.request(), peer: try SocketAddress(ipAddress: loopback, port: 51000)) == nil, "\(loopback)")
        }
        let open = AdminAccess(token: Self.token, host: "0.0.0.0", extraHosts: ["devbox.local"], allowsRemoteClients: true)
        #expect(open.refusal(Self.request(host: "devbox.local:8400"), peer: remote) == nil)
        #expect(open.refusal(Self.request(host: "evil.example:8400"), peer: remote) != nil)
    }

    @Test("Host names compare without port or case; an IPv6 host in brackets; Origin must be http on one of them", arguments: [
        ("localhost:8400", nil, true),
        ("LOCALHOST", nil, true),
        ("[::1]:8400", nil, true),
        ("127.0.0.1.evil.example:8400", nil, false),
        ("localhost.", nil, false),
        ("", nil, false),
        ("127.0.0.1:8400", "http://localhost:3000", true),
        ("127.0.0.1:8400", "https://localhost:8400", false),
        ("127.0.0.1:8400", "null", false),
        ("127.0.0.1:8400", "http://127.0.0.1@evil.example", false),
    ] as [(String, String?, Bool)])
    func names(host: String, origin: String?, allowed: Bool) {
        let access = AdminAccess(token: Self.token, host: "127.0.0.1", extraHosts: [], allowsRemoteClients: true)
        #expect((access.refusal(Self.request(host: host, origin: origin), peer: nil) == nil) == allowed)
    }

    @Test("a change needs this run's token, in the header or the dashboard's form field; reading does not")
    func token() {
        let access = AdminAccess(token: Self.token, host: "127.0.0.1", extraHosts: [], allowsRemoteClients: true)
        #expect(access.refusal(Self.request(.get), peer: nil) == nil)
        #expect(access.refusal(Self.request(.post), peer: nil)?.contains(AdminAccess.tokenHeaderName) == true)
        #expect(access.refusal(Self.request(.delete, token: String(Self.token.dropLast()) + "0"), peer: nil)?.contains("not this run's") == true)
        #expect(access.refusal(Self.request(.post, token: Self.token), peer: nil) == nil)
        #expect(access.refusal(Self.request(.post), formToken: Self.token, peer: nil) == nil)
        #expect(AdminAccess.randomToken() != AdminAccess.randomToken())
        #expect(AdminAccess.randomToken().utf8.count == 32)
    }
}
