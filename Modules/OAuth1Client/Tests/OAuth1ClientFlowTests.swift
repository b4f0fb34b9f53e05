import Foundation
import OAuth1Client
import SigningCore
import Testing

/// Remembers the last string a transport saw (tests run transports concurrently).
final class Recorder: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: String?

    func set(_ value: String?) { lock.withLock { stored = value } }
    var value: String? { lock.withLock { stored } }
}

/// A transport answering with a closure: a tiny in-process provider.
struct ClosureTransport: OAuth1Transport {
    var handler: @Sendable (OAuth1Request) throws -> OAuth1Response

    func send(_ request: OAuth1Request) async throws -> OAuth1Response { try handler(request) }
}

/// A provider that really verifies signatures (with OAuth1IncomingRequest) and runs the
/// three legs with fixed tokens.
enum FakeProvider {
    static let consumerKey = "consumer-key"
    static let consumerSecret = "consumer secret+*"
    static let requestToken = OAuth1Token(token: "request-token", secret: "request secret")
    static let accessToken = OAuth1Token(token: "access-token", secret: "access/secret=")

    static func handle(_ request: OAuth1Request, confirmCallback: Bool = true) -> OAuth1Response {
        guard let incoming = try? OAuth1IncomingRequest(
            method: request.method, url: request.url, authorizationHeader: request.header("Authorization"),
            contentType: request.header("Content-Type"), body: request.body
        ) else {
            return OAuth1Response(statusCode: 400, body: Array("{\"errors\":[{\"code\":215,\"message\":\"Bad Authentication data.\"}]}".utf8))
        }
        let tokenSecret: String? = switch incoming.token {
        case nil: nil
        case requestToken.token: requestToken.secret
        case accessToken.token: accessToken.secret
        default: "unknown"
        }
        guard incoming.consumerKey == consumerKey, incoming.verify(consumerSecret: consumerSecret, tokenSecret: tokenSecret) else {
            return OAuth1Response(
                statusCode: 401,
                headers: ["x-oauth1-base-string": PercentEncoding.encode(incoming.baseString)],
                body: Array("{\"errors\":[{\"code\":32,\"message\":\"Could not authenticate you.\"}]}".utf8)
            )
        }
        switch request.url.path {
        case "/oauth/request_token":
            guard incoming.callback != nil else { return OAuth1Response(statusCode: 400) }
            let confirmed = confirmCallback ? "&oauth_callback_confirmed=true" : ""
            return OAuth1Response(statusCode: 200, body: Array("oauth_token=\(requestToken.token)&oauth_token_secret=request+secret\(confirmed)&application_name=Fake+App".utf8))
        case "/oauth/access_token":
            guard incoming.token == requestToken.token, incoming.verifier == "the-verifier" else {
                return OAuth1Response(statusCode: 401, body: Array("oauth_problem=verifier_invalid&oauth_problem_advice=Ask+the+user+again".utf8))
            }
            return OAuth1Response(statusCode: 200, body: Array("oauth_token=\(accessToken.token)&oauth_token_secret=access%2Fsecret%3D&user_id=42&screen_name=fake".utf8))
        case "/1.1/account/verify_credentials.json":
            guard incoming.token == accessToken.token else { return OAuth1Response(statusCode: 401, body: Array("Invalid Signature".utf8)) }
            return OAuth1Response(statusCode: 200, headers: ["Content-Type": "application/json"], body: Array("{\"id\":42}".utf8))
        default:
            return OAuth1Response(statusCode: 404, body: Array("{\"message\": \"The requested resource was not found.\"}".utf8))
        }
    }

    static func client(provider: OAuth1Provider = .twitter, consumerSecret: String = consumerSecret, confirmCallback: Bool = true) -> OAuth1Client {
        OAuth1Client(
            configuration: OAuth1Configuration(provider: provider.pointed(at: URL(string: "https://fake.example")!), consumerKey: consumerKey, consumerSecret: consumerSecret, nonce: { "abcdefghijklmnopqrstuvwxyz" }),
            http: SignedHTTPClient(transport: ClosureTransport { handle($0, confirmCallback: confirmCallback) }, deviceClock: { Date(timeIntervalSince1970: 1_700_000_000) })
        )
    }
}

