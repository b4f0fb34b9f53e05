import MockServerKit
import OAuth1Mock

/// An in-process provider with a clock the test moves, its journal and faults.
func mockServerTour() async throws {
    let clock = ManualClock()                                   // starts at the real time; tests move it
    let server = try await MockServer.start(
        OAuth1MockProvider(flavour: .twitter, options: .init(autoApprove: true)),
        configuration: MockServerConfiguration(seed: 1),
        clock: clock
    )
    let base = server.baseURL                                    // http://127.0.0.1:<port 0 → chosen>
    let credentials = server.providers[0].credentials            // consumerKey, consumerSecret, accessToken, …
    print(base, credentials)                                     // … run your client against `base` …
    let rejected = await server.journal.entries { $0.verdict == .rejected }
    print(rejected.count)
    server.faults.add(FaultRule(route: "/1.1/statuses/update.json", fault: .status(code: 503, retryAfterSeconds: nil), remaining: 1))
    clock.advance(by: 301)                                       // now every timestamp is stale
    await server.stop()                                          // sockets closed, tasks ended
}
