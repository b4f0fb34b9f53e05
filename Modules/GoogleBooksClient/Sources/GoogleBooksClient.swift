public import Foundation
import SigningCore

/// A Google Books API v1 client: volume searches one page at a time or as a lazily paged
/// sequence of every result, volume lookups, and cover images with progress — escaped queries,
/// Google's errors as codes, retries through the shared retry policy, cancellation honoured.
///
/// ```swift
/// let books = GoogleBooksClient(configuration: GoogleBooksConfiguration(apiKey: key))
/// for try await volume in books.volumes(matching: GoogleBooksSearch([.author("Ursula K. Le Guin")])) {
///     print(volume.volumeInfo?.title ?? volume.id)
/// }
/// ```
///
/// Made as every client of this package is: a configuration (the service and the key) and a
/// `SignedHTTPClient` (transport, retries, clocks, observer). Google Books searches are `GET`s,
/// so `RetryPolicy.recommended` is safe to turn on: `SignedHTTPClient(retryPolicy: .recommended)`.
public struct GoogleBooksClient: Sendable {
    /// Where and as whom the client asks.
    public var configuration: GoogleBooksConfiguration
    /// The HTTP layer: transport, retry policy, clocks, observer.
    public var http: SignedHTTPClient

    /// Creates a client.
    ///
    /// - Parameters:
    ///   - configuration: Google's endpoint without a key by default.
    ///   - http: a `SignedHTTPClient()` by default: `URLSession`, no retries unless asked.
    public init(configuration: GoogleBooksConfiguration = GoogleBooksConfiguration(), http: SignedHTTPClient = SignedHTTPClient()) {
        self.configuration = configuration
        self.http = http
    }

    /// One page of results.
    ///
    /// - Throws: ``GoogleBooksError`` (``GoogleBooksError/Code/invalidQuery`` before sending for
    ///   what Google would refuse), `CancellationError` when the task is cancelled.
    public func search(_ search: GoogleBooksSearch) async throws -> GoogleBooksVolumes {
        let response = try await get("volumes", search.parameters())
        return try GoogleBooksAnswer.decode(response, as: GoogleBooksVolumes.self, now: http.deviceClock())
    }

    /// Sends `GET {baseURL}/books/v1/{path}` with `parameters` (and the configuration's key and
    /// country): any endpoint this client has no method for, the answer's JSON yours to read.
    ///
    /// - Returns: the response, when its status is 2xx.
    /// - Throws: ``GoogleBooksError`` for any other status (Google's reason as its code,
    ///   ``GoogleBooksError/Code/rateLimited`` with ``GoogleBooksError/retryAfter`` for 429),
    ///   ``GoogleBooksError/Code/invalidURL`` for a path that does not make a URL, and
    ///   ``GoogleBooksError/Code/transportFailed`` when no response arrived.
    public func send(_ path: String, parameters: [(name: String, value: String)] = []) async throws -> APIResponse {
        let response = try await get(path, parameters)
        try GoogleBooksAnswer.check(response, now: http.deviceClock())
        return response
    }

    /// The volume `id` (`projection` full by default).
    ///
    /// - Throws: ``GoogleBooksError/Code/notFound`` for an unknown id.
    public func volume(id: String, projection: GoogleBooksSearch.Projection? = nil) async throws -> GoogleBooksVolume {
        guard !id.isEmpty else { throw GoogleBooksError(code: .invalidQuery, message: "the volume id is empty") }
        let response = try await get("volumes/" + PercentEncoding.encode(id), projection.map { [("projection", $0.rawValue)] } ?? [])
        return try GoogleBooksAnswer.decode(response, as: GoogleBooksVolume.self, now: http.deviceClock())
    }

    /// Every result of `search`, fetched a page at a time as the sequence is read: starting at
    /// `search.startIndex`, pages of `search.maxResults` (40 when 0), until Google's
    /// `totalItems` is reached or a page comes back empty. Volumes a page repeats from an
    /// earlier one (Google's results shift between pages) are given once.
    public func volumes(matching search: GoogleBooksSearch) -> GoogleBooksResults {
        GoogleBooksResults(client: self, search: search)
    }

    /// The cover image at `url` (from ``GoogleBooksVolume/ImageLinks/url(_:)``), with progress
    /// events as it arrives; the last event is `DownloadEvent.finished(_:)` with the
    /// image. Cancelling the reading task cancels the download.
    public func thumbnail(_ url: URL) async throws -> AsyncThrowingStream<DownloadEvent, any Error> {
        try await http.download(APIRequest(url: url))
    }

    /// The cover image at `url` as bytes, reporting `(received, expected)` as it arrives.
    ///
    /// - Throws: ``GoogleBooksError/Code/invalidResponse`` when the answer is not an image.
    public func thumbnailData(_ url: URL, progress: @Sendable (Int64, Int64?) -> Void = { _, _ in }) async throws -> [UInt8] {
        for try await event in try await thumbnail(url) {
            switch event {
            case .progress(let received, let expected):
                progress(received, expected)
            case .finished(let response):
                try GoogleBooksAnswer.check(response, now: http.deviceClock())
                guard response.header("Content-Type")?.lowercased().hasPrefix("image/") == true else {
                    throw GoogleBooksError(code: .invalidResponse, message: "\(url.host ?? "the server") answered \(response.header("Content-Type") ?? "no content type") instead of an image", statusCode: response.statusCode)
                }
                return response.body
            }
        }
        throw GoogleBooksError(code: .invalidResponse, message: "the image download ended without an answer")
    }

    /// `GET {baseURL}/books/v1/{path}?parameters&key&country`.
    private func get(_ path: String, _ parameters: [(name: String, value: String)]) async throws -> APIResponse {
        var fields = parameters.map { FormField($0.name, $0.value) }
        if let country = configuration.country, !country.isEmpty { fields.append(FormField("country", country)) }
        if let key = configuration.apiKey, !key.isEmpty { fields.append(FormField("key", key)) }
        guard let url = configuration.baseURL.appendingAPIPath("books/v1/" + path) else {
            throw GoogleBooksError(code: .invalidURL, message: "the base URL \(configuration.baseURL.absoluteString) and books/v1/\(path) do not make a valid request URL")
        }
        var request = APIRequest(url: url.appendingQuery(fields))
        request.setHeader("Accept", "application/json")
        return try await http.send(request, failure: GoogleBooksError.self).response
    }
}

extension GoogleBooksClient: CustomStringConvertible {
    public var description: String { "GoogleBooksClient(\(configuration))" }
}
