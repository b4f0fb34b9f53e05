import Foundation
import Hummingbird
import HTTPTypes
import HummingbirdSignedRequests
import HummingbirdTesting
import Logging
import MetricsTestKit
import SignedHTTP
import SignedVerification
import SigningCore
import SignedHTTPTesting
import Testing

/// `SignedRequestMiddleware` itself, over a verifier of a scheme this package does not ship (so
/// the shape, not one scheme, is what is tested): the identity at the context's key path, the
/// verifier's own refusals, `Retry-After` on a 503, logs at the chosen level, and counters.
@Suite("The one verification middleware")
struct SignedRequestMiddlewareTests {
    /// A toy scheme: `X-Api-Key` must name a known client; the store is asked for the request's
    /// `X-Request-Id`, so a replay store that cannot answer can be simulated.
    struct APIKeyVerifier: SignedRequestVerifier {
        struct Failure: SignedAPIError {
            var code: String
            var message: String
        }

        let clients: Set<String>
        let replayStore: any ReplayStore

        static var scheme: String { "api-key" }

        func verify(_ request: ReceivedRequest, now: Date) async throws(Failure) -> String {
            guard let key = request.headers["X-Api-Key"], clients.contains(key) else {
                throw Failure(code: "unknown key", message: "X-Api-Key names no client")
            }
            let id = request.headers["X-Request-Id"] ?? ""
            do {
                guard try await replayStore.insertIfAbsent(ReplayKey(scheme: Self.scheme, client: key, timestamp: 0, nonce: id), until: now + 60, now: now) else {
                    throw Failure(code: "nonce used", message: "X-Request-Id was used before")
                }
            } catch let error as Failure {
                throw error
            } catch {
                throw Failure(code: "replay store unavailable", message: "the store did not answer: \(error)")
            }
            return key
        }

        func refusal(_ failure: Failure, now: Date) -> SignedRefusal {
            SignedRefusal(status: failure.code == "replay store unavailable" ? 503 : 401, contentType: "text/plain", body: Array(failure.code.utf8))
        }

        func refusal(bodyLargerThan limit: Int) -> SignedRefusal {
            SignedRefusal(status: 413, contentType: "text/plain", body: Array("over \(limit)".utf8))
        }
    }

    struct Context: RequestContext {
        var coreContext: CoreRequestContextStorage
        var client: String?
        init(source: ApplicationRequestContextSource) { coreContext = .init(source: source) }
    }

    static func app(store: any ReplayStore = MemoryReplayStore(), logs: LogRecorder, metrics: TestMetrics) -> some ApplicationProtocol {
        let router = Router(context: Context.self)
        let verifier = APIKeyVerifier(clients: ["app"], replayStore: store)
        router.add(middleware: SignedRequestMiddleware(
            verifier, identity: \Context.client, maximumBodySize: 16, refusalLogLevel: .notice, metricsFactory: metrics, now: VerificationTestKit.clock
        ))
        router.post("/who") { request, context in
            "\(context.client ?? "-") \(String(buffer: try await request.body.collect(upTo: 64)))"
        }
        return Application(router: router, logger: logs.logger)
    }

    static func post(_ client: some TestClientProtocol, key: String, id: String, body: String = "hi") async throws -> TestResponse {
        try await client.executeRequest(
            uri: "/who", method: .post, headers: [HTTPField.Name("X-Api-Key")!: key, HTTPField.Name("X-Request-Id")!: id], body: ByteBuffer(string: body)
        )
    }

    @Test("accepted: the identity at the key path and the body still readable; refused: the verifier's answer, logged at the chosen level and counted by code")
    func acceptedAndRefused() async throws {
        let (logs, metrics) = (LogRecorder(), TestMetrics())
        try await Self.app(logs: logs, metrics: metrics).test(.router) { client in
            let accepted = try await Self.post(client, key: "app", id: "1")
            #expect(accepted.status == .ok && String(buffer: accepted.body) == "app hi")
            let replayed = try await Self.post(client, key: "app", id: "1")
            #expect(replayed.status == .unauthorized && String(buffer: replayed.body) == "nonce used")
            #expect(replayed.headers[.contentType] == "text/plain" && replayed.headers[.retryAfter] == nil)
            let stranger = try await Self.post(client, key: "someone", id: "2")
            #expect(stranger.status == .unauthorized && String(buffer: stranger.body) == "unknown key")
            let large = try await Self.post(client, key: "app", id: "3", body: String(repeating: "x", count: 17))
            #expect(large.status == .contentTooLarge && String(buffer: large.body) == "over 16")
        }
        #expect(logs.entries.filter { $0.level == .notice }.map(\.message) == [
            "api-key request refused (nonce used): X-Request-Id was used before", "api-key request refused (unknown key): X-Api-Key names no client",
        ])
        #expect(try metrics.expectCounter("signed_requests", [("scheme", "api-key"), ("outcome", "accepted")]).totalValue == 1)
        #expect(try metrics.expectCounter("signed_requests", [("scheme", "api-key"), ("outcome", "refused"), ("code", "nonce used")]).totalValue == 1)
        #expect(try metrics.expectCounter("signed_requests", [("scheme", "api-key"), ("outcome", "refused"), ("code", "unknown key")]).totalValue == 1)
        #expect(try metrics.expectCounter("signed_requests", [("scheme", "api-key"), ("outcome", "refused"), ("code", "body too large")]).totalValue == 1)
    }

    @Test("a store that cannot answer: 503 with Retry-After added by SignedRefusal itself, logged at error, counted as unavailable")
    func unavailable() async throws {
        let (logs, metrics) = (LogRecorder(), TestMetrics())
        try await Self.app(store: UnavailableReplayStore(message: "\(VerificationTestKit.databaseHost) did not answer within 2 s"), logs: logs, metrics: metrics).test(.router) { client in
            let response = try await Self.post(client, key: "app", id: "1")
            #expect(response.status == .serviceUnavailable && response.headers[.retryAfter] == "1")
        }
        #expect(logs.entries.contains { $0.level == .error && $0.message.hasPrefix("api-key request refused (replay store unavailable)") })
        #expect(try metrics.expectCounter("signed_requests", [("scheme", "api-key"), ("outcome", "unavailable"), ("code", "replay store unavailable")]).totalValue == 1)
    }

    @Test("SignedRefusal: Retry-After on a 503 only, never doubled; the content type first")
    func refusalHeaders() {
        let down = SignedRefusal(status: 503, contentType: "text/plain", body: [])
        #expect(down.headers.fields.map(\.name) == ["Content-Type", "Retry-After"] && down.headers["Retry-After"] == "1" && down.isUnavailable)
        let own = SignedRefusal(status: 503, contentType: nil, body: [], headers: ["Retry-After": "30"])
        #expect(own.headers.values(for: "Retry-After") == ["30"])
        #expect(SignedRefusal(status: 401, contentType: nil, body: []).headers.isEmpty)
    }
}
