import Foundation
import MockServerKit
import MockServerTesting
import NIOCore
import NIOPosix
import Testing

/// Latency and dribble faults end when the server stops or their client goes away.
@Suite("Faults at shutdown and hang-up")
struct FaultShutdownTests {
    private func start(_ fault: MockFault) async throws -> MockServer {
        try await MockServer.start(EchoProvider(), configuration: MockServerConfiguration(faults: [FaultRule(fault: fault)]))
    }

    @Test("stop() with a 60 s latency or a slow dribble in flight returns within seconds; the request is answered", arguments: [
        MockFault.latency(milliseconds: 60_000),
        MockFault.dribble(chunkBytes: 1, intervalMilliseconds: 60_000),
    ])
    func stopCutsFaultShort(fault: MockFault) async throws {
        // A fault for one request: the route takes it off the board when the request arrives.
        let server = try await MockServer.start(EchoProvider(), configuration: MockServerConfiguration(faults: [FaultRule(fault: fault, remaining: 1)]))
        let port = try #require(server.baseURL.port)
        let reply = Task {
            try await RawHTTP.exchange(port: port, text: "GET /echo HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", timeout: .seconds(30))
        }
        // Stop once the request is in its fault (a loaded machine may take a while to get there).
        let sent = ContinuousClock.now
        while !server.faults.all.isEmpty, ContinuousClock.now - sent < .seconds(20) {
            try await Task.sleep(for: .milliseconds(50))
        }
        try #require(server.faults.all.isEmpty, "the request never reached its route")
        try await Task.sleep(for: .milliseconds(200))
        let started = ContinuousClock.now
        await server.stop()
        #expect(ContinuousClock.now - started < .seconds(20))  // a third of the 60 s fault, on a loaded machine
        #expect(try await reply.value.status == 200)
    }

    @Test("a client that hangs up during a 60 s latency frees its handler at once")
    func hangUpEndsLatency() async throws {
        let server = try await start(.latency(milliseconds: 60_000))
        let port = try #require(server.baseURL.port)
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton).connect(host: "127.0.0.1", port: port).get()
        try await channel.writeAndFlush(ByteBuffer(string: "GET /echo HTTP/1.1\r\nHost: x\r\n\r\n"))
        try await Task.sleep(for: .milliseconds(300))
        try await channel.close()
        var entry: JournalEntry?
        for _ in 0..<40 where entry == nil {
            try await Task.sleep(for: .milliseconds(50))
            entry = await server.journal.last
        }
        #expect(entry?.status == 0)
        #expect(entry?.reason.contains("went away") == true, "\(String(describing: entry))")
        let started = ContinuousClock.now
        await server.stop()
        #expect(ContinuousClock.now - started < .seconds(20))  // a third of the 60 s fault, on a loaded machine
    }
}