@Suite("3-legged flow")
struct OAuth1ClientFlowTests {
    @Test("request token, authorisation URL, callback, access token with extra fields, then a signed call")
    func fullFlow() async throws {
        let client = FakeProvider.client()
        let requestToken = try await client.requestToken(callback: URL(string: "myapp://oauth/done")!)
        #expect(requestToken.token == FakeProvider.requestToken.token)
        #expect(requestToken.secret == "request secret")
        #expect(requestToken.callbackConfirmed == true)

        let authorizationURL = client.authorizationURL(for: requestToken)
        #expect(authorizationURL.absoluteString == "https://fake.example/oauth/authorize?oauth_token=request-token")

        let callback = try client.callback(URL(string: "myapp://oauth/done?oauth_token=request-token&oauth_verifier=the-verifier")!, for: requestToken)
        #expect(callback.verifier == "the-verifier")

        let accessToken = try await client.accessToken(for: requestToken, verifier: callback.verifier)
        #expect(accessToken.token == FakeProvider.accessToken.token)
        #expect(accessToken.secret == FakeProvider.accessToken.secret)
        #expect(accessToken.userID == "42")
        #expect(accessToken.screenName == "fake")

        let response = try await client.send(OAuth1Request(url: URL(string: "https://fake.example/1.1/account/verify_credentials.json?include_email=true")!), with: accessToken)
        #expect(response.statusCode == 200)
        #expect(response.body == Array("{\"id\":42}".utf8))
    }

    @Test("oob flow sends oauth_callback=oob")
    func outOfBand() async throws {
        let seen = Recorder()
        let client = OAuth1Client(
            provider: OAuth1Provider.twitter.pointed(at: URL(string: "https://fake.example")!),
            consumerKey: FakeProvider.consumerKey,
            consumerSecret: FakeProvider.consumerSecret,
            http: SignedHTTPClient(transport: ClosureTransport { request in
                seen.set(request.header("Authorization"))
                return FakeProvider.handle(request)
            })
        )
        _ = try await client.requestToken(callback: nil)
        #expect(seen.value?.contains("oauth_callback=\"oob\"") == true)
    }

    @Test("a request-token reply without oauth_callback_confirmed=true stops the flow")
    func callbackNotConfirmed() async {
        let client = FakeProvider.client(confirmCallback: false)
        let error = await #expect(throws: OAuth1Error.self) { try await client.requestToken(callback: URL(string: "https://app.example/cb")!) }
        #expect(error?.code == .callbackNotConfirmed)
    }

    @Test("callbacks: denial, wrong or missing token, missing verifier", arguments: [
        ("myapp://cb?denied=request-token", OAuth1Error.Code.authorizationDenied),
        ("myapp://cb?oauth_problem=user_refused", .authorizationDenied),
        ("myapp://cb?error=access_denied&oauth_token=request-token", .authorizationDenied),
        ("myapp://cb?oauth_token=other-token&oauth_verifier=v", .tokenMismatch),
        ("myapp://cb?oauth_verifier=v", .tokenMismatch),
        ("myapp://cb?oauth_token=request-token", .missingVerifier),
        ("myapp://cb?oauth_token=request-token&oauth_verifier=", .missingVerifier),
        ("myapp://cb", .tokenMismatch),
    ])
    func callbacks(url: String, code: OAuth1Error.Code) throws {
        let error = #expect(throws: OAuth1Error.self) { try OAuth1Callback(url: try #require(URL(string: url)), requestToken: FakeProvider.requestToken) }
        #expect(error?.code == code)
    }

    @Test("a wrong secret surfaces the provider's own text; a reported base string that matches points at the secrets")
    func providerErrorText() async {
        let client = FakeProvider.client(consumerSecret: "wrong")
        let error = await #expect(throws: OAuth1Error.self) { try await client.requestToken(callback: URL(string: "https://app.example/cb")!) }
        #expect(error?.code == .signatureInvalid)
        #expect(error?.statusCode == 401)
        #expect(error?.message.contains("Could not authenticate you. (code 32)") == true)
        #expect(error?.message.contains("secret") == true)
        #expect(error?.message.contains("wrong") == false)
    }

