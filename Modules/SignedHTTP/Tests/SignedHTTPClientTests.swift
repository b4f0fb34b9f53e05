import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import SignedHTTP
import SignedHTTPTesting
import Testing

/// Retries, waits and clock correction, with a recording transport and a clock that does not
/// really sleep: every wait is asserted exactly, and the suite takes no real time.
@Suite("SignedHTTPClient")
struct SignedHTTPClientTests {
    static let url = URL(string: "https://api.example.com/1/items")!

    /// Signs by stamping the date it was given and a counter, so tests see every attempt's signature.
    final class StampingSigner: RequestSigner, @unchecked Sendable {
        private let lock = NSLock()
        private var signedDates: [Date] = []
        var dates: [Date] { lock.withLock { signedDates } }

        func sign(_ request: APIRequest, at date: Date) throws -> APIRequest {
            let count = lock.withLock {
                signedDates.append(date)
                return signedDates.count
            }
            var request = request
            request.setHeader("Authorization", "Stamp ts=\(Int(date.timeIntervalSince1970)), n=\(count)")
            return request
        }
    }

    /// A transport answering from `statuses` in turn (the last one repeats).
    static func transport(_ statuses: [Int], headers: HeaderFields = [:]) -> RecordingTransport {
        let counter = Counter()
        return RecordingTransport { _ in
            let index = min(counter.next(), statuses.count - 1)
            return APIResponse(statusCode: statuses[index], headers: headers)
        }
    }

