/// One `volumes.list` request: the query and Google's documented parameters.
public struct GoogleBooksSearch: Sendable, Hashable {
    /// `orderBy`.
    public enum Order: String, Sendable, Hashable, CaseIterable { case relevance, newest }
    /// `printType`.
    public enum PrintType: String, Sendable, Hashable, CaseIterable { case all, books, magazines }
    /// `filter`.
    public enum Filter: String, Sendable, Hashable, CaseIterable {
        case partial, full
        case freeEbooks = "free-ebooks"
        case paidEbooks = "paid-ebooks"
        case ebooks
    }
    /// `projection`: `full` (everything) or `lite` (what a list needs).
    public enum Projection: String, Sendable, Hashable, CaseIterable { case full, lite }

    /// The largest `maxResults` Google accepts.
    public static let maximumPageSize = 40

    public var query: GoogleBooksQuery
    /// `startIndex`: the position of the first result, from 0.
    public var startIndex: Int
    /// `maxResults`: 0…40 (Google's default 10).
    public var maxResults: Int
    public var orderBy: Order?
    public var printType: PrintType?
    public var filter: Filter?
    /// `langRestrict`: an ISO 639-1 code such as `fr`.
    public var language: String?
    public var projection: Projection?
    /// `download=epub`: only volumes with an EPUB download.
    public var epubOnly: Bool
    /// `fields`: a partial response in Google's syntax (`totalItems,items(id,volumeInfo/title)`).
    public var fields: String?

    /// Creates a search.
    public init(
        _ query: GoogleBooksQuery, startIndex: Int = 0, maxResults: Int = 10, orderBy: Order? = nil, printType: PrintType? = nil,
        filter: Filter? = nil, language: String? = nil, projection: Projection? = nil, epubOnly: Bool = false, fields: String? = nil
    ) {
        self.query = query
        self.startIndex = startIndex
        self.maxResults = maxResults
        self.orderBy = orderBy
        self.printType = printType
        self.filter = filter
        self.language = language
        self.projection = projection
        self.epubOnly = epubOnly
        self.fields = fields
    }

    /// The query parameters, unescaped, in a fixed order.
    ///
    /// - Throws: ``GoogleBooksError/Code/invalidQuery`` for an empty query, a negative
    ///   `startIndex` or `maxResults` outside 0…40 — what Google would refuse, caught before
    ///   a request is spent on it.
    public func parameters() throws(GoogleBooksError) -> [(name: String, value: String)] {
        guard !query.isEmpty else {
            throw GoogleBooksError(code: .invalidQuery, message: "the query is empty; Google requires q (reason queryRequired)", providerCode: "queryRequired", location: "q")
        }
        guard startIndex >= 0 else {
            throw GoogleBooksError(code: .invalidQuery, message: "startIndex must be 0 or more (got \(startIndex))", providerCode: "invalid", location: "startIndex")
        }
        guard (0...Self.maximumPageSize).contains(maxResults) else {
            throw GoogleBooksError(code: .invalidQuery, message: "maxResults must be within 0...\(Self.maximumPageSize) (got \(maxResults)); page through longer results", providerCode: "invalid", location: "maxResults")
        }
        var parameters: [(String, String)] = [("q", query.q)]
        if startIndex > 0 { parameters.append(("startIndex", String(startIndex))) }
        parameters.append(("maxResults", String(maxResults)))
        if let orderBy { parameters.append(("orderBy", orderBy.rawValue)) }
        if let printType { parameters.append(("printType", printType.rawValue)) }
        if let filter { parameters.append(("filter", filter.rawValue)) }
        if let language, !language.isEmpty { parameters.append(("langRestrict", language)) }
        if let projection { parameters.append(("projection", projection.rawValue)) }
        if epubOnly { parameters.append(("download", "epub")) }
        if let fields, !fields.isEmpty { parameters.append(("fields", fields)) }
        return parameters
    }
}
