import Foundation
@testable import GoogleBooksMock
import HTTPTypes
import Testing
import TestSupport

extension GoogleBooksMockSuite {
    /// Every kind of response the mock gives is checked against Google's own discovery document:
    /// searches (full, lite, every filter, partial responses) against `Volumes`, lookups (full and
    /// lite, of every kind of volume) against `Volume`.
    ///
    /// Skips when the document is missing (`pip install google-api-python-client`, or
    /// `BOOKS_DISCOVERY_DOCUMENT`), unless `CI=true`, where a missing document fails the test.
    @Suite("Google Books mock against the discovery document")
    struct SchemaTests {
        @Test(
            "searches and lookups hold only what the Volumes and Volume schemas declare, each of its declared type",
            .enabled(Comment(rawValue: DiscoverySchema.missingMessage)) { await DiscoverySchema.documentURL != nil || TestEnvironment.isCI }
        )
        func responsesMatchTheSchemas() async throws {
            let url = try #require(await DiscoverySchema.documentURL, Comment(rawValue: DiscoverySchema.missingMessage))
            let schema = try DiscoverySchema(url: url)
            var checked = 0
            var seen: Set<String> = []
            try await BooksHarness.withRunning { books in

                func validate(_ reply: BooksHarness.Reply, _ name: String, _ label: String) throws {
                    #expect(reply.status == .ok, "\(label): \(reply.text.prefix(300))")
                    let problems = schema.problems(try JSONTree.parse(reply.body), against: name)
                    #expect(problems.isEmpty, "\(label): \(problems.prefix(10).joined(separator: "; "))")
                    checked += 1
                    Self.collectPaths(try JSONTree.parse(reply.body), "", into: &seen)
                }

                let searches: [[(String, String)]] = [
                    [], [("projection", "lite")], [("projection", "LITE"), ("printType", "magazines")], [("printType", "magazines")],
                    [("filter", "free-ebooks")], [("filter", "paid-ebooks")], [("download", "epub")], [("showPreorders", "true"), ("orderBy", "newest")],
                    [("langRestrict", "ja")], [("fields", "totalItems,items(id,volumeInfo/title)")], [("fields", "items/volumeInfo(title,authors,imageLinks)")],
                    [("fields", "*")], [("fields", "kind")], [("maxResults", "0")], [("startIndex", "100000")],
                ]
                for (q, variants) in [("the", searches), ("の", [[("langRestrict", "ja")]]), ("и", [[("langRestrict", "ru")]]), ("東京", [[]])] {
                    for extra in variants {
                        let paged = !extra.contains { $0.0 == "startIndex" || $0.0 == "maxResults" }
                        for start in paged && extra.isEmpty ? ["0", "40", "80"] : ["0"] {
                            let reply = try await books.search(q, extra + (paged ? [("startIndex", start), ("maxResults", "40")] : []))
                            try validate(reply, "Volumes", "search q=\(q) \(extra) from \(start)")
                        }
                    }
                }
                let volumes = books.catalogue.volumes
                var chosen = Array(volumes.prefix(40))
                for predicate: (MockVolume) -> Bool in [
                    { $0.printType == .magazine }, { $0.hasLayers && $0.cover?.hasLargeSizes == true }, { $0.access.publicDomain },
                    { $0.sale.saleability == "FOR_PREORDER" }, { $0.sale.saleability == "FREE" && !$0.access.publicDomain }, { $0.isMature },
                    { $0.dimensions != nil && $0.categoryPaths.count > 1 }, { $0.identifiers.first?.type == "OTHER" },
                ] {
                    if let volume = volumes.first(where: predicate) { chosen.append(volume) }
                }
                for volume in chosen {
                    try validate(try await books.get("/books/v1/volumes/\(volume.id)"), "Volume", "lookup \(volume.id)")
                    try validate(try await books.get("/books/v1/volumes/\(volume.id)?projection=lite"), "Volume", "lite lookup \(volume.id)")
                }
            }
            #expect(checked > 100)
            // The walk reached every part of the schema the mock fills in.
            for path in ["items.volumeInfo.industryIdentifiers.identifier", "items.saleInfo.offers.listPrice.amountInMicros", "items.saleInfo.listPrice.amount",
                         "items.accessInfo.epub.downloadLink", "items.accessInfo.pdf.acsTokenLink", "items.searchInfo.textSnippet", "items.volumeInfo.averageRating",
                         "items.volumeInfo.imageLinks.smallThumbnail", "items.saleInfo.onSaleDate", "layerInfo.layers.layerId", "volumeInfo.dimensions.height",
                         "volumeInfo.imageLinks.large", "volumeInfo.printedPageCount", "volumeInfo.panelizationSummary.containsEpubBubbles"] {
                #expect(seen.contains(path), "no response had \(path)")
            }
        }

        /// Every member path (arrays flattened) in `value`.
        static func collectPaths(_ value: JSONTree, _ prefix: String, into paths: inout Set<String>) {
            switch value {
            case .object(let members):
                for (key, member) in members {
                    let path = prefix.isEmpty ? key : "\(prefix).\(key)"
                    paths.insert(path)
                    collectPaths(member, path, into: &paths)
                }
            case .array(let elements):
                for element in elements { collectPaths(element, prefix, into: &paths) }
            default:
                break
            }
        }

        @Test(
            "the walker itself refuses what the schema does not allow",
            .enabled(Comment(rawValue: DiscoverySchema.missingMessage)) { await DiscoverySchema.documentURL != nil || TestEnvironment.isCI }
        )
        func walkerCatchesMistakes() async throws {
            let url = try #require(await DiscoverySchema.documentURL, Comment(rawValue: DiscoverySchema.missingMessage))
            let schema = try DiscoverySchema(url: url)
            let bad = try JSONTree.parse(Array(#"{"kind":"books#volumes","totalItems":"3","items":[{"id":1,"volumeInfo":{"pageCount":2.5,"title":true,"invented":1,"imageLinks":{"thumbnail":"x"}}}]}"#.utf8))
            let problems = schema.problems(bad, against: "Volumes")
            #expect(problems.contains { $0.hasSuffix("totalItems: expected integer (int32), got string") })
            #expect(problems.contains { $0.contains("items[0].id: expected string") })
            #expect(problems.contains { $0.contains("pageCount: expected integer (int32), got number") })
            #expect(problems.contains { $0.contains("title: expected string, got boolean") })
            #expect(problems.contains { $0.contains("invented: not a property of the schema") })
            #expect(problems.count == 5, "\(problems)")
            let good = try JSONTree.parse(Array(#"{"saleInfo":{"listPrice":{"amount":4,"currencyCode":"USD"}},"userInfo":{"rentalPeriod":{"endUtcSec":"123"}}}"#.utf8))
            #expect(schema.problems(good, against: "Volume").isEmpty, "a whole number is a valid double; int64 travels as a string")
        }
    }
}
