import ArgumentParser
import Foundation
import GoogleBooksClient
import MockServerCatalog
import MockServerKit
import SignedHTTP
import SigningCore
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The Google Books benchmark, in one run: decoding a 40-item full-projection page into
/// GoogleBooksClient's models (through the client, as an app gets them, and with `JSONDecoder`
/// alone) against `JSONSerialization` into dictionaries and Python's `json` (ratios), then the
/// mock's search latency and throughput over its catalogue under load against a bare
/// Hummingbird route — answering `ok`, and answering the search's own bytes (the transport's
/// share) — and its latency on a single connection (loopback only, bounded in time).
struct BooksCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "books",
        abstract: "Decode a Google Books page (models vs JSONSerialization vs Python json) and load the mock's search (loopback)."
    )

    @Option(help: "Seconds per measured load run (1...120).")
    var duration: Int = 10

    @Option(help: "Concurrent keep-alive connections (1...256).")
    var connections: Int = 16

    @Option(help: "Decodes per timing round (10...100000).")
    var decodes: Int = 2000

    func validate() throws {
        guard (1...120).contains(duration) else { throw ValidationError("--duration must be 1...120") }
        guard (1...256).contains(connections) else { throw ValidationError("--connections must be 1...256") }
        guard (10...100_000).contains(decodes) else { throw ValidationError("--decodes must be 10...100000") }
    }

    /// Queries of the load run: keywords, phrases and free text over the generated catalogue.
    static let queries = ["the", "history", "inauthor:martin", "subject:fiction", "intitle:\"the\"", "love", "de", "roman", "science", "war"]

    func run() async throws {
        let books = try await MockServer.start(MockCatalogEntry.googlebooks.provider(), configuration: MockServerConfiguration(journalCapacity: 1000))
        defer { Task { await books.stop() } }
        let port = books.baseURL.port!
        let targets = Self.queries.map { "/books/v1/volumes?q=\(PercentEncoding.encode($0))&maxResults=20" }
        // The bare route's copy of each search's answer, for the transport's share.
        var answers: [[UInt8]] = []
        for target in targets {
            let (data, response) = try await URLSession.shared.data(from: URL(string: "\(books.baseURL)\(target)")!)
            guard (response as? HTTPURLResponse)?.statusCode == 200 else { throw ValidationError("the search \(target) failed") }
            answers.append(Array(data))
        }
        let bare = try await BareServer.start(answers: answers)
        defer { Task { await bare.stop() } }

        // A 40-item full page, from the query with the most matches.
        var page: [UInt8] = []
        for query in Self.queries {
            let url = URL(string: "\(books.baseURL)/books/v1/volumes?q=\(PercentEncoding.encode(query))&maxResults=40&projection=full")!
            let (data, _) = try await URLSession.shared.data(from: url)
            let decoded = try JSONDecoder().decode(GoogleBooksVolumes.self, from: data)
            if decoded.items?.count == 40 { page = Array(data); break }
        }
        guard !page.isEmpty else { throw ValidationError("no query returned 40 items; the catalogue is too small") }
        print("page: 40 volumes, \(page.count) bytes")

        let client = GoogleBooksClient(configuration: GoogleBooksConfiguration(), http: SignedHTTPClient(transport: PageTransport(page: page)))
        guard try await client.search(GoogleBooksSearch("x")).items?.count == 40 else { throw ValidationError("the client did not read the page") }
        let models = try await Self.time(decodes) { _ = try await client.search(GoogleBooksSearch("x")) }
        let decoder = Self.time(decodes) { _ = try? JSONDecoder().decode(GoogleBooksVolumes.self, from: Data(page)) }
        let dictionaries = Self.time(decodes) { _ = try? JSONSerialization.jsonObject(with: Data(page)) }
        let python = try Self.pythonDecode(page, count: decodes)
        print(String(format: "decode per page: models (client.search) %.1f µs, JSONDecoder into models %.1f µs, JSONSerialization %.1f µs, Python json %.1f µs",
                     models * 1e6, decoder * 1e6, dictionaries * 1e6, python * 1e6))
        print(String(format: "models / JSONSerialization: %.2fx; models / Python json: %.2fx; JSONDecoder / JSONSerialization: %.2fx",
                     models / dictionaries, models / python, decoder / dictionaries))

        let searchTarget = LoadTarget(port: port, authority: "127.0.0.1:\(port)", requests: targets.map { PreparedRequest(target: $0, headers: []) }, repeats: true)
        let bareTarget = LoadTarget(port: bare.port, authority: "127.0.0.1:\(bare.port)", requests: [PreparedRequest(target: "/constant", headers: [])], repeats: true)
        let sameBytesTarget = LoadTarget(port: bare.port, authority: "127.0.0.1:\(bare.port)", requests: answers.indices.map { PreparedRequest(target: "/answer/\($0)", headers: []) }, repeats: true)
        print("loopback, \(connections) connections, \(duration) s per run after 2 s warm-up; answers of 20 results: \(answers.map(\.count).min()!)–\(answers.map(\.count).max()!) bytes")
        var throughput: [Double] = []
        for (name, target) in [("bare Hummingbird constant", bareTarget), ("bare Hummingbird, the searches' answers", sameBytesTarget), ("mock search, 20 results", searchTarget)] {
            _ = try await LoadGenerator.run(target, connections: connections, seconds: 2)
            let result = try await LoadGenerator.run(target, connections: connections, seconds: duration)
            print(result.line(name))
            throughput.append(result.requestsPerSecond)
        }
        print(String(format: "search / bare throughput: %.2fx; search / bare with the same answers: %.2fx; same answers / bare: %.2fx",
                     throughput[2] / max(throughput[0], 1), throughput[2] / max(throughput[1], 1), throughput[1] / max(throughput[0], 1)))

        _ = try await LoadGenerator.run(searchTarget, connections: 1, seconds: 1)
        let single = try await LoadGenerator.run(searchTarget, connections: 1, seconds: duration)
        print(single.line("mock search, 20 results, 1 connection"))
        print(String(format: "single-connection search p50: %.2f ms", single.latencies.percentileMilliseconds(0.50)))
    }

    /// Answers every request with the page, as Google would.
    struct PageTransport: HTTPTransport {
        let page: [UInt8]

        func send(_ request: APIRequest) async throws -> APIResponse {
            APIResponse(statusCode: 200, headers: ["Content-Type": "application/json; charset=UTF-8"], body: page)
        }
    }

    /// Seconds per call of `body`, the median of five rounds of `count` calls.
    static func time(_ count: Int, _ body: () -> Void) -> Double {
        let clock = ContinuousClock()
        var rounds: [Double] = []
        for _ in 0..<5 {
            let start = clock.now
            for _ in 0..<count { body() }
            let elapsed = clock.now - start
            rounds.append((Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18) / Double(count))
        }
        return rounds.sorted()[2]
    }

    /// Seconds per call of the asynchronous `body`, the median of five rounds of `count` calls.
    static func time(_ count: Int, _ body: () async throws -> Void) async throws -> Double {
        let clock = ContinuousClock()
        var rounds: [Double] = []
        for _ in 0..<5 {
            let start = clock.now
            for _ in 0..<count { try await body() }
            let elapsed = clock.now - start
            rounds.append((Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18) / Double(count))
        }
        return rounds.sorted()[2]
    }

    /// Seconds per `json.loads` of `page` in Python, the median of five rounds.
    static func pythonDecode(_ page: [UInt8], count: Int) throws -> Double {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("books-page-\(UUID().uuidString).json")
        try Data(page).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let script = """
            import json, sys, timeit
            data = open(sys.argv[1], 'rb').read()
            rounds = sorted(timeit.repeat(lambda: json.loads(data), number=int(sys.argv[2]), repeat=5))
            print(rounds[2] / int(sys.argv[2]))
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script, file.path, String(count)]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        process.waitUntilExit()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard process.terminationStatus == 0, let seconds = Double(text) else { throw ValidationError("python3 could not time json.loads (\(text))") }
        return seconds
    }
}
