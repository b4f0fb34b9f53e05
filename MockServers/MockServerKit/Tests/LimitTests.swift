import Foundation
import SigningCore
import HummingbirdTesting
import HTTPTypes
import MockServerKit
import MockServerTesting
import NIOCore
import Testing

@Suite("Limits and hostile input", .timeLimit(.minutes(5)))
struct LimitTests {
    private func withServer(_ limits: MockServerLimits = MockServerLimits(), _ body: (MockServer) async throws -> Void) async throws {
        try await MockServer.withRunning(EchoProvider(), configuration: MockServerConfiguration(limits: limits), body)
    }

    @Test("a body over the cap gets 413 in the provider's shape")
    func bodyCap() async throws {
        try await withServer(MockServerLimits(maxBodyBytes: 1000)) { server in
            let ok = try await MockHTTP.send(.post, "/echo", to: server.baseURL, body: ByteBuffer(repeating: 0x61, count: 1000))
            #expect(ok.status == .ok)
            let big = try await MockHTTP.send(.post, "/echo", to: server.baseURL, body: ByteBuffer(repeating: 0x61, count: 5000))
            #expect(big.status == .contentTooLarge)
            #expect(MockHTTP.json(big)?["echoError"] as? String == "The request body is larger than 1000 bytes.")
            #expect(await server.journal.last?.verdict == .rejected)
        }
    }

    @Test("headers over the cap get 431, far over it too; the server lives on")
    func headerCap() async throws {
        try await withServer(MockServerLimits(maxHeaderBytes: 2048)) { server in
            var headers = HTTPFields()
            headers[HTTPField.Name("X-Big")!] = String(repeating: "a", count: 3000)
            let response = try await MockHTTP.send(.get, "/echo", to: server.baseURL, headers: headers)
            #expect(response.status.code == 431)
            #expect(MockHTTP.json(response)?["status"] as? Int == 431)
            let port = try #require(server.baseURL.port)
            let huge = try await RawHTTP.exchange(port: port, text: "GET /echo HTTP/1.1\r\nHost: x\r\nX-Huge: \(String(repeating: "b", count: 200_000))\r\n\r\n")
            #expect(huge.status == 431)
            #expect(try await MockHTTP.send(.get, "/echo", to: server.baseURL).status == .ok)
        }
    }

    /// A request head too large in one way, named so that test output stays short.
    struct OversizedHead: CustomTestStringConvertible, Sendable {
        let name: String
        let limit: Int
        let request: String
        let status: Int
        var testDescription: String { name }

        static let all = [
            OversizedHead(name: "a 3 KB target, limit 2 KiB", limit: 2_048, request: "GET /echo?q=\(String(repeating: "a", count: 3_000)) HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", status: 414),
            OversizedHead(name: "a 1 MiB target, limit 2 KiB", limit: 2_048, request: "GET /echo?q=\(String(repeating: "a", count: 1 << 20)) HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", status: 414),
            OversizedHead(name: "a 1 MiB target, limit 16 KiB", limit: 16_384, request: "GET /\(String(repeating: "d", count: 1 << 20)) HTTP/1.1\r\nHost: x\r\n\r\n", status: 414),
            OversizedHead(name: "a 1 MiB header, limit 2 KiB", limit: 2_048, request: "GET /echo HTTP/1.1\r\nHost: x\r\nX-Huge: \(String(repeating: "b", count: 1 << 20))\r\nConnection: close\r\n\r\n", status: 431),
            OversizedHead(name: "10 000 small headers, limit 2 KiB", limit: 2_048, request: "GET /echo HTTP/1.1\r\nHost: x\r\n\(String(repeating: "X-Many: c\r\n", count: 10_000))Connection: close\r\n\r\n", status: 431),
        ]
    }

