import Foundation
import MockServerKit
import OAuth1Client
import OAuth1Mock

/// A Twitter-flavoured mock on a free loopback port, and a client pointed at it.
func inProcessMockTour() async throws {
    let server = try await MockServer.start(OAuth1MockProvider(flavour: .twitter))   // 127.0.0.1, port 0
    let demo = server.providers[0].credentials                                         // consumerKey, accessToken, …
    let client = OAuth1Client(provider: OAuth1Provider.twitter.pointed(at: server.baseURL),
                              consumerKey: demo["consumerKey"]!, consumerSecret: demo["consumerSecret"]!)
    let requestToken = try await client.requestToken(callback: URL(string: "myapp://oauth")!)
    print(client.authorizationURL(for: requestToken))
    // … inspect server.journal, add faults with server.faults.add(…) …
    await server.stop()
}
