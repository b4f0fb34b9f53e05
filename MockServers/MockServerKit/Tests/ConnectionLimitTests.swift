import Foundation
import MockServerKit
import MockServerTesting
import Testing

/// `limits.maxConnections`: one connection too many is answered at once; the open ones are served.
@Suite("Connection limit", .timeLimit(.minutes(1)))
struct ConnectionLimitTests {
    @Test("with 8 idle connections a 9th gets 503 at once; open ones are served; closing some frees room")
    func limit() async throws {
        try await MockServer.withRunning(EchoProvider(), configuration: MockServerConfiguration(limits: MockServerLimits(maxConnections: 8))) { server in
            let port = try #require(server.baseURL.port)
            let events = server.events.subscribe()
            var idle: [RawHTTP.Connection] = []
            for _ in 0..<8 { idle.append(try await RawHTTP.Connection.open(port: port)) }
            #expect(await events.waitFor(.connectionOpened, count: 8))

            // Refused at once: a held request would end only at the exchange's hang guard.
            let refused = try await RawHTTP.exchange(port: port, text: "GET /echo HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            // The refusal closes at once; the request it did not read may reset the connection
            // before the client reads the answer.
            #expect(refused.status == 503 || refused.bytes.isEmpty, "\(refused.text)")

            // An open connection is still served: its request is answered and journaled, and the
            // server closes it after `Connection: close`.
            try await idle[0].send("GET /echo HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            try await idle[0].waitUntilClosed()
            #expect(await server.journal.last?.status == 200)

            // Three connections close: the refused one, the one served and this one.
            await idle[1].close()
            #expect(await events.waitFor(.connectionClosed, count: 3))
            let served = try await RawHTTP.exchange(port: port, text: "GET /echo HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            #expect(served.status == 200)

            for connection in idle.dropFirst(2) { await connection.close() }
        }
    }

    @Test("maxConnections is read from JSON; the default is 512")
    func decoding() throws {
        let limits = try JSONDecoder().decode(MockServerLimits.self, from: Data(#"{"maxConnections": 20}"#.utf8))
        #expect(limits.maxConnections == 20)
        #expect(try JSONDecoder().decode(MockServerLimits.self, from: Data("{}".utf8)).maxConnections == 512)
    }
}
