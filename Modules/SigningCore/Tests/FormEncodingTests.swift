import TestSupport
import SigningCore
import Testing

@Suite("application/x-www-form-urlencoded", .heavy)
struct FormEncodingTests {
    /// (text, fields) pairs for parsing.
    static let parsing: [(text: String, fields: [FormField])] = [
        ("", []),
        ("a=1", [FormField("a", "1")]),
        ("a=1&a=2&a=1", [FormField("a", "1"), FormField("a", "2"), FormField("a", "1")]),
        ("b=2&a=1&b=1", [FormField("b", "2"), FormField("a", "1"), FormField("b", "1")]),
        ("a=&b=", [FormField("a", ""), FormField("b", "")]),
        ("flag", [FormField("flag", "")]),
        ("flag&x=1&other", [FormField("flag", ""), FormField("x", "1"), FormField("other", "")]),
        ("=value", [FormField("", "value")]),
        ("=", [FormField("", "")]),
        ("a==b", [FormField("a", "=b")]),
        ("a=b=c", [FormField("a", "b=c")]),
        ("x+y=1+2", [FormField("x y", "1 2")]),
        ("a=%2B&b=+", [FormField("a", "+"), FormField("b", " ")]),
        ("a=1&&b=2&", [FormField("a", "1"), FormField("b", "2")]),
        ("&&&", []),
        ("name=J%C3%BCrgen&city=K%C3%B6ln", [FormField("name", "Jürgen"), FormField("city", "Köln")]),
        // RFC 5849 §3.4.1.1: the example request's query and body.
        ("b5=%3D%253D&a3=a&c%40=&a2=r%20b",
         [FormField("b5", "=%3D"), FormField("a3", "a"), FormField("c@", ""), FormField("a2", "r b")]),
        ("c2&a3=2+q", [FormField("c2", ""), FormField("a3", "2 q")]),
        // An OAuth token response.
        ("oauth_token=hh5s93j4hdidpola&oauth_token_secret=hdhd0244k9j7ao03&oauth_callback_confirmed=true",
         [FormField("oauth_token", "hh5s93j4hdidpola"), FormField("oauth_token_secret", "hdhd0244k9j7ao03"),
          FormField("oauth_callback_confirmed", "true")]),
    ]

    @Test(arguments: parsing)
    func parse(_ example: (text: String, fields: [FormField])) throws {
        #expect(try FormEncoding.parse(example.text) == example.fields)
        #expect(try FormEncoding.parse(Substring(example.text)) == example.fields)
    }

    /// (fields, text) pairs for serialising: spaces as `+`, everything else strictly escaped.
    static let serialising: [(fields: [FormField], text: String)] = [
        ([], ""),
        ([FormField("a", "1"), FormField("a", "2")], "a=1&a=2"),
        ([FormField("a", ""), FormField("", "b")], "a=&=b"),
        ([FormField("x y", "1 2")], "x+y=1+2"),
        ([FormField("q", "a+b*c~d")], "q=a%2Bb%2Ac~d"),
        ([FormField("k&=", "v&=%")], "k%26%3D=v%26%3D%25"),
        ([FormField("city", "Köln")], "city=K%C3%B6ln"),
    ]

    @Test(arguments: serialising)
    func serialize(_ example: (fields: [FormField], text: String)) throws {
        #expect(FormEncoding.serialize(example.fields) == example.text)
        #expect(try FormEncoding.parse(example.text) == example.fields)
    }

