public import HTTPTypes
public import Hummingbird
public import MockServerKit
public import SigningCore

/// A mock of the Google Books API v1, faithful to `protocols.md`: `GET /books/v1/volumes`
/// (search) and `GET /books/v1/volumes/{volumeId}` (lookup) over a catalogue of thousands of
/// volumes generated from a seed, and `GET /books/content` serving each cover as a real PNG.
///
/// The search reads Google's query syntax (words, `"phrases"`, `intitle:`, `inauthor:`,
/// `inpublisher:`, `subject:`, `isbn:`, `lccn:`, `oclc:`, `-` to exclude; case and accents
/// ignored) with `orderBy`, `printType`, `filter`, `download`, `langRestrict`, paging and
/// `projection`; every response honours `fields` and `prettyPrint`, and every error — the
/// server kit's 404, 405 and 413 too — is Google's error envelope.
///
/// ```swift
/// let server = try await MockServer.start(GoogleBooksMockProvider(options: .init(requiresKey: true)))
/// ```
public struct GoogleBooksMockProvider: MockProvider {
    /// How it behaves.
    public var options: GoogleBooksMockOptions

    /// The API key the mock accepts (`key=`): enforced only with ``GoogleBooksMockOptions/requiresKey``.
    public static let apiKey = "AIzaSyMockBooks-k7Qx2Vn9Lr4Tz8Wc1Hd5Jp3"

    /// The path of `volumes.list`.
    public static let volumesPath = "/books/v1/volumes"
    /// The path of the cover images.
    public static let contentPath = "/books/content"

    /// Creates a provider.
    public init(options: GoogleBooksMockOptions = GoogleBooksMockOptions()) {
        self.options = options
    }

    /// `googlebooks`.
    public var name: String { "googlebooks" }

    /// ``demo`` as the ready file's strings: `apiKey`, the key to send as `key=`.
    public var demoCredentials: [String: String] { ["apiKey": demo.apiKey] }

    /// Adds `GET /books/v1/volumes`, `GET /books/v1/volumes/{volumeId}` and `GET /books/content`
    /// over the catalogue of the options' size and seed (built on the first request, once per size
    /// and seed, and shared).
    public func addRoutes(to router: Router<MockRequestContext>, context: MockServerContext) {
        let api = BooksAPI(
            source: LazyCatalogue(size: options.catalogueSize, seed: UInt64(options.seed)),
            options: options,
            apiKey: Self.apiKey,
            rateWindow: options.rateLimitPerMinute.map(RateWindow.init(limit:))
        )
        router.mockRoute(.get, Self.volumesPath, context: context, operation: GoogleBooksMockOperations.list) { request, context in
            try await api.search(request, context: context)
        }
        router.mockRoute(.get, Self.volumesPath + "/{volumeId}", context: context, operation: GoogleBooksMockOperations.get) { request, context in
            try await api.lookup(request, context: context)
        }
        router.mockRoute(.get, Self.contentPath, context: context, operation: GoogleBooksMockOperations.cover) { request, context in
            try await api.cover(request, context: context)
        }
    }

    /// The kit's rule (names with `secret` or `password`), plus the API key (`key`), which
    /// the journal, the admin route and the logs keep as `[redacted]`.
    public func redactingSecrets(_ parameters: [FormField]) -> [FormField] {
        MockSecrets.redacting(MockSecrets.redactingSecretNames(parameters)) { $0 == "key" }
    }

    /// What ``errorResponse(status:message:)`` writes: Google's error envelope.
    public var errorContent: MockOperation.Content { GoogleBooksMockOperations.errorContent }

    /// Google's error envelope with `status`, for failures the server kit finds (404, 405, 413,
    /// 431, a fault's status): the reason Google gives that status (`notFound`,
    /// `httpMethodNotAllowed`, `rateLimitExceeded`, `backendError` …).
    public func errorResponse(status: HTTPResponse.Status, message: String) -> MockResponse {
        let code = GoogleBooksMockError.code(for: status)
        let domain = code == .rateLimitExceeded ? "usageLimits" : "global"
        return GoogleBooksMockError(status, code, message, domain: domain).response(from: self)
    }
}
