import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import SignedHTTP
import SigningCore
import Testing

@Suite("Requests, responses and provider messages")
struct ConversionTests {
    @Test("APIRequest ↔ URLRequest keeps method, URL, headers and body; the template's other properties stay")
    func urlRequest() throws {
        let request = APIRequest(method: "POST", url: URL(string: "https://e.com/a?b=c")!, form: [FormField("q", "a b")], headers: ["X-Trace": "1"])
        var template = URLRequest(url: URL(string: "https://other.example")!)
        template.timeoutInterval = 12
        template.setValue("dropped", forHTTPHeaderField: "X-Old")
        let converted = URLRequest(request, template: template)
        #expect(converted.timeoutInterval == 12)
        #expect(converted.value(forHTTPHeaderField: "X-Old") == nil)
        #expect(converted.value(forHTTPHeaderField: "content-type") == "application/x-www-form-urlencoded")
        let back = try APIRequest(converted)
        #expect(back.method == "POST")
        #expect(back.url == request.url)
        #expect(back.body == Array("q=a+b".utf8))
        #expect(back.header("x-trace") == "1")
        #expect(back.hasFormBody)
    }

    @Test("a URLRequest without URL is an invalid request")
    func noURL() {
        var request = URLRequest(url: URL(string: "https://e.com")!)
        request.url = nil
        #expect(throws: SignedHTTPError(code: .invalidRequest, message: "")) { try APIRequest(request) }
    }

    @Test("idempotent methods", arguments: [("GET", true), ("head", true), ("PUT", true), ("DELETE", true), ("POST", false), ("PATCH", false)])
    func idempotent(method: String, expected: Bool) {
        #expect(APIRequest(method: method, url: URL(string: "https://e.com")!).isIdempotent == expected)
    }

    @Test("provider messages in every shape", arguments: [
        (#"{"errors":[{"code":32,"message":"Could not authenticate you."}]}"#, "Could not authenticate you. (code 32)"),
        (#"{"error":{"code":400,"message":"Invalid value 'x'.","errors":[]}}"#, "Invalid value 'x'. (code 400)"),
        (#"{"message":"The requested resource was not found."}"#, "The requested resource was not found."),
        (#"{"error":"invalid_request","error_description":"missing token"}"#, "missing token"),
        ("oauth_problem=timestamp_refused&oauth_problem_advice=Sync+your+clock", "timestamp_refused: Sync your clock"),
        ("  Invalid Signature\n", "Invalid Signature"),
        ("", ""),
        ("line\u{1}break", "line break"),
    ])
    func providerMessage(body: String, expected: String) {
        #expect(ProviderMessage.extract(from: Array(body.utf8)) == expected)
    }

    @Test("hostile bodies: invalid UTF-8, huge text, deep JSON")
    func hostile() {
        #expect(ProviderMessage.extract(from: [0xFF, 0xFE, 0x00]) == "")
        #expect(ProviderMessage.extract(from: Array(String(repeating: "x", count: 1 << 20).utf8)).count == ProviderMessage.maximumLength + 1)
        let deep = String(repeating: "[", count: 100_000)
        #expect(ProviderMessage.extract(from: Array(("{\"a\":" + deep).utf8)).count <= ProviderMessage.maximumLength + 1)
    }
}
