import Foundation
import GoogleBooksClient
import SignedHTTPTesting
import SigningCore
import Testing

/// The client against scripted answers in Google's shapes: requests escaped, pages decoded,
/// Google's errors as codes, retries, lazy paging through shifting totals, cancellation,
/// thumbnails with progress.
@Suite("Google Books client")
struct ClientTests {
    static let base = URL(string: "https://books.example.test")!

    static func client(key: String? = "KEY", _ answer: @escaping @Sendable (APIRequest) async throws -> APIResponse) -> (GoogleBooksClient, RecordingTransport) {
        let transport = RecordingTransport(answer)
        let http = SignedHTTPClient(transport: transport, retryPolicy: .recommended, sleepClock: ImmediateClock())
        return (GoogleBooksClient(configuration: GoogleBooksConfiguration(baseURL: base, apiKey: key, country: "FR"), http: http), transport)
    }

    static func json(_ text: String, status: Int = 200, headers: HeaderFields = [:]) -> APIResponse {
        var headers = headers
        headers["Content-Type"] = "application/json; charset=UTF-8"
        return APIResponse(statusCode: status, headers: headers, body: Array(text.utf8))
    }

    /// A volume as Google writes it (trimmed from a real `volumes.list` answer's shape).
    static func volume(_ id: String, title: String = "Les Misérables") -> String {
        #"{"kind":"books#volume","id":"\#(id)","etag":"e\#(id)","selfLink":"https://www.googleapis.com/books/v1/volumes/\#(id)","volumeInfo":{"title":"\#(title)","authors":["Victor Hugo"],"publisher":"Gallimard","publishedDate":"1862-04","description":"Roman","industryIdentifiers":[{"type":"ISBN_13","identifier":"9782070409228"},{"type":"ISBN_10","identifier":"2070409228"}],"readingModes":{"text":false,"image":true},"pageCount":1498,"printType":"BOOK","categories":["Fiction"],"averageRating":4.5,"ratingsCount":12,"maturityRating":"NOT_MATURE","allowAnonLogging":false,"contentVersion":"0.1.1.0.preview.1","imageLinks":{"smallThumbnail":"http://books.google.com/books/content?id=\#(id)&printsec=frontcover&img=1&zoom=5","thumbnail":"http://books.google.com/books/content?id=\#(id)&printsec=frontcover&img=1&zoom=1"},"language":"fr","previewLink":"http://books.google.fr/books?id=\#(id)","infoLink":"http://books.google.fr/books?id=\#(id)","canonicalVolumeLink":"https://books.google.com/books/about/x.html?id=\#(id)"},"saleInfo":{"country":"FR","saleability":"FOR_SALE","isEbook":true,"listPrice":{"amount":9.99,"currencyCode":"EUR"},"retailPrice":{"amount":8.49,"currencyCode":"EUR"},"buyLink":"https://play.google.com/store/books/details?id=\#(id)"},"accessInfo":{"country":"FR","viewability":"PARTIAL","embeddable":true,"publicDomain":false,"textToSpeechPermission":"ALLOWED","epub":{"isAvailable":true},"pdf":{"isAvailable":false},"webReaderLink":"http://play.google.com/books/reader?id=\#(id)","accessViewStatus":"SAMPLE","quoteSharingAllowed":false},"searchInfo":{"textSnippet":"<b>Hugo</b>"}}"#
    }

