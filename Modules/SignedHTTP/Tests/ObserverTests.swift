import Foundation
import SignedHTTP
import SignedHTTPTesting
import Testing

/// `SignedHTTPClient.observer` sees every attempt once its outcome is known, with secret query
/// values redacted; the waits are asserted without really sleeping.
@Suite("SignedHTTPClient observer")
struct ObserverTests {
    /// Collects what the observer was told.
    final class Seen: @unchecked Sendable {
        private let lock = NSLock()
        private var attempts: [SignedHTTPAttempt] = []
        var all: [SignedHTTPAttempt] { lock.withLock { attempts } }
        func add(_ attempt: SignedHTTPAttempt) { lock.withLock { attempts.append(attempt) } }
    }

    @Test("a retried GET: one event per attempt, with the wait before the next, and the key redacted")
    func retries() async throws {
        let seen = Seen()
        let calls = SignedHTTPClientTests.Counter()
        let transport = ClosureTransport { _ in APIResponse(statusCode: calls.next() == 0 ? 503 : 200) }
        let http = SignedHTTPClient(
            transport: transport, retryPolicy: RetryPolicy(jitter: 0), correctsClockSkew: false,
            sleepClock: ImmediateClock(), random: { 0.5 }, observer: seen.add
        )
        let url = URL(string: "https://user:pw@books.example/v1/volumes?q=dune&key=SECRET-KEY&client_secret=ALSO&page=2")!
        _ = try await http.send(APIRequest(url: url))
        let attempts = seen.all
        #expect(attempts.map(\.number) == [1, 2])
        #expect(attempts.map(\.statusCode) == [503, 200])
        #expect(attempts[0].retryWait != nil && attempts[1].retryWait == nil)
        #expect(attempts[0].url == "https://books.example/v1/volumes?q=dune&key=<redacted>&client_secret=<redacted>&page=2")
        for attempt in attempts {
            #expect(!attempt.description.contains("SECRET-KEY") && !attempt.description.contains("ALSO") && !attempt.description.contains("pw"))
        }
        #expect(attempts[0].description.hasPrefix("GET https://books.example/v1/volumes?q=dune&key=<redacted>"))
        #expect(attempts[0].description.contains("→ 503 (attempt 1; retrying in"))
    }

    @Test("a transport failure is reported with the transport's words and no status")
    func failure() async throws {
        struct Down: Error {}
        let seen = Seen()
        let http = SignedHTTPClient(transport: ClosureTransport { _ in throw Down() }, observer: seen.add)
        await #expect(throws: SignedHTTPError.self) { try await http.send(APIRequest(url: URL(string: "https://api.example/x")!)) }
        #expect(seen.all.count == 1)
        #expect(seen.all.first?.statusCode == nil && seen.all.first?.failure != nil)
        #expect(seen.all.first?.description.contains("no response") == true)
    }

    @Test("a clock-skew rejection is reported as the attempt before the corrected one")
    func clockCorrection() async throws {
        let seen = Seen()
        let serverDate = Date(timeIntervalSince1970: 2_000_000_000)
        let transport = RecordingTransport { _ in
            APIResponse(statusCode: 401, headers: ["Date": HTTPDate.format(serverDate)])
        }
        let http = SignedHTTPClient(transport: transport, deviceClock: { serverDate.addingTimeInterval(-3600) }, observer: seen.add)
        _ = try await http.send(APIRequest(url: URL(string: "https://api.example/x")!), isClockSkewRejection: { $0.statusCode == 401 })
        #expect(seen.all.map(\.correctsClock) == [true, false])
        #expect(seen.all.map(\.number) == [1, 2])
        let offset = try #require(seen.all.first?.serverClockOffset)
        #expect(abs(offset - 3600) < 2)
    }

    @Test("secret-bearing query names", arguments: [
        ("key", true), ("api_key", true), ("APIKEY", true), ("oauth_signature", true), ("auth_signature", true), ("client_secret", true),
        ("password", true), ("oauth_token", true), ("sessid", true), ("hash", true),
        ("q", false), ("page", false), ("oauth_consumer_key", false), ("monkey", false), ("auth_timestamp", false),
    ])
    func secretNames(name: String, secret: Bool) {
        #expect(SecretParameterNames.holdsCredential(name) == secret)
    }
}
