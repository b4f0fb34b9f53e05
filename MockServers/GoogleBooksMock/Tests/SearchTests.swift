import Foundation
@testable import GoogleBooksMock
import HTTPTypes
import Testing

extension GoogleBooksMockSuite {
    /// The search: every keyword, phrases, Unicode, exclusion and combinations, each checked
    /// against a scan of the whole catalogue.
    @Suite("Google Books mock search")
    struct SearchTests {
        /// The volumes a search finds, as a set of ids, and what a scan finds.
        static func compare(_ books: BooksHarness, _ q: String, _ phrases: [(String, SearchFields)], _ parameters: [(String, String)] = [],
                            where admits: (MockVolume) -> Bool = { _ in true }) async throws -> [String] {
            let found = try await books.allIDs(q, parameters)
            let expected = CatalogueOracle.ids(books.catalogue, phrases, where: admits)
            #expect(Set(found) == Set(expected), "q=\(q): \(found.count) found, \(expected.count) expected")
            #expect(found.count == Set(found).count, "no volume twice")
            let first = try await books.search(q, parameters)
            #expect(first.totalItems == expected.count)
            return found
        }

        @Test("free words must all match title, subtitle, authors, publisher, categories or description; case and accents are ignored")
        func freeText() async throws {
            try await BooksHarness.withRunning { books in
                let found = try await Self.compare(books, "river garden", [("river", .any), ("garden", .any)])
                #expect(!found.isEmpty)
                #expect(try await books.allIDs("RIVER Garden") == found)
                let cafe = try await Self.compare(books, "café", [("cafe", .any)])
                #expect(cafe.count > 3)
                #expect(try await books.allIDs("CAFE") == cafe)
                #expect(try await books.allIDs("Cafe\u{301}") == cafe, "a decomposed é is the same letter")
                let strasse = try await books.allIDs("strasse")
                let sharpS = try await books.allIDs("Straße")
                #expect(!strasse.isEmpty && strasse == sharpS)
            }
        }

        @Test("intitle:, inauthor:, inpublisher: and subject: look in their own fields only", arguments: [
            ("intitle:fox", [("fox", SearchFields([.title, .subtitle]))]),
            ("inauthor:whitfield", [("whitfield", .authors)]),
            ("inauthor:muller", [("müller", .authors)]),
            ("inpublisher:gallimard", [("gallimard", .publisher)]),
            ("subject:poetry", [("poetry", .categories)]),
            ("subject:\"science fiction\"", [("science fiction", .categories)]),
            ("intitle:\"the quick fox\"", [("the quick fox", [.title, .subtitle])]),
            ("inauthor:\"margaret whitfield\"", [("margaret whitfield", .authors)]),
            ("inpublisher:\"penwick press\" intitle:the", [("penwick press", .publisher), ("the", [.title, .subtitle])]),
            ("intitle:café inauthor:dubois", [("café", [.title, .subtitle]), ("dubois", .authors)]),
        ] as [(String, [(String, SearchFields)])])
        func keywords(q: String, phrases: [(String, SearchFields)]) async throws {
            try await BooksHarness.withRunning { books in
                let found = try await Self.compare(books, q, phrases)
                #expect(!found.isEmpty, "the catalogue should hold matches for \(q)")
            }
        }

        @Test("a quoted phrase needs its words adjacent and in order")
        func phrases() async throws {
            try await BooksHarness.withRunning { books in
                let phrase = try await Self.compare(books, "\"the quick fox\"", [("the quick fox", .any)])
                #expect(!phrase.isEmpty)
                let reversed = try await books.allIDs("\"fox quick the\"")
                #expect(Set(reversed).isDisjoint(with: phrase) || reversed.isEmpty)
                let loose = try await books.allIDs("the quick fox")
                #expect(Set(phrase).isSubset(of: Set(loose)))
                let apart = try await books.allIDs("quick the")
                let together = try await books.allIDs("\"quick the\"")
                #expect(!apart.isEmpty && together.isEmpty, "unquoted words match apart, quoted ones only together")
            }
        }

