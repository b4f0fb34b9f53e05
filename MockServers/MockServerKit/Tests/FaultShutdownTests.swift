import Foundation
import MockServerKit
import MockServerTesting
import Testing

/// Latency and dribble faults end when the server stops or their client goes away. The faults'
/// waits sleep on a clock nobody moves, so only the stop or the hang-up can end them.
@Suite("Faults at shutdown and hang-up", .timeLimit(.minutes(1)))
struct FaultShutdownTests {
    @Test("stop() with a 60 s latency or a slow dribble in flight returns at once; the request is answered", arguments: [
        MockFault.latency(milliseconds: 60_000),
        MockFault.dribble(chunkBytes: 1, intervalMilliseconds: 60_000),
    ])
    func stopCutsFaultShort(fault: MockFault) async throws {
        let sleeps = ManualSleepClock()
        let configuration = MockServerConfiguration(faults: [FaultRule(fault: fault)])
        try await MockServer.withRunning(EchoProvider(), configuration: configuration, sleepClock: sleeps) { server in
            let port = try #require(server.baseURL.port)
            let events = server.events.subscribe()
            async let reply = RawHTTP.exchange(port: port, text: "GET /echo HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            #expect(await events.waitFor(.faultStarted(fault)))
            await sleeps.waitForSleepers()
            // The clock never moves: if stop() did not cut the wait short, it would never return.
            await server.stop()
            #expect(try await reply.status == 200)
        }
    }

    @Test("a client that hangs up during a 60 s latency frees its handler at once")
    func hangUpEndsLatency() async throws {
        let sleeps = ManualSleepClock()
        let configuration = MockServerConfiguration(faults: [FaultRule(fault: .latency(milliseconds: 60_000))])
        try await MockServer.withRunning(EchoProvider(), configuration: configuration, sleepClock: sleeps) { server in
            let port = try #require(server.baseURL.port)
            let events = server.events.subscribe()
            let connection = try await RawHTTP.Connection.open(port: port)
            try await connection.send("GET /echo HTTP/1.1\r\nHost: x\r\n\r\n")
            await sleeps.waitForSleepers()
            await connection.close()
            // The request ends without an answer while the clock still stands.
            #expect(await events.waitFor(.requestFinished(status: 0)))
            let entry = await server.journal.last
            #expect(entry?.status == 0)
            #expect(entry?.reason.contains("went away") == true, "\(String(describing: entry))")
            #expect(sleeps.sleeperCount == 0)
        }
    }
}
