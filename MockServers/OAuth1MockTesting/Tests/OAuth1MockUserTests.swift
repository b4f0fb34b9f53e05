import Foundation
import HTTPTypes
import MockServerKit
import OAuth1Client
import OAuth1Mock
import OAuth1MockTesting
import Testing

/// `OAuth1MockUser`: the authorisation page in one call, over a loopback server and over
/// HummingbirdTesting's `.router` alike.
@Suite("OAuth1MockUser")
struct OAuth1MockUserTests {
    @Test("approve gives the verifier; it buys an access token that signs a resource request", arguments: MockSetup.allCases)
    func approve(setup: MockSetup) async throws {
        try await setup.run(.twitter) { mock in
            let requestToken = try await mock.client.requestToken(callback: URL(string: "myapp://oauth")!)
            let verifier = try await mock.user.approve(mock.client.authorizationURL(for: requestToken))
            #expect(verifier.count == 32)
            let accessToken = try await mock.client.accessToken(for: requestToken, verifier: verifier)
            #expect(accessToken.screenName == OAuth1Flavour.twitter.screenName)
            let response = try await mock.client.send(OAuth1Flavour.twitter.resourceRequest(at: mock.baseURL, for: accessToken), with: accessToken)
            #expect(response.statusCode == 200)
        }
    }

    @Test("deny redirects to the callback with denied=, which OAuth1Callback reports as a denial", arguments: MockSetup.allCases)
    func deny(setup: MockSetup) async throws {
        try await setup.run(.discogs) { mock in
            let requestToken = try await mock.client.requestToken(callback: URL(string: "myapp://oauth")!)
            let decision = try await mock.user.deny(mock.client.authorizationURL(for: requestToken))
            guard case .redirect(let url) = decision else {
                Issue.record("no redirect: \(decision)")
                return
            }
            #expect(url.absoluteString == "myapp://oauth?denied=\(requestToken.token)")
            #expect(decision.verifier == nil)
            #expect(throws: OAuth1Error(code: .authorizationDenied, message: "")) {
                try mock.client.callback(url, for: requestToken)
            }
        }
    }

    @Test("oob: approval gives the PIN shown on the page, denial the denied page", arguments: MockSetup.allCases)
    func outOfBand(setup: MockSetup) async throws {
        try await setup.run(.netflix) { mock in
            let requestToken = try await mock.client.requestToken(callback: nil)
            let pin = try await mock.user.approve(mock.client.authorizationURL(for: requestToken))
            #expect(pin.count == 7 && pin.allSatisfy(\.isNumber))
            let accessToken = try await mock.client.accessToken(for: requestToken, verifier: pin)
            #expect(accessToken.userID == OAuth1Flavour.netflix.userID)

            let another = try await mock.client.requestToken(callback: nil)
            #expect(try await mock.user.deny(mock.client.authorizationURL(for: another)) == .deniedOutOfBand)
        }
    }

    @Test("signIn runs the whole flow for each flavour; the token reads a protected resource", arguments: MockSetup.allCases, OAuth1Flavour.all)
    func signIn(setup: MockSetup, flavour: OAuth1Flavour) async throws {
        try await setup.run(flavour) { mock in
            let accessToken = try await mock.user.signIn(with: mock.client)
            for field in flavour.accessTokenFields {
                #expect(accessToken[field: field] != nil, "\(field)")
            }
            let response = try await mock.client.send(flavour.resourceRequest(at: mock.baseURL, for: accessToken), with: accessToken)
            #expect(response.statusCode == 200)
            let rejected = await mock.journal.entries { $0.verdict != .accepted }
            #expect(rejected.isEmpty, "\(rejected)")
        }
    }

    @Test("signIn with oob exchanges the PIN", arguments: MockSetup.allCases)
    func signInOutOfBand(setup: MockSetup) async throws {
        try await setup.run(.discogs) { mock in
            let accessToken = try await mock.user.signIn(with: mock.client, callback: nil)
            let response = try await mock.client.send(OAuth1Flavour.discogs.resourceRequest(at: mock.baseURL, for: accessToken), with: accessToken)
            #expect(response.statusCode == 200)
        }
    }

    @Test("with autoApprove the page approves at once; a denial cannot be made", arguments: MockSetup.allCases)
    func autoApprove(setup: MockSetup) async throws {
        try await setup.run(.twitter, options: OAuth1MockOptions(autoApprove: true)) { mock in
            _ = try await mock.user.signIn(with: mock.client)
            _ = try await mock.user.signIn(with: mock.client, callback: nil)
            let requestToken = try await mock.client.requestToken(callback: OAuth1MockUser.defaultCallback)
            await #expect(throws: OAuth1MockTestingError(code: .cannotDeny, message: "")) {
                try await mock.user.deny(mock.client.authorizationURL(for: requestToken))
            }
        }
    }

    @Test("an unknown or already decided token is refused with the mock's reason", arguments: MockSetup.allCases)
    func refused(setup: MockSetup) async throws {
        try await setup.run(.twitter) { mock in
            let bogus = URL(string: mock.baseURL.absoluteString + "/oauth/authorize?oauth_token=nosuchtoken")!
            do {
                _ = try await mock.user.approve(bogus)
                Issue.record("an unknown token was approved")
            } catch let error as OAuth1MockTestingError {
                #expect(error.code == .pageRefused)
                #expect(error.message.contains("GET answered 400: invalid token: the request token is unknown"), "\(error.message)")
            }
            let requestToken = try await mock.client.requestToken(callback: OAuth1MockUser.defaultCallback)
            let url = mock.client.authorizationURL(for: requestToken)
            _ = try await mock.user.approve(url)
            await #expect(throws: OAuth1MockTestingError(code: .pageRefused, message: "")) {
                try await mock.user.deny(url)
            }
        }
    }

    @Test("a custom flavour gets a client description from its paths")
    func customFlavour() async throws {
        var flavour = OAuth1Flavour.discogs
        flavour.name = "records"
        flavour.requestTokenPath = "/oauth/temporary"
        flavour.authorizePath = "/oauth/consent"
        flavour.tokenEndpointMethods = [.get]
        let provider = flavour.clientProvider(at: URL(string: "http://127.0.0.1:9/")!)
        #expect(provider.requestTokenURL.absoluteString == "http://127.0.0.1:9/oauth/temporary")
        #expect(provider.authorizationURL.absoluteString == "http://127.0.0.1:9/oauth/consent")
        #expect(provider.requestTokenMethod == "GET")
        #expect(provider.additionalHeaders["User-Agent"] == OAuth1Flavour.testUserAgent)
        let custom = flavour
        try await MockSetup.loopback.run(custom) { mock in
            let accessToken = try await mock.user.signIn(with: mock.client)
            let response = try await mock.client.send(custom.resourceRequest(at: mock.baseURL, for: accessToken), with: accessToken)
            #expect(response.statusCode == 200)
        }
    }

    @Test("the built-in flavours get the SDK's presets")
    func presets() {
        let base = URL(string: "http://127.0.0.1:8401")!
        #expect(OAuth1Flavour.twitter.clientProvider(at: base) == OAuth1Provider.twitter.pointed(at: base))
        #expect(OAuth1Flavour.discogs.clientProvider(at: base, userAgent: "App/2") == OAuth1Provider.discogs(userAgent: "App/2").pointed(at: base))
        #expect(OAuth1Flavour.netflix.clientProvider(at: base).authorizationURL.absoluteString == "http://127.0.0.1:8401/oauth/login")
    }
}
