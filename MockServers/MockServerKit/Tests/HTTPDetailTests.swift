import Foundation
import MockServerKit
import MockServerTesting
import Testing

/// Raw HTTP/1 requests a client library would not send: duplicate Host, HTTP/1.0, too-large
/// declared bodies, `Expect: 100-continue`.
@Suite("HTTP details", .timeLimit(.minutes(2)))
struct HTTPDetailTests {
    private func exchange(_ text: String, maxBodyBytes: Int = 1000) async throws -> RawHTTP.Reply {
        let configuration = MockServerConfiguration(limits: MockServerLimits(maxBodyBytes: maxBodyBytes))
        return try await MockServer.withRunning(EchoProvider(), configuration: configuration) { server in
            let port = try #require(server.baseURL.port)
            return try await RawHTTP.exchange(port: port, text: text)
        }
    }

    @Test("two Host headers get 400")
    func duplicateHost() async throws {
        let reply = try await exchange("GET /echo HTTP/1.1\r\nHost: a\r\nHost: b\r\nConnection: close\r\n\r\n")
        #expect(reply.status == 400)
        #expect(reply.text.contains("more than one Host header"))
    }

    @Test("HTTP/1.0 without keep-alive is answered and the connection closed")
    func http10Closes() async throws {
        let reply = try await exchange("GET /echo HTTP/1.0\r\nHost: x\r\n\r\n")
        #expect(reply.status == 200)
        #expect(reply.text.lowercased().contains("connection: close"))
    }

    @Test("a closing answer says Connection: close, and the server lets go of the connection a second later even when the client never hangs up")
    func closingReleasesTheConnection() async throws {
        let sleeps = ManualSleepClock()
        let configuration = MockServerConfiguration(limits: MockServerLimits(maxBodyBytes: 1000, maxConnections: 1))
        try await MockServer.withRunning(EchoProvider(), configuration: configuration, sleepClock: sleeps) { server in
            let port = try #require(server.baseURL.port)
            let events = server.events.subscribe()
            // A keep-alive client whose declared body is too large, which reads the 413 and then
            // keeps its socket open until told to let go.
            let (release, releaser) = AsyncStream.makeStream(of: Void.self)
            async let first = RawHTTP.exchange(port: port, text: "POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 2000000\r\n\r\n") {
                for await _ in release {}
            }
            #expect(await events.waitFor(.answerWritten(status: 413)))
            // The server lingers on the first connection (its one allowed), so another is refused…
            let held = try await RawHTTP.exchange(port: port, text: "GET /echo HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            #expect(held.status != 200, "\(held.text)")
            // …until the linger's second has passed; then it lets go, and a new client is served.
            await sleeps.waitForSleepers()
            sleeps.advance(by: .seconds(1))
            #expect(await events.waitFor(.connectionClosed, count: 2))
            let served = try await RawHTTP.exchange(port: port, text: "GET /echo HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            #expect(served.status == 200)
            releaser.finish()
            let firstReply = try await first
            #expect(firstReply.status == 413)
            #expect(firstReply.text.lowercased().contains("connection: close"))
        }
    }

    @Test("a declared body over the limit gets 413 before it is sent, with or without Expect: 100-continue", arguments: [
        "POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 2000000\r\n\r\n",
        "POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 2000000\r\nExpect: 100-continue\r\n\r\n",
    ])
    func earlyContentTooLarge(request: String) async throws {
        let reply = try await exchange(request)
        #expect(reply.status == 413)
        #expect(!reply.text.contains("100 Continue"))
        #expect(reply.text.contains("larger than 1000 bytes"))
    }

    @Test("Expect: 100-continue with an acceptable length gets 100 Continue, then the answer")
    func continueAccepted() async throws {
        let reply = try await exchange("POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nExpect: 100-continue\r\nConnection: close\r\n\r\nhello")
        #expect(reply.status == 100)
        #expect(reply.text.contains("HTTP/1.1 200 OK"))
    }

    /// Connects to 127.0.0.1:`port`, sends `start`, then one header line every `interval`,
    /// never ending the header section; returns whether the server closed the connection within
    /// `limit` (a guard against a hang, not a measure).
    private static func trickle(port: Int, start: String, interval: Duration, limit: Duration) async throws -> Bool {
        let connection = try await RawHTTP.Connection.open(port: port)
        let started = ContinuousClock.now
        var closed = (try? await connection.send(start)) == nil
        while !closed, ContinuousClock.now - started < limit {
            do { try await Task.sleep(for: interval) } catch { break }
            let sent = connection.isOpen ? (try? await connection.send("X-Slow: y\r\n")) != nil : false
            closed = !sent
        }
        await connection.close()
        return closed
    }

    /// The read timeout is Hummingbird's idle handler, on NIO's timers rather than the server's
    /// sleep clock, so this client trickles in real time.
    @Test("a client trickling header lines (slowloris) is closed after readTimeoutSeconds although its socket is never idle")
    func slowloris() async throws {
        let configuration = MockServerConfiguration(limits: MockServerLimits(readTimeoutSeconds: 1))
        try await MockServer.withRunning(EchoProvider(), configuration: configuration) { server in
            let port = try #require(server.baseURL.port)
            // Unprotected, the connection would last until its header section reached
            // maxHeaderBytes (16 KiB at 55 bytes a second: five minutes); closed, it ends long before.
            let closed = try await Self.trickle(port: port, start: "GET /echo HTTP/1.1\r\nHost: x\r\n", interval: .milliseconds(200), limit: .seconds(60))
            #expect(closed, "the trickling client was still connected after a minute")
            // A complete request on a fresh connection is still served. With a 1 s read timeout a
            // loaded machine may cut even this connection before reading it, so it may try thrice.
            var status: Int?
            for _ in 0..<3 where status != 200 {
                status = (try? await RawHTTP.exchange(port: port, text: "GET /echo HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"))?.status
            }
            #expect(status == 200)
        }
    }
}