        @Test("Japanese, Chinese, Russian and Arabic text is found without spaces or case", arguments: [
            ("intitle:東京", [("東京", SearchFields([.title, .subtitle]))]),
            ("東京の夜", [("東京の夜", .any)]),
            ("intitle:北京", [("北京", [.title, .subtitle])]),
            ("inauthor:佐藤", [("佐藤", .authors)]),
            ("intitle:МОСКВА", [("москва", [.title, .subtitle])]),
            ("inauthor:петрова", [("петрова", .authors)]),
            ("intitle:القاهرة", [("القاهرة", [.title, .subtitle])]),
        ] as [(String, [(String, SearchFields)])])
        func unicode(q: String, phrases: [(String, SearchFields)]) async throws {
            try await BooksHarness.withRunning { books in
                let found = try await Self.compare(books, q, phrases)
                #expect(!found.isEmpty, "the catalogue should hold matches for \(q)")
            }
        }

        @Test("isbn:, lccn: and oclc: find the volume with that number, with or without hyphens")
        func identifiers() async throws {
            try await BooksHarness.withRunning { books in
                let volumes = books.catalogue.volumes
                let withISBN = try #require(volumes.first { $0.isbn10 != nil && $0.isbn13 != nil })
                #expect(try await books.allIDs("isbn:\(withISBN.isbn13!)").contains(withISBN.id))
                #expect(try await books.allIDs("isbn:\(withISBN.isbn10!)").contains(withISBN.id))
                let hyphenated = String(withISBN.isbn13!.prefix(3)) + "-" + String(withISBN.isbn13!.dropFirst(3))
                #expect(try await books.allIDs("isbn:\(hyphenated)").contains(withISBN.id))
                let withLCCN = try #require(volumes.first { $0.lccn != nil && $0.isbn13 != nil })
                #expect(try await books.allIDs("lccn:\(withLCCN.lccn!)") == [withLCCN.id])
                let withOCLC = try #require(volumes.first { $0.oclc != nil })
                #expect(try await books.allIDs("oclc:\(withOCLC.oclc!)").contains(withOCLC.id))
                let shownOCLC = try #require(volumes.first { $0.identifiers.first?.identifier == "OCLC:\($0.oclc ?? "")" })
                #expect(try await books.allIDs("oclc:\(shownOCLC.oclc!)").contains(shownOCLC.id), "an OTHER identifier OCLC:n is found with oclc:n")
                #expect(try await books.search("isbn:0000000000").json?["items"] == nil)
                let both = try await books.allIDs("isbn:\(withISBN.isbn13!) intitle:\(withISBN.title.split(separator: " ").last!)")
                #expect(both == [withISBN.id])
            }
        }

        @Test("a leading - excludes what follows")
        func exclusion() async throws {
            try await BooksHarness.withRunning { books in
                let all = Set(try await books.allIDs("intitle:history"))
                let excluded = Set(try await books.allIDs("intitle:history -subject:europe"))
                #expect(!excluded.isEmpty && excluded.count < all.count)
                for id in excluded {
                    let volume = try #require(books.catalogue.volume(id: id))
                    #expect(!CatalogueOracle.contains(volume, phrase: "europe", in: .categories))
                }
            }
        }

        @Test("orderBy=newest sorts by publishedDate, newest first; relevance puts title matches before description matches")
        func ordering() async throws {
            try await BooksHarness.withRunning { books in
                let newest = try await books.allIDs("river", [("orderBy", "newest")])
                let keys = newest.compactMap { books.catalogue.volume(id: $0)?.dateKey }
                #expect(keys == keys.sorted(by: >) && keys.count > 10)
                let relevance = try await books.allIDs("river")
                #expect(Set(relevance) == Set(newest) && relevance != newest)
                let inTitle = relevance.map { CatalogueOracle.contains(books.catalogue.volume(id: $0)!, phrase: "river", in: .title) }
                let firstOther = inTitle.firstIndex(of: false) ?? inTitle.count
                #expect(!inTitle[..<firstOther].isEmpty && !inTitle[firstOther...].contains(true), "every title match ranks above the rest")
                #expect(try await books.allIDs("river", [("orderBy", "NEWEST")]) == newest, "enum values in any case")
                #expect(try await books.allIDs("river", [("orderBy", "relevance")]) == relevance)
            }
        }

