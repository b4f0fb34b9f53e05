import Foundation
import HummingbirdTesting
import MockServerKit
import OAuth1Client
import OAuth1Mock
import OAuth1MockTesting
import SigningCore
import Testing

/// The transports the helpers run on: HummingbirdTesting's client, and URLSession without
/// following redirects.
@Suite("Test transports")
struct TransportTests {
    @Test("TestClientTransport refuses a request for another host instead of letting its signature fail")
    func wrongAuthority() async throws {
        let provider = OAuth1MockProvider(flavour: .twitter)
        let app = MockServerApplication.build(provider: provider, context: MockServerContext(provider: provider))
        try await app.test(.router) { testClient in
            let transport = TestClientTransport(testClient)
            for address in ["http://127.0.0.1:8401/oauth/request_token", "http://localhost:8080/x", "https://localhost/x"] {
                await #expect(throws: SignedHTTPError(code: .invalidRequest, message: "")) {
                    try await transport.send(APIRequest(url: URL(string: address)!))
                }
            }
            let health = try await transport.send(APIRequest(url: URL(string: "http://localhost/health")!))
            #expect(health.statusCode == 200)
            #expect(String(decoding: health.body, as: UTF8.self).contains("twitter"))
        }
    }

    @Test("TestClientTransport carries the query, form body and headers the signature covers")
    func signedForm() async throws {
        let provider = OAuth1MockProvider(flavour: .twitter)
        let app = MockServerApplication.build(provider: provider, context: MockServerContext(provider: provider))
        try await app.test(.router) { testClient in
            let transport = TestClientTransport(testClient)
            let client = OAuth1Flavour.twitter.client(at: TestClientTransport.baseURL, http: SignedHTTPClient(transport: transport))
            let demo = provider.demoCredentials
            let token = OAuth1Token(token: demo["accessToken"]!, secret: demo["accessTokenSecret"]!)
            let update = OAuth1Request(
                url: URL(string: "http://localhost/1.1/statuses/update.json?trim_user=1&x=%E2%9C%93")!,
                form: [FormField("status", "Hello Ladies + Gentlemen, a signed OAuth request!")]
            )
            let response = try await client.send(update, with: token)
            #expect(response.statusCode == 200)
        }
    }

    @Test("TestClientTransport under .live: the same base URL, over a socket")
    func live() async throws {
        let provider = OAuth1MockProvider(flavour: .netflix)
        let app = MockServerApplication.build(provider: provider, context: MockServerContext(provider: provider))
        try await app.test(.live) { testClient in
            let transport = TestClientTransport(testClient)
            let client = OAuth1Flavour.netflix.client(at: TestClientTransport.baseURL, http: SignedHTTPClient(transport: transport))
            let accessToken = try await OAuth1MockUser(transport: transport).signIn(with: client)
            let response = try await client.send(OAuth1Flavour.netflix.resourceRequest(at: TestClientTransport.baseURL, for: accessToken), with: accessToken)
            #expect(response.statusCode == 200)
        }
    }

    @Test("URLSessionTransport(followsRedirects: false) returns the redirect to a custom scheme as it is")
    func noRedirects() async throws {
        try await MockServer.withRunning(OAuth1MockProvider(flavour: .twitter)) { server in
            let client = OAuth1Flavour.twitter.client(at: server.baseURL)
            let requestToken = try await client.requestToken(callback: URL(string: "myapp://oauth")!)
            let transport = URLSessionTransport(followsRedirects: false)
            #expect(URLSessionTransport().followsRedirects)
            let form = OAuth1AuthorizationForm.fields(token: requestToken.token, approve: true)
            let response = try await transport.send(APIRequest(url: URL(string: server.baseURL.absoluteString + "/oauth/authorize")!, form: form))
            #expect(response.statusCode == 302)
            #expect(response.header("Location")?.hasPrefix("myapp://oauth?oauth_token=\(requestToken.token)&oauth_verifier=") == true)
        }
    }
}
