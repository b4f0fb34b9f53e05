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

    /// A server whose connections' read deadlines wait on `sleeps.readDeadlines`, 30 s each.
    private func withDeadlines(_ body: (MockServer, ManualSleepClock) async throws -> Void) async throws {
        let sleeps = ManualSleepClock()
        let configuration = MockServerConfiguration(limits: MockServerLimits(readTimeoutSeconds: 30))
        try await MockServer.withRunning(EchoProvider(), configuration: configuration, sleepClock: sleeps) { server in
            try await body(server, sleeps.readDeadlines)
        }
    }

    @Test("a client trickling header lines (slowloris) is closed readTimeoutSeconds after it connected although its socket is never idle; a whole request on a new connection is served")
    func slowloris() async throws {
        try await withDeadlines { server, deadlines in
            let port = try #require(server.baseURL.port)
            let events = server.events.subscribe()
            let connection = try await RawHTTP.Connection.open(port: port)
            try await connection.send("GET /echo HTTP/1.1\r\nHost: x\r\n")
            await deadlines.waitForSleepers()
            // A header line every second of the deadline's clock does not move the deadline…
            for _ in 0..<29 {
                try await connection.send("X-Slow: y\r\n")
                deadlines.advance(by: .seconds(1))
            }
            #expect(deadlines.sleeperCount == 1, "the deadline ended before its 30 s")
            #expect(connection.isOpen)
            // …whose 30th second closes the connection.
            deadlines.advance(by: .seconds(1))
            #expect(await events.waitFor(.connectionClosed))
            try await connection.waitUntilClosed()
            await connection.close()
            let reply = try await RawHTTP.exchange(port: port, text: "GET /echo HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            #expect(reply.status == 200)
        }
    }

    @Test("a body trickled or never finished is closed readTimeoutSeconds after the connection opened, without an answer")
    func unfinishedBody() async throws {
        try await withDeadlines { server, deadlines in
            let port = try #require(server.baseURL.port)
            let events = server.events.subscribe()
            async let reply = RawHTTP.exchange(port: port, text: "POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 10\r\n\r\nab")
            #expect(await events.waitFor { if case .requestReceived = $0 { true } else { false } } != nil)
            await deadlines.waitForSleepers()
            deadlines.advance(by: .seconds(30))
            #expect(try await reply.status == nil)
            #expect(await events.waitFor(.connectionClosed))
        }
    }

    @Test("an idle keep-alive connection is closed readTimeoutSeconds after its last answer; the time an answer takes does not count")
    func idleKeepAlive() async throws {
        try await withDeadlines { server, deadlines in
            let port = try #require(server.baseURL.port)
            let events = server.events.subscribe()
            // The deadline of the opening runs 29 s; the request's arrival stops it.
            let connection = try await RawHTTP.Connection.open(port: port)
            await deadlines.waitForSleepers()
            deadlines.advance(by: .seconds(29))
            try await connection.send("GET /echo HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(await events.waitFor(.answerWritten(status: 200)))
            // A new deadline from the answer: 29 s later the connection is still open…
            await deadlines.waitForSleepers()
            deadlines.advance(by: .seconds(29))
            #expect(deadlines.sleeperCount == 1)
            #expect(connection.isOpen)
            // …and 30 s after it, closed.
            deadlines.advance(by: .seconds(1))
            #expect(await events.waitFor(.connectionClosed))
            try await connection.waitUntilClosed()
            await connection.close()
        }
    }
}
