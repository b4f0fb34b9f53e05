import MockServerKit
import SigningCore
import Testing

/// The one encoding of the text the mocks put in `X-Mock-Reason` and the diagnosis headers:
/// percent-encoded UTF-8, pinned character by character, read back exactly.
@Suite("Header text")
struct HeaderTextTests {
    @Test("non-ASCII, control characters, % and edge spaces are %XX of their UTF-8; printable ASCII stays", arguments: [
        ("§", "%C2%A7"),
        ("é", "%C3%A9"),
        ("💥", "%F0%9F%92%A5"),
        ("\u{7}", "%07"),
        ("\r\n", "%0D%0A"),
        ("\u{7F}", "%7F"),
        ("RFC 5849 §3.5", "RFC 5849 %C2%A73.5"),
        ("±300 s — check", "%C2%B1300 s %E2%80%94 check"),
        ("100% of 'a+b'", "100%25 of 'a+b'"),
        (" padded ", "%20padded%20"),
        ("plain ASCII: a=b&c; \"q\" <t>", "plain ASCII: a=b&c; \"q\" <t>"),
        ("", ""),
    ])
    func encoding(text: String, header: String) throws {
        #expect(HeaderText.encode(text) == header)
        #expect(try PercentEncoding.decode(header) == text)
    }

    @Test("a value past its limit is cut whole escapes at a time and ends with %...")
    func limit() {
        #expect(HeaderText.encode("abcdef", limit: 6) == "abcdef")
        #expect(HeaderText.encode("abcdefg", limit: 6) == "ab%...")
        #expect(HeaderText.encode("aéé", limit: 11) == "a%C3%A9%...")
        #expect(HeaderText.encode(bytes: [0xFF, 0x41], limit: 100) == "%FFA")
    }
}
