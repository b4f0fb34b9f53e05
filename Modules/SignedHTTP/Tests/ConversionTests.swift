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

    @Test("provider messages in every shape: text and code", arguments: [
        (#"{"errors":[{"code":32,"message":"Could not authenticate you."}]}"#, "Could not authenticate you.", "32"),
        (#"{"errors":[{"code":89,"message":"Invalid or expired token."},{"code":32,"message":"x"}]}"#, "Invalid or expired token. (code 89); x (code 32)", "89"),
        (#"{"error":{"code":400,"message":"Invalid value 'x'.","errors":[]}}"#, "Invalid value 'x'.", "400"),
        (#"{"message":"The requested resource was not found."}"#, "The requested resource was not found.", nil),
        (#"{"error":"invalid_request","error_description":"missing token"}"#, "missing token", "invalid_request"),
        (#"{"error":"nope"}"#, "nope", nil),
        ("oauth_problem=timestamp_refused&oauth_problem_advice=Sync+your+clock", "Sync your clock", "timestamp_refused"),
        ("oauth_problem=token_expired", "token_expired", "token_expired"),
        ("<?xml version=\"1.0\"?>\n<status><status_code>401</status_code><message>Invalid &amp; Expired Token</message></status>", "Invalid & Expired Token", nil),
        ("<html><body>Bad Gateway</body></html>", "<html><body>Bad Gateway</body></html>", nil),
        ("  Invalid Signature\n", "Invalid Signature", nil),
        ("line\u{1}break", "line break", nil),
    ] as [(String, String, String?)])
    func providerMessage(body: String, text: String, code: String?) throws {
        let message = try #require(ProviderMessage(body: Array(body.utf8)))
        #expect(message.text == text)
        #expect(message.code == code)
        #expect(message.description == (code.map { "\(text) (code \($0))" } ?? text))
    }

    @Test("a body that says nothing has no message", arguments: ["", "  \n\t "])
    func silent(body: String) {
        #expect(ProviderMessage(body: Array(body.utf8)) == nil)
        #expect(APIResponse(statusCode: 500, body: Array(body.utf8)).providerMessage == nil)
    }

    @Test("hostile bodies: invalid UTF-8, huge text, deep JSON, a huge code")
    func hostile() throws {
        #expect(ProviderMessage(body: [0xFF, 0xFE, 0x00]) == nil)
        #expect(try #require(ProviderMessage(body: Array(String(repeating: "x", count: 1 << 20).utf8))).text.count == ProviderMessage.maximumLength + 1)
        let deep = String(repeating: "[", count: 100_000)
        #expect(try #require(ProviderMessage(body: Array(("{\"a\":" + deep).utf8))).text.count <= ProviderMessage.maximumLength + 1)
        let hugeCode = #"{"errors":[{"code":""# + String(repeating: "9", count: 10_000) + #"","message":"m"}]}"#
        #expect(try #require(ProviderMessage(body: Array(hugeCode.utf8))).code?.count == ProviderMessage.maximumLength + 1)
    }

    @Test("the mock's reason is read from X-Mock-Reason, case-insensitively")
    func mockReason() {
        #expect(APIResponse(statusCode: 401, headers: ["x-mock-reason": "nonce used"]).mockReason == "nonce used")
        #expect(APIResponse(statusCode: 401).mockReason == nil)
    }

    @Test("the mock's reason is decoded from percent-encoded UTF-8; anything else is given as it came", arguments: [
        ("RFC 5849 %C2%A73.5", "RFC 5849 §3.5"),
        ("caf%C3%A9 %F0%9F%92%A5%0Anext", "café 💥\nnext"),
        ("100%25 sure", "100% sure"),
        ("%20edge%20", " edge "),
        ("100% sure", "100% sure"),
        ("bad %FF byte", "bad %FF byte"),
    ])
    func mockReasonDecoded(header: String, reason: String) {
        #expect(APIResponse(statusCode: 401, headers: ["X-Mock-Reason": header]).mockReason == reason)
    }
}
