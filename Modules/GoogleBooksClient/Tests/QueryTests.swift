import Foundation
import GoogleBooksClient
import Testing

/// The `q` builder and the search parameters.
@Suite("Google Books query")
struct QueryTests {
    @Test("keywords with phrases quoted, stray quotes and keyword-looking colons neutralised", arguments: [
        (GoogleBooksQuery([.text("flowers"), .author("Keyes")]), "flowers inauthor:Keyes"),
        ([.title("Flowers for Algernon")], #"intitle:"Flowers for Algernon""#),
        ([.title(#"The "Quoted" Title"#)], #"intitle:"The Quoted Title""#),
        ([.text("intitle:sneaky words")], "intitle sneaky words"),
        ([.isbn("978-0-15-603008-8")], "isbn:9780156030088"),
        ([.phrase("  a   b  "), .subject("Science Fiction"), .publisher("Gallimard")], #""a b" subject:"Science Fiction" inpublisher:Gallimard"#),
        ([.lccn("2001012345"), .oclc("47011185"), .text("café 東京")], "lccn:2001012345 oclc:47011185 café 東京"),
        ([.text("   "), .title("")], ""),
    ] as [(GoogleBooksQuery, String)])
    func queries(query: GoogleBooksQuery, q: String) {
        #expect(query.q == q)
    }

    @Test("parameters in a fixed order; what Google refuses is refused before sending")
    func parameters() throws {
        let search = GoogleBooksSearch([.author("Le Guin")], startIndex: 40, maxResults: 20, orderBy: .newest, printType: .books,
                                       filter: .freeEbooks, language: "fr", projection: .lite, epubOnly: true, fields: "items(id)")
        let names = try search.parameters().map(\.name)
        #expect(names == ["q", "startIndex", "maxResults", "orderBy", "printType", "filter", "langRestrict", "projection", "download", "fields"])
        #expect(try search.parameters().first { $0.name == "filter" }?.value == "free-ebooks")
        for bad in [GoogleBooksSearch(""), GoogleBooksSearch("x", maxResults: 41), GoogleBooksSearch("x", maxResults: -1), GoogleBooksSearch("x", startIndex: -1)] {
            let error = #expect(throws: GoogleBooksError.self) { try bad.parameters() }
            #expect(error?.code == .invalidQuery)
        }
    }

    @Test("publishedDate in Google's three forms, and other text kept", arguments: [
        ("2004", 2004, nil, nil), ("2004-05", 2004, 5, nil), ("2004-05-01", 2004, 5, 1), ("2004?", nil, nil, nil), ("19--", nil, nil, nil), ("2004-13", nil, nil, nil),
    ] as [(String, Int?, Int?, Int?)])
    func dates(text: String, year: Int?, month: Int?, day: Int?) throws {
        let date = try JSONDecoder().decode(GoogleBooksDate.self, from: Data("\"\(text)\"".utf8))
        #expect(date.text == text && date.year == year && date.month == month && date.day == day)
        #expect(String(decoding: try JSONEncoder().encode(date), as: UTF8.self) == "\"\(text)\"")
    }

    @Test("http image links become https; loopback links stay")
    func imageLinks() {
        let links = GoogleBooksVolume.ImageLinks(smallThumbnail: "http://books.google.com/books/content?id=x&zoom=5", thumbnail: nil)
        #expect(links.url(.thumbnail)?.absoluteString == "https://books.google.com/books/content?id=x&zoom=5")
        #expect(GoogleBooksVolume.ImageLinks.secure("http://127.0.0.1:8406/books/content?id=x")?.scheme == "http")
        #expect(GoogleBooksVolume.ImageLinks().url(.large) == nil)
    }
}
