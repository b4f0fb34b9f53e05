import Foundation
import HTTPTypes
import HummingbirdTesting
import MockServerKit
import MockServerTesting
import NIOCore
import Testing

/// The dashboard and the admin routes' protection: a page on another site, open in the same
/// browser, can send requests to 127.0.0.1; they must read nothing and change nothing.
@Suite("Dashboard", .timeLimit(.minutes(1)))
struct DashboardTests {
    private func withDashboard(_ body: (MockServer, URL) async throws -> Void) async throws {
        try await MockServer.withRunning([(EchoProvider(), MockServerConfiguration())], dashboard: MockDashboardConfiguration()) { server in
            try await body(server, try #require(server.dashboardURL))
        }
    }

    private static let rule = #"{"route": "GET /echo", "fault": {"status": {"code": 503}}}"#

    /// The two doors to one provider's faults: its own port, and the dashboard's.
    enum Door: String, CaseIterable, CustomTestStringConvertible {
        case provider, dashboard
        var testDescription: String { rawValue }
        func faults(_ server: MockServer, dashboard: URL) -> (URL, String) {
            self == .provider ? (server.baseURL, "/__admin/faults") : (dashboard, "/providers/echo/__admin/faults")
        }
    }

    @Test("a state-changing admin call from another origin, to another Host, or without the token is refused with 403 and changes nothing", arguments: Door.allCases)
    func crossSiteCallsAreRefused(door: Door) async throws {
        try await withDashboard { server, dashboard in
            let (base, path) = door.faults(server, dashboard: dashboard)
            let token = HTTPField.Name(AdminAccess.tokenHeaderName)!
            let evilOrigin = try await MockHTTP.send(.post, path, to: base, headers: [token: server.adminToken, .origin: "http://evil.example", .contentType: "text/plain"], body: ByteBuffer(string: Self.rule))
            #expect(evilOrigin.status == .forbidden)
            #expect(MockHTTP.text(evilOrigin).contains("the Origin") && MockHTTP.text(evilOrigin).contains("evil.example"))
            let rebound = try await MockHTTP.send(.post, path, to: base, headers: server.adminHeaders, body: ByteBuffer(string: Self.rule), authority: "evil.example:\(base.port!)")
            #expect(rebound.status == .forbidden)
            #expect(MockHTTP.text(rebound).contains("Host 'evil.example'"))
            let tokenless = try await MockHTTP.send(.post, path, to: base, headers: [.contentType: "text/plain"], body: ByteBuffer(string: Self.rule))
            #expect(tokenless.status == .forbidden)
            #expect(MockHTTP.text(tokenless).contains(AdminAccess.tokenHeaderName))
            let wrong = try await MockHTTP.send(.post, path, to: base, headers: [token: String(repeating: "0", count: 32)], body: ByteBuffer(string: Self.rule))
            #expect(wrong.status == .forbidden)
            #expect(try await MockHTTP.send(.delete, path, to: base).status == .forbidden)
            #expect(try await MockHTTP.send(.get, path, to: base, authority: "evil.example").status == .forbidden)
            #expect(server.faults.all.isEmpty, "a refused call changed the faults")

            let ownOrigin = "http://localhost:\(base.port!)"
            var headers = server.adminHeaders
            headers[.origin] = ownOrigin
            let added = try await MockHTTP.send(.post, path, to: base, headers: headers, body: ByteBuffer(string: Self.rule))
            #expect(added.status == .ok)
            #expect(server.faults.all.count == 1)
            #expect(try await MockHTTP.send(.get, "/echo", to: server.baseURL).status.code == 503)
        }
    }

    @Test("every page and the event stream refuse a foreign Host or Origin; pages carry a strict Content-Security-Policy")
    func pagesCheckHostAndOrigin() async throws {
        try await withDashboard { _, dashboard in
            for path in ["/", "/events", "/assets/dashboard.js", "/requests/echo/1"] {
                #expect(try await MockHTTP.send(.get, path, to: dashboard, authority: "attacker.example:\(dashboard.port!)").status == .forbidden, "\(path)")
                #expect(try await MockHTTP.send(.get, path, to: dashboard, headers: [.origin: "http://attacker.example"]).status == .forbidden, "\(path)")
            }
            let page = try await MockHTTP.send(.get, "/", to: dashboard)
            #expect(page.status == .ok)
            let policy = try #require(page.headers[.contentSecurityPolicy])
            #expect(policy.contains("script-src 'self'") && policy.contains("default-src 'none'") && !policy.contains("unsafe"))
            #expect(page.headers[HTTPField.Name("X-Frame-Options")!] == "DENY")
            let script = try await MockHTTP.send(.get, "/assets/dashboard.js", to: dashboard)
            #expect(script.status == .ok && script.headers[.contentType]?.hasPrefix("text/javascript") == true && (script.body?.readableBytes ?? 0) > 1000)
            let style = try await MockHTTP.send(.get, "/assets/dashboard.css", to: dashboard)
            #expect(style.status == .ok && style.headers[.contentType]?.hasPrefix("text/css") == true)
        }
    }

    @Test("a request path, reason and headers an attacker chose render as text, never as markup")
    func hostileValuesAreEscaped() async throws {
        try await withDashboard { server, dashboard in
            let reply = try await RawHTTP.exchange(port: server.baseURL.port!, text: "GET /<script>alert(1)</script>?q=\"><img%20src=x%20onerror=alert(2)> HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Evil: <b onmouseover=alert(3)>\r\nConnection: close\r\n\r\n")
            #expect(reply.status == 404)
            let page = MockHTTP.text(try await MockHTTP.send(.get, "/", to: dashboard))
            #expect(page.contains("/&lt;script&gt;alert(1)&lt;/script&gt;"))
            #expect(!page.contains("<script>alert"))
            let detail = MockHTTP.text(try await MockHTTP.send(.get, "/requests/echo/1", to: dashboard))
            #expect(detail.contains("&lt;b onmouseover=alert(3)&gt;"))
            #expect(detail.contains("&quot;&gt;&lt;img%20src=x%20onerror=alert(2)&gt;"))
            #expect(!detail.contains("<img") && !detail.contains("<b on") && !detail.contains("<script>alert"))
        }
    }

    @Test("the event stream replays the journal, then sends each request as it is journaled and each clearing")
    func liveEvents() async throws {
        try await withDashboard { server, dashboard in
            #expect(try await MockHTTP.send(.get, "/echo?before=1", to: server.baseURL).status == .ok)
            let text = try await RawHTTP.watch(
                port: dashboard.port!,
                request: "GET /events HTTP/1.1\r\nHost: 127.0.0.1:\(dashboard.port!)\r\nAccept: text/event-stream\r\n\r\n",
                started: {
                    _ = try await MockHTTP.send(.post, "/echo", to: server.baseURL, headers: [.contentType: "application/x-www-form-urlencoded"], body: ByteBuffer(string: "after=2"))
                    _ = try await MockHTTP.send(.delete, "/__admin/journal", to: server.baseURL, headers: server.adminHeaders)
                },
                until: { $0.contains("event: cleared") }
            )
            #expect(text.contains("text/event-stream"))
            let requests = text.components(separatedBy: "event: request\ndata: ").dropFirst().compactMap { chunk in
                (try? JSONSerialization.jsonObject(with: Data(chunk.prefix { $0 != "\n" }.utf8))) as? [String: Any]
            }
            #expect(requests.map { $0["method"] as? String } == ["GET", "POST"])
            #expect(requests.map { $0["sequence"] as? Int } == [1, 2])
            #expect(requests.last?["url"] as? String == "/requests/echo/2")
            #expect(requests.last?["verdict"] as? String == "accepted")
            #expect(text.contains(#"event: cleared"# + "\n" + #"data: {"provider":"echo"}"#))
        }
    }

    @Test("one request's page shows the target, headers and body as received, with secrets masked")
    func requestPageMasksSecrets() async throws {
        try await withDashboard { server, dashboard in
            let body = "client_secret=hunter2-client&name=ada+lovelace"
            _ = try await MockHTTP.send(.post, "/echo?password=hunter2-query&page=2", to: server.baseURL, headers: [
                .contentType: "application/x-www-form-urlencoded", .authorization: "Basic YWRhOmh1bnRlcjI=",
            ], body: ByteBuffer(string: body))
            let page = MockHTTP.text(try await MockHTTP.send(.get, "/requests/echo/1", to: dashboard))
            #expect(page.contains("Basic [redacted]"))
            #expect(page.contains("name=ada+lovelace") && page.contains("page=2"))
            for secret in ["hunter2", "YWRhOmh1bnRlcjI="] { #expect(!page.contains(secret), "\(secret) shown") }
            #expect(page.contains("<pre id=\"curl\">curl -X POST"))
            #expect(page.contains("<pre id=\"capture\">POST /echo?"))
            let journal = MockHTTP.text(try await MockHTTP.send(.get, "/__admin/journal", to: server.baseURL))
            #expect(!journal.contains("hunter2") && journal.contains("Basic [redacted]"))
        }
    }

    @Test("bad, missing and hostile dashboard requests get a 4xx page, never a 500")
    func hostileDashboardRequests() async throws {
        try await withDashboard { server, dashboard in
            _ = try await MockHTTP.send(.get, "/echo", to: server.baseURL)
            let cases: [(HTTPRequest.Method, String, HTTPFields, String?, Int)] = [
                (.get, "/requests/echo/abc", [:], nil, 404),
                (.get, "/requests/nobody/1", [:], nil, 404),
                (.get, "/requests/echo/99999999999999999999999999", [:], nil, 404),
                (.get, "/requests/echo/-1", [:], nil, 404),
                (.get, "/nowhere", [:], nil, 404),
                (.get, "/providers/nobody/__admin/faults", [:], nil, 404),
                (.post, "/requests/echo/1/compare", [.contentType: "application/x-www-form-urlencoded"], "client=GET%26x", 403),
                (.post, "/requests/echo/1/compare", [:], "token=\(server.adminToken)&client=%ZZ", 400),
                (.post, "/requests/echo/1/compare", [:], "token=\(server.adminToken)&client=" + String(repeating: "A", count: 70_000), 400),
                (.post, "/requests/echo/1/compare", [:], "token=\(server.adminToken)&client=GET%26x", 200),
                (.post, "/providers/echo/__admin/faults", server.adminHeaders, "[" + String(repeating: "[", count: 50_000), 400),
            ]
            for (method, path, headers, body, status) in cases {
                let response = try await MockHTTP.send(method, path, to: dashboard, headers: headers, body: body.map { ByteBuffer(string: $0) })
                #expect(response.status.code == status, "\(method) \(path.prefix(60))")
            }
        }
    }

    @Test("the dashboard turns on the admin routes it uses; without it they stay off; a bad dashboard configuration is refused before binding")
    func configuration() async throws {
        try await withDashboard { server, _ throws in
            #expect(try await MockHTTP.send(.get, "/__admin/faults", to: server.baseURL).status == .ok)
        }
        try await MockServer.withRunning(EchoProvider()) { server throws in
            #expect(server.dashboardURL == nil)
            #expect(try await MockHTTP.send(.get, "/__admin/faults", to: server.baseURL).status == .notFound)
        }
        await #expect(throws: MockServerError.self) {
            _ = try await MockServer.start([(EchoProvider(), MockServerConfiguration())], dashboard: MockDashboardConfiguration(port: 70_000))
        }
        let decoded = try JSONDecoder().decode([String: MockDashboardConfiguration].self, from: Data(#"{"a": true, "b": {"port": 9400, "hosts": ["devbox.local"]}}"#.utf8))
        #expect(decoded["a"] == MockDashboardConfiguration())
        #expect(decoded["b"] == MockDashboardConfiguration(port: 9400, hosts: ["devbox.local"]))
        #expect(throws: DecodingError.self) { _ = try JSONDecoder().decode([String: MockDashboardConfiguration].self, from: Data(#"{"a": false}"#.utf8)) }
    }
}