    @Test("a search is escaped as Google expects and its page decoded, unknown members ignored")
    func search() async throws {
        let (client, transport) = Self.client { _ in Self.json(#"{"kind":"books#volumes","totalItems":1,"items":[\#(Self.volume("zyTCAlFPjgYC"))]}"#) }
        let page = try await client.search(GoogleBooksSearch([.title("Les Misérables"), .text("a&b=c+d")], maxResults: 5, projection: .lite))
        let volume = try #require(page.items?.first)
        #expect(volume.volumeInfo?.title == "Les Misérables" && volume.volumeInfo?.publishedDate?.month == 4)
        #expect(volume.volumeInfo?.isbn == "9782070409228" && volume.saleInfo?.retailPrice?.amount == 8.49)
        #expect(volume.volumeInfo?.imageLinks?.url(.thumbnail)?.scheme == "https")
        let url = try #require(transport.requests.first?.url.absoluteString)
        #expect(url == "https://books.example.test/books/v1/volumes?q=intitle%3A%22Les%20Mis%C3%A9rables%22%20a%26b%3Dc%2Bd&maxResults=5&projection=lite&country=FR&key=KEY")
    }

    @Test("a partial response (fields) without ids still decodes")
    func partialResponse() async throws {
        let (client, transport) = Self.client { _ in Self.json(#"{"items":[{"volumeInfo":{"title":"A"}},{"volumeInfo":{"title":"B"}}]}"#) }
        let page = try await client.search(GoogleBooksSearch("x", fields: "items(volumeInfo/title)"))
        #expect(page.items?.map(\.id) == ["", ""] && page.items?.map { $0.volumeInfo?.title } == ["A", "B"])
        #expect(transport.requests.first?.url.query?.contains("fields=items%28volumeInfo%2Ftitle%29") == true)
    }

    @Test("no items: Google leaves the member out")
    func noItems() async throws {
        let (client, _) = Self.client { _ in Self.json(#"{"kind":"books#volumes","totalItems":0}"#) }
        let page = try await client.search(GoogleBooksSearch("zzzzqqqq"))
        #expect(page.items == nil && page.totalItems == 0)
    }

    @Test("Google's error envelope becomes a code with the reason, location and advice", arguments: [
        (400, "queryRequired", "q", "Missing query.", GoogleBooksError.Code.invalidQuery),
        (400, "invalid", "maxResults", "Invalid value '50'. Values must be within the range: [0, 40]", .invalidQuery),
        (400, "keyInvalid", nil, "API key not valid. Please pass a valid API key.", .keyInvalid),
        (403, "dailyLimitExceeded", nil, "Daily Limit Exceeded", .dailyLimitExceeded),
        (403, "unknownLocation", nil, "Cannot determine user location for geographically restricted operation.", .unknownLocation),
        (404, "notFound", nil, "The volume ID could not be found.", .notFound),
        (403, "accessNotConfigured", nil, "Books API has not been used in project 1 before.", .forbidden),
    ] as [(Int, String, String?, String, GoogleBooksError.Code)])
    func errors(status: Int, reason: String, location: String?, message: String, code: GoogleBooksError.Code) async throws {
        let location = location.map { #","location":"\#($0)","locationType":"parameter""# } ?? ""
        let (client, _) = Self.client { _ in
            Self.json(#"{"error":{"code":\#(status),"message":"\#(message)","errors":[{"message":"\#(message)","domain":"global","reason":"\#(reason)"\#(location)}]}}"#, status: status)
        }
        let error = try await #require(throws: GoogleBooksError.self) { try await client.volume(id: "x") }
        #expect(error.code == code)
        #expect(error.providerCode == reason)
        #expect(error.message.contains(message))
        #expect(!error.message.contains("KEY"))
        if code == .unknownLocation { #expect(error.message.contains("pass country")) }
    }

    @Test("429 with Retry-After and 503 are retried; a 429 that persists says when to come back")
    func retries() async throws {
        let attempts = Counter()
        let (client, _) = Self.client { _ in
            switch await attempts.next() {
            case 1: Self.json(#"{"error":{"code":429,"message":"Rate Limit Exceeded","errors":[{"reason":"rateLimitExceeded"}]}}"#, status: 429, headers: ["Retry-After": "1"])
            case 2: Self.json("{}", status: 503)
            default: Self.json(#"{"kind":"books#volumes","totalItems":0}"#)
            }
        }
        _ = try await client.search(GoogleBooksSearch("x"))
        #expect(await attempts.value == 3)

        let (limited, _) = Self.client { _ in Self.json(#"{"error":{"code":429,"message":"Rate Limit Exceeded","errors":[{"reason":"rateLimitExceeded"}]}}"#, status: 429, headers: ["Retry-After": "7"]) }
        let error = try await #require(throws: GoogleBooksError.self) { try await limited.search(GoogleBooksSearch("x")) }
        #expect(error.code == .rateLimited && error.retryAfter == 7)
        #expect(error.message.contains("try again in 7 s"))
    }

    @Test("a member of the wrong type is an error naming its path; truncated JSON is a clear error")
    func decodingErrors() async throws {
        let (client, _) = Self.client { _ in Self.json(#"{"kind":"books#volumes","totalItems":1,"items":[{"id":"a","volumeInfo":{"pageCount":"many"}}]}"#) }
        let error = try await #require(throws: GoogleBooksError.self) { try await client.search(GoogleBooksSearch("x")) }
        #expect(error.code == .decodingFailed)
        #expect(error.message.contains("items[0].volumeInfo.pageCount"), "\(error.message)")
        let (truncated, _) = Self.client { _ in Self.json(#"{"kind":"books#volumes","totalItems":1,"items":[{"id":"#) }
        #expect(try await #require(throws: GoogleBooksError.self) { try await truncated.search(GoogleBooksSearch("x")) }.code == .decodingFailed)
    }

    @Test("huge answers: a 20 MB page of 5000 volumes decodes; 8 MB of nesting or garbage is a clear decoding error")
    func hugeAnswers() async throws {
        let items = (0..<5000).map { Self.volume("v\($0)") }.joined(separator: ",")
        let (client, _) = Self.client { _ in Self.json(#"{"kind":"books#volumes","totalItems":5000,"items":[\#(items)]}"#) }
        #expect(try await client.search(GoogleBooksSearch("x")).items?.count == 5000)
        for body in [String(repeating: "[", count: 8_000_000), String(repeating: "\u{FFFD}", count: 3_000_000)] {
            let (hostile, _) = Self.client { _ in Self.json(body) }
            let error = try await #require(throws: GoogleBooksError.self) { try await hostile.search(GoogleBooksSearch("x")) }
            #expect(error.code == .decodingFailed && error.message.count < 500)
        }
    }

    /// Pages of a scripted catalogue of `count` ids whose reported total shifts, with one
    /// volume repeated across the page boundary.
    static func pagedClient(count: Int, shifting: Bool) -> (GoogleBooksClient, RecordingTransport) {
        Self.client { request in
            let items = try FormEncoding.parse(request.url.query ?? "")
            let start = Int(items.first { $0.name == "startIndex" }?.value ?? "0") ?? 0
            let size = Int(items.first { $0.name == "maxResults" }?.value ?? "10") ?? 10
            let ids = (max(0, start - 1)..<min(count, start + size)).map { "v\($0)" }   // repeats the previous page's last
            let total = shifting ? count + (start / size % 2 == 0 ? 7 : -3) : count
            let body = ids.isEmpty ? "" : #","items":[\#(ids.map { Self.volume($0) }.joined(separator: ","))]"#
            return Self.json(#"{"kind":"books#volumes","totalItems":\#(total)\#(body)}"#)
        }
    }

    @Test("the sequence pages lazily through hundreds of results, each volume once, stopping at the end")
    func paging() async throws {
        let (client, transport) = Self.pagedClient(count: 250, shifting: true)
        var ids: [String] = []
        for try await volume in client.volumes(matching: GoogleBooksSearch("x", maxResults: 40)) { ids.append(volume.id) }
        // Every id once, in order, the repeats across page boundaries dropped; seven pages of 40
        // (the last, at 240, reports a total of 257, so no eighth page is asked for).
        #expect(ids == (0..<250).map { "v\($0)" }, "\(ids.count) ids")
        #expect(transport.requests.count == 7)

        let (lazy, lazyTransport) = Self.pagedClient(count: 250, shifting: false)
        var iterator = lazy.volumes(matching: GoogleBooksSearch("x", maxResults: 20)).makeAsyncIterator()
        for _ in 0..<5 { _ = try await iterator.next() }
        #expect(lazyTransport.requests.count == 1)
    }

    @Test("cancelling the reading task midway stops the paging")
    func cancellation() async throws {
        let (client, transport) = Self.pagedClient(count: 10_000, shifting: false)
        let task = Task {
            var count = 0
            for try await _ in client.volumes(matching: GoogleBooksSearch("x", maxResults: 40)) {
                count += 1
                if count == 100 { withUnsafeCurrentTask { $0?.cancel() } }
            }
            return count
        }
        let outcome = await task.result
        if case .success(let count) = outcome { #expect(count <= 120) }
        #expect(transport.requests.count <= 4)
    }

    @Test("a thumbnail arrives with progress; an answer that is not an image is refused")
    func thumbnails() async throws {
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + Array(repeating: 0, count: 100)
        let (client, _) = Self.client { _ in APIResponse(statusCode: 200, headers: ["Content-Type": "image/png"], body: png) }
        let progress = Counter()
        let bytes = try await client.thumbnailData(URL(string: "https://books.google.com/books/content?id=x")!) { received, _ in
            Task { await progress.add(Int(received)) }
        }
        #expect(bytes == png)
        let (html, _) = Self.client { _ in APIResponse(statusCode: 200, headers: ["Content-Type": "text/html"], body: Array("<html>".utf8)) }
        let error = try await #require(throws: GoogleBooksError.self) { try await html.thumbnailData(URL(string: "https://books.google.com/x")!) }
        #expect(error.code == .invalidResponse)
    }

    @Test("the key never appears in descriptions")
    func redaction() {
        let (client, _) = Self.client(key: "SECRET-KEY") { _ in Self.json("{}") }
        var dumped = ""
        dump(client.configuration, to: &dumped)
        for text in ["\(client)", String(reflecting: client.configuration), dumped] {
            #expect(!text.contains("SECRET-KEY"), "\(text)")
        }
    }
}

/// A counter shared with transports and callbacks.
actor Counter {
    private(set) var value = 0
    func next() -> Int {
        value += 1
        return value
    }
    func add(_ amount: Int) { value += amount }
}
