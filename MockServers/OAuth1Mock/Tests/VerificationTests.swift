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

@Suite("OAuth 1.0a verification")
struct VerificationTests {
    static let methods: [OAuth1SignatureMethod] = [.hmacSHA1, .hmacSHA256, .hmacSHA512, .plaintext]
    static let transmissions: [OAuth1Transmission] = [.header, .authorizationHeader(realm: "Photos"), .query, .formBody]

    @Test("every signature method in every transmission is accepted", arguments: methods, transmissions)
    func methodsAndTransmissions(method: OAuth1SignatureMethod, transmission: OAuth1Transmission) async throws {
        try await OAuth1Harness.withRunning(.twitter) { harness in
            let request = OAuth1Request(
                url: harness.url("/1.1/statuses/update.json?include_entities=true&tag=a%2Bb"),
                form: [FormField("status", "Ünïcødé ☃ & reserved !*'();:@&=+$,/?#[] 100%"), FormField("status", "dup")]
            )
            let response = try await harness.send(request, signer: harness.demoSigner(method: method, transmission: transmission))
            #expect(response.status == .ok, "\(MockHTTP.text(response))")
            #expect(MockHTTP.json(response)?["text"] as? String == "Ünïcødé ☃ & reserved !*'();:@&=+$,/?#[] 100%")
            #expect(await harness.server.journal.last?.verdict == .accepted)
        }
    }

