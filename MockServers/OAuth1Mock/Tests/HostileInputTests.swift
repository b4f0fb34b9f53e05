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

@Suite("OAuth 1.0a hostile input", .timeLimit(.minutes(5)))
struct HostileInputTests {
    static let verify = "/1.1/account/verify_credentials.json"

    @Test("bad Authorization headers get a 4xx in Twitter's shape, never a 500", arguments: [
        #"OAuth oauth_consumer_key="TwitterMockConsumerKey01"#,
        #"OAuth oauth_consumer_key="a", oauth_consumer_key="b""#,
        #"OAuth oauth_consumer_key="%zz", oauth_signature_method="HMAC-SHA1", oauth_signature="x", oauth_timestamp="1", oauth_nonce="n""#,
        #"OAuth oauth_consumer_key="TwitterMockConsumerKey01", oauth_signature_method="RSA-SHA1", oauth_signature="x", oauth_timestamp="1", oauth_nonce="n""#,
        #"OAuth oauth_consumer_key="TwitterMockConsumerKey01", oauth_signature_method="FOO", oauth_signature="x", oauth_timestamp="1", oauth_nonce="n""#,
        #"OAuth oauth_consumer_key="TwitterMockConsumerKey01", oauth_signature_method="HMAC-SHA1", oauth_signature="x", oauth_timestamp="99999999999999999999999", oauth_nonce="n""#,
        #"OAuth oauth_consumer_key="TwitterMockConsumerKey01", oauth_signature_method="HMAC-SHA1", oauth_signature="x", oauth_timestamp="-5", oauth_nonce="n""#,
        "OAuth ",
        "OAuth ,,,,====\"\"\"",
        "Basic dXNlcjpwYXNz",
        "OAuth " + String(repeating: "oauth_x=\"1\", ", count: 500),
    ])
    func badHeaders(header: String) async throws {
        try await OAuth1Harness.withRunning(.twitter) { harness in
            var headers = HTTPFields()
            headers[.authorization] = header
            let response = try await MockHTTP.send(.get, Self.verify, to: harness.server.baseURL, headers: headers)
            #expect((400..<500).contains(response.status.code), "\(response.status)")
            #expect(OAuth1Harness.twitterCode(response) != nil)
            #expect(await harness.server.journal.last?.verdict == .rejected)
        }
    }

    @Test("two Authorization headers are refused even when one is valid")
    func duplicatedHeaders() async throws {
        try await OAuth1Harness.withRunning(.twitter) { harness in
            let signed = try harness.demoSigner().sign(OAuth1Request(url: harness.url(Self.verify)))
            var extra = HTTPFields()
            extra.append(HTTPField(name: .authorization, value: "OAuth oauth_consumer_key=\"x\""))
            let response = try await harness.send(signed.request, extraHeaders: extra)
            #expect(response.status == .badRequest)
            #expect(OAuth1Harness.twitterCode(response) == 215)
        }
    }

    @Test("invalid percent-encoding and non-UTF-8 in query or form are refused", arguments: [
        ("/1.1/account/verify_credentials.json?x=%zz", nil as [UInt8]?),
        ("/1.1/account/verify_credentials.json?x=%FF%FE", nil),
        ("/1.1/statuses/update.json", Array("status=%E2%28".utf8)),
        ("/1.1/statuses/update.json", [0x73, 0x3D, 0xFF, 0xFE]),
    ])
    func badEncoding(target: String, body: [UInt8]?) async throws {
        try await OAuth1Harness.withRunning(.twitter) { harness in
            var headers = HTTPFields()
            headers[.authorization] = #"OAuth oauth_consumer_key="TwitterMockConsumerKey01", oauth_signature_method="HMAC-SHA1", oauth_signature="x", oauth_timestamp="1800000000", oauth_nonce="n""#
            if body != nil { headers[.contentType] = "application/x-www-form-urlencoded" }
            let response = try await MockHTTP.send(body == nil ? .get : .post, target, to: harness.server.baseURL, headers: headers, body: body.map { ByteBuffer(bytes: $0) })
            #expect(response.status == .badRequest)
            #expect(OAuth1Harness.twitterCode(response) == 215)
        }
    }