    final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var value = 0
        func next() -> Int { lock.withLock { defer { value += 1 }; return value } }
    }

    static func client(_ transport: some HTTPTransport, policy: RetryPolicy = RetryPolicy(jitter: 0), clock: ImmediateClock) -> SignedHTTPClient {
        SignedHTTPClient(transport: transport, retryPolicy: policy, deviceClock: { Date(timeIntervalSince1970: 1_000_000) }, sleepClock: clock, random: { 0.999 })
    }

    @Test("no policy, no retry: the default sends once whatever the status")
    func neverByDefault() async throws {
        let transport = Self.transport([503, 200])
        let exchange = try await SignedHTTPClient(transport: transport).send(APIRequest(url: Self.url))
        #expect(exchange.response.statusCode == 503)
        #expect(exchange.attempts == 1)
        #expect(transport.requests.count == 1)
    }

    @Test("idempotent requests are retried with exponential backoff, each attempt signed afresh")
    func backoff() async throws {
        let transport = Self.transport([503, 502, 200])
        let clock = ImmediateClock()
        let signer = StampingSigner()
        let exchange = try await Self.client(transport, clock: clock).send(APIRequest(url: Self.url), signer: signer)
        #expect(exchange.response.statusCode == 200)
        #expect(exchange.attempts == 3)
        #expect(clock.sleeps == [.milliseconds(500), .seconds(1)])
        #expect(Set(transport.requests.compactMap { $0.header("Authorization") }).count == 3)
        #expect(exchange.request.header("Authorization")?.hasSuffix("n=3") == true)
    }

    @Test("attempts are bounded; the last response is returned")
    func boundedAttempts() async throws {
        let transport = Self.transport([500])
        let clock = ImmediateClock()
        let exchange = try await Self.client(transport, policy: RetryPolicy(maxAttempts: 4, jitter: 0), clock: clock).send(APIRequest(url: Self.url))
        #expect(exchange.response.statusCode == 500)
        #expect(transport.requests.count == 4)
        #expect(clock.sleeps == [.milliseconds(500), .seconds(1), .seconds(2)])
    }

    @Test("non-idempotent methods and non-retryable statuses are sent once", arguments: [("POST", 503), ("PATCH", 503), ("GET", 404), ("GET", 401)])
    func notRetried(method: String, status: Int) async throws {
        let transport = Self.transport([status, 200])
        let exchange = try await Self.client(transport, clock: ImmediateClock()).send(APIRequest(method: method, url: Self.url))
        #expect(exchange.response.statusCode == status)
        #expect(transport.requests.count == 1)
    }

    @Test("Retry-After sets the wait, in seconds or as a date relative to the server's Date")
    func retryAfter() async throws {
        for headers: HeaderFields in [["Retry-After": "7"], ["Date": "Sun, 06 Nov 1994 08:49:37 GMT", "Retry-After": "Sun, 06 Nov 1994 08:49:44 GMT"]] {
            let transport = Self.transport([429, 200], headers: headers)
            let clock = ImmediateClock()
            let exchange = try await Self.client(transport, clock: clock).send(APIRequest(url: Self.url))
            #expect(exchange.response.statusCode == 200)
            #expect(clock.sleeps == [.seconds(7)])
        }
    }

    @Test("a Retry-After longer than the policy allows ends the retries at once")
    func retryAfterTooLong() async throws {
        let transport = Self.transport([503, 200], headers: ["Retry-After": "3600"])
        let clock = ImmediateClock()
        let exchange = try await Self.client(transport, clock: clock).send(APIRequest(url: Self.url))
        #expect(exchange.response.statusCode == 503)
        #expect(clock.sleeps.isEmpty)
    }

    @Test("no wait starts that would pass the total time bound")
    func totalTime() async throws {
        let transport = Self.transport([503])
        let clock = ImmediateClock()
        let policy = RetryPolicy(maxAttempts: 10, initialDelay: .seconds(4), jitter: 0, maxTotalDuration: .seconds(10))
        _ = try await Self.client(transport, policy: policy, clock: clock).send(APIRequest(url: Self.url))
        #expect(clock.sleeps == [.seconds(4)])  // 4 + 8 would pass 10
        #expect(transport.requests.count == 2)
    }

    @Test("jitter draws each wait from [d × (1 − jitter), d]")
    func jitter() {
        let policy = RetryPolicy(initialDelay: .seconds(2), maxDelay: .seconds(5), jitter: 0.5)
        #expect(policy.backoff(afterAttempt: 1, randomUnit: 0) == .seconds(2))
        #expect(policy.backoff(afterAttempt: 1, randomUnit: 1) == .seconds(1))
        #expect(policy.backoff(afterAttempt: 2, randomUnit: 0) == .seconds(4))
        #expect(policy.backoff(afterAttempt: 9, randomUnit: 0) == .seconds(5))
        #expect(policy.backoff(afterAttempt: 200, randomUnit: .nan) == .seconds(5))
    }

    @Test("a transport failure is retried, then reported with the URLError as its cause")
    func transportFailure() async throws {
        let transport = RecordingTransport { _ in throw URLError(.timedOut) }
        let clock = ImmediateClock()
        do {
            _ = try await Self.client(transport, clock: clock).send(APIRequest(url: Self.url))
            Issue.record("expected a transport failure")
        } catch let error as SignedHTTPError {
            #expect(error.code == .transportFailed)
            #expect((error.cause as? URLError)?.code == .timedOut)
            #expect(error.message.contains("3 attempts"))
        }
        #expect(transport.requests.count == 3)
    }

    @Test("cancellation during a wait ends the call at once")
    func cancellation() async throws {
        let transport = Self.transport([503])
        let client = SignedHTTPClient(transport: transport, retryPolicy: RetryPolicy(initialDelay: .seconds(600)))
        let task = Task { try await client.send(APIRequest(url: Self.url)) }
        while transport.requests.isEmpty { await Task.yield() }
        let started = ContinuousClock.now
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
        // Before the retry's 600 s wait would have ended: the wait did not run its course.
        #expect(ContinuousClock.now - started < .seconds(600))
    }

    @Test("a clock-skew rejection is retried once at the server's time, and later requests start from it")
    func clockSkew() async throws {
        // The server is one hour ahead of the device and rejects timestamps more than 300 s off.
        let device = Date(timeIntervalSince1970: 1_700_000_000)
        let server = device.addingTimeInterval(3_600)
        let transport = RecordingTransport { request in
            let stamp = request.header("Authorization") ?? ""
            let seconds = stamp.split(separator: "=")[1].split(separator: ",")[0]
            let skew = abs((TimeInterval(String(seconds)) ?? 0) - server.timeIntervalSince1970)
            return APIResponse(statusCode: skew > 300 ? 401 : 200, headers: ["Date": HTTPDate.format(server)],
                               body: Array(#"{"errors":[{"code":135,"message":"Timestamp out of bounds."}]}"#.utf8))
        }
        let signer = StampingSigner()
        let client = SignedHTTPClient(transport: transport, deviceClock: { device }, sleepClock: ImmediateClock())
        let isSkew: @Sendable (APIResponse) -> Bool = { $0.statusCode == 401 && $0.providerMessage?.text.contains("Timestamp") == true }
        let first = try await client.send(APIRequest(url: Self.url), signer: signer, isClockSkewRejection: isSkew)
        #expect(first.response.statusCode == 200)
        #expect(first.attempts == 2)
        let learned = try #require(await client.serverClock.offset)
        #expect(abs(learned - 3_600) <= 1)
        let second = try await client.send(APIRequest(url: Self.url), signer: signer, isClockSkewRejection: isSkew)
        #expect(second.attempts == 1)
        #expect(signer.dates.count == 3)

        // Without correction the rejection stands.
        let uncorrected = SignedHTTPClient(transport: transport, correctsClockSkew: false, deviceClock: { device }, sleepClock: ImmediateClock())
        #expect(try await uncorrected.send(APIRequest(url: Self.url), signer: signer, isClockSkewRejection: isSkew).response.statusCode == 401)
    }

    @Test("a skew rejection without a Date header is not retried (nothing to correct with)")
    func clockSkewWithoutDate() async throws {
        let transport = Self.transport([401])
        let client = SignedHTTPClient(transport: transport, sleepClock: ImmediateClock())
        let exchange = try await client.send(APIRequest(url: Self.url), isClockSkewRejection: { _ in true })
        #expect(exchange.attempts == 1)
    }
}
