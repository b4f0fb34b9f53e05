import Foundation
@testable import GoogleBooksClient
import SigningCore
import Testing
import TestSupport

/// The client's own reader of pages and volumes against `JSONDecoder`: what it reads it reads
/// alike, and what it does not read exactly it leaves to `JSONDecoder`.
@Suite("Google Books page reader", .heavy)
struct ReaderTests {
    static func page(_ items: String) -> [UInt8] {
        Array(#"{"kind":"books#volumes","totalItems":2,"items":[\#(items)]}"#.utf8)
    }

    @Test("pages read as JSONDecoder reads them: escapes, nulls, unknown members, numbers, pretty or compact", arguments: [
        ClientTests.volume("zyTCAlFPjgYC") + "," + ClientTests.volume("b", title: #"\"Quoted\" \u00e9t\u00E9 \ud83d\ude00 a\/b \\ \n\t\u003cb\u003e"#),
        #"{"id":"a","kind":null,"volumeInfo":{"title":null,"authors":[],"averageRating":4,"ratingsCount":0,"pageCount":-12,"publishedDate":"19--"},"extra":{"deep":[[1,2.5e-3,-0.0,true,false,null,"x",{}]]}}"#,
        #"{"volumeInfo":{"averageRating":1E2,"industryIdentifiers":[{"type":"ISBN_10"},{}]},"saleInfo":{"listPrice":{"amount":0.1},"isEbook":false},"accessInfo":{"epub":null,"pdf":{"isAvailable":true,"downloadLink":"x"}},"searchInfo":{"textSnippet":null,"other":1}}"#,
        " \n{ \"id\" : \"spaced\" ,\n \"searchInfo\" : { } } ",
    ])
    func sameModels(items: String) throws {
        let body = Self.page(items)
        let read = try #require(BooksJSONReader.read(GoogleBooksVolumes.self, from: body))
        #expect(read == (try JSONDecoder().decode(GoogleBooksVolumes.self, from: Data(body))))
        let one = Array(ClientTests.volume("solo").utf8)
        #expect(BooksJSONReader.read(GoogleBooksVolume.self, from: one) == (try JSONDecoder().decode(GoogleBooksVolume.self, from: Data(one))))
    }

    @Test("what it does not read exactly is left to JSONDecoder", arguments: [
        #"{"items":[{"id":"a","volumeInfo":{"pageCount":"many"}}]}"#,      // a wrong type (JSONDecoder names it)
        #"{"items":[{"id":"a","id":"b"}]}"#,                                  // a duplicate member
        #"{"totalItems":1.0}"#, #"{"totalItems":-0}"#, #"{"totalItems":1e2}"#, #"{"totalItems":99999999999999999999}"#,
        #"{"totalItems":01}"#, #"{"items":[{"volumeInfo":{"averageRating":0E2}}]}"#, #"{"x":[-0e2]}"#, #"{"kind":"a\u12"}"#, #"{"kind":"\ud800"}"#, "{\"kind\":\"tab\u{09}inside\"}", #"{"k\u0069nd":"x"}"#,
        #"{"items":[null]}"#, #"{"kind":"x"} trailing"#, #"{"kind":"x""#, "[]", "",
        #"{"x":"# + String(repeating: "[", count: 65) + String(repeating: "]", count: 65) + "}",
    ])
    func leftToJSONDecoder(body: String) {
        #expect(BooksJSONReader.read(GoogleBooksVolumes.self, from: Array(body.utf8)) == nil)
    }

    @Test("hostile answers: a page cut short, bytes changed, dropped or repeated, never read unlike JSONDecoder", arguments: 0..<4)
    func mutations(seed: UInt64) {
        let original = Self.page(ClientTests.volume("a") + "," + ClientTests.volume("b", title: #"\u00e9t\u00E9 \ud83d\ude00"#))
        var random = SplitMix64(seed: seed)
        let replacements = Array(#"{}[]",:0-9.eE"\ ntrfu"#.utf8) + [0x00, 0x80, 0xC3, 0xFF]
        for _ in 0..<250 {
            var body = original
            for _ in 0...Int.random(in: 0...2, using: &random) {
                guard !body.isEmpty else { break }
                let at = Int.random(in: 0..<body.count, using: &random)
                switch Int.random(in: 0..<4, using: &random) {
                case 0: body.removeSubrange(at...)
                case 1: body[at] = replacements.randomElement(using: &random)!
                case 2: body.remove(at: at)
                default: body.insert(body[at], at: at)
                }
            }
            // Whatever the reader returns, JSONDecoder must return too; what it gives up on is fine.
            guard let read = BooksJSONReader.read(GoogleBooksVolumes.self, from: body) else { continue }
            let decoded = try? JSONDecoder().decode(GoogleBooksVolumes.self, from: Data(body))
            #expect(read == decoded, "reader and JSONDecoder differ on \(String(decoding: body, as: UTF8.self).prefix(300))")
        }
    }

    /// A page with every member the models declare: the test below fails when a model gains a
    /// member this page lacks, or the reader does not read one.
    static let everyMember = #"""
        {"kind":"books#volumes","totalItems":1,"items":[{"kind":"books#volume","id":"v1","etag":"e","selfLink":"https://b/v1",
        "volumeInfo":{"title":"T","subtitle":"S","authors":["A"],"publisher":"P","publishedDate":"2004-05-17","description":"D",
        "industryIdentifiers":[{"type":"ISBN_13","identifier":"9780000000002"}],"pageCount":10,"printType":"BOOK","categories":["C"],
        "averageRating":4.5,"ratingsCount":3,"maturityRating":"NOT_MATURE","imageLinks":{"smallThumbnail":"s","thumbnail":"t",
        "small":"sm","medium":"m","large":"l","extraLarge":"xl"},"language":"en","previewLink":"p","infoLink":"i","canonicalVolumeLink":"c"},
        "saleInfo":{"country":"US","saleability":"FOR_SALE","isEbook":true,"listPrice":{"amount":1.5,"currencyCode":"USD"},
        "retailPrice":{"amount":1.25,"currencyCode":"USD"},"buyLink":"b"},
        "accessInfo":{"country":"US","viewability":"PARTIAL","embeddable":true,"publicDomain":false,
        "epub":{"isAvailable":true,"downloadLink":"d","acsTokenLink":"a"},"pdf":{"isAvailable":false,"downloadLink":"d2","acsTokenLink":"a2"},
        "webReaderLink":"w","accessViewStatus":"SAMPLE"},"searchInfo":{"textSnippet":"x"}}]}
        """#

    /// The paths of optional members that are `nil` (or empty arrays) anywhere in `value`.
    static func missingMembers(of value: Any, at path: String = "") -> [String] {
        Mirror(reflecting: value).children.flatMap { child -> [String] in
            let name = path + "." + (child.label ?? "?")
            let unwrapped = Mirror(reflecting: child.value)
            if unwrapped.displayStyle == .optional {
                guard let some = unwrapped.children.first?.value else { return [name] }
                return missingMembers(of: some, at: name) + ((some as? [Any])?.isEmpty == true ? [name] : [])
            }
            return missingMembers(of: child.value, at: name)
        }
    }

    @Test("every member the models declare is read: the reader and the models cannot drift apart")
    func everyMemberRead() throws {
        let body = Array(Self.everyMember.utf8)
        let decoded = try JSONDecoder().decode(GoogleBooksVolumes.self, from: Data(body))
        #expect(Self.missingMembers(of: decoded) == [], "a model member is missing from everyMember: add it there and to BooksJSONReader's reading of the model")
        let read = try #require(BooksJSONReader.read(GoogleBooksVolumes.self, from: body), "the reader gave up on a page of well-formed members")
        #expect(read == decoded, "BooksJSONReader reads a member differently from the model's Decodable conformance")
    }

    @Test("bytes that are not UTF-8 are left to JSONDecoder")
    func invalidUTF8() {
        #expect(BooksJSONReader.read(GoogleBooksVolumes.self, from: Array(#"{"kind":""#.utf8) + [0xC3, 0x28] + Array(#""}"#.utf8)) == nil)
    }
}
