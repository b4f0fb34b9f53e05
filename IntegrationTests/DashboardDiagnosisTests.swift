import DrupalMock
import DrupalServicesClient
import Foundation
import HTTPTypes
import MockServerKit
import MockServerTesting
import NIOCore
import OAuth1Client
import OAuth1Mock
import SignedHTTP
import SigningCore
import Testing

/// A refused request on the dashboard, beside what the client signed: the SDK's own base string
/// (sent when asked) against the provider's, taken apart by the one difference code.
@Suite("Dashboard: a refused signature beside the client's", .timeLimit(.minutes(1)))
struct DashboardDiagnosisTests {
    @Test("asked to, the SDK sends its base string; the dashboard marks exactly the parameter changed after signing, on both sides")
    func tamperedOAuth1() async throws {
        try await MockServer.withRunning([(OAuth1MockProvider(flavour: .twitter), MockServerConfiguration())], dashboard: MockDashboardConfiguration()) { server in
            let demo = try server.demo(OAuth1MockProvider.self)
            var configuration = OAuth1Configuration(provider: OAuth1Provider.twitter.pointed(at: server.baseURL), consumerKey: demo.consumerKey, consumerSecret: demo.consumerSecret)
            configuration.sendsBaseString = true
            let client = OAuth1Client(configuration: configuration, http: SignedHTTPClient(transport: RewritingTransport(from: "include_entities=true", to: "include_entities=false")))
            let url = server.baseURL.appendingAPIPath("/1.1/account/verify_credentials.json?include_entities=true")!
            let error = try await #require(throws: OAuth1Error.self) { _ = try await client.send(OAuth1Request(url: url), with: demo.token) }
            #expect(error.code == .signatureInvalid)

            let entry = try #require(await server.journal.last)
            let sent = try #require(entry.received.headers[HTTPField.Name(OAuth1BaseStringDifference.headerName)!])
            #expect(sent.contains("include_entities%3Dtrue"))
            #expect(entry.diagnosis?.text.contains("include_entities%3Dfalse") == true)

            let page = MockHTTP.text(try await MockHTTP.send(.get, "/requests/twitter/\(entry.sequence)", to: try #require(server.dashboardURL)))
            let marked = page.components(separatedBy: "class=\"line differs\" data-name=\"").dropFirst().map { $0.prefix { $0 != "\"" } }
            #expect(marked == ["include_entities", "include_entities"], "\(page)")
            #expect(page.contains("From the request's X-OAuth1-Base-String header."))
            #expect(page.contains("parameter &#39;include_entities&#39;: ours &#39;include_entities=true&#39;, theirs &#39;include_entities=false&#39;"))
        }
    }

    @Test("without being asked the SDK sends no base string; a pasted one is compared the same way")
    func pastedOAuth1() async throws {
        try await MockServer.withRunning([(OAuth1MockProvider(flavour: .twitter), MockServerConfiguration())], dashboard: MockDashboardConfiguration()) { server in
            let demo = try server.demo(OAuth1MockProvider.self)
            let configuration = OAuth1Configuration(provider: OAuth1Provider.twitter.pointed(at: server.baseURL), consumerKey: demo.consumerKey, consumerSecret: demo.consumerSecret)
            let client = OAuth1Client(configuration: configuration, http: SignedHTTPClient(transport: RewritingTransport(from: "count=2", to: "count=3")))
            let url = server.baseURL.appendingAPIPath("/1.1/account/verify_credentials.json?count=2")!
            let error = try await #require(throws: OAuth1Error.self) { _ = try await client.send(OAuth1Request(url: url), with: demo.token) }
            let ours = try #require(error.baseStringDifference?.ours)
            let entry = try #require(await server.journal.last)
            #expect(entry.received.headers[HTTPField.Name(OAuth1BaseStringDifference.headerName)!] == nil)

            let dashboard = try #require(server.dashboardURL)
            let form = "token=\(server.adminToken)&client=" + PercentEncoding.encode(ours)
            let page = MockHTTP.text(try await MockHTTP.send(.post, "/requests/twitter/\(entry.sequence)/compare", to: dashboard, headers: [.contentType: "application/x-www-form-urlencoded"], body: .init(string: form)))
            let marked = page.components(separatedBy: "class=\"line differs\" data-name=\"").dropFirst().map { $0.prefix { $0 != "\"" } }
            #expect(marked == ["count", "count"])
            #expect(page.contains("From the text you pasted."))
        }
    }

    @Test("a Drupal call signed with the wrong key: the hash input field by field, the login password never shown")
    func drupal() async throws {
        try await MockServer.withRunning([(DrupalMockProvider(), MockServerConfiguration())], dashboard: MockDashboardConfiguration()) { server in
            let key = try server.demo(DrupalMockProvider.self).apiKey
            let wrong = DrupalAPIKey(key: String(repeating: "0", count: 32), domain: key.domain)
            let call = DrupalKeySigner(apiKey: wrong, call: JSONRPCRequest(method: "user.login", params: ["demo", "hunter2-password"], id: 1), sessid: nil).signedCall(at: Date())
            let body = String(decoding: call.encoded(), as: UTF8.self)
            _ = try await MockHTTP.send(.post, DrupalMockProvider.endpointPath, to: server.baseURL, headers: [.contentType: "application/json"], body: .init(string: body))
            let entry = try #require(await server.journal.last)
            let hashInput = try #require(entry.diagnosis?.text)
            #expect(entry.diagnosis?.title == "hash input")
            #expect(!entry.received.body.contains("hunter2") && entry.received.body.contains(MockSecrets.redacted), "\(entry.received.body)")

            let fields = hashInput.split(separator: ";", omittingEmptySubsequences: false)
            let client = [fields[0], "other.example.com", fields[2], fields[3]].joined(separator: ";")
            let form = "token=\(server.adminToken)&client=" + PercentEncoding.encode(client)
            let page = MockHTTP.text(try await MockHTTP.send(.post, "/requests/drupal/\(entry.sequence)/compare", to: try #require(server.dashboardURL), headers: [.contentType: "application/x-www-form-urlencoded"], body: .init(string: form)))
            let marked = page.components(separatedBy: "class=\"line differs\" data-name=\"").dropFirst().map { $0.prefix { $0 != "\"" } }
            #expect(marked == ["domain", "domain"])
            #expect(!page.contains("hunter2"))
        }
    }
}
