import Foundation
@testable import GoogleBooksMock
import HTTPTypes
import MockServerKit
import Testing

extension GoogleBooksMockSuite {
    @Suite("Google Books mock options")
    struct GoogleBooksMockOptionsTests {
        @Test("the defaults: 5000 volumes from seed 2011, no key required, no rate limit, stable totals")
        func defaults() {
            let options = GoogleBooksMockOptions()
            #expect(options.catalogueSize == 5000 && options.seed == 2011)
            #expect(!options.requiresKey && options.rateLimitPerMinute == nil && !options.shiftingTotals)
            #expect(GoogleBooksMockProvider().name == "googlebooks")
            #expect(GoogleBooksMockProvider().demoCredentials == ["apiKey": GoogleBooksMockProvider.apiKey])
        }

        @Test("JSON options take strings and numbers alike; unknown names and bad ranges are refused by name")
        func decoding() throws {
            let decoded = try JSONDecoder().decode(GoogleBooksMockOptions.self, from: Data(
                #"{"catalogueSize":"300","seed":7,"requiresKey":"true","rateLimitPerMinute":"60","shiftingTotals":true}"#.utf8))
            #expect(decoded == GoogleBooksMockOptions(catalogueSize: 300, seed: 7, requiresKey: true, rateLimitPerMinute: 60, shiftingTotals: true))
            let encoded = try JSONEncoder().encode(decoded)
            #expect(try JSONDecoder().decode(GoogleBooksMockOptions.self, from: encoded) == decoded)
            #expect(throws: MockServerError.self) {
                try JSONDecoder().decode(GoogleBooksMockOptions.self, from: Data(#"{"size":60}"#.utf8))
            }
            #expect(throws: MockServerError.self) {
                try JSONDecoder().decode(GoogleBooksMockOptions.self, from: Data(#"{"requiresKey":"perhaps"}"#.utf8))
            }
            for (options, name) in [(GoogleBooksMockOptions(catalogueSize: 0), "catalogueSize"), (GoogleBooksMockOptions(catalogueSize: 50_001), "catalogueSize"),
                                    (GoogleBooksMockOptions(seed: -1), "seed"), (GoogleBooksMockOptions(rateLimitPerMinute: 0), "rateLimitPerMinute")] {
                let error = #expect(throws: MockServerError.self) { try options.validate() }
                #expect(error?.message.contains(name) == true)
            }
        }

        @Test("a server refuses to start with a bad option, naming the provider")
        func refusedAtStart() async {
            let error = await #expect(throws: MockServerError.self) {
                try await MockServer.withRunning(GoogleBooksMockProvider(options: GoogleBooksMockOptions(rateLimitPerMinute: 0))) { _ in }
            }
            #expect(error?.message.contains("googlebooks") == true)
        }

        @Test("a small catalogue from another seed serves searches and lookups")
        func smallCatalogue() async throws {
            try await BooksHarness.withRunning(GoogleBooksMockOptions(catalogueSize: 50, seed: 99)) { books in
                let reply = try await books.search("a", [("maxResults", "40")])
                #expect(reply.status == .ok && (reply.totalItems ?? 0) <= 50)
                let id = try #require(books.catalogue.volumes.first?.id)
                #expect(try await books.get("/books/v1/volumes/\(id)").status == .ok)
            }
        }
    }
}
