import Foundation
import HummingbirdTesting
import HTTPTypes
import MockServerKit
import MockServerTesting
import OAuth1Client
import OAuth1Mock
import SigningCore
import Testing

/// `oauth_callback`: any absolute URI (custom schemes included) or `oob`, unless the
/// application registered its callbacks; malformed and hostile values are refused with a
/// clear reason, and the redirect never carries a control character.
@Suite("OAuth 1.0a callbacks")
struct CallbackTests {
    static let malformedReason = "oauth_callback must be an absolute URI or 'oob'"

    /// Asks for a request token with `callback`, returning the raw response.
    static func requestTokenResponse(_ harness: OAuth1Harness, callback: String, transmission: OAuth1Transmission = .header) async throws -> TestClient.Response {
        let method = harness.flavour.tokenEndpointMethods.contains(.post) ? "POST" : "GET"
        let request = OAuth1Request(method: method, url: harness.url(harness.flavour.requestTokenPath))
        return try await harness.send(request, signer: harness.signer(transmission: transmission), callback: callback)
    }

    @Test("any absolute URI is a callback; approval redirects to it with the token and verifier", arguments: [
        ("myapp://oauth", "myapp://oauth?"),
        ("com.example.app:/cb", "com.example.app:/cb?"),
        ("myapp:", "myapp:?"),
        ("https://app.example/cb?state=a%20b", "https://app.example/cb?state=a%20b&"),
        ("javascript:alert(1)", "javascript:alert(1)?"),
        ("https://app.example/cb%0D%0ASet-Cookie:%20x", "https://app.example/cb%0D%0ASet-Cookie:%20x?"),
    ])
    func absoluteURIs(callback: String, prefix: String) async throws {
        try await OAuth1Harness.withRunning(.twitter) { harness in
            let temporary = try await harness.requestToken(callback: callback)
            let redirect = try await harness.decide(temporary.token, approve: true)
            #expect(redirect.status == .found)
            let location = try #require(redirect.headers[.location])
            #expect(location.hasPrefix(prefix + "oauth_token=\(temporary.token)&oauth_verifier="))
        }
    }

    @Test("a custom-scheme redirect is read by OAuth1Callback, and the verifier buys an access token")
    func customSchemeApproval() async throws {
        try await OAuth1Harness.withRunning(.discogs) { harness in
            let temporary = try await harness.requestToken(callback: "myapp://oauth")
            let redirect = try await harness.decide(temporary.token, approve: true)
            let location = try #require(redirect.headers[.location].flatMap(URL.init(string:)))
            #expect(location.scheme == "myapp")
            let callback = try OAuth1Callback(url: location, requestToken: temporary)
            let response = try await harness.accessToken(temporary, verifier: callback.verifier)
            #expect(response.status == .ok, "\(MockHTTP.text(response))")
        }
    }

