import AFSignedClient
import DrupalServicesClient
import Foundation
import GoogleBooksClient
import MockServerCatalog
import MockServerKit
import OAuth1Client
import SignedHTTP
import SignedHTTPTesting
import SigningCore
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Every SDK client against every fault the mock kit injects, over real HTTP: latency past the
/// transport's timeout, 429 with `Retry-After`, 503, a dropped connection, a malformed and an
/// empty body, a device clock an hour slow, and cancellation midway. Each must end with the
/// right error (or the right answer after the retries its policy allows — and no more), and
/// none may hang: every test has a time limit.
@Suite("SDK clients against every fault of the mock kit", .timeLimit(.minutes(2)))
struct ClientFaultTests {
    /// A server with `client`'s provider, the client's calls on `http` over a URLSession of
    /// its own, a recording of what went out, and the sleeps the retry policy asked for.
    /// Requests time out after 60 s, so a loaded machine cannot turn a slow answer into a retry,
    /// except where the timeout is the fault: ``Deadline/limit``, set once the client is set up.
    struct Harness {
        let server: MockServer
        let session: URLSession
        let calls: FaultedClient.Calls
        let wire: RecordingTransport
        let sleeps: ImmediateClock
        let deadline: DeadlineTransport

        /// Runs `body` with `client`'s provider and the client set up; the server and the
        /// session end however `body` ends.
        static func with(
            _ client: FaultedClient, deviceClock: @escaping @Sendable () -> Date = { Date() }, _ body: (Harness) async throws -> Void
        ) async throws {
            // The server's waits sleep on a clock nobody moves: a latency fault never ends by
            // itself, so what the client does is all that can end a delayed call.
            try await MockServer.withRunning(client.entry.provider(), sleepClock: ManualSleepClock()) { server in
                let configuration = URLSessionConfiguration.ephemeral
                configuration.timeoutIntervalForRequest = 60
                let session = URLSession(configuration: configuration)
                defer { session.invalidateAndCancel() }
                let deadline = DeadlineTransport(URLSessionTransport(session: session))
                let wire = RecordingTransport(forwardingTo: deadline)
                let sleeps = ImmediateClock()
                let http = SignedHTTPClient(
                    transport: wire, retryPolicy: .recommended, correctsClockSkew: true, deviceClock: deviceClock, sleepClock: sleeps
                )
                let calls = try await client.make(server, http)
                wire.reset()
                try await body(Harness(server: server, session: session, calls: calls, wire: wire, sleeps: sleeps, deadline: deadline))
            }
        }

        /// Answers the client's next read with `status` once: a retried method must succeed on
        /// the second attempt; another must fail with that status after one.
        func expectOneStatus(_ status: Int, retryAfter: Int?, _ client: FaultedClient) async throws {
            try server.faults.add(FaultRule(route: client.readRoute, fault: .status(code: status, retryAfterSeconds: retryAfter), remaining: 1))
            if attempts(client) > 1 {
                try await calls.read()
                #expect(wire.requests.count == 2)
            } else {
                let error = try await #require(throws: (any Error).self) { try await calls.read() }
                #expect(FaultedClient.classify(error).status == status, "\(error)")
                #expect(wire.requests.count == 1)
            }
        }

        /// Attempts the policy allows for the client's read: all of them for a retried method,
        /// one otherwise.
        func attempts(_ client: FaultedClient) -> Int {
            RetryPolicy.recommended.retryableMethods.contains(client.readMethod) ? RetryPolicy.recommended.maxAttempts : 1
        }
    }

    @Test("latency past the transport's timeout: a transport failure after the attempts its policy allows", arguments: FaultedClient.all)
    func latencyPastTimeout(_ client: FaultedClient) async throws {
        try await Harness.with(client) { harness in
            harness.deadline.impose(.seconds(1))
            // The server's clock never moves, so only the client's deadline ends each attempt.
            try harness.server.faults.add(FaultRule(route: client.readRoute, fault: .latency(milliseconds: 20_000)))
            let error = try await #require(throws: (any Error).self) { try await harness.calls.read() }
            #expect(FaultedClient.classify(error).code == "transport failed", "\(error)")
            #expect(harness.wire.requests.count == harness.attempts(client))
        }
    }

