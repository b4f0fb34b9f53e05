import Foundation
@testable import GoogleBooksMock
import HTTPTypes
import HummingbirdTesting
import MockServerKit
import MockServerTesting
import Testing

extension GoogleBooksMockSuite {
    /// What a response holds: projections, partial responses, pretty printing, paging, lookups and
    /// the links built from the request's host.
    @Suite("Google Books mock responses")
    struct ResponseTests {
        @Test("a search answers books#volumes with totalItems and items of books#volume, pretty-printed as Google does")
        func shape() async throws {
            try await BooksHarness.withRunning { books in
                let reply = try await books.search("intitle:river")
                #expect(reply.status == .ok)
                #expect(reply.headers[.contentType] == "application/json; charset=UTF-8")
                #expect(reply.text.hasPrefix("{\n  \"kind\": \"books#volumes\",\n  \"totalItems\": "))
                #expect(reply.items.count == 10)
                let item = try #require(reply.items.first)
                #expect(item["kind"] as? String == "books#volume")
                let id = try #require(item["id"] as? String)
                #expect(item["selfLink"] as? String == "\(books.server.baseURL)/books/v1/volumes/\(id)")
                let info = try #require(item["volumeInfo"] as? [String: Any])
                #expect((info["title"] as? String)?.isEmpty == false)
                #expect(reply.text.contains("\\u0026"), "& in links is written \\u0026, as Google writes it")
                #expect(!reply.text.contains("&printsec"))
            }
        }

        @Test("search results carry a textSnippet with the searched words in <b>; lookups carry none")
        func snippets() async throws {
            try await BooksHarness.withRunning { books in
                let reply = try await books.search("river", [("maxResults", "40")])
                let snippets = reply.items.compactMap { ($0["searchInfo"] as? [String: Any])?["textSnippet"] as? String }
                #expect(!snippets.isEmpty)
                #expect(snippets.contains { $0.contains("<b>") && $0.lowercased().contains("river") })
                #expect(reply.text.contains("\\u003cb\\u003e"))
                let lookup = try await books.get("/books/v1/volumes/\(reply.ids[0])")
                #expect(lookup.json?["searchInfo"] == nil)
                let japanese = try await books.search("東京", [("maxResults", "40")])
                let marked = japanese.items.compactMap { ($0["searchInfo"] as? [String: Any])?["textSnippet"] as? String }
                #expect(marked.contains { $0.contains("<b>東京</b>") }, "ideographs are marked as the run searched for")
                #expect(!marked.contains { $0.contains("<b>京都") })
            }
        }

        @Test("projection=lite leaves out the description, identifiers, counts, categories, ratings and sale details; in any case")
        func projection() async throws {
            try await BooksHarness.withRunning { books in
                let full = try await books.search("river", [("maxResults", "40")])
                let infos = full.items.compactMap { $0["volumeInfo"] as? [String: Any] }
                #expect(infos.contains { $0["description"] != nil && $0["industryIdentifiers"] != nil && $0["pageCount"] != nil })
                #expect(full.items.contains { ($0["saleInfo"] as? [String: Any])?["listPrice"] != nil })
                for spelling in ["lite", "LITE", "Lite"] {
                    let lite = try await books.search("river", [("maxResults", "40"), ("projection", spelling)])
                    #expect(lite.ids == full.ids)
                    for item in lite.items {
                        let info = try #require(item["volumeInfo"] as? [String: Any])
                        for dropped in ["description", "industryIdentifiers", "pageCount", "categories", "averageRating", "ratingsCount", "printType"] {
                            #expect(info[dropped] == nil, "\(dropped) in lite")
                        }
                        #expect(info["title"] != nil && info["readingModes"] != nil)
                        let sale = try #require(item["saleInfo"] as? [String: Any])
                        #expect(Set(sale.keys).isSubset(of: ["country", "saleability", "isEbook"]))
                        let access = try #require(item["accessInfo"] as? [String: Any])
                        #expect(access["textToSpeechPermission"] == nil && access["viewability"] != nil)
                        #expect(((access["epub"] as? [String: Any]) ?? [:]).keys.sorted() == ["isAvailable"])
                    }
                }
                let fullAgain = try await books.search("river", [("maxResults", "40"), ("projection", "FULL")])
                #expect(fullAgain.body == full.body)
            }
        }

