import Foundation
import SignedHTTP
import Testing

@Suite("Header fields")
struct HeaderFieldsTests {
    @Test("names compare case-insensitively; order and repeats are kept")
    func caseInsensitive() {
        var headers: HeaderFields = ["Content-Type": "text/plain", "X-A": "1"]
        headers.append("x-a", "2")
        #expect(headers["content-TYPE"] == "text/plain")
        #expect(headers.values(for: "X-a") == ["1", "2"])
        #expect(headers.map(\.name) == ["Content-Type", "X-A", "x-a"])
        headers["X-A"] = "3"
        #expect(headers.values(for: "x-a") == ["3"])
        #expect(headers.map(\.name) == ["Content-Type", "X-A"])
        headers["CONTENT-type"] = nil
        #expect(!headers.contains("Content-Type"))
        #expect(headers.count == 1)
    }

    @Test("only ASCII letters fold: names that differ elsewhere are different", arguments: [
        ("Content-Type", "content-type", true), ("X-1", "x-1", true), ("[", "{", false), ("Ä", "ä", false), ("ab", "abc", false),
    ])
    func folding(lhs: String, rhs: String, equal: Bool) {
        #expect(HeaderFields.equalNames(lhs, rhs) == equal)
    }

    @Test("credential-bearing values are redacted in description, debugDescription and dump")
    func redaction() {
        let secret = "OAuth oauth_signature=\"cs%26ts\""
        let headers: HeaderFields = ["authorization": secret, "Cookie": "session=abc", "Accept": "text/plain"]
        var dumped = ""
        dump(headers, to: &dumped)
        for text in [headers.description, headers.debugDescription, dumped, String(describing: APIRequest(url: .init(string: "https://e.com")!, headers: headers))] {
            #expect(!text.contains("cs%26ts"))
            #expect(!text.contains("session=abc"))
            #expect(text.contains("text/plain"))
        }
    }
}
