import Foundation
import GoogleBooksClient
import GoogleBooksMock
import MockServerKit
import SignedHTTPTesting
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

    @Test("the raw send: a 2xx answer with the key and parameters sent; an unknown path, a bad volume id and a hostile path are the client's errors")
    func rawSend() async throws {
        try await MockServer.withRunning(GoogleBooksMockProvider()) { server in
            let books = Self.client(server)
            let answer = try await books.send("volumes", parameters: [("q", "intitle:river"), ("maxResults", "2")])
            #expect(answer.statusCode == 200)
            let page = try JSONDecoder().decode(GoogleBooksVolumes.self, from: Data(answer.body))
            #expect(page.items?.count == 2)
            let missing = await #expect(throws: GoogleBooksError.self) { try await books.send("volumes/no-such-volume") }
            #expect(missing?.code == .notFound && missing?.statusCode == 404)
            for hostile in ["nowhere", "volumes/../../etc/passwd", "volumes/%00", String(repeating: "a/", count: 2_000)] {
                let error = await #expect(throws: GoogleBooksError.self, "\(hostile.prefix(40))") { try await books.send(hostile) }
                #expect(error.map { ($0.statusCode ?? 0) >= 400 && ($0.statusCode ?? 0) < 500 } == true, "\(hostile.prefix(40)): \(error.map(String.init(describing:)) ?? "")")
            }
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

    @Test("unicode and reserved characters reach the server as typed")
    func escaping() async throws {
        try await MockServer.withRunning(GoogleBooksMockProvider()) { server in
            let query: GoogleBooksQuery = [.title("Café & Crème"), .text("a+b=c #1 100% 東京 ?x")]
            _ = try await Self.client(server).search(GoogleBooksSearch(query))
            #expect(await server.journal.entries.last?.parameter("q") == query.q)
            #expect(await server.journal.entries.last?.parameter("key") == MockSecrets.redacted)
        }
    }

    @Test("503 and 429 with Retry-After are retried by the policy; a 429 that persists is .rateLimited with the wait")
    func retries() async throws {
        try await MockServer.withRunning(GoogleBooksMockProvider()) { server in
            let http = SignedHTTPClient(retryPolicy: .recommended, sleepClock: ImmediateClock())
            let books = GoogleBooksClient(configuration: GoogleBooksConfiguration(baseURL: server.baseURL), http: http)
            // The faults of one request are taken together, so one rule at a time.
            for code in [503, 429] {
                try server.faults.add(FaultRule(route: "/books/v1/volumes", fault: .status(code: code, retryAfterSeconds: 2), remaining: 1))
                _ = try await books.search(GoogleBooksSearch([.text("river")]))
            }
            #expect(await server.journal.entries.map(\.status) == [503, 200, 429, 200])
        }
        try await MockServer.withRunning(GoogleBooksMockProvider(options: GoogleBooksMockOptions(rateLimitPerMinute: 1))) { server in
            let books = GoogleBooksClient(configuration: GoogleBooksConfiguration(baseURL: server.baseURL), http: SignedHTTPClient(retryPolicy: .never))
            _ = try await books.search(GoogleBooksSearch([.text("river")]))
            let error = try await #require(throws: GoogleBooksError.self) { try await books.search(GoogleBooksSearch([.text("river")])) }
            #expect(error.code == .rateLimited && error.statusCode == 429 && (error.retryAfter ?? 0) > 0)
        }
    }

    @Test("cancelling midway stops the paging: no page is fetched after the task is cancelled")
    func cancellation() async throws {
        try await MockServer.withRunning(GoogleBooksMockProvider()) { server in
            let books = Self.client(server)
            let task = Task {
                var count = 0
                for try await _ in books.volumes(matching: GoogleBooksSearch([.text("river")], maxResults: 10)) {
                    count += 1
                    if count == 15 { withUnsafeCurrentTask { $0?.cancel() } }
                }
                return count
            }
            _ = await task.result
            #expect(await server.journal.entries.count == 2)
        }
    }

    @Test("a cover arrives with progress reaching its length")
    func coverProgress() async throws {
        try await MockServer.withRunning(GoogleBooksMockProvider()) { server in
            let books = Self.client(server)
            let page = try await books.search(GoogleBooksSearch([.title("river")], maxResults: 40))
            let cover = try #require(page.items?.lazy.compactMap { $0.volumeInfo?.imageLinks?.url(.thumbnail) }.first)
            let seen = Progress()
            let png = try await books.thumbnailData(cover) { received, _ in seen.record(received) }
            #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
            #expect(seen.last == Int64(png.count))
        }
    }

    /// The last progress value reported.
    final class Progress: @unchecked Sendable {
        private let lock = NSLock()
        private var value: Int64 = 0
        var last: Int64 { lock.withLock { value } }
        func record(_ received: Int64) { lock.withLock { value = received } }
    }
}
