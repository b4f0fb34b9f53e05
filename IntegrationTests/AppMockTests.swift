import AFSignedClient
import AFSignedMock
import DrupalMock
import DrupalServicesClient
import GoogleBooksClient
import GoogleBooksMock
import HTTPMessageSignatures
import HTTPSigMock
import MockServerKit
import Testing

/// An app's own tests against the other in-process mocks, each made the same way: a scoped
/// server (stopped however the test ends), the SDK client for it with the demo credentials
/// (`server.client(…)`), the credentials typed (`server.demo(…)`), and a refusal read as the
/// client's error.
@Suite("The app against the Drupal, AFSigned, Google Books and HTTP Message Signatures mocks")
struct AppMockTests {
    @Test("Drupal: log in with the demo user, read a node; a wrong password is wrongCredentials")
    func drupal() async throws {
        try await MockServer.withRunning(DrupalMockProvider()) { server in
            let client = try server.client(DrupalMockProvider.self)
            let demo = try server.demo(DrupalMockProvider.self)
            let wrong = await #expect(throws: DrupalServicesError.self) {
                try await client.login(username: demo.login.username, password: "not the password")
            }
            #expect(wrong?.code == .wrongCredentials)
            let user = try await client.login(username: demo.login.username, password: demo.login.password)
            #expect(user.uid == 2)
            #expect(try await client.node(1).nid == 1)
        }
    }

    @Test("AFSigned: create a user; a wrong secret is signatureInvalid with the server's string to sign")
    func afsigned() async throws {
        try await MockServer.withRunning(AFSignedMockProvider(options: AFSignedMockOptions(requiresNonce: true, diagnosis: true))) { server in
            let api = try server.client(AFSignedMockProvider.self)
            let created = try await api.send("POST", "/users", parameters: [AFSignedParameter("name", "Ann"), AFSignedParameter("email", "ann@example.com")])
            #expect(created.statusCode == 201)
            let demo = try server.demo(AFSignedMockProvider.self)
            let wrong = AFSignedClient(configuration: AFSignedConfiguration(
                baseURL: server.baseURL, credentials: AFSignedCredentials(clientID: demo.credentials.clientID, clientSecret: "wrong")))
            let error = await #expect(throws: AFSignedError.self) { try await wrong.send("GET", "/users") }
            #expect(error?.code == .signatureInvalid)
            #expect(error?.statusCode == 401)
            #expect(error?.serverSignatureBase?.hasPrefix("GET\n/users") == true)
        }
    }

    @Test("Google Books: search with the demo key; without a key the mock refuses, as Google does with requiresKey")
    func googleBooks() async throws {
        try await MockServer.withRunning(GoogleBooksMockProvider(options: GoogleBooksMockOptions(requiresKey: true))) { server in
            let books = try server.client(GoogleBooksMockProvider.self)
            let page = try await books.search(GoogleBooksSearch([.title("river")], maxResults: 5))
            #expect(page.items?.count == 5)
            let keyless = GoogleBooksClient(configuration: GoogleBooksConfiguration(baseURL: server.baseURL))
            let error = await #expect(throws: GoogleBooksError.self) { try await keyless.search(GoogleBooksSearch([.title("river")])) }
            #expect(error?.code == .forbidden && error?.statusCode == 403)   // Google: "The request is missing a valid API key."
            #expect(error?.mockReason != nil)
        }
    }

    @Test("HTTP Message Signatures: create an item signed with the demo Ed25519 key, the signed answer verified; a wrong secret is signatureInvalid with the server's signature base")
    func httpMessageSignatures() async throws {
        try await MockServer.withRunning(HTTPSigMockProvider()) { server in
            let api = try server.client(HTTPSigMockProvider.self)   // signs with the demo Ed25519 key, verifies the answers
            let created = try await api.send("POST", "/api/items", headers: ["Content-Type": "application/json"], body: Array(#"{"name":"Ann"}"#.utf8))
            #expect(created.statusCode == 201)
            let demo = try server.demo(HTTPSigMockProvider.self)
            let wrong = HTTPMessageSignaturesClient(configuration: HTTPMessageSignaturesConfiguration(
                baseURL: server.baseURL, signer: HTTPMessageSigner(key: try HTTPSignatureHMACKey(secret: Array("wrong".utf8)), keyID: demo.hmacKeyID)))
            let error = await #expect(throws: HTTPMessageSignatureError.self) { try await wrong.send("GET", "/api/items") }
            #expect(error?.code == .signatureInvalid)
            #expect(error?.statusCode == 401)
            #expect(error?.serverSignatureBase?.hasPrefix("\"@method\": GET\n") == true)
        }
    }
}
