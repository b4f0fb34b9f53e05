/// Every result of a search as an `AsyncSequence`, fetched a page at a time as it is read
/// (``GoogleBooksClient/volumes(matching:)``).
///
/// Google's own clients leave paging to the app; this sequence does it and copes with what
/// Google does: `totalItems` is an estimate that shifts from page to page (the sequence stops
/// at the smallest total seen, or at the first empty page), a page may repeat volumes of the
/// previous one (each id is given once; volumes without an id, from a `fields` selection
/// that leaves it out, are all given), and `items` is absent past the end.
public struct GoogleBooksResults: AsyncSequence, Sendable {
    public typealias Element = GoogleBooksVolume

    let client: GoogleBooksClient
    let search: GoogleBooksSearch

    /// The most pages one sequence fetches (Google serves about 1000 results of a query at most).
    public static let maximumPages = 100

    public func makeAsyncIterator() -> Iterator {
        var first = search
        if first.maxResults == 0 { first.maxResults = GoogleBooksSearch.maximumPageSize }
        return Iterator(client: client, next: first)
    }

    public struct Iterator: AsyncIteratorProtocol {
        let client: GoogleBooksClient
        var next: GoogleBooksSearch?
        var buffer: [GoogleBooksVolume] = []
        var seen: Set<String> = []
        var total: Int?
        var pages = 0

        public mutating func next() async throws -> GoogleBooksVolume? {
            while buffer.isEmpty {
                guard var search = next, pages < GoogleBooksResults.maximumPages else { return nil }
                try Task.checkCancellation()
                let page = try await client.search(search)
                pages += 1
                if let reported = page.totalItems { total = Swift.min(total ?? reported, reported) }
                let items = page.items ?? []
                search.startIndex += search.maxResults
                let ended = items.isEmpty || total.map { search.startIndex >= $0 } ?? true
                next = ended ? nil : search
                buffer = items.filter { $0.id.isEmpty || seen.insert($0.id).inserted }.reversed()
            }
            return buffer.popLast()
        }
    }
}