    @Test("429 with Retry-After: 2 — a retried method waits those 2 s and succeeds; another gets the 429", arguments: FaultedClient.all)
    func rateLimited(_ client: FaultedClient) async throws {
        try await Harness.with(client) { harness in
            try await harness.expectOneStatus(429, retryAfter: 2, client)
            if harness.attempts(client) > 1 { #expect(harness.sleeps.sleeps == [.seconds(2)]) }
        }
    }

    @Test("a persistent 429: every client says rateLimited, with the wait the server asked for", arguments: FaultedClient.all)
    func persistentRateLimit(_ client: FaultedClient) async throws {
        try await Harness.with(client) { harness in
            try harness.server.faults.add(FaultRule(route: client.readRoute, fault: .status(code: 429, retryAfterSeconds: 7)))
            let error = try await #require(throws: (any Error).self) { try await harness.calls.read() }
            let read = FaultedClient.classify(error)
            #expect(read.code == "rate limited" && read.status == 429 && read.retryAfter == 7, "\(error)")
        }
    }

    @Test("a wrong secret: every signing client says signatureInvalid, with the text the server signed", arguments: FaultedClient.signed)
    func wrongSecret(_ client: FaultedClient) async throws {
        try await Harness.with(client) { harness in
            guard let wrongSecret = client.wrongSecret else { return }
            let read = try await wrongSecret(harness.server, SignedHTTPClient(transport: harness.wire, sleepClock: harness.sleeps))
            var caught: (any Error)?
            do { try await read() } catch { caught = error }
            let error = try #require(caught, "a wrong secret was accepted")
            let classified = FaultedClient.classify(error)
            #expect(classified.code == "signature invalid", "\(error)")
            #expect(classified.serverSignatureBase?.isEmpty == false, "\(error)")
        }
    }

    @Test("a 503, then the answer: a retried method succeeds with a fresh signature; another gets the 503", arguments: FaultedClient.all)
    func unavailable(_ client: FaultedClient) async throws {
        try await Harness.with(client) { harness in
            try await harness.expectOneStatus(503, retryAfter: nil, client)
            if harness.attempts(client) > 1 { #expect(harness.sleeps.sleeps.count == 1) }
        }
    }

    @Test("a persistent 503: the attempts the policy allows, then the 503 as the client's error", arguments: FaultedClient.all)
    func persistentlyUnavailable(_ client: FaultedClient) async throws {
        try await Harness.with(client) { harness in
            try harness.server.faults.add(FaultRule(route: client.readRoute, fault: .status(code: 503, retryAfterSeconds: nil)))
            let error = try await #require(throws: (any Error).self) { try await harness.calls.read() }
            #expect(FaultedClient.classify(error).status == 503, "\(error)")
            #expect(harness.wire.requests.count == harness.attempts(client))
        }
    }

    @Test("a dropped connection: a retried method succeeds on the next attempt; another gets a transport failure", arguments: FaultedClient.all)
    func droppedConnection(_ client: FaultedClient) async throws {
        try await Harness.with(client) { harness in
            try harness.server.faults.add(FaultRule(route: client.readRoute, fault: .connectionReset, remaining: 1))
            if harness.attempts(client) > 1 {
                try await harness.calls.read()
                #expect(harness.wire.requests.count == 2)
            } else {
                let error = try await #require(throws: (any Error).self) { try await harness.calls.read() }
                #expect(FaultedClient.classify(error).code == "transport failed", "\(error)")
                #expect(harness.wire.requests.count == 1)
            }
        }
    }

    @Test("a malformed body and an empty body: a decoding error, never retried (a 200 is an answer)",
          arguments: FaultedClient.all, [MockFault.malformedResponse, .emptyResponse])
    func badBody(_ client: FaultedClient, fault: MockFault) async throws {
        try await Harness.with(client) { harness in
            try harness.server.faults.add(FaultRule(route: client.decodeRoute, fault: fault))
            let error = try await #require(throws: (any Error).self) { try await harness.calls.decode() }
            #expect(client.badBodyCodes.contains(FaultedClient.classify(error).code), "\(error)")
            #expect(harness.wire.requests.count == 1)
        }
    }

    /// Google Books signs nothing with a time, so it must simply answer.
    @Test("a device clock a day slow: corrected from the server's Date and accepted", arguments: FaultedClient.all)
    func slowDeviceClock(_ client: FaultedClient) async throws {
        try await Harness.with(client, deviceClock: { Date().addingTimeInterval(-86_400) }) { harness in
            try await harness.calls.read()
            #expect(harness.wire.requests.count <= 2)
        }
    }

    @Test("cancelled while the server delays: the call ends at once with a cancellation, and nothing is retried", arguments: FaultedClient.all)
    func cancelled(_ client: FaultedClient) async throws {
        try await Harness.with(client) { harness in
            try harness.server.faults.add(FaultRule(route: client.readRoute, fault: .latency(milliseconds: 30_000)))
            let events = harness.server.events.subscribe()
            let calls = harness.calls
            let task = Task { try await calls.read() }
            // Cancel once the server holds the request (its clock never moves, so it holds it until
            // the client goes): only the client's cancellation can end the call, and the suite's
            // time limit fails the test if it does not.
            #expect(await events.waitFor { $0.fault != nil } != nil)
            task.cancel()
            let result = await task.result
            guard case .failure(let error) = result else {
                Issue.record("the cancelled call succeeded")
                return
            }
            #expect(FaultedClient.isCancellation(error), "\(error)")
            #expect(harness.wire.requests.count == 1)
            #expect(harness.sleeps.sleeps.isEmpty)
        }
    }
}