        @Test("fields selects members in Google's syntax", arguments: [
            ("totalItems,items(id,volumeInfo/title)", ["totalItems", "items"], ["id", "volumeInfo"], ["title"]),
            ("items/volumeInfo(title,authors)", ["items"], ["volumeInfo"], ["title", "authors"]),
            ("items(volumeInfo(title),id),kind", ["kind", "items"], ["id", "volumeInfo"], ["title"]),
            ("items/id,items/volumeInfo/title", ["items"], ["id", "volumeInfo"], ["title"]),
            ("items/*/title", ["items"], ["volumeInfo"], ["title"]),
            (" items ( id ) ", ["items"], ["id"], []),
            ("*", ["kind", "totalItems", "items"], ["kind", "id", "etag", "selfLink", "volumeInfo", "saleInfo", "accessInfo", "searchInfo"], nil),
        ] as [(String, Set<String>, Set<String>, Set<String>?)])
        func fields(selection: String, top: Set<String>, item: Set<String>, info: Set<String>?) async throws {
            try await BooksHarness.withRunning { books in
                let reply = try await books.search("inauthor:whitfield", [("fields", selection)])
                #expect(reply.status == .ok, "\(reply.text)")
                #expect(Set(try #require(reply.json).keys) == top, "\(selection)")
                #expect(!reply.items.isEmpty)
                for element in reply.items {
                    if let info {
                        #expect(Set(element.keys) == item, "\(selection): \(element.keys.sorted())")
                        if let volumeInfo = element["volumeInfo"] as? [String: Any] {
                            #expect(Set(volumeInfo.keys).isSubset(of: info) && volumeInfo["title"] != nil)
                        }
                    } else {
                        #expect(Set(element.keys).isSubset(of: item) && element["volumeInfo"] != nil, "\(selection): \(element.keys.sorted())")
                    }
                }
            }
        }

        @Test("fields with nothing that exists leaves an empty object; fields applies to lookups too")
        func fieldsEdges() async throws {
            try await BooksHarness.withRunning { books in
                #expect(try await books.search("river", [("fields", "nothing")]).text == "{}\n")
                let id = try #require(try await books.search("river").ids.first)
                let lookup = try await books.get("/books/v1/volumes/\(id)?fields=id,volumeInfo(title)")
                #expect(Set(lookup.json?.keys ?? [:].keys) == ["id", "volumeInfo"])
            }
        }

        @Test("prettyPrint=false writes compact JSON; true and the default write Google's indentation")
        func prettyPrint() async throws {
            try await BooksHarness.withRunning { books in
                let compact = try await books.search("river", [("prettyPrint", "false")])
                #expect(!compact.text.contains("\n") && compact.text.hasPrefix("{\"kind\":\"books#volumes\",\"totalItems\":"))
                let pretty = try await books.search("river", [("prettyPrint", "TRUE")])
                let standard = try await books.search("river")
                #expect(pretty.body == standard.body && standard.text.contains("\n      \"kind\": \"books#volume\""))
                #expect(NSDictionary(dictionary: try #require(compact.json)) == NSDictionary(dictionary: try #require(pretty.json)))
                let error = try await books.search(nil, [("prettyPrint", "false")])
                #expect(error.status == .badRequest && !error.text.contains("\n"))
            }
        }

        @Test("paging: pages never overlap and together give every match; past the end there are no items; maxResults=0 gives none")
        func paging() async throws {
            try await BooksHarness.withRunning { books in
                let all = try await books.allIDs("river")
                let total = try #require(try await books.search("river").totalItems)
                #expect(all.count == total && Set(all).count == all.count)
                var pages: [String] = []
                for start in stride(from: 0, to: total, by: 7) {
                    let page = try await books.search("river", [("startIndex", String(start)), ("maxResults", "7")])
                    #expect(page.totalItems == total)
                    pages += page.ids
                }
                #expect(pages == all)
                let past = try await books.search("river", [("startIndex", String(total))])
                #expect(past.status == .ok && past.totalItems == total && past.json?["items"] == nil)
                let far = try await books.search("river", [("startIndex", "2147483647")])
                #expect(far.status == .ok && far.json?["items"] == nil)
                let none = try await books.search("river", [("maxResults", "0")])
                #expect(none.totalItems == total && none.json?["items"] == nil)
                let forty = try await books.search("the", [("maxResults", "40")])
                #expect(forty.items.count == 40)
            }
        }