    @Test("when the provider's base string differs, the error carries the difference as a value", arguments: [true, false])
    func baseStringDifference(encodedHeader: Bool) async throws {
        // A server that signs 'status=a+b' where the client signed 'status=a%20b', and drops a query field.
        let theirs = "POST&https%3A%2F%2Fapi.twitter.com%2F1.1%2Fstatuses%2Fupdate.json&oauth_consumer_key%3Dk%26oauth_nonce%3Dn%26oauth_signature_method%3DHMAC-SHA1%26oauth_timestamp%3D1700000000%26oauth_version%3D1.0%26status%3Da%252Bb"
        let client = OAuth1Client(
            configuration: OAuth1Configuration(provider: .twitter, consumerKey: "k", consumerSecret: "s", nonce: { "n" }),
            http: SignedHTTPClient(transport: ClosureTransport { request in
                OAuth1Response(
                    statusCode: 401,
                    headers: [OAuth1BaseStringDifference.headerName: encodedHeader ? PercentEncoding.encode(theirs) : theirs, "X-Mock-Reason": "signature invalid: …"],
                    body: Array(#"{"errors":[{"code":32,"message":"Could not authenticate you."}]}"#.utf8)
                )
            }, deviceClock: { Date(timeIntervalSince1970: 1_700_000_000) })
        )
        let request = OAuth1Request(method: "POST", url: URL(string: "https://api.twitter.com/1.1/statuses/update.json?trim_user=1")!, form: [FormField("status", "a b")])
        let error = try #require(await #expect(throws: OAuth1Error.self) { try await client.send(request, with: nil) })
        #expect(error.code == .signatureInvalid)
        #expect(error.statusCode == 401)
        #expect(error.providerCode == "32")
        #expect(error.providerMessage == "Could not authenticate you.")
        #expect(error.mockReason == "signature invalid: …")
        let difference = try #require(error.baseStringDifference)
        #expect(difference.theirs == theirs)
        #expect(difference.parameters == [
            .init(name: "status", kind: .value, ours: "a%20b", theirs: "a%2Bb"),
            .init(name: "trim_user", kind: .onlyOurs, ours: "1", theirs: nil),
        ])
        #expect(difference.changedParameters == ["status", "trim_user"])
        #expect(error.message.contains("Twitter says: Could not authenticate you. (code 32)."))
        #expect(error.message.contains("The mock server's reason: signature invalid: …"))
        #expect(error.message.contains("parameter 'status': ours 'status=a%20b', theirs 'status=a%2Bb'"))
        #expect(error.message.contains("only ours has 'trim_user=1'"))
    }

    @Test("provider error shapes become codes, texts and readable messages", arguments: [
        ("{\"errors\":[{\"code\":89,\"message\":\"Invalid or expired token.\"}]}", OAuth1Error.Code.tokenRejected, "89", "Invalid or expired token."),
        ("{\"message\": \"The OAuth token has expired.\"}", .tokenRejected, nil, "The OAuth token has expired."),
        ("oauth_problem=token_expired&oauth_problem_advice=The+access+token+has+expired", .tokenRejected, "token_expired", "The access token has expired"),
        ("<status><status_code>401</status_code><message>Invalid Or Expired Token</message></status>", .tokenRejected, nil, "Invalid Or Expired Token"),
        ("{\"message\": \"You must authenticate to access this resource.\"}", .requestRejected, nil, "You must authenticate to access this resource."),
        ("{\"errors\":[{\"code\":32,\"message\":\"Could not authenticate you.\"}]}", .requestRejected, "32", "Could not authenticate you."),
        ("oauth_problem=consumer_key_unknown", .unknownConsumer, "consumer_key_unknown", "consumer_key_unknown"),
        ("Invalid Signature\n", .requestRejected, nil, "Invalid Signature"),
        ("", .requestRejected, nil, nil),
    ] as [(String, OAuth1Error.Code, String?, String?)])
    func errorShapes(body: String, code: OAuth1Error.Code, providerCode: String?, providerMessage: String?) async throws {
        let client = OAuth1Client(
                                  provider: .netflix,
                                  consumerKey: "k",
                                  consumerSecret: "s",
                                  http: SignedHTTPClient(transport: ClosureTransport { _ in OAuth1Response(statusCode: 401, body: Array(body.utf8)) }))
        let error = try #require(await #expect(throws: OAuth1Error.self) { try await client.send(OAuth1Request(url: URL(string: "http://api-public.netflix.com/catalog")!), with: nil) })
        #expect(error.code == code)
        #expect(error.statusCode == 401)
        #expect(error.providerCode == providerCode)
        #expect(error.providerMessage == providerMessage)
        #expect(error.mockReason == nil && error.baseStringDifference == nil)
        #expect(error.message.contains(providerMessage ?? "answered HTTP 401 with no explanation"))
        if code == .tokenRejected {
            #expect(error.message.contains("delete the stored access token and run the authorization flow again"))
        }
    }

    @Test("a failing transport gives transportFailed")
    func transportFailure() async {
        struct Down: Error {}
        let client = OAuth1Client(provider: .tumblr, consumerKey: "k", consumerSecret: "s", http: SignedHTTPClient(transport: ClosureTransport { _ in throw Down() }))
        let error = await #expect(throws: OAuth1Error.self) { try await client.requestToken(callback: nil) }
        #expect(error?.code == .transportFailed)
    }

    @Test("a token endpoint answering 200 with garbage is an invalid token response")
    func garbageTokenResponse() async {
        let client = OAuth1Client(
                                  provider: .tumblr,
                                  consumerKey: "k",
                                  consumerSecret: "s",
                                  http: SignedHTTPClient(transport: ClosureTransport { _ in OAuth1Response(statusCode: 200, body: Array("<html>maintenance</html>".utf8)) }))
        let error = await #expect(throws: OAuth1Error.self) { try await client.requestToken(callback: nil) }
        #expect(error?.code == .invalidTokenResponse)
        #expect(error?.message.hasPrefix("Tumblr:") == true)
    }

    @Test("cancellation is honoured before sending")
    func cancellation() async {
        let client = FakeProvider.client()
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await client.requestToken(callback: nil)
        }
        await #expect(throws: CancellationError.self) { try await task.value }
    }
}

