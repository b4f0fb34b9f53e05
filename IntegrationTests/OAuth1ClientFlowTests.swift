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

/// OAuth1Client's presets, pointed at the in-process mock servers, run the whole flow over
/// real HTTP (URLSession) and call protected resources.
@Suite("OAuth1Client against the mock providers")
struct OAuth1ClientFlowTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var flavour: OAuth1Flavour
        var preset: OAuth1Provider
        var resource: String
        var testDescription: String { flavour.name }
    }

    static let cases = [
        Case(flavour: .twitter, preset: .twitter, resource: "/1.1/account/verify_credentials.json"),
        Case(flavour: .discogs, preset: .discogs(userAgent: "IntegrationTests/1.0"), resource: "/oauth/identity"),
        Case(flavour: .netflix, preset: .netflix, resource: "/users/{user_id}/queues/disc"),
    ]

    @Test("request token, user approval, callback, access token, resource", arguments: cases)
    func flow(_ test: Case) async throws {
        try await MockServer.withRunning(OAuth1MockProvider(flavour: test.flavour)) { server in
            let credentials = server.providers[0].credentials
            let client = OAuth1Client(
                provider: test.preset.pointed(at: server.baseURL),
                consumerKey: try #require(credentials["consumerKey"]),
                consumerSecret: try #require(credentials["consumerSecret"])
            )
            let requestToken = try await client.requestToken(callback: URL(string: "http://client.example/callback")!)
            let authorization = client.authorizationURL(for: requestToken)
            #expect(authorization.path == test.flavour.authorizePath)

            // The user approves on the page (what a browser would post).
            var headers = HTTPFields()
            headers[.contentType] = "application/x-www-form-urlencoded"
            let form = FormEncoding.serialize([FormField("oauth_token", requestToken.token), FormField("action", "approve")])
            let decision = try await MockHTTP.send(.post, test.flavour.authorizePath, to: server.baseURL, headers: headers, body: ByteBuffer(string: form))
            let location = try #require(decision.headers[.location].flatMap(URL.init(string:)))

            let callback = try client.callback(location, for: requestToken)
            let accessToken = try await client.accessToken(for: requestToken, verifier: callback.verifier)
            let path = test.resource.replacingOccurrences(of: "{user_id}", with: accessToken.userID ?? "")
            let response = try await client.send(OAuth1Request(url: URL(string: server.baseURL.absoluteString + path)!), with: accessToken)
            #expect(response.statusCode == 200)
            #expect(await server.journal.entries.filter { $0.verdict == .rejected }.isEmpty)
        }
    }

    @Test("a wrong secret surfaces as signatureRejected with the provider's error text")
    func signatureRejected() async throws {
        try await MockServer.withRunning(OAuth1MockProvider(flavour: .twitter)) { server in
            let credentials = server.providers[0].credentials
            let client = OAuth1Client(
                provider: OAuth1Provider.twitter.pointed(at: server.baseURL),
                consumerKey: try #require(credentials["consumerKey"]),
                consumerSecret: "not-the-secret"
            )
            let token = OAuth1Token(token: try #require(credentials["accessToken"]), secret: try #require(credentials["accessTokenSecret"]))
            let url = URL(string: server.baseURL.absoluteString + "/1.1/account/verify_credentials.json")!
            await #expect(throws: OAuth1Error(code: .signatureInvalid, message: "")) {
                _ = try await client.send(OAuth1Request(url: url), with: token)
            }
            do {
                _ = try await client.send(OAuth1Request(url: url), with: token)
            } catch let error as OAuth1Error {
                #expect(error.statusCode == 401)
                #expect(error.message.contains("Could not authenticate you."))
            }
        }
    }
}
