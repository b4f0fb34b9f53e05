import Foundation
@testable import GoogleBooksMock
import SigningCore
import Testing

extension GoogleBooksMockSuite {
    /// Search results copied from templates are the results rendered: for hostile values in
    /// every hole, for volumes with and without a snippet, in both projections and layouts; a
    /// volume that cannot have a template and a spent budget fall back to rendering, with the
    /// same bytes. (`GoldenAnswerTests` pins whole answers.)
    @Suite("Google Books mock search results from templates")
    struct TemplateTests {
        static func catalogue() async -> BookCatalogue {
            let options = GoogleBooksMockOptions()
            return await BookCatalogue.shared(size: options.catalogueSize, seed: UInt64(options.seed))
        }

        /// Values a request can put in the holes, escapes and non-ASCII text included.
        static let samples: [(baseURL: String, result: VolumeRendering.SearchResult)] = [
            ("http://127.0.0.1:1", .init(encodedQuery: "the", number: "1", snippet: "")),
            ("http://[::1]:65535", .init(encodedQuery: PercentEncoding.encode("東京 \"fox\" <b>&'"), number: "2147483647",
                                        snippet: "<b>a</b> &#39;b&#39; \"c\" \\ \u{1}\n\t 東京 ...")),
            ("http://localhost", .init(encodedQuery: "", number: "40", snippet: "\u{E000}\u{E003} stays text")),
        ]

        @Test("a filled template is the rendered result, in both projections and layouts", arguments: [Projection.full, .lite], [true, false])
        func filled(projection: Projection, pretty: Bool) async throws {
            let catalogue = await Self.catalogue()
            var withSnippet = 0
            var withoutSnippet = 0
            for position in stride(from: 0, to: catalogue.volumes.count, by: 11) {
                let volume = catalogue.volumes[position]
                let template = try #require(VolumeTemplate(volume, catalogue.texts[position], catalogue.snippets[position], projection: projection, pretty: pretty, depth: SearchTemplates.resultDepth))
                let hasSnippet = !catalogue.snippets[position].sentences.isEmpty
                if hasSnippet { withSnippet += 1 } else { withoutSnippet += 1 }
                for (baseURL, sample) in Self.samples {
                    var result = sample
                    if !hasSnippet { result.snippet = nil }
                    var filled: [UInt8] = []
                    template.write(into: &filled, baseURL: baseURL, result)
                    var rendered: [UInt8] = []
                    VolumeRendering(baseURL: baseURL, projection: projection).json(volume, catalogue.texts[position], .search(result))
                        .write(into: &rendered, pretty: pretty, depth: SearchTemplates.resultDepth)
                    #expect(filled == rendered, "volume \(position), \(baseURL)")
                }
            }
            #expect(withSnippet > 100 && withoutSnippet > 0, "both kinds of volume are covered")
        }

        @Test("a volume whose own text holds a hole's marker gets no template")
        func markerInText() async throws {
            let catalogue = await Self.catalogue()
            var volume = catalogue.volumes[0]
            volume.title += " \u{E000}"
            #expect(VolumeTemplate(volume, VolumeText(volume), SnippetText(volume), projection: .full, pretty: true, depth: SearchTemplates.resultDepth) == nil)
            #expect(VolumeTemplate(catalogue.volumes[0], catalogue.texts[0], catalogue.snippets[0], projection: .full, pretty: true, depth: SearchTemplates.resultDepth) != nil)
        }

        @Test("past its budget the cache makes no new template but keeps the ones it holds")
        func budget() async throws {
            let catalogue = await Self.catalogue()
            let templates = SearchTemplates(budget: 1)
            // The first batch is made whole and kept while the budget lasts (its first
            // template spends it); after that nothing new is made, and what is kept is used.
            #expect(templates.templates([0, 1], of: catalogue, projection: .full, pretty: true).map { $0 != nil } == [true, true])
            #expect(templates.templates([2, 1, 0], of: catalogue, projection: .full, pretty: true).map { $0 != nil } == [false, false, true])
            #expect(templates.templates([0], of: catalogue, projection: .lite, pretty: true).map { $0 != nil } == [false])
            #expect(SearchTemplates(budget: 0).templates([0, 3], of: catalogue, projection: .full, pretty: true).map { $0 != nil } == [false, false])
        }

        @Test("a page from templates is the page rendered, and the tree's page", arguments: [
            [("q", "the"), ("maxResults", "40")],
            [("q", "de"), ("startIndex", "3"), ("prettyPrint", "false")],
            [("q", "東京の夜"), ("projection", "lite")],
            [("q", "\"a history of\""), ("maxResults", "40"), ("startIndex", "3")],
            [("q", "zzqqxx")],
        ])
        func page(parameters: [(String, String)]) async throws {
            let catalogue = await Self.catalogue()
            let query = QueryParameters(fields: parameters.map { FormField($0.0, $0.1) })
            let search = try VolumeSearch(query)
            let pretty = parameters.first { $0.0 == "prettyPrint" }?.1 != "false"
            let (total, page) = catalogue.search(search)
            let baseURL = "http://127.0.0.1:8080"
            let templated = SearchPage(catalogue: catalogue, templates: catalogue.templates, search: search, baseURL: baseURL, pretty: pretty).written(total: total, page: page)
            let rendered = SearchPage(catalogue: catalogue, templates: SearchTemplates(budget: 0), search: search, baseURL: baseURL, pretty: pretty).written(total: total, page: page)
            #expect(templated == rendered)
            // The tree a `fields` request starts from, selecting everything, writes the same bytes.
            let everything = try #require(try FieldSelection.parse("kind,totalItems,items"))
            let tree = SearchPage(catalogue: catalogue, templates: catalogue.templates, search: search, baseURL: baseURL, pretty: pretty).tree(total: total, page: page, selection: everything)
            #expect(everything.apply(to: tree).written(pretty: pretty) == templated)
            // A selection without `searchInfo` cuts no snippets and selects what it selects of the whole.
            let titles = try #require(try FieldSelection.parse("items(id,volumeInfo/title)"))
            let trimmed = SearchPage(catalogue: catalogue, templates: catalogue.templates, search: search, baseURL: baseURL, pretty: pretty).tree(total: total, page: page, selection: titles)
            #expect(titles.apply(to: trimmed) == titles.apply(to: tree))
            let json = try #require(try JSONSerialization.jsonObject(with: Data(templated)) as? [String: Any])
            #expect(json["totalItems"] as? Int == total)
            #expect((json["items"] as? [Any])?.count ?? 0 == page.count)
        }
    }
}