        @Test("printType, filter, download, langRestrict and maxAllowedMaturityRating filter as Google describes them", arguments: [
            ("printType", "magazines"), ("printType", "BOOKS"), ("filter", "free-ebooks"), ("filter", "paid-ebooks"),
            ("filter", "full"), ("filter", "partial"), ("filter", "ebooks"), ("download", "epub"), ("langRestrict", "fr"),
            ("langRestrict", "zh"), ("maxAllowedMaturityRating", "not-mature"),
        ])
        func filters(name: String, value: String) async throws {
            try await BooksHarness.withRunning { books in
                let admits: (MockVolume) -> Bool = switch (name, value) {
                case ("printType", "magazines"): { $0.printType == .magazine }
                case ("printType", _): { $0.printType == .book }
                case ("filter", "free-ebooks"): { $0.sale.saleability == "FREE" }
                case ("filter", "paid-ebooks"): { $0.sale.saleability == "FOR_SALE" }
                case ("filter", "full"): { $0.access.viewability == "ALL_PAGES" }
                case ("filter", "partial"): { $0.access.viewability != "NO_PAGES" }
                case ("filter", _): { $0.sale.isEbook }
                case ("download", _): { $0.access.epub.isAvailable }
                case ("langRestrict", "fr"): { $0.language == "fr" }
                case ("langRestrict", _): { $0.language == "zh-CN" }
                default: { !$0.isMature }
                }
                let query = name == "langRestrict" ? (value == "fr" ? "la" : "的") : value == "magazines" ? "the" : "river"
                let found = try await Self.compare(books, query, [(query, .any)], [(name, value)], where: admits)
                #expect(!found.isEmpty)
                let reply = try await books.search(query, [(name, value), ("maxResults", "40")])
                for item in reply.items {
                    let info = try #require(item["volumeInfo"] as? [String: Any])
                    let sale = try #require(item["saleInfo"] as? [String: Any])
                    let access = try #require(item["accessInfo"] as? [String: Any])
                    switch (name, value) {
                    case ("printType", "magazines"): #expect(info["printType"] as? String == "MAGAZINE")
                    case ("printType", _): #expect(info["printType"] as? String == "BOOK")
                    case ("filter", "free-ebooks"): #expect(sale["saleability"] as? String == "FREE")
                    case ("filter", "paid-ebooks"): #expect(sale["saleability"] as? String == "FOR_SALE" && sale["listPrice"] != nil)
                    case ("filter", "full"): #expect(access["viewability"] as? String == "ALL_PAGES")
                    case ("filter", "ebooks"): #expect(sale["isEbook"] as? Bool == true)
                    case ("download", _): #expect((access["epub"] as? [String: Any])?["isAvailable"] as? Bool == true)
                    case ("langRestrict", "fr"): #expect(info["language"] as? String == "fr")
                    default: break
                    }
                }
            }
        }

        @Test("preorders show only with showPreorders=true")
        func preorders() async throws {
            try await BooksHarness.withRunning { books in
                let preorder = try #require(books.catalogue.volumes.first { $0.sale.saleability == "FOR_PREORDER" && $0.isbn13 != nil })
                #expect(try await books.allIDs("isbn:\(preorder.isbn13!)").isEmpty)
                let shown = try await books.search("isbn:\(preorder.isbn13!)", [("showPreorders", "true")])
                #expect(shown.ids == [preorder.id])
                let sale = try #require(shown.items.first?["saleInfo"] as? [String: Any])
                #expect(sale["saleability"] as? String == "FOR_PREORDER" && sale["onSaleDate"] as? String != nil)
            }
        }

        @Test("a query of unknown words, only punctuation or an empty keyword finds nothing, without items")
        func nothing() async throws {
            try await BooksHarness.withRunning { books in
                for q in ["zzzqqqxxy", "\"\"", "intitle:", "!!!"] {
                    let reply = try await books.search(q)
                    #expect(reply.status == .ok && reply.totalItems == 0, "\(q)")
                    #expect(reply.json?["items"] == nil && reply.json?["kind"] as? String == "books#volumes")
                }
            }
        }
    }
}
