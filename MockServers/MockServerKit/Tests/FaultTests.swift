import Foundation
import SigningCore
import HummingbirdTesting
import HTTPTypes
import MockServerKit
import MockServerTesting
import NIOCore
import Testing

@Suite("Faults")
struct FaultTests {
    private func start(_ faults: [FaultRule], admin: Bool = false) async throws -> MockServer {
        try await MockServer.start(EchoProvider(), configuration: MockServerConfiguration(faults: faults, adminEnabled: admin))
    }

    @Test("429 carries Retry-After and the provider's rate-limit headers in its error shape")
    func rateLimited() async throws {
        let clock = ManualClock(start: Date(timeIntervalSince1970: 2_000_000))
        let server = try await MockServer.start(
            EchoProvider(),
            configuration: MockServerConfiguration(faults: [FaultRule(fault: .status(code: 429, retryAfterSeconds: 30))]),
            clock: clock
        )
        let response = try await MockHTTP.send(.get, "/echo", to: server.baseURL)
        #expect(response.status.code == 429)
        #expect(response.headers[.retryAfter] == "30")
        #expect(response.headers[HTTPField.Name("X-Echo-Limit-Reset")!] == "2000030")
        #expect(MockHTTP.json(response)?["status"] as? Int == 429)
        #expect(await server.journal.last?.verdict == .faulted)
        await server.stop()
    }

    @Test("status faults", arguments: [500, 503])
    func status(code: Int) async throws {
        let server = try await start([FaultRule(fault: .status(code: code, retryAfterSeconds: nil))])
        let response = try await MockHTTP.send(.get, "/echo", to: server.baseURL)
        #expect(response.status.code == code)
        #expect(MockHTTP.json(response)?["echoError"] != nil)
        await server.stop()
    }

    @Test("faults apply per route and for a limited number of requests")
    func perRouteAndLimited() async throws {
        let server = try await start([FaultRule(route: "/items/{id}", fault: .status(code: 503, retryAfterSeconds: nil), remaining: 1)])
        #expect(try await MockHTTP.send(.get, "/echo", to: server.baseURL).status == .ok)
        #expect(try await MockHTTP.send(.get, "/items/7", to: server.baseURL).status.code == 503)
        let after = try await MockHTTP.send(.get, "/items/7", to: server.baseURL)
        #expect(after.status == .ok)
        #expect(MockHTTP.json(after)?["id"] as? String == "7")
        #expect(server.faults.all.isEmpty)
        await server.stop()
    }

    @Test("empty response keeps status and headers, drops the body")
    func empty() async throws {
        let server = try await start([FaultRule(fault: .emptyResponse)])
        let response = try await MockHTTP.send(.get, "/echo?a=1", to: server.baseURL)
        #expect(response.status == .ok)
        #expect((response.body?.readableBytes ?? 0) == 0)
        #expect(response.headers[.contentLength] == "0")
        await server.stop()
    }

    @Test("malformed response is not valid JSON")
    func malformed() async throws {
        let server = try await start([FaultRule(fault: .malformedResponse)])
        let response = try await MockHTTP.send(.get, "/echo?a=1", to: server.baseURL)
        #expect(response.status == .ok)
        let body = try #require(response.body)
        #expect(body.readableBytes > 0)
        #expect((try? JSONSerialization.jsonObject(with: Data(body.readableBytesView))) == nil)
        await server.stop()
    }

    @Test("dribble sends the whole body chunked")
    func dribble() async throws {
        let server = try await start([FaultRule(fault: .dribble(chunkBytes: 3, intervalMilliseconds: 1))])
        let port = try #require(server.baseURL.port)
        // A generous timeout: each 1 ms pause needs a turn on the shared cooperative threads.
        let reply = try await RawHTTP.exchange(port: port, text: "GET /echo?a=1 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", timeout: .seconds(45))
        #expect(reply.status == 200)
        #expect(reply.text.lowercased().contains("transfer-encoding: chunked"))
        #expect(reply.text.contains("\r\n3\r\n"))
        let direct = try await MockHTTP.send(.get, "/echo?a=1", to: server.baseURL)
        #expect(MockHTTP.json(direct)?["parameters"] as? [[String]] == [["a", "1"]])
        await server.stop()
    }

    @Test("connection reset closes the connection without a response")
    func reset() async throws {
        let server = try await start([FaultRule(fault: .connectionReset)])
        let port = try #require(server.baseURL.port)
        let reply = try await RawHTTP.exchange(port: port, text: "GET /echo HTTP/1.1\r\nHost: x\r\n\r\n", timeout: .seconds(45))
        #expect(reply.status == nil)
        #expect(reply.bytes.isEmpty)
        let entry = await server.journal.last
        #expect(entry?.verdict == .faulted)
        #expect(entry?.reason == "fault: connection reset")
        await server.stop()
    }

    @Test("latency delays the answer by at least the configured time")
    func latency() async throws {
        let server = try await start([FaultRule(fault: .latency(milliseconds: 150))])
        let clock = ContinuousClock()
        let start = clock.now
        let response = try await MockHTTP.send(.get, "/echo", to: server.baseURL)
        #expect(clock.now - start >= .milliseconds(150))
        #expect(response.status == .ok)
        try server.faults.replace(with: [FaultRule(fault: .randomLatency(minimumMilliseconds: 50, maximumMilliseconds: 60))])
        let randomStart = clock.now
        _ = try await MockHTTP.send(.get, "/echo", to: server.baseURL)
        #expect(clock.now - randomStart >= .milliseconds(50))
        await server.stop()
    }

    @Test("the admin route is off by default")
    func adminOff() async throws {
        let server = try await start([])
        #expect(try await MockHTTP.send(.get, "/__admin/faults", to: server.baseURL).status == .notFound)
        await server.stop()
    }

    @Test("the admin route adds, lists and clears faults and shows and resets the journal")
    func admin() async throws {
        let server = try await start([], admin: true)
        let rule = #"{"route": "GET /echo", "fault": {"status": {"code": 503}}}"#
        let added = try await MockHTTP.send(.post, "/__admin/faults", to: server.baseURL, body: ByteBuffer(string: rule))
        #expect(added.status == .ok)
        #expect(server.faults.all == [FaultRule(route: "GET /echo", fault: .status(code: 503, retryAfterSeconds: nil))])
        #expect(try await MockHTTP.send(.get, "/echo", to: server.baseURL).status.code == 503)
        #expect(try await MockHTTP.send(.post, "/__admin/faults", to: server.baseURL, body: ByteBuffer(string: "{nope")).status == .badRequest)
        #expect(try await MockHTTP.send(.delete, "/__admin/faults", to: server.baseURL).status == .noContent)
        #expect(try await MockHTTP.send(.get, "/echo", to: server.baseURL).status == .ok)
        let journal = try await MockHTTP.send(.get, "/__admin/journal", to: server.baseURL)
        let body = try #require(journal.body)
        let entries = try #require(try JSONSerialization.jsonObject(with: Data(body.readableBytesView)) as? [[String: Any]])
        #expect(entries.map { $0["status"] as? Int } == [503, 200])
        #expect(try await MockHTTP.send(.delete, "/__admin/journal", to: server.baseURL).status == .noContent)
        #expect(await server.journal.count == 0)
        await server.stop()
    }
}
