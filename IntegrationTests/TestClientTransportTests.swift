import AFSignedClient
import AFSignedMock
import Foundation
import HummingbirdTesting
import MockServerKit
import MockServerKitTesting
import Testing

/// `TestClientTransport` is every family's, not OAuth 1.0a's: an AFSigned client signs and is
/// verified by its mock under `.router`, with no socket.
@Suite("TestClientTransport with any client")
struct TestClientTransportTests {
    @Test("an AFSigned client creates a user through the router; a wrong secret is signatureInvalid")
    func afsignedUnderRouter() async throws {
        let provider = AFSignedMockProvider()
        let app = MockServerApplication.build(provider: provider, context: MockServerContext(provider: provider))
        try await app.test(.router) { testClient in
            let http = SignedHTTPClient(transport: TestClientTransport(testClient))
            let credentials = provider.demo.credentials
            let client = AFSignedClient(configuration: AFSignedConfiguration(baseURL: TestClientTransport.baseURL, credentials: credentials), http: http)
            let created = try await client.send("POST", "/users", parameters: [AFSignedParameter("name", "Ann"), AFSignedParameter("email", "ann@example.com")])
            #expect(created.statusCode == 201)
            let wrong = AFSignedClient(
                configuration: AFSignedConfiguration(baseURL: TestClientTransport.baseURL, credentials: AFSignedCredentials(clientID: credentials.clientID, clientSecret: "wrong")),
                http: http
            )
            let error = await #expect(throws: AFSignedError.self) { try await wrong.send("GET", "/users") }
            #expect(error?.code == .signatureInvalid)
            #expect(error?.statusCode == 401)
        }
    }
}
