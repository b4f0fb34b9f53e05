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

    @Test("bytes that are not UTF-8 are left to JSONDecoder")
    func invalidUTF8() {
        #expect(BooksJSONReader.read(GoogleBooksVolumes.self, from: Array(#"{"kind":""#.utf8) + [0xC3, 0x28] + Array(#""}"#.utf8)) == nil)
    }
}
