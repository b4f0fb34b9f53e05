import CredentialStore
import Foundation
import HTTPTypes
import HummingbirdTesting
import MockServerKit
import MockServerTesting
import NIOCore
import OAuth1Client
import OAuth1Mock
import SigningCore
import Testing

/// An app authorises once, stores its access token in a `FileStore`, and after a restart (a new
/// client and a new store on the same directory) reuses it without authorising again.
@Suite("Stored OAuth 1.0a tokens survive a restart")
struct CredentialRestoreTests {
    /// The 3-legged flow against the mock, with the user approving on the authorisation page.
    static func authorize(_ client: OAuth1Client, server: MockServer) async throws -> OAuth1Token {
        let requestToken = try await client.requestToken(callback: URL(string: "http://app.example/callback")!)
        var headers = HTTPFields()
        headers[.contentType] = "application/x-www-form-urlencoded"
        let form = FormEncoding.serialize([FormField("oauth_token", requestToken.token), FormField("action", "approve")])
        let decision = try await MockHTTP.send(.post, OAuth1Flavour.twitter.authorizePath, to: server.baseURL, headers: headers, body: ByteBuffer(string: form))
        let location = try #require(decision.headers[.location].flatMap(URL.init(string:)))
        let callback = try client.callback(location, for: requestToken)
        return try await client.accessToken(for: requestToken, verifier: callback.verifier)
    }

    @Test("the second launch restores the token from disk and calls the API without a new authorisation")
    func restartReusesStoredToken() async throws {
        try await MockServer.withRunning(OAuth1MockProvider(flavour: .twitter)) { server in
            let credentials = server.providers[0].credentials
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("credential-restore-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: directory) }
            func launch() -> OAuth1Client {
                OAuth1Client(
                    provider: OAuth1Provider.twitter.pointed(at: server.baseURL),
                    consumerKey: credentials["consumerKey"] ?? "",
                    consumerSecret: credentials["consumerSecret"] ?? ""
                )
            }
            let verifyCredentials = URL(string: server.baseURL.absoluteString + "/1.1/account/verify_credentials.json")!

            // First launch: nothing stored, so the flow runs and its token is saved.
            let firstClient = launch()
            let firstToken = try await FileStore(directory: directory).loadOrCreate(OAuth1Token.self, service: "twitter", account: "demo") {
                try await Self.authorize(firstClient, server: server)
            }
            #expect(firstToken.screenName != nil)
            let flowRequests = await server.journal.entries.filter { $0.path == "/oauth/request_token" }.count
            #expect(flowRequests == 1)

            // Second launch: a new client and a new store on the same directory.
            let secondClient = launch()
            let restored = try await FileStore(directory: directory).loadOrCreate(OAuth1Token.self, service: "twitter", account: "demo") {
                Issue.record("the stored token was not found; the app would ask the user to authorise again")
                return try await Self.authorize(secondClient, server: server)
            }
            #expect(restored == firstToken)
            #expect(restored.userID == firstToken.userID && restored.screenName == firstToken.screenName)
            #expect(try await secondClient.send(OAuth1Request(url: verifyCredentials), with: restored).statusCode == 200)
            #expect(await server.journal.entries.filter { $0.path == "/oauth/request_token" }.count == flowRequests)
        }
    }
}
