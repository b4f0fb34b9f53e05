import Foundation
import GoogleBooksClient
import GoogleBooksMock
import MockServerKit
import Testing

/// GoogleBooksClient against the in-process Google Books mock over real HTTP: searches, the
/// lazily paged sequence (stable and shifting totals), lookups, covers, and refusals by code.
@Suite("GoogleBooksClient against the Google Books mock")
struct GoogleBooksClientTests {
    static func client(_ server: MockServer, key: String? = nil) -> GoogleBooksClient {
        GoogleBooksClient(configuration: GoogleBooksConfiguration(baseURL: server.baseURL, apiKey: key ?? server.providers[0].credentials["apiKey"]))
    }

    @Test("a search, its lookup and its cover decode into the client's models")
    func searchLookupCover() async throws {
        try await MockServer.withRunning(GoogleBooksMockProvider()) { server in
            let books = Self.client(server)
            let page = try await books.search(GoogleBooksSearch([.title("river")], maxResults: 40))
            let items = try #require(page.items)
            #expect((page.totalItems ?? 0) >= items.count && items.count > 10)
            #expect(items.allSatisfy { ($0.volumeInfo?.title ?? "").lowercased().contains("river") || ($0.volumeInfo?.subtitle ?? "").lowercased().contains("river") })
            let first = try #require(items.first { $0.volumeInfo?.imageLinks != nil })
            let volume = try await books.volume(id: first.id)
            #expect(volume.id == first.id && volume.volumeInfo?.title == first.volumeInfo?.title)
            let cover = try #require(volume.volumeInfo?.imageLinks?.url(.thumbnail))
            let png = try await books.thumbnailData(cover)
            #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
            let lite = try await books.search(GoogleBooksSearch([.title("river")], projection: .lite))
            #expect(lite.items?.allSatisfy { $0.volumeInfo?.description == nil } == true)
        }
    }

    @Test("the paged sequence gives every match once, with stable and with shifting totals", arguments: [false, true])
    func paging(shifting: Bool) async throws {
        try await MockServer.withRunning(GoogleBooksMockProvider(options: GoogleBooksMockOptions(shiftingTotals: shifting))) { server in
            let books = Self.client(server)
            let search = GoogleBooksSearch([.text("river")], maxResults: 40)
            var ids: [String] = []
            for try await volume in books.volumes(matching: search) { ids.append(volume.id) }
            let total = try #require(try await books.search(GoogleBooksSearch([.text("river")], maxResults: 0)).totalItems)
            #expect(Set(ids).count == ids.count)
            if !shifting { #expect(ids.count == total) } else { #expect(abs(ids.count - total) <= max(1, total / 50)) }
        }
    }

    @Test("refusals arrive as the client's codes: unknown volume, missing and wrong keys")
    func refusals() async throws {
        try await MockServer.withRunning(GoogleBooksMockProvider(options: GoogleBooksMockOptions(requiresKey: true))) { server in
            await #expect { try await Self.client(server).volume(id: "nonexistent0") } throws: { ($0 as? GoogleBooksError)?.code == .notFound }
            let keyless = GoogleBooksClient(configuration: GoogleBooksConfiguration(baseURL: server.baseURL))
            await #expect { try await keyless.search(GoogleBooksSearch([.text("river")])) } throws: { ($0 as? GoogleBooksError)?.code == .forbidden }
            await #expect { try await Self.client(server, key: "AIzaWrong").search(GoogleBooksSearch([.text("river")])) } throws: {
                ($0 as? GoogleBooksError)?.code == .keyInvalid
            }
        }
    }
}
