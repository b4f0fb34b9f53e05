import Foundation
import MockServerKit
import OAuth1Client
import OAuth1Mock

/// An in-process provider with a clock the test moves, a client on that clock, the journal and faults.
func mockServerTour() async throws {
    let clock = ManualClock()                                   // starts at the real time; tests move it
    let server = try await MockServer.start(
        OAuth1MockProvider(flavour: .twitter, options: .init(autoApprove: true)),
        configuration: MockServerConfiguration(seed: 1),
        clock: clock
    )
    let base = server.baseURL                                    // http://127.0.0.1:<port 0 → chosen>
    let demo = try server.demo(OAuth1MockProvider.self)          // consumerKey, consumerSecret, token, userID
    let client = try server.client(OAuth1MockProvider.self,      // OAuth1Provider.twitter moved to the server, demo consumer,
                                   http: SignedHTTPClient(deviceClock: { clock.now }))   // on the server's clock
    let token = demo.token                                       // an access token already issued to the demo user
    let me = try await client.send(OAuth1Request(url: URL(string: "\(base)/1.1/account/verify_credentials.json")!), with: token)
    print(me.statusCode)
    let rejected = await server.journal.entries { $0.verdict == .rejected }
    print(rejected.count)
    try server.faults.add(FaultRule(route: "/1.1/statuses/update.json", fault: .status(code: 503, retryAfterSeconds: nil), remaining: 1))
    clock.advance(by: 301)                                       // stale for a client on the real clock; this one moves along
    await server.stop()                                          // sockets closed, tasks ended
}
