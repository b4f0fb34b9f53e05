// The Google Books mock's `q` parser on arbitrary text (keywords such as `intitle:`, quoted
// phrases, `-` negation, ISBNs): it either parses or refuses with too many terms; what it
// parses stays within the limits, has no empty clause, holds words already folded, and feeds
// the highlighter.
import FuzzSupport
@testable import GoogleBooksMock

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    let text = input.restText()
    guard let query = try? SearchQuery.parse(text) else { return 0 }
    fuzzRequire(query.clauses.count <= SearchQuery.maximumClauses, "\(query.clauses.count) clauses from \(text.debugDescription)")
    for case .words(let words, _, _) in query.clauses {
        fuzzRequire(!words.isEmpty && words.count <= SearchQuery.maximumWords, "a clause of \(words.count) words from \(text.debugDescription)")
        for word in words {
            fuzzRequire(TextFolding.words(word) == [word], "the word \(word.debugDescription) from \(text.debugDescription) is not folded")
        }
    }
    _ = query.highlights
    return 0
}