    @Test("a request target over the limit gets 414, a header section over it 431, in the provider's shape, at any size; the next connection is served", arguments: OversizedHead.all)
    func oversizedHead(head: OversizedHead) async throws {
        let limit = head.limit
        try await MockServer.withRunning(EchoProvider(), configuration: MockServerConfiguration(limits: MockServerLimits(maxHeaderBytes: limit))) { server in
            let port = try #require(server.baseURL.port)
            let reply = try await RawHTTP.exchange(port: port, text: head.request)
            #expect(reply.status == head.status, "\(reply.text.prefix(300))")
            #expect(reply.text.lowercased().contains("connection: close"))
            let what = head.status == 414 ? "request target is longer" : "request headers are larger"
            #expect(reply.json?["echoError"] as? String == "The \(what) than \(limit) bytes.", "\(reply.text.prefix(300))")
            #expect(reply.json?["status"] as? Int == head.status)
            let next = try await RawHTTP.exchange(port: port, text: "GET /echo HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            #expect(next.status == 200)
        }
    }

    @Test("an idle half-sent request is closed after the read timeout, without an answer")
    func readTimeout() async throws {
        let sleeps = ManualSleepClock()
        let configuration = MockServerConfiguration(limits: MockServerLimits(readTimeoutSeconds: 1))
        try await MockServer.withRunning(EchoProvider(), configuration: configuration, sleepClock: sleeps) { server in
            let port = try #require(server.baseURL.port)
            async let reply = RawHTTP.exchange(port: port, text: "GET /echo HTTP/1.1\r\nHost: x\r\n")
            await sleeps.readDeadlines.waitForSleepers()
            sleeps.readDeadlines.advance(by: .seconds(1))
            #expect(try await reply.status == nil)
        }
    }

    @Test("on a server's own clock too (NIO's timer, not a test's clock), a half-sent request is closed after the read timeout")
    func readTimeoutOnTheContinuousClock() async throws {
        // Only the outcome is checked, whenever it comes: no bound on how long it takes.
        try await withServer(MockServerLimits(readTimeoutSeconds: 1)) { server in
            let port = try #require(server.baseURL.port)
            let reply = try await RawHTTP.exchange(port: port, text: "GET /echo HTTP/1.1\r\nHost: x\r\n")
            #expect(reply.status == nil)
        }
    }

    @Test("other methods on a known path get 405 with Allow; unknown paths get 404")
    func methods() async throws {
        try await withServer { server in
            for method in [HTTPRequest.Method.delete, .put, .patch, HTTPRequest.Method("TRACE")!] {
                let response = try await MockHTTP.send(method, "/echo", to: server.baseURL)
                #expect(response.status == .methodNotAllowed)
                #expect(response.headers[.allow] == "GET, POST")
            }
            #expect(try await MockHTTP.send(.delete, "/items/3", to: server.baseURL).headers[.allow] == "GET")
            let missing = try await MockHTTP.send(.get, "/nothing/here", to: server.baseURL)
            #expect(missing.status == .notFound)
            #expect(MockHTTP.json(missing)?["echoError"] != nil)
        }
    }

    @Test("hostile raw requests get the answer each deserves, never a crash or a 500", arguments: [
        ("GET /echo?%zz=%FF%FE HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", 400),
        ("POST /echo HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 4\r\nConnection: close\r\n\r\n%C3(", 400),
        ("GARBAGE\r\n\r\n", 400),
        ("GET /echo HTTP/1.1\r\nHost: x\r\nX-Bin: \u{00FF}\u{00FE}\r\nConnection: close\r\n\r\n", 200),
        ("GET /../../etc/passwd HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", 404),
        ("POST /echo HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\nZZZ\r\n", 400),
    ] as [(String, Int)])
    func hostile(request: String, status: Int) async throws {
        // Each is whole, so each is answered or refused at once (a body that never comes is
        // HTTPDetailTests' unfinishedBody, which moves the read deadline's clock).
        try await withServer { server in
            let port = try #require(server.baseURL.port)
            let reply = try await RawHTTP.exchange(port: port, text: request)
            #expect(reply.status == status, "\(request.debugDescription)")
            #expect(try await MockHTTP.send(.get, "/health", to: server.baseURL).status == .ok)
        }
    }

    @Test("non-UTF-8 bytes in a form body are rejected, not crashed on")
    func nonUTF8Body() async throws {
        try await withServer { server in
            var headers = HTTPFields()
            headers[.contentType] = "application/x-www-form-urlencoded"
            let response = try await MockHTTP.send(.post, "/echo", to: server.baseURL, headers: headers, body: ByteBuffer(bytes: [0x61, 0x3D, 0xFF, 0xC3]))
            #expect(response.status == .badRequest)
        }
    }
}
