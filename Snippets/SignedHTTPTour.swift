import Foundation
import SignedHTTP

/// One client for every signer: retries, the server's clock, streamed downloads.
func signedHTTPTour() async throws {
    let http = SignedHTTPClient(
        retryPolicy: .recommended,      // GET/HEAD/PUT/DELETE… on 408, 429, 5xx: backoff with jitter, Retry-After
        observer: { attempt in print(attempt) }   // GET https://example.com/items → 200 (attempt 1); secrets redacted
    )                                   // clock-skew correction is on by default: signed at the server's time once known
    let exchange = try await http.send(APIRequest(url: URL(string: "https://example.com/items")!))
    print(exchange.response.statusCode, exchange.attempts)

    // Downloads report progress and stop when you stop iterating (or cancel the task).
    for try await event in URLSessionTransport().download(APIRequest(url: URL(string: "https://example.com/cover.jpg")!)) {
        if case .progress(let received, let expected) = event { print(received, expected ?? -1) }
    }
}
