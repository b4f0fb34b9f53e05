import Foundation
import MockServerKit
import OAuth1Client
import OAuth1Mock
import OAuth1MockTesting
import OAuth1RSA
import SignedHTTPTesting
import SigningCore
import Testing

/// The Jira Data Center flow end to end over real HTTP: `OAuth1Provider.jira` with the mock's
/// demo RSA key, an `oob` request token, the user's approval, the access token, signed REST
/// calls, and refusals carrying the OAuth Problem Reporting extension's problem and Jira's
/// `oauth_signature_base_string`.
@Suite("Jira: RSA-SHA1 application link against the jira mock")
struct JiraFlowTests {
    static let issue = #"{"fields": {"project": {"key": "MOCK"}, "summary": "Signed with RSA-SHA1", "issuetype": {"name": "Task"}}}"#

    @Test("oob request token, approval, access token, myself, a created issue")
    func flow() async throws {
        try await MockServer.withRunning(OAuth1MockProvider(flavour: .jira)) { server in
            let demo = try server.demo(OAuth1MockProvider.self)
            let key = try OAuth1RSAPrivateKey(pemRepresentation: try #require(demo.privateKeyPEM))
            let recorder = RecordingTransport(forwardingTo: URLSessionTransport())
            let client = OAuth1Client(
                configuration: OAuth1Configuration(provider: .jira(baseURL: server.baseURL), consumerKey: demo.consumerKey, privateKey: key),
                http: SignedHTTPClient(transport: recorder)
            )

            let requestToken = try await client.requestToken(callback: nil)
            #expect(requestToken.callbackConfirmed == true)
            let verifier = try await OAuth1MockUser().approve(client.authorizationURL(for: requestToken))
            let accessToken = try await client.accessToken(for: requestToken, verifier: verifier)

            let myself = try await client.send(OAuth1Request(url: server.baseURL.appendingAPIPath("/rest/api/2/myself")!), with: accessToken)
            let user = try JSONSerialization.jsonObject(with: Data(myself.body)) as? [String: Any]
            #expect(user?["name"] as? String == "mockuser")

            var create = OAuth1Request(method: "POST", url: server.baseURL.appendingAPIPath("/rest/api/2/issue")!, body: Array(Self.issue.utf8))
            create.setHeader("Content-Type", "application/json")
            let created = try await client.send(create, with: accessToken)
            #expect(created.statusCode == 201)
            #expect(String(decoding: created.body, as: UTF8.self).contains(#""key":"MOCK-1""#))
            let journal = await server.journal.entries
            #expect(journal.allSatisfy { $0.verdict != .rejected }, "\(journal.map(\.reason))")
            let sent = try #require(recorder.requests.last)
            #expect(sent.header("Authorization")?.contains(#"oauth_signature_method="RSA-SHA1""#) == true)
            #expect(sent.header("Authorization")?.contains("oauth_body_hash=\"\(PercentEncoding.encode(OAuth1BodyHash.compute(Array(Self.issue.utf8), method: .rsaSHA1)))\"") == true)
        }
    }

    @Test("a request changed after signing: signature_invalid, with the base-string difference naming the parameter")
    func tamperedCall() async throws {
        try await MockServer.withRunning(OAuth1MockProvider(flavour: .jira)) { server in
            let demo = try server.demo(OAuth1MockProvider.self)
            // A proxy between client and Jira rewrites ?expand=groups after it was signed.
            let client = OAuth1Flavour.jira.client(at: server.baseURL, http: SignedHTTPClient(transport: RewritingTransport(from: "expand=groups", to: "expand=names")))
            let url = server.baseURL.appendingAPIPath("/rest/api/2/myself?expand=groups")!
            let error = try await #require(throws: OAuth1Error.self) { _ = try await client.send(OAuth1Request(url: url), with: demo.token) }
            #expect(error.code == .signatureInvalid)
            #expect(error.problemReport?.problem == .signatureInvalid)
            #expect(error.statusCode == 401)
            let difference = try #require(error.baseStringDifference)
            #expect(difference.changedParameters == ["expand"], "\(difference)")
            #expect(error.message.contains("expand"), "\(error.message)")
        }
    }

    @Test("a consumer signing with HMAC where the link holds a public key: signature_method_rejected")
    func hmacRefused() async throws {
        try await MockServer.withRunning(OAuth1MockProvider(flavour: .jira)) { server in
            let demo = try server.demo(OAuth1MockProvider.self)
            var provider = OAuth1Provider.jira(baseURL: server.baseURL)
            provider.signatureMethod = .hmacSHA1
            let client = OAuth1Client(provider: provider, consumerKey: demo.consumerKey, consumerSecret: "guess")
            let error = try await #require(throws: OAuth1Error.self) { _ = try await client.requestToken(callback: nil) }
            #expect(error.code == .unsupportedSignatureMethod, "\(error)")
            #expect(error.problemReport?.problem == .signatureMethodRejected)
            #expect(error.message.contains("RSA"), "\(error.message)")
        }
    }

    @Test("requiresBodyHash: a JSON body signed without oauth_body_hash is refused as parameter_absent; RSA-SHA256 with it passes")
    func bodyHashRequired() async throws {
        let provider = OAuth1MockProvider(flavour: .jira, options: OAuth1MockOptions(signatureMethods: [.rsaSHA256], requiresBodyHash: true))
        try await MockServer.withRunning(provider) { server in
            let demo = try server.demo(OAuth1MockProvider.self)
            let key = try OAuth1RSAPrivateKey(pemRepresentation: try #require(demo.privateKeyPEM))
            var jira = OAuth1Provider.jira(baseURL: server.baseURL)
            jira.signatureMethod = .rsaSHA256
            let client = OAuth1Client(configuration: OAuth1Configuration(provider: jira, consumerKey: demo.consumerKey, privateKey: key))
            var create = OAuth1Request(method: "POST", url: server.baseURL.appendingAPIPath("/rest/api/2/issue")!, body: Array(Self.issue.utf8))
            create.setHeader("Content-Type", "application/json")

            let unsigned = try await #require(throws: OAuth1Error.self) { _ = try await client.send(create, with: demo.token, bodySigning: .unsigned) }
            #expect(unsigned.code == .missingParameter, "\(unsigned)")
            #expect(unsigned.problemReport?.parametersAbsent == ["oauth_body_hash"])

            let created = try await client.send(create, with: demo.token, bodySigning: .bodyHash)
            #expect(created.statusCode == 201)
        }
    }
}

/// A transport that rewrites the URL after signing, as a misbehaving proxy would.
/// Rewrites the URL of every request after it was signed, then sends it: a request changed on
/// its way (by a proxy, or a bug between signing and sending).
struct RewritingTransport: HTTPTransport {
    let from: String
    let to: String
    let inner = URLSessionTransport()

    func send(_ request: APIRequest) async throws -> APIResponse {
        var request = request
        request.url = URL(string: request.url.absoluteString.replacingOccurrences(of: from, with: to))!
        return try await inner.send(request)
    }
}
