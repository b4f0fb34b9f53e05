import Foundation
import SigningCore
import HummingbirdTesting
import HTTPTypes
import MockServerKit
import MockServerTesting
import NIOCore
import Testing

@Suite("Faults", .timeLimit(.minutes(1)))
struct FaultTests {
    private func withServer(
        _ faults: [FaultRule],
        admin: Bool = false,
        sleepClock: any Clock<Duration> = ContinuousClock(),
        _ body: (MockServer) async throws -> Void
    ) async throws {
        try await MockServer.withRunning(EchoProvider(), configuration: MockServerConfiguration(faults: faults, adminEnabled: admin), sleepClock: sleepClock, body)
    }

    @Test("429 carries Retry-After and the provider's rate-limit headers in its error shape")
    func rateLimited() async throws {
        let clock = ManualClock(start: Date(timeIntervalSince1970: 2_000_000))
        try await MockServer.withRunning(
            EchoProvider(),
            configuration: MockServerConfiguration(faults: [FaultRule(fault: .status(code: 429, retryAfterSeconds: 30))]),
            clock: clock
        ) { server in
            let response = try await MockHTTP.send(.get, "/echo", to: server.baseURL)
            #expect(response.status.code == 429)
            #expect(response.headers[.retryAfter] == "30")
            #expect(response.headers[HTTPField.Name("X-Echo-Limit-Reset")!] == "2000030")
            #expect(MockHTTP.json(response)?["status"] as? Int == 429)
            #expect(await server.journal.last?.verdict == .faulted)
        }
    }

    @Test("status faults", arguments: [500, 503])
    func status(code: Int) async throws {
        try await withServer([FaultRule(fault: .status(code: code, retryAfterSeconds: nil))]) { server in
            let response = try await MockHTTP.send(.get, "/echo", to: server.baseURL)
            #expect(response.status.code == code)
            #expect(MockHTTP.json(response)?["echoError"] != nil)
        }
    }

    @Test("faults apply per route and for a limited number of requests")
    func perRouteAndLimited() async throws {
        try await withServer([FaultRule(route: "/items/{id}", fault: .status(code: 503, retryAfterSeconds: nil), remaining: 1)]) { server in
            #expect(try await MockHTTP.send(.get, "/echo", to: server.baseURL).status == .ok)
            #expect(try await MockHTTP.send(.get, "/items/7", to: server.baseURL).status.code == 503)
            let after = try await MockHTTP.send(.get, "/items/7", to: server.baseURL)
            #expect(after.status == .ok)
            #expect(MockHTTP.json(after)?["id"] as? String == "7")
            #expect(server.faults.all.isEmpty)
        }
    }

    @Test("empty response keeps status and headers, drops the body")
    func empty() async throws {
        try await withServer([FaultRule(fault: .emptyResponse)]) { server in
            let response = try await MockHTTP.send(.get, "/echo?a=1", to: server.baseURL)
            #expect(response.status == .ok)
            #expect((response.body?.readableBytes ?? 0) == 0)
            #expect(response.headers[.contentLength] == "0")
        }
    }

    @Test("malformed response is not valid JSON")
    func malformed() async throws {
        try await withServer([FaultRule(fault: .malformedResponse)]) { server in
            let response = try await MockHTTP.send(.get, "/echo?a=1", to: server.baseURL)
            #expect(response.status == .ok)
            let body = try #require(response.body)
            #expect(body.readableBytes > 0)
            #expect((try? JSONSerialization.jsonObject(with: Data(body.readableBytesView))) == nil)
        }
    }

    @Test("dribble sends the whole body chunked, pausing between chunks")
    func dribble() async throws {
        let sleeps = ManualSleepClock()
        try await withServer([FaultRule(fault: .dribble(chunkBytes: 3, intervalMilliseconds: 1_000))], sleepClock: sleeps) { server in
            let port = try #require(server.baseURL.port)
            let events = server.events.subscribe()
            let dribbled = Task { try await RawHTTP.exchange(port: port, text: "GET /echo?a=1 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n") }
            // The first chunk is out and the answer waits for the clock.
            await sleeps.waitForSleepers()
            #expect(sleeps.sleeperCount == 1)
            let (reply, direct) = try await sleeps.advancing(by: .seconds(1)) {
                let reply = try await dribbled.value
                #expect(await events.waitFor(.answerWritten(status: 200)))
                return (reply, try await MockHTTP.send(.get, "/echo?a=1", to: server.baseURL))
            }
            #expect(reply.status == 200)
            #expect(reply.text.lowercased().contains("transfer-encoding: chunked"))
            #expect(reply.text.components(separatedBy: "\r\n3\r\n").count > 2, "\(reply.text)")
            #expect(MockHTTP.json(direct)?["parameters"] as? [[String]] == [["a", "1"]])
        }
    }

