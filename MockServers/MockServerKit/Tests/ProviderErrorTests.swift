import Foundation
import HTTPTypes
import HummingbirdTesting
import MockServerKit
import MockServerTesting
import SigningCore
import Testing

/// Errors that know their provider's response, and the kit's response constructors.
@Suite("Provider errors and responses")
struct ProviderErrorTests {
    @Test("a thrown MockProviderError is answered in the provider's shape, with X-Mock-Reason, and journaled")
    func thrown() async throws {
        try await MockServer.withRunning(EchoProvider(options: EchoOptions(maximumParameters: 1))) { server in
            let response = try await MockHTTP.send(.get, "/echo?a=1&b=2", to: server.baseURL)
            #expect(response.status == .unprocessableContent)
            #expect(MockHTTP.json(response)?["echoError"] as? String == "Send at most 1 parameters.")
            #expect(response.headers[.mockReason] == "too many parameters: 2, at most 1")
            let entry = try #require(await server.journal.last)
            #expect(entry.verdict == .rejected)
            #expect(entry.reason == "too many parameters: 2, at most 1")
            #expect(entry.status == 422)
        }
    }

    @Test("form responses keep their order and escape all but the unreserved characters")
    func form() {
        let response = MockResponse.form([FormField("b", "x y"), FormField("a", "ü&")])
        #expect(response.headers[.contentType] == "application/x-www-form-urlencoded")
        #expect(response.text == "b=x+y&a=%C3%BC%26")
    }

    @Test("HTML pages escape their title; markup escaping covers text and attributes")
    func html() {
        let page = MockResponse.html(status: .badRequest, title: "<Tom & \"Jerry\">", body: "<p>ok</p>")
        #expect(page.status == .badRequest)
        #expect(page.headers[.contentType] == "text/html; charset=utf-8")
        #expect(page.text.contains("<title>&lt;Tom &amp; &quot;Jerry&quot;&gt;</title>"))
        #expect(page.text.contains("<h1>&lt;Tom &amp; &quot;Jerry&quot;&gt;</h1>\n<p>ok</p>"))
        #expect(MockResponse.escapingMarkup("a<b>&\"c\"") == "a&lt;b&gt;&amp;&quot;c&quot;")
    }
}
