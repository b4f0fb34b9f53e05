@testable import OAuth1Client
import SigningCore
import Testing

@Suite("Hot-path form parsing")
struct OAuth1FormFieldsTests {
    @Test("matches SigningCore's FormEncoding.parse on 20000 random inputs, errors included")
    func matchesFormEncoding() {
        var generator = SplitMix64(seed: 42)
        let pieces = ["a", "B", "=", "&", "+", "%", "%2", "%20", "%2B", "%zz", "%C3%A9", "%C3", "%FF", "é", " ", "&&", "==", "~", "*"]
        for _ in 0..<20_000 {
            let text = (0..<Int.random(in: 0...8, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
            let expected = Result { () throws(SigningCoreError) in try FormEncoding.parse(text) }
            let fromText = Result { () throws(SigningCoreError) in try OAuth1FormFields.parse(text[...]) }
            let fromBytes = Result { () throws(SigningCoreError) in try OAuth1FormFields.parse(Array(text.utf8)) }
            switch (expected, fromText, fromBytes) {
            case (.success(let a), .success(let b), .success(let c)):
                #expect(a == b && a == c, "\(text)")
            case (.failure(let a), .failure(let b), .failure(let c)):
                #expect(a.code == b.code && a.code == c.code, "\(text)")
            default:
                Issue.record("parsers disagree on '\(text)': \(expected) vs \(fromText) vs \(fromBytes)")
            }
        }
    }
}