    @Test("connection reset closes the connection without a response")
    func reset() async throws {
        try await withServer([FaultRule(fault: .connectionReset)]) { server in
            let port = try #require(server.baseURL.port)
            let reply = try await RawHTTP.exchange(port: port, text: "GET /echo HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(reply.status == nil)
            #expect(reply.bytes.isEmpty)
            let entry = await server.journal.last
            #expect(entry?.verdict == .faulted)
            #expect(entry?.reason == "fault: connection reset")
        }
    }

    @Test("latency holds the answer until the configured time has passed, and no longer")
    func latency() async throws {
        let sleeps = ManualSleepClock()
        try await withServer([FaultRule(fault: .latency(milliseconds: 150))], sleepClock: sleeps) { server in
            let events = server.events.subscribe()
            async let response = MockHTTP.send(.get, "/echo", to: server.baseURL)
            #expect(await events.waitFor(.faultStarted(.latency(milliseconds: 150))))
            await sleeps.waitForSleepers()
            sleeps.advance(by: .milliseconds(149))
            #expect(sleeps.sleeperCount == 1, "answered before its 150 ms")
            sleeps.advance(by: .milliseconds(1))
            #expect(try await response.status == .ok)

            try server.faults.replace(with: [FaultRule(fault: .randomLatency(minimumMilliseconds: 50, maximumMilliseconds: 60))])
            async let random = MockHTTP.send(.get, "/echo", to: server.baseURL)
            await sleeps.waitForSleepers()
            sleeps.advance(by: .milliseconds(49))
            #expect(sleeps.sleeperCount == 1, "answered before its 50 ms")
            sleeps.advance(by: .milliseconds(11))
            #expect(try await random.status == .ok)
        }
    }

    @Test("the admin route is off by default")
    func adminOff() async throws {
        try await withServer([]) { server throws in
            #expect(try await MockHTTP.send(.get, "/__admin/faults", to: server.baseURL).status == .notFound)
        }
    }

    @Test("the admin route adds, lists and clears faults and shows and resets the journal")
    func admin() async throws {
        try await withServer([], admin: true) { server in
            let rule = #"{"route": "GET /echo", "fault": {"status": {"code": 503}}}"#
            let added = try await MockHTTP.send(.post, "/__admin/faults", to: server.baseURL, headers: server.adminHeaders, body: ByteBuffer(string: rule))
            #expect(added.status == .ok)
            #expect(server.faults.all == [FaultRule(route: "GET /echo", fault: .status(code: 503, retryAfterSeconds: nil))])
            #expect(try await MockHTTP.send(.get, "/echo", to: server.baseURL).status.code == 503)
            #expect(try await MockHTTP.send(.post, "/__admin/faults", to: server.baseURL, headers: server.adminHeaders, body: ByteBuffer(string: "{nope")).status == .badRequest)
            #expect(try await MockHTTP.send(.delete, "/__admin/faults", to: server.baseURL, headers: server.adminHeaders).status == .noContent)
            #expect(try await MockHTTP.send(.get, "/echo", to: server.baseURL).status == .ok)
            let journal = try await MockHTTP.send(.get, "/__admin/journal", to: server.baseURL)
            let body = try #require(journal.body)
            let entries = try #require(try JSONSerialization.jsonObject(with: Data(body.readableBytesView)) as? [[String: Any]])
            #expect(entries.map { $0["status"] as? Int } == [503, 200])
            #expect(try await MockHTTP.send(.delete, "/__admin/journal", to: server.baseURL, headers: server.adminHeaders).status == .noContent)
            #expect(await server.journal.count == 0)
        }
    }
}
