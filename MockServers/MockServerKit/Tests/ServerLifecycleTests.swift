import Foundation
import SigningCore
import HummingbirdTesting
import HTTPTypes
import MockServerKit
import MockServerTesting
import Testing

@Suite("Server lifecycle", .timeLimit(.minutes(5)))
struct ServerLifecycleTests {
    @Test("starts on 127.0.0.1 with a system-chosen port, answers health, and stops")
    func startAndStop() async throws {
        let port = try await MockServer.withRunning(EchoProvider()) { server in
            let url = server.baseURL
            #expect(url.host == "127.0.0.1")
            let port = try #require(url.port)
            #expect(port > 0)
            #expect(server.providers[0].credentials == ["key": "demo-key"])
            let health = try await MockHTTP.send(.get, "/health", to: url)
            #expect(health.status == .ok)
            #expect(MockHTTP.json(health)?["provider"] as? String == "echo")
            return port
        }
        await #expect(throws: (any Error).self) {
            _ = try await RawHTTP.exchange(port: port, text: "GET /health HTTP/1.1\r\nHost: x\r\n\r\n")
        }
    }

    @Test("several servers run at once with separate ports and journals")
    func severalAtOnce() async throws {
        try await MockServer.withRunning([
            (EchoProvider(name: "one"), MockServerConfiguration()),
            (EchoProvider(name: "two"), MockServerConfiguration()),
        ]) { server in
            let one = try #require(server.baseURL(for: "one"))
            let two = try #require(server.baseURL(for: "two"))
            #expect(one.port != two.port)
            _ = try await MockHTTP.send(.get, "/echo?a=1", to: one)
            _ = try await MockHTTP.send(.get, "/echo?b=2", to: two)
            _ = try await MockHTTP.send(.get, "/echo?b=3", to: two)
            #expect(await server.context(for: "one")?.journal.count == 1)
            #expect(await server.context(for: "two")?.journal.count == 2)
        }
    }

    @Test("a port already in use gives bindFailed instead of hanging")
    func bindFailure() async throws {
        try await MockServer.withRunning(EchoProvider()) { first in
            let port = try #require(first.baseURL.port)
            await #expect(throws: MockServerError(code: .bindFailed, message: "")) {
                try await MockServer.withRunning(EchoProvider(), configuration: MockServerConfiguration(port: port)) { _ in }
            }
        }
    }

    @Test("the injected clock is what routes see, and clock-skew faults shift it")
    func injectedClock() async throws {
        let clock = ManualClock(start: Date(timeIntervalSince1970: 1_000_000))
        try await MockServer.withRunning(
            EchoProvider(),
            configuration: MockServerConfiguration(faults: [FaultRule(route: "/items/{id}", fault: .clockSkew(seconds: 3600))]),
            clock: clock
        ) { server in
            let firstResponse = try await MockHTTP.send(.get, "/echo", to: server.baseURL)
            #expect(MockHTTP.json(firstResponse)?["now"] as? Int == 1_000_000)
            #expect(firstResponse.headers[.date] == "Mon, 12 Jan 1970 13:46:40 GMT")
            clock.advance(by: 42)
            let second = MockHTTP.json(try await MockHTTP.send(.get, "/echo", to: server.baseURL))
            #expect(second?["now"] as? Int == 1_000_042)
            try server.faults.replace(with: [FaultRule(route: "GET /echo", fault: .clockSkew(seconds: -100))])
            let skewedResponse = try await MockHTTP.send(.get, "/echo", to: server.baseURL)
            #expect(MockHTTP.json(skewedResponse)?["now"] as? Int == 999_942)
            // The Date header tells the server's time too, skew included, as a real server's would.
            #expect(skewedResponse.headers[values: .date] == ["Mon, 12 Jan 1970 13:45:42 GMT"])
            #expect(skewedResponse.headers[HTTPField.Name("X-Mock-Server-Date")!] == nil)
        }
    }

    @Test("seeded randomness repeats; unseeded does not")
    func randomness() {
        let a = MockRandomSource(seed: 7)
        let b = MockRandomSource(seed: 7)
        #expect(a.alphanumeric(length: 32) == b.alphanumeric(length: 32))
        #expect(a.digits(7) == b.digits(7))
        #expect(a.digits(7).count == 7)
        let digits = a.digits(7)
        #expect(digits.allSatisfy { $0.isNumber })
        #expect(MockRandomSource().alphanumeric(length: 32) != MockRandomSource().alphanumeric(length: 32))
        #expect((0..<100).allSatisfy { _ in (3...5).contains(a.integer(in: 3...5)) })
    }

    @Test("configuration JSON takes defaults for missing members")
    func configurationDefaults() throws {
        let empty = try JSONDecoder().decode(MockServerConfiguration.self, from: Data("{}".utf8))
        #expect(empty == MockServerConfiguration())
        #expect(empty.host == "127.0.0.1")
        let json = #"{"port": 9, "adminEnabled": true, "limits": {"maxBodyBytes": 10}, "faults": [{"route": "*", "fault": {"status": {"code": 503}}}]}"#
        let decoded = try JSONDecoder().decode(MockServerConfiguration.self, from: Data(json.utf8))
        #expect(decoded.port == 9)
        #expect(decoded.adminEnabled)
        #expect(decoded.limits.maxBodyBytes == 10)
        #expect(decoded.limits.maxHeaderBytes == MockServerLimits().maxHeaderBytes)
        #expect(decoded.faults == [FaultRule(route: "*", fault: .status(code: 503, retryAfterSeconds: nil))])
    }
}
