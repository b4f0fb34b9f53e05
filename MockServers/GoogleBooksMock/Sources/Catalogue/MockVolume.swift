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
            let top = Self.trimmingSpaces(path.split(separator: "/").first ?? "")
            if !top.isEmpty, !seen.contains(top) { seen.append(top) }
        }
        return seen
    }

    var isbn10: String? { identifiers.first { $0.type == "ISBN_10" }?.identifier }
    var isbn13: String? { identifiers.first { $0.type == "ISBN_13" }?.identifier }

    /// `text` with `&`, `<`, `>`, `"` and `'` written as HTML entities, in one pass over its
    /// bytes (Foundation's `replacingOccurrences` goes through NSString on Linux, five times).
    static func escapingMarkup(_ text: String) -> String {
        guard text.utf8.contains(where: { Self.entities[Int($0)] != nil }) else { return text }
        var output: [UInt8] = []
        output.reserveCapacity(text.utf8.count + 16)
        for byte in text.utf8 {
            if let entity = Self.entities[Int(byte)] { output.append(contentsOf: entity) } else { output.append(byte) }
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// `text` without the spaces and tabs that begin or end it (what Foundation's
    /// `trimmingCharacters(in: .whitespaces)` removes: tab and Unicode's space separators),
    /// without going through NSString.
    static func trimmingSpaces(_ text: some StringProtocol) -> String {
        func isSpace(_ scalar: Unicode.Scalar) -> Bool { scalar == "\t" || scalar.properties.generalCategory == .spaceSeparator }
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !isSpace($0) }), let last = scalars.lastIndex(where: { !isSpace($0) }) else { return "" }
        var trimmed = String.UnicodeScalarView()
        trimmed.append(contentsOf: scalars[first...last])
        return String(trimmed)
    }

    /// The entity for each byte `escapingMarkup` replaces, by byte value.
    private static let entities: [[UInt8]?] = (0..<256).map { byte in
        switch UInt8(byte) {
        case UInt8(ascii: "&"): Array("&amp;".utf8)
        case UInt8(ascii: "<"): Array("&lt;".utf8)
        case UInt8(ascii: ">"): Array("&gt;".utf8)
        case UInt8(ascii: "\""): Array("&quot;".utf8)
        case UInt8(ascii: "'"): Array("&#39;".utf8)
        default: nil
        }
    }
}

/// One of `volumeInfo.industryIdentifiers`: `ISBN_10`, `ISBN_13`, `ISSN` or `OTHER`.
struct IndustryIdentifier: Sendable, Hashable {
    var type: String
    var identifier: String
}
