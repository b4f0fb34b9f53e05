import Foundation
import MockServerKit
import OAuth1Client
import OAuth1Mock
import OAuth1MockTesting

/// Signs in against an in-process mock in one call; then approves and denies step by step.
func mockSignIn() async throws {
    let server = try await MockServer.start(OAuth1MockProvider(flavour: .discogs))
    let client = OAuth1Flavour.discogs.client(at: server.baseURL)   // the SDK's Discogs preset, demo consumer, a User-Agent
    let user = OAuth1MockUser()                                     // GETs the page, POSTs the form, stops at the redirect
    let accessToken = try await user.signIn(with: client)           // request token for myapp://oauth, approve, exchange
    let identity = try await client.send(OAuth1Request(url: URL(string: "\(server.baseURL)/oauth/identity")!), with: accessToken)
    print(identity.statusCode)

    let requestToken = try await client.requestToken(callback: URL(string: "myapp://oauth")!)
    let verifier = try await user.approve(client.authorizationURL(for: requestToken))   // or the PIN, for oob
    print(try await client.accessToken(for: requestToken, verifier: verifier))

    let refused = try await client.requestToken(callback: URL(string: "myapp://oauth")!)
    if case .redirect(let url) = try await user.deny(client.authorizationURL(for: refused)) {
        print(url)                                                  // myapp://oauth?denied=…: client.callback(url, for:) throws
    }
    await server.stop()
}