        @Test("shiftingTotals moves totalItems a little from page to page; the items stay the same")
        func shiftingTotals() async throws {
            try await BooksHarness.withRunning(GoogleBooksMockOptions(shiftingTotals: true)) { books in
                let stable = CatalogueOracle.ids(books.catalogue, [("the", .any)])
                var totals: Set<Int> = []
                var ids: [String] = []
                for start in stride(from: 0, to: 400, by: 40) {
                    let page = try await books.search("the", [("startIndex", String(start)), ("maxResults", "40"), ("fields", "totalItems,items/id")])
                    let total = try #require(page.totalItems)
                    totals.insert(total)
                    #expect(abs(total - stable.count) <= max(1, stable.count / 50))
                    ids += page.ids
                }
                #expect(totals.count > 1, "totals should shift between pages")
                #expect(Set(ids).count == ids.count)
                let again = try await books.search("the", [("startIndex", "40"), ("fields", "totalItems")])
                let repeated = try await books.search("the", [("startIndex", "40"), ("fields", "totalItems")])
                #expect(again.totalItems == repeated.totalItems, "the same page, the same total")
            }
        }

        @Test("a lookup gives the whole volume: HTML description, category paths, page counts, larger images; LITE trims it")
        func lookup() async throws {
            try await BooksHarness.withRunning { books in
                let volume = try #require(books.catalogue.volumes.first { $0.cover?.hasLargeSizes == true && $0.dimensions != nil && !$0.paragraphs.isEmpty && $0.hasLayers && $0.categoryPaths.count > 0 })
                let reply = try await books.get("/books/v1/volumes/\(volume.id)")
                #expect(reply.status == .ok)
                let json = try #require(reply.json)
                #expect(json["kind"] as? String == "books#volume" && json["id"] as? String == volume.id && json["etag"] as? String == volume.etag)
                let info = try #require(json["volumeInfo"] as? [String: Any])
                #expect((info["description"] as? String)?.hasPrefix("<p>") == true)
                #expect((info["categories"] as? [String])?.first?.contains(" / ") == true)
                #expect((info["dimensions"] as? [String: String])?["height"]?.hasSuffix(" cm") == true)
                let links = try #require(info["imageLinks"] as? [String: String])
                #expect(Set(links.keys) == ["smallThumbnail", "thumbnail", "small", "medium", "large"])
                #expect(json["layerInfo"] != nil)
                let lite = try await books.get("/books/v1/volumes/\(volume.id)?projection=lite")
                #expect((lite.json?["volumeInfo"] as? [String: Any])?["description"] == nil && lite.json?["layerInfo"] == nil)
            }
        }

        @Test("selfLink and image links use the request's host and port")
        func linksFollowTheHost() async throws {
            try await BooksHarness.withRunning { books in
                let response = try await MockHTTP.send(.get, "/books/v1/volumes?q=river&maxResults=40", to: books.server.baseURL, authority: "books.example.test:8406")
                let text = MockHTTP.text(response)
                #expect(text.contains("\"selfLink\": \"http://books.example.test:8406/books/v1/volumes/"))
                #expect(text.contains("\"thumbnail\": \"http://books.example.test:8406/books/content?id="), "links as Google writes them: = as is, & as \\u0026")
                let hostile = try await MockHTTP.send(.get, "/books/v1/volumes?q=river", to: books.server.baseURL, authority: "evil\"host/x")
                #expect(hostile.status == .ok && MockHTTP.text(hostile).contains("\"selfLink\": \"http://localhost/books/v1/volumes/"))
            }
        }

        @Test("the journal says what was searched and how it went")
        func journal() async throws {
            try await BooksHarness.withRunning { books in
                _ = try await books.search("river")
                let reason = await books.lastReason()
                #expect(reason.hasPrefix("search: ") && reason.contains("matches"))
            }
        }
    }
}
