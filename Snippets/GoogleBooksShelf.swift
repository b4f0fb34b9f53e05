import Foundation
import GoogleBooksClient

/// A book as the app shows it: the title, description, small thumbnail and preview link a book list needs.
struct ShelfBook: Sendable {
    let title: String
    let summary: String?
    let thumbnail: URL?
    let preview: URL?
}

/// An app's search screen: an escaped query, results paged lazily as the list scrolls, Google's
/// errors reported, a cover downloaded with progress, cancellation honoured.
func googleBooksShelf(apiKey: String) async throws -> [ShelfBook] {
    let books = GoogleBooksClient(configuration: GoogleBooksConfiguration(apiKey: apiKey, country: "US"))
    let search = GoogleBooksSearch([.author("Ursula K. Le Guin"), .text("earthsea")], maxResults: 40, orderBy: .newest, printType: .books)

    var shelf: [ShelfBook] = []
    do {
        for try await volume in books.volumes(matching: search) {          // pages of 40, fetched as read
            let info = volume.volumeInfo
            shelf.append(ShelfBook(
                title: info?.title ?? volume.id,
                summary: info?.description,
                thumbnail: info?.imageLinks?.url(.smallThumbnail),         // http links upgraded to https
                preview: info?.previewLink.flatMap(URL.init(string:))
            ))
            if shelf.count == 200 { break }                                // stop paging whenever you like
        }
    } catch let error as GoogleBooksError {
        switch error.code {
        case .rateLimited: print("try again in \(Int(error.retryAfter ?? 60)) s")   // after the retry policy's own tries
        case .unknownLocation: print(error.message)                                  // pass `country`
        default: throw error
        }
    }

    if let cover = shelf.first?.thumbnail {
        let image = try await books.thumbnailData(cover) { received, expected in
            print("\(received) of \(expected.map(String.init) ?? "?") bytes")
        }
        print(image.count)
    }
    return shelf
}
