import Foundation
import SignedHTTP
import SignedHTTPTesting

/// A test of retry behaviour without a network or real sleeps: a transport answering from a
/// closure, a recording of what went out, and a clock that only notes the waits.
func signedHTTPTestingTour() async throws {
    let answers = RecordingTransport { request in
        APIResponse(statusCode: request.url.path == "/busy" ? 503 : 200, headers: ["Retry-After": "2"])
    }
    let sleeps = ImmediateClock()
    let http = SignedHTTPClient(transport: answers, retryPolicy: .recommended, sleepClock: sleeps)
    let exchange = try await http.send(APIRequest(url: URL(string: "https://example.com/busy")!))
    print(exchange.response.statusCode, answers.requests.count, sleeps.sleeps)   // 503, 3 attempts, [2 s, 2 s]
}
