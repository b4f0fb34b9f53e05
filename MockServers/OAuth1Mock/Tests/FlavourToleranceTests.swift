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

/// Each flavour's own tolerance, declared with it: Discogs takes a request token without
/// `oauth_callback` as `oob` and `oauth_callback` in the form body beside the header (what its
/// official Python client sends); Twitter and Netflix keep RFC 5849's rules.
@Suite("OAuth 1.0a flavour tolerances")
struct FlavourToleranceTests {
    static let formType = "application/x-www-form-urlencoded"
    static let missingCallbackReason = "missing parameter: oauth_callback is required (OAuth 1.0a); send a callback URL or 'oob'"

    /// A request-token request as discogs-client 2.3.0 sends it for `get_authorize_url(callback_url=…)`:
    /// `oauth_callback` (and the client's own fields) in the form body, the other protocol
    /// parameters in `Authorization`, and a stray `oauth_callback` HTTP header; signed with
    /// HMAC-SHA1 over all of them.
    static func splitRequest(_ harness: OAuth1Harness, callback: String) throws -> OAuth1Request {
        let url = harness.url(harness.flavour.requestTokenPath)
        var header = [
            FormField("oauth_consumer_key", harness.flavour.consumerKey),
            FormField("oauth_nonce", "split-nonce-1"),
            FormField("oauth_signature_method", "HMAC-SHA1"),
            FormField("oauth_timestamp", String(Int(harness.clock.now.timeIntervalSince1970))),
            FormField("oauth_version", "1.0"),
        ]
        let body = Array(FormEncoding.serialize([
            FormField("User-Agent", "discogs-client-like/1.0"),
            FormField("Content-Type", formType),
            FormField("oauth_callback", callback),
        ]).utf8)
        let unsigned = try OAuth1IncomingRequest(
            method: "POST", url: url, authorizationHeader: OAuth1AuthorizationHeader.serialize(parameters: header + [FormField("oauth_signature", "-")]),
            contentType: formType, body: body, placement: .split
        )
        header.append(FormField("oauth_signature", try unsigned.expectedSignature(consumerSecret: harness.flavour.consumerSecret, tokenSecret: nil)))
        var headers = HeaderFields()
        headers["Authorization"] = OAuth1AuthorizationHeader.serialize(parameters: header)
        headers["Content-Type"] = formType
        headers["oauth_callback"] = callback
        return OAuth1Request(method: "POST", url: url, headers: headers, body: body)
    }

    @Test("discogs: a request token without oauth_callback is issued for oob; the page shows the PIN, which buys the access token")
    func discogsMissingCallback() async throws {
        try await OAuth1Harness.withRunning(.discogs) { harness in
            let request = OAuth1Request(method: "POST", url: harness.url("/oauth/request_token"))
            let response = try await harness.send(request, signer: harness.signer(), callback: nil)
            #expect(response.status == .ok)
            let temporary = try OAuth1Token.parse(MockHTTP.text(response))
            #expect(temporary.callbackConfirmed == true)
            let page = try await harness.decide(temporary.token, approve: true)
            #expect(page.status == .ok && page.headers[.location] == nil)
            let pin = try #require(OAuth1AuthorizationForm.pin(inPage: MockHTTP.text(page)))
            #expect(pin.count == 7 && pin.allSatisfy(\.isNumber))
            let access = try await harness.accessToken(temporary, verifier: pin)
            #expect(access.status == .ok, "\(MockHTTP.text(access))")
        }
    }

    @Test("twitter and netflix: a request token without oauth_callback is refused in the flavour's shape", arguments: [
        (OAuth1Flavour.twitter, HTTPResponse.Status.badRequest, #"{"errors":[{"code":215,"message":"Bad Authentication data."}]}"#),
        (.netflix, .unauthorized, "<?xml version=\"1.0\" standalone=\"yes\"?>\n<status><status_code>401</status_code><message>Missing Required Parameter</message></status>"),
    ] as [(OAuth1Flavour, HTTPResponse.Status, String)])
    func strictMissingCallback(flavour: OAuth1Flavour, status: HTTPResponse.Status, body: String) async throws {
        try await OAuth1Harness.withRunning(flavour) { harness in
            let request = OAuth1Request(method: "POST", url: harness.url(flavour.requestTokenPath))
            let response = try await harness.send(request, signer: harness.signer(), callback: nil)
            #expect(response.status == status)
            #expect(MockHTTP.text(response) == body)
            #expect(response.headers[.mockReason] == Self.missingCallbackReason)
        }
    }

    @Test("discogs: oauth_callback in the form body beside the header is accepted, signed over every parameter, and used")
    func discogsSplit() async throws {
        try await OAuth1Harness.withRunning(.discogs) { harness in
            let response = try await harness.send(try Self.splitRequest(harness, callback: "http://app.example/cb"))
            #expect(response.status == .ok, "\(response.headers[.mockReason] ?? "")")
            let temporary = try OAuth1Token.parse(MockHTTP.text(response))
            let redirect = try await harness.decide(temporary.token, approve: true)
            #expect(redirect.status == .found)
            #expect(redirect.headers[.location]?.hasPrefix("http://app.example/cb?oauth_token=\(temporary.token)&oauth_verifier=") == true)
        }
    }

    @Test("discogs: a split request whose body was changed in transit fails its signature")
    func discogsSplitTampered() async throws {
        try await OAuth1Harness.withRunning(.discogs) { harness in
            var request = try Self.splitRequest(harness, callback: "http://app.example/cb")
            request.body = Array(String(decoding: request.body, as: UTF8.self).replacingOccurrences(of: "app.example", with: "evil.example").utf8)
            let response = try await harness.send(request)
            #expect(response.status == .unauthorized)
            #expect(MockHTTP.text(response) == #"{"message":"Invalid signature. Please ensure that the OAuth signature is correct."}"#)
        }
    }

    @Test("twitter and netflix keep RFC 5849 §3.5: split parameters are refused", arguments: [
        (OAuth1Flavour.twitter, HTTPResponse.Status.badRequest, #"{"errors":[{"code":215,"message":"Bad Authentication data."}]}"#),
        (.netflix, .badRequest, "<?xml version=\"1.0\" standalone=\"yes\"?>\n<status><status_code>400</status_code><message>Bad Request</message></status>"),
    ] as [(OAuth1Flavour, HTTPResponse.Status, String)])
    func strictSplit(flavour: OAuth1Flavour, status: HTTPResponse.Status, body: String) async throws {
        try await OAuth1Harness.withRunning(flavour) { harness in
            let response = try await harness.send(try Self.splitRequest(harness, callback: "http://app.example/cb"))
            #expect(response.status == status)
            #expect(MockHTTP.text(response) == body)
            #expect(response.headers[.mockReason] == "malformed request: oauth_* parameters arrived in authorizationHeader and formBody; RFC 5849 %C2%A73.5 allows exactly one place")
        }
    }

    @Test("the built-in flavours declare their tolerance")
    func declarations() {
        #expect(OAuth1Flavour.all.map(\.parameterPlacement) == [.onePlace, .split, .onePlace, .onePlace])
        #expect(OAuth1Flavour.all.map(\.missingCallback) == [.refused, .outOfBand, .refused, .refused])
    }
}