@Suite("Provider presets")
struct OAuth1ProviderTests {
    @Test("every preset is complete and signs with HMAC", arguments: OAuth1Provider.presets)
    func presets(provider: OAuth1Provider) {
        #expect(!provider.name.isEmpty)
        for url in [provider.requestTokenURL, provider.authorizationURL, provider.accessTokenURL] {
            #expect(url.host != nil && (url.scheme == "https" || provider.name == "Netflix"))
        }
        #expect(provider.signatureMethod == (provider.name == "Jira" ? .rsaSHA1 : .hmacSHA1))
    }

    @Test("Netflix's login URL carries the consumer key and the application name from the reply")
    func netflixAuthorizationURL() throws {
        let client = OAuth1Client(provider: .netflix, consumerKey: "my key", consumerSecret: "s")
        let token = try OAuth1Token.parse("oauth_token=t1&oauth_token_secret=s1&oauth_callback_confirmed=true&application_name=Instant+Test&login_url=https%3A%2F%2Fapi-user.netflix.com%2Foauth%2Flogin")
        #expect(client.authorizationURL(for: token).absoluteString
            == "https://api-user.netflix.com/oauth/login?oauth_token=t1&oauth_consumer_key=my%20key&application_name=Instant%20Test")
    }

    @Test("Flickr and Trello add their authorisation parameters; Discogs sends its User-Agent")
    func quirks() async throws {
        let flickr = OAuth1Client(provider: .flickr(permissions: "write"), consumerKey: "k", consumerSecret: "s")
        #expect(flickr.authorizationURL(for: OAuth1Token(token: "t", secret: "s")).absoluteString.hasSuffix("?oauth_token=t&perms=write"))
        let trello = OAuth1Client(provider: .trello(applicationName: "My App", scope: "read,write", expiration: "never"), consumerKey: "k", consumerSecret: "s")
        #expect(trello.authorizationURL(for: OAuth1Token(token: "t", secret: "s")).absoluteString.hasSuffix("?oauth_token=t&name=My%20App&scope=read%2Cwrite&expiration=never"))

        let agent = Recorder()
        let discogs = OAuth1Client(
                                   provider: .discogs(userAgent: "BarcodeBook/1.0"),
                                   consumerKey: "k",
                                   consumerSecret: "s",
                                   http: SignedHTTPClient(transport: ClosureTransport { request in
                                       agent.set(request.header("user-agent"))
                                       #expect(request.method == "GET")
                                       return OAuth1Response(statusCode: 200, body: Array("oauth_token=t&oauth_token_secret=s&oauth_callback_confirmed=true".utf8))
                                   }))
        _ = try await discogs.requestToken(callback: nil)
        #expect(agent.value == "BarcodeBook/1.0")
    }

    @Test("Flickr's query transmission verifies on the provider side")
    func flickrQuery() async throws {
        let client = OAuth1Client(
                                  provider: .flickr,
                                  consumerKey: "k",
                                  consumerSecret: "s",
                                  http: SignedHTTPClient(transport: ClosureTransport { request in
                                      let incoming = try OAuth1IncomingRequest(method: request.method, url: request.url, authorizationHeader: nil, contentType: nil, body: [])
                                      #expect(incoming.protocolParameterLocation == .query)
                                      #expect(incoming.verify(consumerSecret: "s", tokenSecret: nil))
                                      return OAuth1Response(statusCode: 200, body: Array("oauth_callback_confirmed=true&oauth_token=t&oauth_token_secret=s".utf8))
                                  }))
        _ = try await client.requestToken(callback: URL(string: "https://app.example/cb")!)
    }
}
