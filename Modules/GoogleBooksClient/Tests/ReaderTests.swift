import Foundation
@testable import GoogleBooksClient
import Testing

/// The client's own reader of pages and volumes against `JSONDecoder`: what it reads it reads
/// alike, and what it does not read exactly it leaves to `JSONDecoder`.
@Suite("Google Books page reader")
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
        #"{"totalItems":01}"#, #"{"kind":"a\u12"}"#, #"{"kind":"\ud800"}"#, "{\"kind\":\"tab\u{09}inside\"}", #"{"k\u0069nd":"x"}"#,
        #"{"items":[null]}"#, #"{"kind":"x"} trailing"#, #"{"kind":"x""#, "[]", "",
        #"{"x":"# + String(repeating: "[", count: 65) + String(repeating: "]", count: 65) + "}",
    ])
    func leftToJSONDecoder(body: String) {
        #expect(BooksJSONReader.read(GoogleBooksVolumes.self, from: Array(body.utf8)) == nil)
    }

    @Test("bytes that are not UTF-8 are left to JSONDecoder")
    func invalidUTF8() {
        #expect(BooksJSONReader.read(GoogleBooksVolumes.self, from: Array(#"{"kind":""#.utf8) + [0xC3, 0x28] + Array(#""}"#.utf8)) == nil)
    }
}
