import Foundation
import HTTPTypes
import HummingbirdTesting
import MockServerKit
import MockServerTesting
import NIOCore
import OAuth1Client
import OAuth1Mock
import OAuth1RSA
import SigningCore

/// One OAuth 1.0a mock server on a manual clock, with helpers to sign and send requests with
/// OAuth1Client's signer.
struct OAuth1Harness {
    let server: MockServer
    let flavour: OAuth1Flavour
    let clock: ManualClock

    /// Runs `body` with a fresh mock of `flavour` on a manual clock, and stops the mock however
    /// `body` ends.
    static func withRunning<Result>(
        _ flavour: OAuth1Flavour,
        options: OAuth1MockOptions = OAuth1MockOptions(),
        limits: MockServerLimits = MockServerLimits(),
        isolation: isolated (any Actor)? = #isolation,
        _ body: (OAuth1Harness) async throws -> Result
    ) async throws -> Result {
        try await MockServer.withRunningOnManualClock(OAuth1MockProvider(flavour: flavour, options: options), limits: limits, seed: 42) { server, clock in
            try await body(OAuth1Harness(server: server, flavour: flavour, clock: clock))
        }
    }

    var credentials: [String: String] { server.providers[0].credentials }

    func url(_ path: String) -> URL {
        URL(string: server.baseURL.absoluteString + path)!
    }

    /// Another consumer's RSA key, for signatures by the wrong key.
    static let strangerKey = try! OAuth1RSAPrivateKey.generate(bits: 1024)

    /// A signer on the server's clock, for the demo consumer and the given token: HMAC-SHA1
    /// with the demo secret, or RSA-SHA1 with the demo key for an RSA flavour (Jira).
    /// `consumerSecret` signs with another secret, or for an RSA flavour with another key.
    func signer(
        token: String? = nil,
        tokenSecret: String? = nil,
        consumerSecret: String? = nil,
        method: OAuth1SignatureMethod? = nil,
        transmission: OAuth1Transmission = .header,
        skew: TimeInterval = 0
    ) -> OAuth1Signer {
        let clock = clock
        var credentials = OAuth1Credentials(consumerKey: flavour.consumerKey, consumerSecret: consumerSecret ?? flavour.consumerSecret, token: token, tokenSecret: tokenSecret)
        if let key = try! flavour.demoPrivateKey {
            credentials.privateKey = consumerSecret == nil ? key : Self.strangerKey
        }
        return OAuth1Signer(
            credentials: credentials,
            signatureMethod: method ?? (credentials.privateKey == nil ? .hmacSHA1 : .rsaSHA1),
            transmission: transmission,
            clock: { clock.now.addingTimeInterval(skew) }
        )
    }

    /// A signer holding the demo access token.
    func demoSigner(method: OAuth1SignatureMethod? = nil, transmission: OAuth1Transmission = .header) -> OAuth1Signer {
        signer(token: credentials["accessToken"], tokenSecret: credentials["accessTokenSecret"], method: method, transmission: transmission)
    }

    /// Sends a signed request (with a User-Agent unless `userAgent` is false).
    func send(_ request: OAuth1Request, extraHeaders: HTTPFields = [:], userAgent: Bool = true) async throws -> TestClient.Response {
        let components = URLComponents(url: request.url, resolvingAgainstBaseURL: false)!
        let target = components.percentEncodedPath + (components.percentEncodedQuery.map { "?" + $0 } ?? "")
        var headers = extraHeaders
        for field in request.headers {
            headers.append(HTTPField(name: HTTPField.Name(field.name)!, value: field.value))
        }
        if userAgent, headers[.userAgent] == nil { headers[.userAgent] = "OAuth1ProviderTests/1.0" }
        return try await MockHTTP.send(
            HTTPRequest.Method(request.method)!,
            target,
            to: server.baseURL,
            headers: headers,
            body: request.body.isEmpty ? nil : ByteBuffer(bytes: request.body)
        )
    }

    /// Signs with `signer` and sends.
    func send(
        _ request: OAuth1Request, signer: OAuth1Signer, callback: String? = nil, verifier: String? = nil, userAgent: Bool = true
    ) async throws -> TestClient.Response {
        try await send(try signer.sign(request, callback: callback, verifier: verifier).request, userAgent: userAgent)
    }

    /// The request-token leg.
    func requestToken(callback: String = "http://client.example/cb?x=1") async throws -> OAuth1Token {
        let method = flavour.tokenEndpointMethods.contains(.post) ? "POST" : "GET"
        let response = try await send(OAuth1Request(method: method, url: url(flavour.requestTokenPath)), signer: signer(), callback: callback)
        guard response.status == .ok else { throw HarnessError("request token: \(response.status) \(MockHTTP.text(response))") }
        return try OAuth1Token.parse(MockHTTP.text(response))
    }

    /// Approves (or denies) on the authorisation page and returns the redirect location or page.
    func decide(_ token: String, approve: Bool) async throws -> TestClient.Response {
        var headers = HTTPFields()
        headers[.contentType] = "application/x-www-form-urlencoded"
        let form = FormEncoding.serialize([FormField("oauth_token", token), FormField("action", approve ? "approve" : "deny")])
        return try await MockHTTP.send(.post, flavour.authorizePath, to: server.baseURL, headers: headers, body: ByteBuffer(string: form))
    }

    /// The access-token leg.
    func accessToken(_ requestToken: OAuth1Token, verifier: String?) async throws -> TestClient.Response {
        let method = flavour.tokenEndpointMethods.contains(.post) ? "POST" : "GET"
        return try await send(
            OAuth1Request(method: method, url: url(flavour.accessTokenPath)),
            signer: signer(token: requestToken.token, tokenSecret: requestToken.secret),
            verifier: verifier
        )
    }

    /// Runs the whole callback flow and returns the access token.
    func runFlow() async throws -> OAuth1Token {
        let temporary = try await requestToken()
        let redirect = try await decide(temporary.token, approve: true)
        guard let location = redirect.headers[.location], let fields = try? FormEncoding.parse(location.split(separator: "?", maxSplits: 1).last ?? ""),
              let verifier = fields.first(where: { $0.name == "oauth_verifier" })?.value
        else { throw HarnessError("no verifier in the redirect") }
        let response = try await accessToken(temporary, verifier: verifier)
        guard response.status == .ok else { throw HarnessError("access token: \(response.status) \(MockHTTP.text(response))") }
        return try OAuth1Token.parse(MockHTTP.text(response))
    }

    /// The first error code of a Twitter error body.
    static func twitterCode(_ response: TestClient.Response) -> Int? {
        ((MockHTTP.json(response)?["errors"] as? [[String: Any]])?.first?["code"]) as? Int
    }
}

struct HarnessError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
