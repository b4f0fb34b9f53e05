import Foundation
import HummingbirdTesting
import HTTPTypes
import MockServerKit
import MockServerTesting
import NIOCore
import OAuth1Client
import OAuth1Mock
import SigningCore
import Testing

@Suite("OAuth 1.0a three-legged flow")
struct FlowTests {
    @Test("request token, authorise, access token, protected resource", arguments: OAuth1Flavour.all)
    func fullFlow(flavour: OAuth1Flavour) async throws {
        try await OAuth1Harness.withRunning(flavour) { harness in
            let temporary = try await harness.requestToken()
            #expect(temporary.callbackConfirmed == true)
            if flavour.name == "netflix" {
                #expect(temporary[field: "application_name"] == "Mock Queue Manager")
                #expect(temporary[field: "login_url"]?.contains("oauth_token=\(temporary.token)") == true)
            }
            let page = try await MockHTTP.send(.get, "\(flavour.authorizePath)?oauth_token=\(temporary.token)", to: harness.server.baseURL)
            #expect(page.status == .ok)
            #expect(MockHTTP.text(page).contains("value=\"approve\""))
            #expect(MockHTTP.text(page).contains("value=\"deny\""))

            let redirect = try await harness.decide(temporary.token, approve: true)
            #expect(redirect.status == .found)
            let location = try #require(redirect.headers[.location])
            #expect(location.hasPrefix("http://client.example/cb?x=1&oauth_token=\(temporary.token)&oauth_verifier="))
            let verifier = try #require(try FormEncoding.parse(location.split(separator: "?")[1]).first { $0.name == "oauth_verifier" }?.value)

            let response = try await harness.accessToken(temporary, verifier: verifier)
            #expect(response.status == .ok)
            let access = try OAuth1Token.parse(MockHTTP.text(response))
            if flavour.accessTokenFields.contains("user_id") { #expect(access.userID == flavour.userID) }
            if flavour.accessTokenFields.contains("screen_name") { #expect(access.screenName == flavour.screenName) }

            let again = try await harness.accessToken(temporary, verifier: verifier)
            #expect(again.status == .unauthorized, "a request token is exchanged once")

            let signer = harness.signer(token: access.token, tokenSecret: access.secret)
            for resource in flavour.resources {
                let request = resourceRequest(resource, harness: harness)
                let answer = try await harness.send(request, signer: signer)
                #expect(answer.status == (resource == .jiraCreateIssue ? .created : .ok), "\(resource): \(MockHTTP.text(answer))")
            }
            #expect(await harness.server.journal.entries.allSatisfy { $0.verdict != .faulted })
        }
    }

    private func resourceRequest(_ resource: OAuth1Flavour.Resource, harness: OAuth1Harness) -> OAuth1Request {
        switch resource {
        case .twitterVerifyCredentials: OAuth1Request(url: harness.url("/1.1/account/verify_credentials.json"))
        case .twitterStatusUpdate: OAuth1Request(url: harness.url("/1.1/statuses/update.json"), form: [FormField("status", "Hello Ladies + Gentlemen, a signed OAuth request!")])
        case .discogsIdentity: OAuth1Request(url: harness.url("/oauth/identity"))
        case .discogsSearch: OAuth1Request(url: harness.url("/database/search?q=nirvana&type=release"))
        case .netflixDiscQueue: OAuth1Request(url: harness.url("/users/\(harness.flavour.userID)/queues/disc"))
        case .jiraMyself: OAuth1Request(url: harness.url("/rest/api/2/myself"))
        case .jiraCreateIssue:
            OAuth1Request(method: "POST", url: harness.url("/rest/api/2/issue"), headers: ["Content-Type": "application/json"],
                          body: Array(#"{"fields": {"project": {"key": "MOCK"}, "summary": "From the flow test", "issuetype": {"name": "Task"}}}"#.utf8))
        }
    }

    @Test("oob with automatic approval shows a PIN that exchanges for a token")
    func outOfBandPIN() async throws {
        try await OAuth1Harness.withRunning(.twitter, options: OAuth1MockOptions(autoApprove: true)) { harness in
            let temporary = try await harness.requestToken(callback: "oob")
            let page = try await MockHTTP.send(.get, "/oauth/authorize?oauth_token=\(temporary.token)", to: harness.server.baseURL)
            #expect(page.status == .ok)
            let html = MockHTTP.text(page)
            let pin = try #require(html.split(separator: "<code id=\"oauth_pin\">").last?.prefix(7))
            #expect(pin.count == 7 && pin.allSatisfy(\.isNumber))
            let response = try await harness.accessToken(temporary, verifier: String(pin))
            #expect(response.status == .ok)
        }
    }

    @Test("denial redirects with denied= and the token cannot be exchanged")
    func denied() async throws {
        try await OAuth1Harness.withRunning(.twitter) { harness in
            let temporary = try await harness.requestToken()
            let redirect = try await harness.decide(temporary.token, approve: false)
            #expect(redirect.headers[.location] == "http://client.example/cb?x=1&denied=\(temporary.token)")
            let response = try await harness.accessToken(temporary, verifier: "anything")
            #expect(response.status == .unauthorized)
            #expect(await harness.server.journal.last?.reason.hasPrefix("invalid verifier") == true)
        }
    }

    @Test("a wrong or missing verifier is refused")
    func wrongVerifier() async throws {
        try await OAuth1Harness.withRunning(.discogs) { harness in
            let temporary = try await harness.requestToken()
            _ = try await harness.decide(temporary.token, approve: true)
            #expect(try await harness.accessToken(temporary, verifier: "wrong").status == .unauthorized)
            #expect(try await harness.accessToken(temporary, verifier: nil).status == .unauthorized)
        }
    }

    @Test("the request-token leg needs a callback URL or oob")
    func callbackRequired() async throws {
        try await OAuth1Harness.withRunning(.twitter) { harness in
            let missing = try await harness.send(OAuth1Request(method: "POST", url: harness.url("/oauth/request_token")), signer: harness.signer())
            #expect(missing.status == .badRequest)
            let relative = try await harness.send(OAuth1Request(method: "POST", url: harness.url("/oauth/request_token")), signer: harness.signer(), callback: "/cb")
            #expect(relative.status == .badRequest)
        }
    }

    @Test("request tokens expire; access tokens expire when configured")
    func expiry() async throws {
        try await OAuth1Harness.withRunning(.twitter, options: OAuth1MockOptions(accessTokenLifetimeSeconds: 600)) { harness in
            let access = try await harness.runFlow()
            let signer = harness.signer(token: access.token, tokenSecret: access.secret)
            let request = OAuth1Request(url: harness.url("/1.1/account/verify_credentials.json"))
            #expect(try await harness.send(request, signer: signer).status == .ok)
            harness.clock.advance(by: 601)
            let expired = try await harness.send(request, signer: signer)
            #expect(expired.status == .unauthorized)
            #expect(OAuth1Harness.twitterCode(expired) == 89)

            let temporary = try await harness.requestToken()
            _ = try await harness.decide(temporary.token, approve: true)
            harness.clock.advance(by: 901)
            let late = try await harness.accessToken(temporary, verifier: "x")
            #expect(OAuth1Harness.twitterCode(late) == 89)
        }
    }

    @Test("a revoked access token is refused with Twitter's code 89")
    func revoked() async throws {
        try await OAuth1Harness.withRunning(.twitter) { harness in
            let access = try await harness.runFlow()
            let signer = harness.signer(token: access.token, tokenSecret: access.secret)
            let revoke = try await harness.send(OAuth1Request(method: "POST", url: harness.url("/1.1/oauth/invalidate_token")), signer: signer)
            #expect(revoke.status == .ok)
            #expect(MockHTTP.json(revoke)?["access_token"] as? String == access.token)
            let after = try await harness.send(OAuth1Request(url: harness.url("/1.1/account/verify_credentials.json")), signer: signer)
            #expect(after.status == .unauthorized)
            #expect(OAuth1Harness.twitterCode(after) == 89)
        }
    }

    @Test("each server instance has its own tokens")
    func separateState() async throws {
        try await OAuth1Harness.withRunning(.twitter) { first in
            try await OAuth1Harness.withRunning(.twitter) { second in
                let access = try await first.runFlow()
                let request = OAuth1Request(url: second.url("/1.1/account/verify_credentials.json"))
                let response = try await second.send(request, signer: second.signer(token: access.token, tokenSecret: access.secret))
                #expect(response.status == .unauthorized)
            }
        }
    }
}
