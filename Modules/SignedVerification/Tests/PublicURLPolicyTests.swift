import Foundation
import SignedVerification
import Testing

/// The URL the client signed, rebuilt from the request, a trusted proxy's headers, or a fixed base.
@Suite("Public URL policy")
struct PublicURLPolicyTests {
    func request(_ headers: HeaderFields, remote: String? = "10.0.0.2", scheme: String = "http", target: String = "/photos?size=original") -> ReceivedRequest {
        ReceivedRequest(method: "GET", target: target, headers: headers, scheme: scheme, remoteAddress: remote)
    }

    @Test("hosts with ports, IPv4 and bracketed IPv6 authorities are read as they are", arguments: ["api.example.com", "api.example.com:8443", "10.0.0.7:8080", "[::1]:8080", "[2001:db8::1]", "under_score.test"])
    func authorities(_ host: String) throws {
        let resolved = try #require(PublicURLPolicy.request.resolve(request(["Host": host])))
        #expect(resolved.url.absoluteString == "http://\(host)/photos?size=original")
    }

    @Test("by default: the connection's scheme and the Host header; forwarding headers are not read")
    func direct() throws {
        let resolved = try #require(PublicURLPolicy.request.resolve(request(["Host": "10.0.0.7:8080", "X-Forwarded-Proto": "https"])))
        #expect(resolved.url.absoluteString == "http://10.0.0.7:8080/photos?size=original")
        #expect(resolved.source.contains("Host header"))
    }

    @Test("no Host, two Hosts, or a Host that is not an authority: no URL")
    func noAuthority() {
        #expect(PublicURLPolicy.request.resolve(request([:])) == nil)
        #expect(PublicURLPolicy.request.resolve(request(HeaderFields([.init(name: "Host", value: "a"), .init(name: "Host", value: "b")]))) == nil)
        // ":8080" (an empty host) is fuzz-public-url's first finding (Fuzz/Regressions/fuzz-public-url/).
        for host in ["user@evil.example", "a b", "example.com/path", "", String(repeating: "a", count: 300), ":8080", "[]:80", "[::1", "host:", "host:123456", "host:8o"] {
            #expect(PublicURLPolicy.request.resolve(request(["Host": host])) == nil, "\(host)")
        }
    }

    @Test("from a trusted proxy: X-Forwarded-Proto, -Host and -Port give the public URL, and the source names them")
    func trustedXForwarded() throws {
        let policy = PublicURLPolicy.trustedProxies(["10.0.0.2"])
        let headers: HeaderFields = ["Host": "10.0.0.7:8080", "X-Forwarded-Proto": "https", "X-Forwarded-Host": "api.example.com, internal", "X-Forwarded-Port": "8443"]
        let resolved = try #require(policy.resolve(request(headers)))
        #expect(resolved.url.absoluteString == "https://api.example.com:8443/photos?size=original")
        #expect(resolved.source.contains("trusted proxy 10.0.0.2") && resolved.source.contains("X-Forwarded-Host"))
        // Only the scheme forwarded: the Host header stays.
        let schemeOnly = try #require(policy.resolve(request(["Host": "api.example.com", "X-Forwarded-Proto": "HTTPS"])))
        #expect(schemeOnly.url.absoluteString == "https://api.example.com/photos?size=original")
    }

    @Test("from a trusted proxy: RFC 7239 Forwarded (its first element, quoted values) wins over X-Forwarded-*")
    func trustedForwarded() throws {
        let policy = PublicURLPolicy.trustedProxies(["::1"])
        let headers: HeaderFields = ["Host": "backend", "Forwarded": "for=192.0.2.60;proto=https;host=\"api.example.com\", for=10.0.0.1;proto=http", "X-Forwarded-Host": "other"]
        let resolved = try #require(policy.resolve(request(headers, remote: "::1")))
        #expect(resolved.url.absoluteString == "https://api.example.com/photos?size=original")
        #expect(resolved.source.hasPrefix("Forwarded"))
    }

    @Test("from an untrusted peer, or an unknown one, forwarding headers are ignored and the source says so")
    func untrusted() throws {
        let policy = PublicURLPolicy.trustedProxies(["10.0.0.2"])
        let headers: HeaderFields = ["Host": "10.0.0.7:8080", "X-Forwarded-Proto": "https", "X-Forwarded-Host": "api.example.com"]
        for remote in ["10.0.0.3", nil] as [String?] {
            let resolved = try #require(policy.resolve(request(headers, remote: remote)))
            #expect(resolved.url.absoluteString == "http://10.0.0.7:8080/photos?size=original")
            #expect(resolved.source.contains("not a trusted proxy"))
        }
        // An IPv4-mapped IPv6 peer matches its IPv4 form.
        #expect(policy.resolve(request(headers, remote: "::ffff:10.0.0.2"))?.url.host == "api.example.com")
    }

    @Test("a trusted proxy's unusable values are ignored: a scheme other than http(s), a host with user information, a port out of range")
    func hostileForwarded() throws {
        let policy = PublicURLPolicy.trustedProxies(["10.0.0.2"])
        let headers: HeaderFields = ["Host": "api.example.com", "X-Forwarded-Proto": "javascript", "X-Forwarded-Host": "user@evil.example", "X-Forwarded-Port": "99999"]
        let resolved = try #require(policy.resolve(request(headers)))
        #expect(resolved.url.absoluteString == "http://api.example.com/photos?size=original")
    }

    @Test("a fixed public base URL: its scheme, host and port, and its path before the request's")
    func fixed() throws {
        let policy = PublicURLPolicy.fixed(URL(string: "https://example.com:8443/api/")!)
        let resolved = try #require(policy.resolve(request(["Host": "10.0.0.7"])))
        #expect(resolved.url.absoluteString == "https://example.com:8443/api/photos?size=original")
        #expect(resolved.source.contains("configured public base URL"))
        // No Host header is needed.
        #expect(policy.resolve(request([:]))?.url.host == "example.com")
        #expect(PublicURLPolicy.fixed(URL(string: "file:///tmp")!).resolve(request([:])) == nil)
    }

    @Test("the request's path and query are split as sent")
    func pathAndQuery() {
        let received = request([:], target: "/a%20b?x=1&y=%2F")
        #expect(received.path == "/a%20b" && received.query == "x=1&y=%2F")
        #expect(request([:], target: "/only").query == nil)
        #expect(request([:], target: "/p?").query == "" && request([:], target: "?q").path == "")
        #expect(request([:], target: "/a?b?c").query == "b?c")
        // A target that is not ASCII is split at its first `?` byte too, as HTTP splits it
        // (RFC 3986 §3.4), even where a combining mark makes the `?` part of a larger character.
        let accented = request([:], target: "/café?q=é")
        #expect(accented.path == "/café" && accented.query == "q=é")
        let combined = request([:], target: "/x?\u{301}y?z=1")
        #expect(combined.path == "/x" && combined.query == "\u{301}y?z=1")
    }
}
