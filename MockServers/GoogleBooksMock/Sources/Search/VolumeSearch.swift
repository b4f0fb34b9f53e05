import Foundation
import HTTPTypes

/// `volumes.list` read from a request: the query, its filters and order, the page and the
/// projection, every value checked as Google checks it.
struct VolumeSearch: Sendable {
    enum Order: Sendable { case relevance, newest }
    enum PrintTypes: Sendable { case all, books, magazines }
    enum Availability: Sendable { case partial, full, freeEbooks, paidEbooks, ebooks }

    var text: String
    var query: SearchQuery
    var orderBy = Order.relevance
    var printTypes = PrintTypes.all
    var availability: Availability?
    var epubOnly = false
    var language: String?
    var notMature = false
    var showPreorders = false
    var startIndex = 0
    var maxResults = 10
    var projection = Projection.full

    /// The longest `q`, in UTF-8 bytes.
    static let maximumQueryBytes = 2048
    /// The largest `startIndex` (Google's `uint32` as it reads it).
    static let maximumStartIndex = Int(Int32.max)

    /// Reads `volumes.list`'s parameters.
    ///
    /// - Throws: 400 `queryRequired` without `q`; `invalid` for numbers out of range;
    ///   `invalidParameter` for values not in an enum; 401 `required` for `my-library`.
    init(_ parameters: QueryParameters) throws(GoogleBooksMockError) {
        guard let text = parameters["q"], !text.allSatisfy(\.isWhitespace) else {
            throw GoogleBooksMockError(.badRequest, .queryRequired, "Missing query.", location: "q",
                                       explanation: "q is required and must not be empty, e.g. q=intitle:flowers")
        }
        guard text.utf8.count <= Self.maximumQueryBytes else {
            throw GoogleBooksMockError(.badRequest, .invalid, "Query too long.", location: "q",
                                       explanation: "q holds \(text.utf8.count) bytes; the mock reads at most \(Self.maximumQueryBytes)")
        }
        self.text = text
        do throws(SearchQuery.TooManyTerms) {
            query = try SearchQuery.parse(text)
        } catch {
            throw GoogleBooksMockError(.badRequest, .invalid, "Query has too many terms.", location: "q",
                                       explanation: "q has \(error.count) terms or words in one term; the mock reads at most \(SearchQuery.maximumClauses)")
        }
        startIndex = try parameters.integer("startIndex", in: 0...Self.maximumStartIndex, default: 0)
        maxResults = try parameters.integer("maxResults", in: 0...40, default: 10)
        orderBy = try parameters.choice("orderBy", [("newest", .newest), ("relevance", .relevance)], undefined: "ORDER_BY_UNDEFINED", default: .relevance)
        printTypes = try parameters.choice("printType", [("ALL", .all), ("BOOKS", .books), ("MAGAZINES", .magazines)], undefined: "PRINT_TYPE_UNDEFINED", default: .all)
        projection = try Projection(parameters)
        availability = try parameters.choice(
            "filter",
            [("ebooks", .ebooks), ("free-ebooks", .freeEbooks), ("full", .full), ("paid-ebooks", .paidEbooks), ("partial", .partial)],
            undefined: "FILTER_UNDEFINED", default: nil
        )
        epubOnly = try parameters.choice("download", [("EPUB", true)], undefined: "DOWNLOAD_UNDEFINED", default: false)
        notMature = try parameters.choice("maxAllowedMaturityRating", [("MATURE", false), ("not-mature", true)],
                                          undefined: "MAX_ALLOWED_MATURITY_RATING_UNDEFINED", default: false)
        showPreorders = try parameters.boolean("showPreorders", default: false)
        if let language = parameters["langRestrict"], !language.isEmpty {
            guard language.utf8.count <= 35, language.allSatisfy({ $0.isASCII && ($0.isLetter || $0 == "-" || $0 == "_") }) else {
                throw GoogleBooksMockError(.badRequest, .invalidParameter, "Invalid language code: '\(GoogleBooksMockError.quoted(language))'.",
                                           location: "langRestrict", explanation: "langRestrict must be a language code such as en, fr or zh-CN")
            }
            self.language = language.lowercased().replacingOccurrences(of: "_", with: "-")
        }
        let library = try parameters.choice("libraryRestrict", [("my-library", true), ("no-restrict", false)], undefined: "LIBRARY_RESTRICT_UNDEFINED", default: false)
        if library {
            throw GoogleBooksMockError(.unauthorized, .required, "Login Required.", location: "Authorization", locationType: "header",
                                       explanation: "libraryRestrict=my-library needs a signed-in user; the mock has no user libraries")
        }
    }

    /// Whether the filters let a volume with `facts` through.
    func admits(_ facts: VolumeFacts) -> Bool {
        switch printTypes {
        case .all: break
        case .books: guard facts.printType == .book else { return false }
        case .magazines: guard facts.printType == .magazine else { return false }
        }
        if facts.isPreorder, !showPreorders { return false }
        if notMature, facts.isMature { return false }
        if epubOnly, !facts.hasEpub { return false }
        if let language {
            let code = facts.language
            guard code == language || code.hasPrefix(language + "-") else { return false }
        }
        switch availability {
        case nil: return true
        case .partial: return facts.viewability != "NO_PAGES"
        case .full: return facts.viewability == "ALL_PAGES"
        case .freeEbooks: return facts.isFree
        case .paidEbooks: return facts.isForSale
        case .ebooks: return facts.isEbook
        }
    }
}

/// `projection`: `FULL` (everything) or `LITE` (no description, identifiers, page counts,
/// categories or ratings; `saleInfo` and `accessInfo` without prices, offers and links).
enum Projection: Sendable {
    case full, lite

    init(_ parameters: QueryParameters) throws(GoogleBooksMockError) {
        self = try parameters.choice("projection", [("FULL", .full), ("LITE", .lite)], undefined: "PROJECTION_UNDEFINED", default: .full)
    }
}
