import Foundation
import HummingbirdTesting
import MockServerKit
import OAuth1Client
import OAuth1Mock
import OAuth1MockTesting

/// The whole flow against the mock's router, without a socket: HummingbirdTesting's `.router`.
func routerModeSignIn() async throws {
    let provider = OAuth1MockProvider(flavour: .twitter)
    let app = MockServerApplication.build(provider: provider, context: MockServerContext(provider: provider))
    try await app.test(.router) { testClient in
        let transport = TestClientTransport(testClient)              // an HTTPTransport over the test client
        let client = OAuth1Client(provider: OAuth1Provider.twitter.pointed(at: TestClientTransport.baseURL),  // http://localhost,
                                  consumerKey: OAuth1Flavour.twitter.consumerKey,                             // the host the mock
                                  consumerSecret: OAuth1Flavour.twitter.consumerSecret,                       // signs for
                                  http: SignedHTTPClient(transport: transport))
        let accessToken = try await OAuth1MockUser(transport: transport).signIn(with: client)
        let me = try await client.send(OAuth1Request(url: URL(string: "http://localhost/1.1/account/verify_credentials.json")!), with: accessToken)
        print(me.statusCode)
    }
}