    @Test("a custom-scheme denial redirects with denied=, which OAuth1Callback reports")
    func customSchemeDenial() async throws {
        try await OAuth1Harness.withRunning(.netflix) { harness in
            let temporary = try await harness.requestToken(callback: "myapp://oauth")
            let redirect = try await harness.decide(temporary.token, approve: false)
            #expect(redirect.headers[.location] == "myapp://oauth?denied=\(temporary.token)")
            let location = try #require(redirect.headers[.location].flatMap(URL.init(string:)))
            #expect(throws: OAuth1Error(code: .authorizationDenied, message: "")) {
                try OAuth1Callback(url: location, requestToken: temporary)
            }
        }
    }

    @Test("malformed and hostile callbacks are refused with a clear reason, never a 500", arguments: [
        "", " ", "/cb", "cb", "1app://oauth", "my app://oauth", ":oauth", "myapp//oauth",
        "https://app.example/cb#fragment", "https://app.example/a b", "https://app.example/%zz", "https://app.example/%4",
        "https://app.example/cb\r\nSet-Cookie: session=stolen", "myapp://oauth\n", "myapp://oauth\u{0}", "myapp://oauth\u{7F}",
        "https://bücher.example/cb", "oob ", "OOB?", "<script>alert(1)</script>", "https://app.example/\"onmouseover=x",
    ])
    func malformed(callback: String) async throws {
        try await OAuth1Harness.withRunning(.twitter) { harness in
            let response = try await Self.requestTokenResponse(harness, callback: callback)
            #expect(response.status == .badRequest)
            #expect(OAuth1Harness.twitterCode(response) == 215)
            #expect(response.headers[.mockReason]?.contains(Self.malformedReason) == true)
            let entry = try #require(await harness.server.journal.last)
            #expect(entry.verdict == .rejected)
            #expect(entry.reason.contains(Self.malformedReason))
        }
    }

    @Test("a malformed callback in the form body or the query is refused alike", arguments: [OAuth1Transmission.formBody, .query])
    func malformedElsewhere(transmission: OAuth1Transmission) async throws {
        try await OAuth1Harness.withRunning(.discogs) { harness in
            let response = try await Self.requestTokenResponse(harness, callback: "https://app.example/\r\nLocation: https://evil.example", transmission: transmission)
            #expect(response.status == .badRequest)
            #expect(MockHTTP.json(response)?["message"] as? String == "Bad request: " + Self.malformedReason
                + " (a scheme, ':', then percent-encoded URI characters and no '#fragment', e.g. myapp://oauth or https://app.example/callback)")
        }
    }

    @Test("a callback of up to 4096 bytes is redirected to whole; a longer one is refused")
    func length() async throws {
        try await OAuth1Harness.withRunning(.twitter) { harness in
            let longest = "myapp://oauth/" + String(repeating: "a", count: 4096 - 14)
            let temporary = try await harness.requestToken(callback: longest)
            let redirect = try await harness.decide(temporary.token, approve: true)
            #expect(redirect.headers[.location]?.hasPrefix(longest + "?oauth_token=") == true)

            let response = try await Self.requestTokenResponse(harness, callback: longest + "a")
            #expect(response.status == .badRequest)
            #expect(response.headers[.mockReason]?.contains("oauth_callback is 4097 bytes; the mock takes at most 4096") == true)
        }
    }

    static let registered = OAuth1MockOptions(registeredCallbacks: ["myapp://oauth", "https://app.example/cb"])

    @Test("with registered callbacks, a match (plus any query) and oob are accepted", arguments: [
        "myapp://oauth", "myapp://oauth?state=1", "https://app.example/cb", "https://app.example/cb?x=1&y=2", "oob",
    ])
    func registeredMatch(callback: String) async throws {
        try await OAuth1Harness.withRunning(.twitter, options: Self.registered) { harness in
            let temporary = try await harness.requestToken(callback: callback)
            #expect(temporary.callbackConfirmed == true)
        }
    }

    @Test("with registered callbacks, any other callback is refused in the flavour's shape", arguments: OAuth1Flavour.all)
    func registeredMismatch(flavour: OAuth1Flavour) async throws {
        try await OAuth1Harness.withRunning(flavour, options: Self.registered) { harness in
            for callback in ["myapp://evil", "myapp://oauth/more", "MYAPP://oauth", "https://app.example/cb/", "http://app.example/cb"] {
                let response = try await Self.requestTokenResponse(harness, callback: callback)
                let reason = try #require(response.headers[.mockReason])
                #expect(reason.hasPrefix("callback not approved: oauth_callback \(callback) is not a registered callback of this application; the registered ones are myapp://oauth, https://app.example/cb"))
                #expect(await harness.server.journal.last?.reason == reason)
                switch flavour.errorStyle {
                case .twitter:
                    #expect(response.status == .forbidden)
                    #expect(OAuth1Harness.twitterCode(response) == 415)
                    #expect(MockHTTP.text(response) == #"{"errors":[{"code":415,"message":"Callback URL not approved for this client application. Approved callback URLs can be adjusted in your application settings"}]}"#)
                case .discogs:
                    #expect(response.status == .forbidden)
                    #expect((MockHTTP.json(response)?["message"] as? String)?.hasPrefix("The callback URL is not approved for this application.") == true)
                case .netflix:
                    #expect(response.status == .unauthorized)
                    #expect(MockHTTP.text(response).contains("<message>Invalid Callback URL</message>"))
                case .problemReporting:
                    #expect(response.status == .unauthorized)
                    #expect(MockHTTP.text(response).hasPrefix("oauth_problem=parameter_rejected&oauth_problem_advice=oauth_callback"))
                }
            }
            let malformed = try await Self.requestTokenResponse(harness, callback: "not a uri")
            #expect(malformed.status == .badRequest, "a malformed callback is malformed, registered or not")
        }
    }
}
