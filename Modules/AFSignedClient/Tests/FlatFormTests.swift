@testable import AFSignedClient
import Testing
import TestSupport

/// The string to sign's fast path (``AFSignedFlatForm``) against the full PHP-array model on
/// generated hostile fields: the same bytes whenever the fast path answers, and the public entry
/// point the same bytes or the same error as the model on every input.
@Suite("AFSigned string to sign: fast path against the PHP-array model", .heavy)
struct FlatFormTests {
    /// Field lists from a seeded generator: names drawn from pieces that collide often (so later
    /// duplicates, `name` against `name[]`, and query against body all meet) and pieces PHP reads
    /// specially (brackets, dots, spaces, digits, signs, `auth_`, UTF-8, NUL, `%`, `+`, empty).
    struct Fields {
        var random: SplitMix64

        /// Names the fast path takes, alone or with `[]`.
        static let plainNames = ["a", "b", "ab", "A", "z", "x-y", "Z]", "a%41", "a+b", "%", "%2", "_", "auth_x", "auth_", "auth", "~", "a=b"]
        /// Names it leaves to the model.
        static let otherNames = ["auth_\u{301}", "é", "e\u{301}", "1", "07", "-1", "+1", "1e3", "9", "10", "1z", " a", "\ta", "a.b", "a b", "a\u{0}b", "", "a\u{7F}"]
        static let suffixes = ["", "", "", "", "[]", "[]", "[]", "[k]", "[", "[][]", "]", "[1]", "[]x", "[ ]", "[a.b]", "[]]"]
        static let pieces = ["[", "]", ".", " ", "0", "1", "9", "-", "+", "%", "%4", "%41", "%2B", "auth_", "a", "b", "é", "\u{301}", "\u{0}", "\t", "_", "=", "&", "e"]
        static let values = ["", "a", "b", "%", "%4", "%41", "%zz", "%%", "+", " ", "é", "\n", "\"", "\\", "\u{1}", "\u{7F}", "[]", "&", "=", "0", "東京", "%E6"]

        mutating func number(below bound: Int) -> Int { Int(random.next() % UInt64(bound)) }

        mutating func pick(_ choices: [String]) -> String { choices[number(below: choices.count)] }

        /// A name; a tame one is a plain name, alone or with `[]`.
        mutating func name(tame: Bool) -> String {
            if tame { return pick(Self.plainNames) + pick(["", "", "[]"]) }
            if number(below: 5) == 0 { return (0..<number(below: 6)).map { _ in pick(Self.pieces) }.joined() }
            return pick(number(below: 2) == 0 ? Self.plainNames : Self.otherNames) + pick(Self.suffixes)
        }

        mutating func value() -> String {
            (0..<number(below: 4)).map { _ in pick(Self.values) }.joined()
        }

        /// Up to eight fields; when `tame`, one in sixteen names is not.
        mutating func fields(tame: Bool) -> [FormField] {
            (0..<number(below: 9)).map { _ in FormField(name(tame: tame && number(below: 16) != 0), value()) }
        }
    }

    @Test("fast path and model agree on generated fields", arguments: [1, 2, 3, 4] as [UInt64])
    func agreesWithModel(seed: UInt64) throws {
        var generator = Fields(random: SplitMix64(seed: seed &* 0x9E37_79B9))
        var mismatches: [String] = []
        var fastCount = 0
        let cases = 2_500
        for index in 0..<cases {
            let tame = generator.number(below: 2) == 0
            let (query, body) = (generator.fields(tame: tame), generator.fields(tame: tame))
            let path = ["/", "/users/a%20b", "/a+b/%41%", "/%E6%9D%B1"][generator.number(below: 4)]
            for version in [AFSignedVersion.v2, .v4] {
                let model = Result { () throws(AFSignedError) in try AFSignedCanonicalForm.modelBytes(version: version, method: "POST", path: path, query: query, body: body) }
                let entry = Result { () throws(AFSignedError) in try AFSignedCanonicalForm.bytes(version: version, method: "POST", path: path, query: query, body: body) }
                if let fast = AFSignedFlatForm.bytes(version: version, method: "POST", path: path, query: query, body: body) {
                    fastCount += 1
                    if (try? model.get()) != fast { mismatches.append("case \(index) v\(version.rawValue) fast: \(query) | \(body)") }
                }
                switch (model, entry) {
                case (.success(let a), .success(let b)) where a == b: break
                case (.failure(let a), .failure(let b)) where a.code == b.code && a.message == b.message: break
                default: mismatches.append("case \(index) v\(version.rawValue) public: \(query) | \(body)")
                }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.count) mismatches, first: \(mismatches.prefix(5))")
        // Enough cases take each way for the comparison to mean something.
        #expect(fastCount > cases / 5 && fastCount < 2 * cases * 4 / 5, "fast path taken \(fastCount) times of \(2 * cases)")
    }

    @Test("the common fields take the fast path", arguments: [
        ([FormField("q", "a"), FormField("tags[]", "x"), FormField("tags[]", "y"), FormField("auth_signature", "s")], true),
        ([FormField("tags[]", "x"), FormField("tags", "y"), FormField("tags[]", "z")], true),
        ([FormField("user[name]", "Ann")], false),
        ([FormField("7", "a")], false),
        ([FormField("a.b", "a")], false),
        ([FormField("café", "a")], false),
    ])
    func takesFastPath(fields: [FormField], fast: Bool) {
        for version in [AFSignedVersion.v2, .v4] {
            let bytes = AFSignedFlatForm.bytes(version: version, method: "GET", path: "/", query: fields, body: [])
            #expect((bytes != nil) == fast)
            if let bytes { #expect(bytes == (try? AFSignedCanonicalForm.modelBytes(version: version, method: "GET", path: "/", query: fields, body: []))) }
        }
    }

    @Test("PHP's precedence: later duplicates win, a plain value replaces a list, the body's value replaces the query's")
    func precedence() throws {
        let query = [FormField("a", "1"), FormField("a", "2"), FormField("l[]", "x"), FormField("l", "y"), FormField("l[]", "z"), FormField("m[]", "q1"), FormField("n", "q")]
        let body = [FormField("m[]", "b1"), FormField("m[]", "b2"), FormField("n[]", "b")]
        let bytes = try AFSignedCanonicalForm.bytes(version: .v2, method: "POST", path: "/", query: query, body: body)
        #expect(AFSignedCanonicalForm.text(bytes) == "POST\n/\na=2&l[]=z&m[]=b1&m[]=b2&n[]=b")
    }
}
