import Foundation
@testable import GoogleBooksMock
import HTTPTypes
import HummingbirdTesting
import MockServerKit
import MockServerTesting
import NIOCore

/// One Google Books mock on a manual clock, with raw HTTP helpers: the tests write the query
/// strings themselves, so what the mock accepts is pinned independently of any client.
struct BooksHarness {
    let server: MockServer
    let clock: ManualClock
    let options: GoogleBooksMockOptions
    /// The catalogue the server answers from.
    let catalogue: BookCatalogue

    /// Runs `body` with a fresh mock on a manual clock, and stops the mock however `body` ends.
    static func withRunning<Result>(
        _ options: GoogleBooksMockOptions = GoogleBooksMockOptions(),
        limits: MockServerLimits = MockServerLimits(),
        isolation: isolated (any Actor)? = #isolation,
        _ body: (BooksHarness) async throws -> Result
    ) async throws -> Result {
        let catalogue = await BookCatalogue.shared(size: options.catalogueSize, seed: UInt64(options.seed))
        return try await MockServer.withRunningOnManualClock(GoogleBooksMockProvider(options: options), limits: limits, seed: 7) { server, clock in
            try await body(BooksHarness(server: server, clock: clock, options: options, catalogue: catalogue))
        }
    }


    var port: Int { server.baseURL.port ?? 0 }

    /// A reply: status, headers, raw body and the body parsed as JSON (when it is).
    struct Reply {
        var status: HTTPResponse.Status
        var headers: HTTPFields
        var body: [UInt8]
        var text: String { String(decoding: body, as: UTF8.self) }
        var json: [String: Any]? { (try? JSONSerialization.jsonObject(with: Data(body))) as? [String: Any] }
        var items: [[String: Any]] { json?["items"] as? [[String: Any]] ?? [] }
        var ids: [String] { items.compactMap { $0["id"] as? String } }
        var totalItems: Int? { json?["totalItems"] as? Int }
        var mockReason: String? { headers[HTTPField.Name("X-Mock-Reason")!] }

        /// The first entry of `error.errors`, and the envelope's code and message.
        var error: (code: Int?, message: String?, detail: [String: String])? {
            guard let error = json?["error"] as? [String: Any] else { return nil }
            let detail = (error["errors"] as? [[String: String]])?.first ?? [:]
            return (error["code"] as? Int, error["message"] as? String, detail)
        }
    }

    /// GETs `target` (a path and query, already percent-encoded).
    func get(_ target: String, headers: HTTPFields = [:]) async throws -> Reply {
        let response = try await MockHTTP.send(.get, target, to: server.baseURL, headers: headers)
        return Reply(status: response.status, headers: response.headers, body: response.body.map { Array(buffer: $0) } ?? [])
    }

    /// `GET /books/v1/volumes` with `q` and the other parameters, percent-encoded here.
    func search(_ q: String?, _ parameters: [(String, String)] = []) async throws -> Reply {
        var fields = q.map { [("q", $0)] } ?? []
        fields += parameters
        let query = fields.map { "\(Self.encode($0.0))=\(Self.encode($0.1))" }.joined(separator: "&")
        return try await get("/books/v1/volumes" + (query.isEmpty ? "" : "?" + query))
    }

    /// Every id a search returns, page by page (`maxResults=40`).
    func allIDs(_ q: String, _ parameters: [(String, String)] = []) async throws -> [String] {
        var ids: [String] = []
        var start = 0
        while true {
            let page = try await search(q, parameters + [("startIndex", String(start)), ("maxResults", "40"), ("fields", "items/id")])
            ids += page.ids
            if page.ids.count < 40 { return ids }
            start += 40
        }
    }

    static func encode(_ text: String) -> String {
        var allowed = CharacterSet.alphanumerics.intersection(CharacterSet(charactersIn: Unicode.Scalar(0)...Unicode.Scalar(127)))
        allowed.insert(charactersIn: "-._~")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }

    func lastReason() async -> String { await server.journal.last?.reason ?? "" }
}