    /// Random fields survive serialise → parse unchanged, empty names and values included.
    @Test func roundTrip() throws {
        var random = SplitMix64(seed: 0x5EED_F0E3)
        let pieces = ["a", "Z", "0", " ", "+", "&", "=", "%", "~", "*", "é", "☃", "😀", "\n", "?", "#", "/"]
        for _ in 0..<500 {
            let fields = (0..<Int.random(in: 0...6, using: &random)).map { _ in
                FormField(
                    (0..<Int.random(in: 0...5, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined(),
                    (0..<Int.random(in: 0...8, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
                )
            }
            #expect(try FormEncoding.parse(FormEncoding.serialize(fields)) == fields)
        }
    }

    @Test func fieldDescription() {
        #expect(FormField("a", "b").description == "a=b")
        var field = FormField("a", "b")
        field.value = "c"
        #expect(field == FormField("a", "c"))
    }
}

@Suite("Form parsing entry points", .heavy)
struct FormEncodingEntryPointTests {
    /// Every entry point is the one parser: text, bytes and appending agree on random input,
    /// errors included, and a failed append leaves the caller's fields as they were.
    @Test("text, bytes and appending parses agree on 20000 random inputs, errors included")
    func entryPointsAgree() {
        var generator = SplitMix64(seed: 42)
        let pieces = ["a", "B", "=", "&", "+", "%", "%2", "%20", "%2B", "%zz", "%C3%A9", "%C3", "%FF", "é", " ", "&&", "==", "~", "*"]
        let existing = [FormField("kept", "as is")]
        for _ in 0..<20_000 {
            let text = (0..<Int.random(in: 0...8, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
            let fromText = Result { () throws(SigningCoreError) in try FormEncoding.parse(text) }
            let fromBytes = Result { () throws(SigningCoreError) in try FormEncoding.parse(utf8: Array(text.utf8)) }
            var appended = existing
            let appendResult = Result { () throws(SigningCoreError) in try FormEncoding.parse(text[...], into: &appended) }
            // The raw fields, decoded by hand, are the parsed ones.
            var raw: [Result<FormField, SigningCoreError>] = []
            Array(text.utf8).withUnsafeBufferPointer { input in
                FormEncoding.forEachRawField(in: input) { name, value in
                    raw.append(Result { () throws(SigningCoreError) in
                        FormField(try PercentEncoding.decode(UnsafeBufferPointer(rebasing: input[name]), plusAsSpace: true),
                                  try PercentEncoding.decode(UnsafeBufferPointer(rebasing: input[value]), plusAsSpace: true))
                    })
                    return true
                }
            }
            let rawFields = raw.compactMap { try? $0.get() }
            switch (fromText, fromBytes, appendResult) {
            case (.success(let fields), .success(let bytesFields), .success):
                #expect(fields == bytesFields && appended == existing + fields, "\(text)")
                #expect(rawFields == fields, "\(text)")
            case (.failure(let error), .failure(let bytesError), .failure(let appendError)):
                #expect(error.code == bytesError.code && error.code == appendError.code, "\(text)")
                #expect(error.offset == bytesError.offset && error.offset == appendError.offset, "\(text)")
                #expect(appended == existing, "a failed append must not change the fields: \(text)")
                #expect(rawFields.count < raw.count, "the raw fields decode where the parser refuses: \(text)")
            default:
                Issue.record("entry points disagree on '\(text)': \(fromText) / \(fromBytes) / \(appendResult)")
            }
        }
    }

    /// Found by fuzz-mock-request (Fuzz/Regressions/fuzz-mock-request): raw bytes that are not
    /// UTF-8 were accepted when a stray byte and an escape decoded together to UTF-8
    /// (`na\u{D8}%A9` gave `naة`), while a server reading the body as text refuses it.
    @Test("a byte body that is not UTF-8 is refused, even when its decoding would be")
    func bytesMustBeUTF8() throws {
        for body: [UInt8] in [[0x6E, 0x61, 0xD8, 0x25, 0x41, 0x39], [0x61, 0x3D, 0xC3], [0xFF, 0x3D, 0x31]] {
            #expect(throws: SigningCoreError.self) { try FormEncoding.parse(utf8: body) }
            #expect(String(validating: body, as: UTF8.self) == nil)
        }
        #expect(try FormEncoding.parse(utf8: Array("a=%C3%A9&b=é".utf8)) == [FormField("a", "é"), FormField("b", "é")])
    }
}
