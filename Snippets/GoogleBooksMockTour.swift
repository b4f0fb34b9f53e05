import Foundation
import GoogleBooksClient
import GoogleBooksMock
import MockServerKit

/// GoogleBooksClient against the Google Books mock in-process: a key required, a rate limit,
/// and totals that shift between pages as Google's do.
func googleBooksMockTour() async throws {
    let provider = GoogleBooksMockProvider(options: GoogleBooksMockOptions(requiresKey: true, rateLimitPerMinute: 600, shiftingTotals: true))
    try await MockServer.withRunning(provider) { server in
        let books = try server.client(GoogleBooksMockProvider.self)  // a GoogleBooksClient with the demo key
        let page = try await books.search(GoogleBooksSearch([.title("river")], maxResults: 20))
        print(page.totalItems ?? 0, page.items?.count ?? 0)
        if let id = page.items?.first?.id {
            print(try await books.volume(id: id).volumeInfo?.title ?? "")
        }
    }
}
