import Foundation
import HTTPTypes
import MockServerKit

/// The three routes over one catalogue: `volumes.list`, `volumes.get` and the cover images.
/// Every request first passes the checks Google makes before the method runs, in Google's
/// order: the query string, `prettyPrint`, the API key, the rate limit, `alt` and `fields`.
struct BooksAPI: Sendable {
    let source: LazyCatalogue
    var catalogue: BookCatalogue {
        get async { await source.value }
    }
    let options: GoogleBooksMockOptions
    let apiKey: String
    let rateWindow: RateWindow?

    /// What every request carries besides its method's parameters.
    struct Common {
        var parameters: QueryParameters
        var pretty: Bool
        var selection: FieldSelection?
        var baseURL: String
    }

    /// `GET /books/v1/volumes`.
    func search(_ request: MockRequest, context: MockRequestContext) async throws(GoogleBooksMockError) -> MockResponse {
        let common = try await check(request)
        let search: VolumeSearch
        do throws(GoogleBooksMockError) {
            search = try VolumeSearch(common.parameters)
        } catch {
            throw error.written(compact: !common.pretty)
        }
        let started = ContinuousClock.now
        let catalogue = await catalogue
        let (count, page) = catalogue.search(search)
        let total = reportedTotal(count, search: search)
        let answer = SearchPage(catalogue: catalogue, templates: catalogue.templates, search: search, baseURL: common.baseURL, pretty: common.pretty)
        note(context, count: count, search: search, page: page, started: started)
        guard let selection = common.selection else {
            return BooksResponse.json(written: answer.written(total: total, page: page))
        }
        return respond(answer.tree(total: total, page: page, selection: selection), common)
    }

    /// The journal's note on a search: how many matched, which were sent, how long it took.
    private func note(_ context: MockRequestContext, count: Int, search: VolumeSearch, page: [Int], started: ContinuousClock.Instant) {
        let elapsed = ContinuousClock.now - started
        let microseconds = elapsed.components.seconds * 1_000_000 + elapsed.components.attoseconds / 1_000_000_000_000
        context.note.accept("search: \(count) matches, items \(search.startIndex)..<\(search.startIndex + page.count), searched in \(microseconds) us")
    }

    /// `GET /books/v1/volumes/{volumeId}`.
    func lookup(_ request: MockRequest, context: MockRequestContext) async throws(GoogleBooksMockError) -> MockResponse {
        let common = try await check(request)
        let projection: Projection
        do throws(GoogleBooksMockError) {
            projection = try Projection(common.parameters)
        } catch {
            throw error.written(compact: !common.pretty)
        }
        let id = request.routeParameters["volumeId"] ?? ""
        let catalogue = await catalogue
        guard let volume = catalogue.volume(id: id) else {
            throw Self.notFound("The volume ID could not be found.", "no volume has the id '\(GoogleBooksMockError.quoted(id))'; take ids from a search").written(compact: !common.pretty)
        }
        context.note.accept("volume \(volume.id)")
        let rendering = VolumeRendering(baseURL: common.baseURL, projection: projection, selection: common.selection?.root)
        return respond(rendering.json(volume, catalogue.texts[volume.index], .lookup), common)
    }

    /// `GET /books/content?id=…&zoom=…`: the cover as PNG. Needs no key, as Google's image
    /// host does not.
    func cover(_ request: MockRequest, context: MockRequestContext) async throws(GoogleBooksMockError) -> MockResponse {
        let parameters = try QueryParameters(request)
        let zoom = try parameters.integer("zoom", in: 1...5, default: 1)
        let catalogue = await catalogue
        guard let id = parameters["id"], let volume = catalogue.volume(id: id), let cover = volume.cover,
              let png = CoverArt.png(cover, zoom: zoom) else {
            throw Self.notFound("Image not found.", "no cover for id '\(GoogleBooksMockError.quoted(parameters["id"] ?? ""))'; use the links in volumeInfo.imageLinks")
        }
        context.note.accept("cover \(volume.id) zoom \(zoom)")
        return BooksResponse.png(png)
    }

    static func notFound(_ message: String, _ explanation: String) -> GoogleBooksMockError {
        GoogleBooksMockError(.notFound, .notFound, message, explanation: explanation)
    }

    private func respond(_ json: BooksJSON, _ common: Common) -> MockResponse {
        BooksResponse.json(common.selection.map { $0.apply(to: json) } ?? json, pretty: common.pretty)
    }

    /// The checks before a method runs.
    private func check(_ request: MockRequest) async throws(GoogleBooksMockError) -> Common {
        let parameters = try QueryParameters(request)
        let prettyText = parameters["prettyPrint"]
        let pretty = (try? parameters.boolean("prettyPrint", default: true)) ?? true
        do throws(GoogleBooksMockError) {
            if options.requiresKey { try checkKey(parameters["key"]) }
            if let rateWindow, let wait = await rateWindow.admit(at: request.now) {
                throw GoogleBooksMockError(
                    .tooManyRequests, .rateLimitExceeded, "Rate Limit Exceeded", domain: "usageLimits",
                    explanation: "more than \(rateWindow.limit) requests in a minute (option rateLimitPerMinute); retry in \(wait) s",
                    retryAfterSeconds: wait
                )
            }
            if prettyText != nil { _ = try parameters.boolean("prettyPrint", default: true) }
            _ = try parameters.choice("alt", [("json", true)], default: true)
            let selection = try FieldSelection.parse(parameters["fields"] ?? "")
            return Common(parameters: parameters, pretty: pretty, selection: selection, baseURL: Self.baseURL(request))
        } catch {
            throw error.written(compact: !pretty)
        }
    }

    private func checkKey(_ key: String?) throws(GoogleBooksMockError) {
        guard let key, !key.isEmpty else {
            throw GoogleBooksMockError(.forbidden, .forbidden, "The request is missing a valid API key.",
                                       explanation: "this mock requires an API key (option requiresKey): add key=<the apiKey credential>")
        }
        guard key == apiKey else {
            throw GoogleBooksMockError(.badRequest, .keyInvalid, "API key not valid. Please pass a valid API key.", domain: "usageLimits",
                                       explanation: "the key is not the mock's apiKey credential")
        }
    }

    /// `http://` and the request's authority when it is a plain host and port, so links work
    /// on whatever address the client used; `http://localhost` otherwise.
    static func baseURL(_ request: MockRequest) -> String {
        guard let authority = request.authority, !authority.isEmpty, authority.utf8.count <= 255,
              authority.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || ".-:[]".contains($0)) }) else {
            return "http://localhost"
        }
        return "http://" + authority
    }

    /// `totalItems`: the number of matches, or with `shiftingTotals` that number moved by up
    /// to 2% (at least 1) either way, differently for each page, as Google's estimate moves.
    private func reportedTotal(_ count: Int, search: VolumeSearch) -> Int {
        guard options.shiftingTotals, count > 0 else { return count }
        var hasher = SeededDraws(seed: UInt64(truncatingIfNeeded: search.text.utf8.reduce(UInt64(search.startIndex)) { $0 &* 31 &+ UInt64($1) }))
        let spread = max(1, count / 50)
        return max(0, count + hasher.int(in: -spread...spread))
    }
}
