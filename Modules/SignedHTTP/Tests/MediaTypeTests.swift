import SignedHTTP
import Testing

@Suite("Media types")
struct MediaTypeTests {
    @Test("Content-Type values parse into essence and parameters", arguments: [
        ("application/json", "application", "json", [:]),
        (" Application/X-WWW-Form-URLEncoded ; Charset=UTF-8", "application", "x-www-form-urlencoded", ["charset": "UTF-8"]),
        ("text/plain; charset=\"utf-8\"; format=flowed", "text", "plain", ["charset": "utf-8", "format": "flowed"]),
        ("multipart/form-data; boundary=\"a;b\\\"c\"", "multipart", "form-data", ["boundary": "a;b\"c"]),
        ("text/html; bad; =x; charset=", "text", "html", ["charset": ""]),
    ] as [(String, String, String, [String: String])])
    func parses(text: String, type: String, subtype: String, parameters: [String: String]) throws {
        let parsed = try #require(MediaType(text))
        #expect(parsed.type == type)
        #expect(parsed.subtype == subtype)
        #expect(parsed.parameters == parameters)
        #expect(MediaType(parsed.description) == parsed)
    }

    @Test("values that are not media types give nil", arguments: ["", "json", "/json", "application/", "a b/c", "application/json/x", "text/plain\u{0}"])
    func rejects(text: String) {
        #expect(MediaType(text) == nil)
    }

    @Test("the signer's allocation-free form check agrees with the parser", arguments: [
        "application/x-www-form-urlencoded", " APPLICATION/x-www-form-urlencoded;charset=utf-8", "application/x-www-form-urlencodedx",
        "application/json", "multipart/form-data; boundary=x", "", ";", "application/x-www-form-urlencoded\t; q=1",
    ])
    func formCheck(text: String) {
        #expect(MediaType.isFormURLEncoded(text) == (MediaType(text)?.isFormURLEncoded ?? false))
    }

    @Test("JSON is recognised with structured syntax suffixes")
    func json() {
        #expect(MediaType("application/problem+json")?.isJSON == true)
        #expect(MediaType("application/json; charset=utf-8")?.isJSON == true)
        #expect(MediaType("text/json")?.isJSON == false)
    }
}