    @Test("huge headers and bodies are limited, in the flavour's shape")
    func huge() async throws {
        try await OAuth1Harness.withRunning(.twitter, limits: MockServerLimits(maxBodyBytes: 4096, maxHeaderBytes: 8192)) { harness in
            var headers = HTTPFields()
            headers[.authorization] = "OAuth oauth_consumer_key=\"" + String(repeating: "k", count: 20_000) + "\""
            let bigHeader = try await MockHTTP.send(.get, Self.verify, to: harness.server.baseURL, headers: headers)
            #expect(bigHeader.status.code == 431)
            #expect(OAuth1Harness.twitterCode(bigHeader) != nil)
            let bigBody = try await MockHTTP.send(.post, "/1.1/statuses/update.json", to: harness.server.baseURL, body: ByteBuffer(repeating: 0x61, count: 10_000))
            #expect(bigBody.status == .contentTooLarge)
            #expect(OAuth1Harness.twitterCode(bigBody) != nil)
        }
    }

    @Test("a 1 MiB request target gets 414 in Twitter's shape, naming the limit; the next connection is served")
    func hugeTarget() async throws {
        try await MockServer.withRunning(OAuth1MockProvider(flavour: .twitter)) { server in
            let port = try #require(server.baseURL.port)
            let request = "GET \(Self.verify)?q=\(String(repeating: "a", count: 1 << 20)) HTTP/1.1\r\nHost: x\r\n\r\n"
            let reply = try await RawHTTP.exchange(port: port, text: request)
            #expect(reply.status == 414, "\(reply.text.prefix(300))")
            let error = (reply.json?["errors"] as? [[String: Any]])?.first
            #expect(error?["code"] as? Int != nil, "\(reply.text.prefix(300))")
            #expect(error?["message"] as? String == "The request target is longer than \(MockServerLimits().maxHeaderBytes) bytes.")
            let next = try await RawHTTP.exchange(port: port, text: "GET /health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            #expect(next.status == 200)
        }
    }

    @Test("a request without Host cannot be verified and is refused")
    func missingHost() async throws {
        try await OAuth1Harness.withRunning(.twitter) { harness in
            let signed = try harness.demoSigner().sign(OAuth1Request(url: harness.url(Self.verify)))
            var headers = HTTPFields()
            headers[.authorization] = signed.request.header("Authorization")
            let response = try await MockHTTP.send(.get, Self.verify, to: harness.server.baseURL, headers: headers, authority: .some(nil))
            #expect(response.status == .badRequest)
        }
    }

    @Test("the authorisation page refuses unknown tokens and bad forms")
    func authorizePage() async throws {
        try await OAuth1Harness.withRunning(.twitter) { harness in
            #expect(try await MockHTTP.send(.get, "/oauth/authorize", to: harness.server.baseURL).status == .badRequest)
            #expect(try await MockHTTP.send(.get, "/oauth/authorize?oauth_token=%3Cscript%3E", to: harness.server.baseURL).status == .badRequest)
            #expect(try await harness.decide("unknown", approve: true).status == .badRequest)
            let page = try await MockHTTP.send(.post, "/oauth/authorize", to: harness.server.baseURL, body: ByteBuffer(string: "action=approve"))
            #expect(page.status == .badRequest)
            let temporary = try await harness.requestToken()
            #expect(try await harness.decide(temporary.token, approve: true).status == .found)
            #expect(try await harness.decide(temporary.token, approve: true).status == .badRequest, "a decision is final")
        }
    }

    static let notAnObject = "the body must be a JSON object such as {\"fields\": {\"project\": {\"key\": \"MOCK\"}, \"summary\": \"…\", \"issuetype\": {\"name\": \"Task\"}}}"

    @Test("Jira's issue route answers bad, empty, huge and hostile bodies with 400 and Jira's ErrorCollection, never a 500", arguments: [
        // (body, errorMessages, errors): a body that is no JSON object belongs to no field;
        // a field's error is keyed by the field, as Jira's REST API answers.
        ("", [HostileInputTests.notAnObject], [:]),
        ("[]", [HostileInputTests.notAnObject], [:]),
        ("{", [HostileInputTests.notAnObject], [:]),
        (String(repeating: "[", count: 100_000), [HostileInputTests.notAnObject], [:]),
        (#"{"fields": {}}"#, [], ["project": "project is required"]),
        (#"{"fields": {"project": "MOCK", "summary": "x"}}"#, [], ["project": "Specify a valid project ID or key"]),
        (#"{"fields": {"project": {"key": "mock"}, "summary": "x"}}"#, [], ["project": "Specify a valid project ID or key"]),
        (#"{"fields": {"project": {"key": "MOCK"}}}"#, [], ["summary": "You must specify a summary of the issue."]),
        (#"{"fields": {"project": {"key": "MOCK"}, "summary": "   "}}"#, [], ["summary": "You must specify a summary of the issue."]),
        (#"{"fields": {"project": {"key": "MOCK"}, "summary": 7}}"#, [], ["summary": "You must specify a summary of the issue."]),
        (#"{"fields": {"project": {"key": "MOCK"}, "summary": "\#(String(repeating: "é", count: 256))"}}"#, [], ["summary": "Summary must be less than 255 characters."]),
        (#"{"fields": {"project": {"key": "MOCK"}, "summary": "x"}}"#, [], ["issuetype": "issue type is required"]),
        (#"{"fields": {"project": {"key": "MOCK"}, "summary": "x", "issuetype": "Task"}}"#, [], ["issuetype": "issue type is required"]),
        (#"{"fields": {"project": {"key": "MOCK"}, "summary": "x", "issuetype": {"name": "Chore"}}}"#, [], ["issuetype": "valid issue type is required"]),
        (#"{"fields": {"project": {"key": "MOCK"}, "summary": "x", "issuetype": {"id": "1"}}}"#, [], ["issuetype": "valid issue type is required"]),
        (#"{"fields": {"project": {"key": "MOCK"}, "summary": "x", "issuetype": {"id": 10001}}}"#, [], ["issuetype": "valid issue type is required"]),
    ] as [(String, [String], [String: String])])
    func jiraIssueBodies(body: String, errorMessages: [String], errors: [String: String]) async throws {
        try await OAuth1Harness.withRunning(.jira) { harness in
            let request = OAuth1Request(method: "POST", url: harness.url("/rest/api/2/issue"), headers: ["Content-Type": "application/json"], body: Array(body.utf8))
            let response = try await harness.send(request, signer: harness.demoSigner())
            #expect(response.status == .badRequest)
            let json = try #require(MockHTTP.json(response), "\(MockHTTP.text(response).prefix(300))")
            #expect(Set(json.keys) == ["errorMessages", "errors"])
            #expect(json["errorMessages"] as? [String] == errorMessages)
            #expect(json["errors"] as? [String: String] == errors)
            let field = errors.keys.first
            let reason = field.map { "invalid input: fields.\($0): \(errors[$0] ?? "")" } ?? "invalid input: \(Self.notAnObject)"
            #expect(await harness.server.journal.last?.reason == reason)
        }
    }

    @Test("Jira's issue route creates an issue whose type is named by name or by id", arguments: [
        #"{"name": "Bug"}"#, #"{"id": "10001"}"#,
    ])
    func jiraIssueTypes(issueType: String) async throws {
        try await OAuth1Harness.withRunning(.jira) { harness in
            let body = #"{"fields": {"project": {"key": "MOCK"}, "summary": "x", "issuetype": \#(issueType)}}"#
            let request = OAuth1Request(method: "POST", url: harness.url("/rest/api/2/issue"), headers: ["Content-Type": "application/json"], body: Array(body.utf8))
            let response = try await harness.send(request, signer: harness.demoSigner())
            #expect(response.status == .created, "\(MockHTTP.text(response).prefix(300))")
            #expect((MockHTTP.json(response)?["key"] as? String)?.hasPrefix("MOCK-") == true)
        }
    }

    @Test("Jira's answers for what belongs to no field keep errorMessages: an unknown REST path")
    func jiraUnknownPath() async throws {
        try await OAuth1Harness.withRunning(.jira) { harness in
            let response = try await harness.send(OAuth1Request(url: harness.url("/rest/api/2/nothing")), signer: harness.demoSigner())
            #expect(response.status == .notFound)
            let json = try #require(MockHTTP.json(response))
            #expect((json["errorMessages"] as? [String])?.count == 1)
            #expect(json["errors"] as? [String: String] == [:])
        }
    }
}