    @Test("oauth_body_hash is checked for non-form bodies")
    func bodyHash() async throws {
        try await OAuth1Harness.withRunning(.twitter) { harness in
            let body = Array(#"{"hello":"world"}"#.utf8)
            let request = OAuth1Request(method: "POST", url: harness.url("/oauth/request_token"), headers: ["Content-Type": "application/json"], body: body)
            let signed = try harness.signer().sign(request, callback: "oob")
            #expect(signed.protocolParameters.contains { $0.name == "oauth_body_hash" })
            #expect(try await harness.send(signed.request).status == .ok)

            let again = try harness.signer().sign(request, callback: "oob")
            var tampered = again.request
            tampered.body = Array(#"{"hello":"w0rld"}"#.utf8)
            let response = try await harness.send(tampered)
            #expect(response.status == .unauthorized)
            #expect(await harness.server.journal.last?.reason.contains("oauth_body_hash") == true)
        }
    }

    @Test("a replayed nonce is refused")
    func replay() async throws {
        try await OAuth1Harness.withRunning(.twitter) { harness in
            let signed = try harness.demoSigner().sign(OAuth1Request(url: harness.url("/1.1/account/verify_credentials.json")))
            #expect(try await harness.send(signed.request).status == .ok)
            let replayed = try await harness.send(signed.request)
            #expect(replayed.status == .unauthorized)
            #expect(OAuth1Harness.twitterCode(replayed) == 32)
            #expect(await harness.server.journal.last?.reason.hasPrefix("nonce used") == true)
            #expect(replayed.headers[.mockReason]?.hasPrefix("nonce used: this nonce was already used") == true)
        }
    }

    @Test("concurrent copies of one request: exactly one is accepted")
    func concurrentReplay() async throws {
        try await OAuth1Harness.withRunning(.twitter) { harness in
            let signed = try harness.demoSigner().sign(OAuth1Request(url: harness.url("/1.1/account/verify_credentials.json")))
            let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
                for _ in 0..<16 { group.addTask { try await harness.send(signed.request).status.code } }
                return try await group.reduce(into: [Int]()) { $0.append($1) }
            }
            #expect(statuses.filter { $0 == 200 }.count == 1)
            #expect(statuses.filter { $0 == 401 }.count == 15)
        }
    }

    @Test("timestamps outside ±300 s get Twitter's code 135; inside are fine", arguments: [(-301.0, 401), (301.0, 401), (-299.0, 200), (299.0, 200)])
    func timestampWindow(skew: Double, status: Int) async throws {
        try await OAuth1Harness.withRunning(.twitter) { harness in
            let signer = harness.signer(token: harness.credentials["accessToken"], tokenSecret: harness.credentials["accessTokenSecret"], skew: skew)
            let response = try await harness.send(OAuth1Request(url: harness.url("/1.1/account/verify_credentials.json")), signer: signer)
            #expect(response.status.code == status)
            if status == 401 { #expect(OAuth1Harness.twitterCode(response) == 135) }
        }
    }

    @Test("a tampered parameter is refused and the server's base string is in X-OAuth1-Base-String")
    func tampered() async throws {
        try await OAuth1Harness.withRunning(.twitter) { harness in
            let signed = try harness.demoSigner().sign(OAuth1Request(url: harness.url("/1.1/statuses/update.json"), form: [FormField("status", "original")]))
            var request = signed.request
            request.body = Array("status=tampered".utf8)
            let response = try await harness.send(request)
            #expect(response.status == .unauthorized)
            #expect(OAuth1Harness.twitterCode(response) == 32)
            let header = try #require(response.headers[HTTPField.Name(OAuth1BaseStringDifference.headerName)!])
            let serverSignatureBase = header                                  // verbatim: a base string is ASCII
            #expect(serverSignatureBase != signed.baseString)
            #expect(serverSignatureBase == signed.baseString.replacingOccurrences(of: "status%3Doriginal", with: "status%3Dtampered"))
        }
    }

    @Test("the base-string header can be turned off")
    func baseStringHeaderOff() async throws {
        try await OAuth1Harness.withRunning(.twitter, options: OAuth1MockOptions(exposeBaseString: false)) { harness in
            let response = try await harness.send(
                OAuth1Request(url: harness.url("/1.1/account/verify_credentials.json")),
                signer: harness.signer(token: harness.credentials["accessToken"], tokenSecret: "wrong")
            )
            #expect(response.status == .unauthorized)
            #expect(response.headers[HTTPField.Name(OAuth1BaseStringDifference.headerName)!] == nil)
        }
    }

    @Test("wrong consumer secret, wrong token secret and unknown consumer are refused in each flavour's shape", arguments: OAuth1Flavour.all)
    func wrongSecrets(flavour: OAuth1Flavour) async throws {
        try await OAuth1Harness.withRunning(flavour) { harness in
            let path = flavour.resources[0].pathForTest(userID: flavour.userID)
            let request = OAuth1Request(url: harness.url(path))
            let wrongConsumer = harness.signer(token: harness.credentials["accessToken"], tokenSecret: harness.credentials["accessTokenSecret"], consumerSecret: "nope")
            let wrongToken = harness.signer(token: harness.credentials["accessToken"], tokenSecret: "nope")
            // An RSA signature does not use the token secret: only a wrong key fails it.
            for signer in flavour.consumerPrivateKeyPEM == nil ? [wrongConsumer, wrongToken] : [wrongConsumer] {
                let response = try await harness.send(request, signer: signer)
                #expect(response.status == .unauthorized)
                switch flavour.errorStyle {
                case .twitter: #expect(MockHTTP.text(response) == #"{"errors":[{"code":32,"message":"Could not authenticate you."}]}"#)
                case .discogs: #expect(MockHTTP.json(response)?["message"] as? String == "Invalid signature. Please ensure that the OAuth signature is correct.")
                case .netflix: #expect(MockHTTP.text(response).contains("<message>Invalid Signature</message>"))
                case .problemReporting:
                    #expect(MockHTTP.text(response).hasPrefix("oauth_problem=signature_invalid&oauth_problem_advice="))
                    #expect(MockHTTP.text(response).contains("&oauth_signature_base_string=GET%26http%253A%252F%252F"))
                    #expect(response.headers[.wwwAuthenticate] == #"OAuth realm="Jira", oauth_problem="signature_invalid""#)
                }
            }
            var unknown = harness.signer(token: harness.credentials["accessToken"], tokenSecret: harness.credentials["accessTokenSecret"])
            unknown.credentials.consumerKey = "SomeOtherConsumerKey0001"
            #expect(try await harness.send(request, signer: unknown).status == .unauthorized)
        }
    }

    @Test("Discogs requires a User-Agent")
    func discogsUserAgent() async throws {
        try await OAuth1Harness.withRunning(.discogs) { harness in
            let response = try await harness.send(OAuth1Request(url: harness.url("/oauth/identity")), signer: harness.demoSigner(), userAgent: false)
            #expect(response.status == .forbidden)
            #expect((MockHTTP.json(response)?["message"] as? String)?.contains("User-Agent") == true)
        }
    }

    @Test("Discogs search matches unicode queries")
    func discogsSearch() async throws {
        try await OAuth1Harness.withRunning(.discogs) { harness in
            let response = try await harness.send(OAuth1Request(url: harness.url("/database/search?q=bj%C3%B6rk")), signer: harness.demoSigner())
            let results = try #require(MockHTTP.json(response)?["results"] as? [[String: Any]])
            #expect(results.map { $0["title"] as? String } == ["Björk - Homogenic"])
        }
    }

    @Test("Discogs search pages its results with page and per_page, its links keeping the query", arguments: [
        // (page, titles, link names): five releases, two a page.
        (1, ["Nirvana - Nevermind", "Miles Davis - Kind Of Blue"], ["last", "next"]),
        (2, ["Daft Punk - Discovery", "Björk - Homogenic"], ["first", "last", "next", "prev"]),
        (3, ["Sigur Rós - Ágætis Byrjun"], ["first", "prev"]),
        (9, [], ["first", "prev"]),
        (Int.max, [], ["first", "prev"]),
    ])
    func discogsSearchPages(page: Int, titles: [String], links: [String]) async throws {
        try await OAuth1Harness.withRunning(.discogs) { harness in
            let response = try await harness.send(OAuth1Request(url: harness.url("/database/search?type=release&per_page=2&page=\(page)")), signer: harness.demoSigner())
            let json = try #require(MockHTTP.json(response))
            let results = try #require(json["results"] as? [[String: Any]])
            #expect(results.map { $0["title"] as? String } == titles)
            let pagination = try #require(json["pagination"] as? [String: Any])
            #expect(pagination["page"] as? Int == page && pagination["pages"] as? Int == 3 && pagination["items"] as? Int == 5 && pagination["per_page"] as? Int == 2)
            let urls = try #require(pagination["urls"] as? [String: String])
            #expect(urls.keys.sorted() == links)
            #expect(urls["prev"].map { $0.hasSuffix("/database/search?type=release&per_page=2&page=\(min(page - 1, 3))") } ?? true, "\(urls)")
            #expect(urls["next"].map { $0.hasSuffix("/database/search?type=release&per_page=2&page=\(page + 1)") } ?? true, "\(urls)")
        }
    }

    @Test("Netflix's queue is only the token owner's")
    func netflixQueueOwner() async throws {
        try await OAuth1Harness.withRunning(.netflix) { harness in
            let response = try await harness.send(OAuth1Request(url: harness.url("/users/someoneelse/queues/disc")), signer: harness.demoSigner())
            #expect(response.status == .notFound)
        }
    }

    @Test("a status over 280 characters or missing is refused with Twitter's shape")
    func statusValidation() async throws {
        try await OAuth1Harness.withRunning(.twitter) { harness in
            let long = try await harness.send(OAuth1Request(url: harness.url("/1.1/statuses/update.json"), form: [FormField("status", String(repeating: "x", count: 281))]), signer: harness.demoSigner())
            #expect(long.status == .forbidden)
            let missing = try await harness.send(OAuth1Request(url: harness.url("/1.1/statuses/update.json"), form: []), signer: harness.demoSigner())
            #expect(OAuth1Harness.twitterCode(missing) == 170)
        }
    }

    @Test("disabled signature methods are refused")
    func disabledMethod() async throws {
        try await OAuth1Harness.withRunning(.twitter, options: OAuth1MockOptions(signatureMethods: [.hmacSHA256])) { harness in
            let sha1 = try await harness.send(OAuth1Request(url: harness.url("/1.1/account/verify_credentials.json")), signer: harness.demoSigner(method: .hmacSHA1))
            #expect(sha1.status == .unauthorized)
            let sha256 = try await harness.send(OAuth1Request(url: harness.url("/1.1/account/verify_credentials.json")), signer: harness.demoSigner(method: .hmacSHA256))
            #expect(sha256.status == .ok)
        }
    }

    @Test("faults reach OAuth routes in the flavour's shape")
    func faultShape() async throws {
        try await OAuth1Harness.withRunning(.twitter) { harness in
            try harness.server.faults.add(FaultRule(route: "/1.1/account/verify_credentials.json", fault: .status(code: 429, retryAfterSeconds: 15)))
            let response = try await harness.send(OAuth1Request(url: harness.url("/1.1/account/verify_credentials.json")), signer: harness.demoSigner())
            #expect(response.status == .tooManyRequests)
            #expect(OAuth1Harness.twitterCode(response) == 88)
            #expect(response.headers[HTTPField.Name("x-rate-limit-remaining")!] == "0")
            #expect(response.headers[HTTPField.Name("x-rate-limit-reset")!] == String(1_800_000_000 + 15))
        }
    }
}

extension OAuth1Flavour.Resource {
    func pathForTest(userID: String) -> String {
        switch self {
        case .twitterVerifyCredentials: "/1.1/account/verify_credentials.json"
        case .twitterStatusUpdate: "/1.1/statuses/update.json"
        case .discogsIdentity: "/oauth/identity"
        case .discogsSearch: "/database/search"
        case .netflixDiscQueue: "/users/\(userID)/queues/disc"
        case .jiraMyself: "/rest/api/2/myself"
        case .jiraCreateIssue: "/rest/api/2/issue"
        }
    }
}
