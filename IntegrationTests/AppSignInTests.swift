import Foundation
import MockServerKit
import OAuth1Client
import OAuth1Mock
import OAuth1MockTesting
import Testing

/// An app's own test against the in-process Twitter mock: the whole 3-legged flow with the
/// app's custom-scheme callback, a signed post, then the same post changed on its way (as a
/// rewriting proxy would), whose error names the changed parameter as a value.
@Suite("Sign in with Twitter (mock)")
struct AppSignInTests {
    @Test("3-legged flow with myapp://oauth, then a tampered post names its parameter")
    func signInAndPost() async throws {
        try await MockServer.withRunning(OAuth1MockProvider(flavour: .twitter)) { server in   // 127.0.0.1, a free port
            let client = OAuth1Client(provider: OAuth1Provider.twitter.pointed(at: server.baseURL),
                                      consumerKey: OAuth1Flavour.twitter.consumerKey,
                                      consumerSecret: OAuth1Flavour.twitter.consumerSecret)

            let requestToken = try await client.requestToken(callback: URL(string: "myapp://oauth")!)
            let decision = try await OAuth1MockUser().decide(client.authorizationURL(for: requestToken), approve: true)
            guard case .redirect(let redirectURL) = decision else {
                Issue.record("the mock did not redirect: \(decision)")
                return
            }
            #expect(redirectURL.scheme == "myapp")                                  // myapp://oauth?oauth_token=…&oauth_verifier=…
            let callback = try client.callback(redirectURL, for: requestToken)
            let accessToken = try await client.accessToken(for: requestToken, verifier: callback.verifier)
            #expect(accessToken.screenName == "mockuser")

            let post = OAuth1Request(method: "POST", url: URL(string: "\(server.baseURL)/1.1/statuses/update.json")!,
                                     form: [FormField("status", "Hello, Ladies + Gentlemen")])
            #expect(try await client.send(post, with: accessToken).statusCode == 200)

            let proxied = OAuth1Client(
                                       provider: client.provider,
                                       consumerKey: OAuth1Flavour.twitter.consumerKey,
                                       consumerSecret: OAuth1Flavour.twitter.consumerSecret,
                                       http: SignedHTTPClient(transport: RewritingProxy()))
            let error = await #expect(throws: OAuth1Error.self) { try await proxied.send(post, with: accessToken) }
            #expect(error?.code == .signatureInvalid)
            #expect(error?.baseStringDifference?.changedParameters == ["status"])
            #expect(error?.providerMessage == "Could not authenticate you.")
        }
    }
}

/// Sends through URLSession after rewriting the form body, as a misbehaving proxy would.
struct RewritingProxy: HTTPTransport {
    func send(_ request: APIRequest) async throws -> APIResponse {
        var rewritten = request
        rewritten.body = Array("status=Goodbye".utf8)
        return try await URLSessionTransport().send(rewritten)
    }
}
