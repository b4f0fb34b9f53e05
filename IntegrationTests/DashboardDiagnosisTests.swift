import DrupalMock
import DrupalServicesClient
import Foundation
import HTTPMessageSignatures
import HTTPSigMock
import HTTPTypes
import HummingbirdTesting
import MockServerKit
import MockServerTesting
import NIOCore
import OAuth1Client
import OAuth1Mock
import SignedHTTP
import SigningCore
import Testing

/// A refused request on the dashboard, beside what the client signed: the SDK's own base string
/// (sent when asked) or signature base against the provider's, taken apart by the scheme's one
/// difference code.
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

    /// The signature base `request`'s first signature was made over, and its signature headers
    /// as the mock reads them.
    static func signed(_ request: APIRequest) throws -> (base: String, headers: HTTPFields) {
        let signature = try #require(try HTTPSignatureFields.signatures(in: request.headers).first)
        let base = try HTTPSignatureBase(parameters: signature.parameters, message: .request(HTTPMessageRequest(request))).text
        var headers = HTTPFields()
        for field in request.headers.fields { headers.append(HTTPField(name: try #require(HTTPField.Name(field.name)), value: field.value)) }
        return (base, headers)
    }

    /// The `data-name` of every line marked as differing on `page`.
    static func marked(_ page: String) -> [Substring] {
        page.components(separatedBy: "class=\"line differs\" data-name=\"").dropFirst().map { $0.prefix { $0 != "\"" } }
    }

    @Test("RFC 9421: the query changed after signing, the client's base sent in X-Signature-Base: @query marked on both sides, with its cause")
    func tamperedHTTPSig() async throws {
        try await MockServer.withRunning([(HTTPSigMockProvider(), MockServerConfiguration())], dashboard: MockDashboardConfiguration()) { server in
            let demo = try server.demo(HTTPSigMockProvider.self)
            let request = try demo.signer(.hmacSHA256, nonce: nil).sign(APIRequest(url: try #require(server.baseURL.appendingAPIPath("/api/items?page=1"))), at: Date())
            let (base, signedHeaders) = try Self.signed(request)
            var headers = signedHeaders
            headers[try #require(HTTPField.Name("X-Signature-Base"))] = HeaderText.encode(base)
            let reply = try await MockHTTP.send(.get, "/api/items?page=2", to: server.baseURL, headers: headers)
            #expect(reply.status == .unauthorized)
            let entry = try #require(await server.journal.last)
            #expect(entry.diagnosis?.title == "signature base")
            #expect(entry.diagnosis?.text.contains("\"@query\": ?page=2") == true)

            let page = MockHTTP.text(try await MockHTTP.send(.get, "/requests/httpsig/\(entry.sequence)", to: try #require(server.dashboardURL)))
            #expect(Self.marked(page) == ["&quot;@query&quot;", "&quot;@query&quot;"], "\(page)")
            #expect(page.contains("From the request's X-Signature-Base header."), "\(page)")
            #expect(page.contains("&quot;@query&quot;: ours ?page=1; theirs ?page=2 — the query changed on the way"), "\(page)")
            #expect(page.contains("<code>&quot;@authority&quot;: \(server.baseURL.host ?? "")"), "unchanged lines are shown too: \(page)")
        }
    }

    @Test("RFC 9421: signed for another authority, the client's base pasted (CRLF, as a browser sends it): @authority marked, a proxy named; the same lines in another order, those out of place marked; a paste that is no base is shown, every line marked")
    func pastedHTTPSig() async throws {
        try await MockServer.withRunning([(HTTPSigMockProvider(), MockServerConfiguration())], dashboard: MockDashboardConfiguration()) { server in
            let demo = try server.demo(HTTPSigMockProvider.self)
            let request = try demo.signer(.hmacSHA256, nonce: nil).sign(APIRequest(url: try #require(URL(string: "https://api.example.com/api/items"))), at: Date())
            let (base, headers) = try Self.signed(request)
            _ = try await MockHTTP.send(.get, "/api/items", to: server.baseURL, headers: headers)
            let entry = try #require(await server.journal.last)
            #expect(entry.received.headers[try #require(HTTPField.Name("X-Signature-Base"))] == nil)

            let dashboard = try #require(server.dashboardURL)
            func compare(_ pasted: String) async throws -> String {
                let form = "token=\(server.adminToken)&client=" + PercentEncoding.encode(pasted)
                return MockHTTP.text(try await MockHTTP.send(.post, "/requests/httpsig/\(entry.sequence)/compare", to: dashboard, headers: [.contentType: "application/x-www-form-urlencoded"], body: .init(string: form)))
            }
            let page = try await compare(base.replacingOccurrences(of: "\n", with: "\r\n"))
            #expect(Self.marked(page) == ["&quot;@authority&quot;", "&quot;@authority&quot;"], "\(page)")
            #expect(page.contains("From the text you pasted."))
            #expect(page.contains("&quot;@authority&quot;: ours api.example.com; theirs \(server.baseURL.host ?? "")"), "\(page)")
            #expect(page.contains("a proxy or load balancer changed the address the client signed"), "\(page)")

            var lines = try #require(entry.diagnosis?.text).split(separator: "\n")
            lines.swapAt(0, 1)
            let swapped = try await compare(lines.joined(separator: "\n"))
            #expect(Self.marked(swapped) == ["&quot;@authority&quot;", "&quot;@method&quot;", "&quot;@method&quot;", "&quot;@authority&quot;"], "\(swapped)")

            let garbage = try await compare("<script>alert(1)</script>")
            #expect(!garbage.contains("<script>alert") && garbage.contains("<code>&lt;script&gt;alert(1)&lt;/script&gt;</code>"), "shown as given, as text: \(garbage)")
            #expect(Self.marked(garbage).count == 1 + (entry.diagnosis?.text.split(separator: "\n").count ?? 0), "\(garbage)")
        }
    }
}
