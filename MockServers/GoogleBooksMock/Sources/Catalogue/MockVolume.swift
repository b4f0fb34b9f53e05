import Foundation

/// One volume of the mock catalogue: what the generator decided, from which the API's JSON is
/// rendered (``VolumeRendering``) and the search index built (``SearchIndex``).
struct MockVolume: Sendable {
    /// Its position in the catalogue (the last tie-breaker of every ordering).
    var index: Int
    /// Google-style id: 12 characters of `[A-Za-z0-9_-]`.
    var id: String
    var etag: String
    var title: String
    var subtitle: String?
    var authors: [String]
    var publisher: String?
    /// `2004`, `2004-05` or `2004-05-01`.
    var publishedDate: String
    /// `publishedDate` as a number that sorts: `20040501`, `20040500`, `20040000`.
    var dateKey: Int
    /// Paragraphs of plain text; the search shows them joined, the lookup as HTML.
    var paragraphs: [String]
    var identifiers: [IndustryIdentifier]
    /// Searchable with `lccn:` and `oclc:` (shown as `OTHER` identifiers only when the volume
    /// has no ISBN, as Google does).
    var lccn: String?
    var oclc: String?
    var pageCount: Int?
    var printedPageCount: Int?
    var printType: PrintType
    /// BISAC-style paths (`Fiction / Literary`): whole in a lookup, their first part in search
    /// results, as Google shows them.
    var categoryPaths: [String]
    var averageRating: Double?
    var ratingsCount: Int?
    var language: String
    var isMature: Bool
    var cover: Cover?
    var readingModes: (text: Bool, image: Bool)
    var sale: Sale
    var access: Access
    /// The country of `saleInfo` and `accessInfo` (the volume's market).
    var country: String
    var hasLayers: Bool
    /// Height, width and thickness in centimetres, for a lookup.
    var dimensions: (height: Double, width: Double, thickness: Double)?
    var contentVersion: String

    enum PrintType: String, Sendable {
        case book = "BOOK"
        case magazine = "MAGAZINE"
    }

    /// A cover image: its colours and shape, and whether large sizes exist.
    struct Cover: Sendable {
        var seed: UInt64
        /// Height over width, in thousandths (1350…1600).
        var aspect: Int
        var hasLargeSizes: Bool
    }

    /// A price in a currency, in hundredths (yen and roubles in whole units times 100).
    struct Price: Sendable {
        var cents: Int
        var currency: String

        var amount: Double { Double(cents) / 100 }
    }

    enum Sale: Sendable {
        case notForSale
        case free
        case forSale(list: Price, retail: Price)
        case forPreorder(list: Price, retail: Price, onSaleDate: String)

        var saleability: String {
            switch self {
            case .notForSale: "NOT_FOR_SALE"
            case .free: "FREE"
            case .forSale: "FOR_SALE"
            case .forPreorder: "FOR_PREORDER"
            }
        }

        var isEbook: Bool {
            if case .notForSale = self { return false }
            return true
        }
    }

    struct Access: Sendable {
        /// `NO_PAGES`, `PARTIAL` or `ALL_PAGES`.
        var viewability: String
        var embeddable: Bool
        var publicDomain: Bool
        var epub: Format
        var pdf: Format
        var textToSpeechAllowed: Bool
        var quoteSharingAllowed: Bool
        /// `NONE`, `SAMPLE` or `FULL_PUBLIC_DOMAIN`.
        var accessViewStatus: String
    }

    /// An ebook format's availability: none, a sample behind an ACS token, or a download.
    enum Format: Sendable {
        case unavailable
        case sample
        case download

        var isAvailable: Bool {
            if case .unavailable = self { return false }
            return true
        }
    }

    /// The description as plain text (search results).
    var plainDescription: String? {
        paragraphs.isEmpty ? nil : paragraphs.joined(separator: " ")
    }

    /// The description as Google's lookups give it: paragraphs in `<p>`, the title in `<b>`.
    var htmlDescription: String? {
        guard !paragraphs.isEmpty else { return nil }
        return paragraphs.map { "<p>" + Self.escapingMarkup($0).replacingOccurrences(of: Self.escapingMarkup(title), with: "<b>\(Self.escapingMarkup(title))</b>") + "</p>" }.joined()
    }

    /// The top-level categories (`Fiction`), each once, as search results show them.
    var topCategories: [String] {
        var seen: [String] = []
        for path in categoryPaths {
            let top = String(path.split(separator: "/").first ?? "").trimmingCharacters(in: .whitespaces)
            if !top.isEmpty, !seen.contains(top) { seen.append(top) }
        }
        return seen
    }

    var isbn10: String? { identifiers.first { $0.type == "ISBN_10" }?.identifier }
    var isbn13: String? { identifiers.first { $0.type == "ISBN_13" }?.identifier }

    static func escapingMarkup(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;")
            .replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
            .replacingOccurrences(of: "\"", with: "&quot;")
            .replacingOccurrences(of: "'", with: "&#39;")
    }
}

/// One of `volumeInfo.industryIdentifiers`: `ISBN_10`, `ISBN_13`, `ISSN` or `OTHER`.
struct IndustryIdentifier: Sendable, Hashable {
    var type: String
    var identifier: String
}
