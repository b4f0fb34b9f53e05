public import Foundation

/// A page of `volumes.list`: Google's `Volumes` (`books#volumes`). `items` is absent when
/// nothing matches or the page lies past the end.
public struct GoogleBooksVolumes: Sendable, Hashable, Codable {
    public var kind: String?
    /// The number of matches Google reports — an estimate that can shift between pages.
    public var totalItems: Int?
    public var items: [GoogleBooksVolume]?

    public init(kind: String? = "books#volumes", totalItems: Int? = nil, items: [GoogleBooksVolume]? = nil) {
        self.kind = kind
        self.totalItems = totalItems
        self.items = items
    }
}

/// A volume: Google's `Volume` (`books#volume`), the members apps use. Every member is optional
/// (Google leaves out what it does not know, and partial responses leave out the rest); a
/// member of the wrong type is a decoding error naming its path.
public struct GoogleBooksVolume: Sendable, Hashable, Codable, Identifiable {
    public var kind: String?
    /// The volume id (`zyTCAlFPjgYC`); empty when a partial response (`fields`) left it out.
    public var id: String
    public var etag: String?
    public var selfLink: String?
    public var volumeInfo: VolumeInfo?
    public var saleInfo: SaleInfo?
    public var accessInfo: AccessInfo?
    public var searchInfo: SearchInfo?

    public init(id: String, kind: String? = "books#volume", etag: String? = nil, selfLink: String? = nil, volumeInfo: VolumeInfo? = nil,
                saleInfo: SaleInfo? = nil, accessInfo: AccessInfo? = nil, searchInfo: SearchInfo? = nil) {
        self.id = id
        self.kind = kind
        self.etag = etag
        self.selfLink = selfLink
        self.volumeInfo = volumeInfo
        self.saleInfo = saleInfo
        self.accessInfo = accessInfo
        self.searchInfo = searchInfo
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decodeIfPresent(String.self, forKey: .id) ?? ""
        kind = try container.decodeIfPresent(String.self, forKey: .kind)
        etag = try container.decodeIfPresent(String.self, forKey: .etag)
        selfLink = try container.decodeIfPresent(String.self, forKey: .selfLink)
        volumeInfo = try container.decodeIfPresent(VolumeInfo.self, forKey: .volumeInfo)
        saleInfo = try container.decodeIfPresent(SaleInfo.self, forKey: .saleInfo)
        accessInfo = try container.decodeIfPresent(AccessInfo.self, forKey: .accessInfo)
        searchInfo = try container.decodeIfPresent(SearchInfo.self, forKey: .searchInfo)
    }

    /// `volumeInfo`: what the book is.
    public struct VolumeInfo: Sendable, Hashable, Codable {
        public var title: String?
        public var subtitle: String?
        public var authors: [String]?
        public var publisher: String?
        /// As published: `2004`, `2004-05` or `2004-05-01`.
        public var publishedDate: GoogleBooksDate?
        public var description: String?
        public var industryIdentifiers: [IndustryIdentifier]?
        public var pageCount: Int?
        public var printType: String?
        public var categories: [String]?
        public var averageRating: Double?
        public var ratingsCount: Int?
        public var maturityRating: String?
        public var imageLinks: ImageLinks?
        /// An ISO 639-1 code (`en`, `fr`).
        public var language: String?
        public var previewLink: String?
        public var infoLink: String?
        public var canonicalVolumeLink: String?

        public init(title: String? = nil, subtitle: String? = nil, authors: [String]? = nil, publisher: String? = nil,
                    publishedDate: GoogleBooksDate? = nil, description: String? = nil, industryIdentifiers: [IndustryIdentifier]? = nil,
                    pageCount: Int? = nil, printType: String? = nil, categories: [String]? = nil, averageRating: Double? = nil,
                    ratingsCount: Int? = nil, maturityRating: String? = nil, imageLinks: ImageLinks? = nil, language: String? = nil,
                    previewLink: String? = nil, infoLink: String? = nil, canonicalVolumeLink: String? = nil) {
            self.title = title
            self.subtitle = subtitle
            self.authors = authors
            self.publisher = publisher
            self.publishedDate = publishedDate
            self.description = description
            self.industryIdentifiers = industryIdentifiers
            self.pageCount = pageCount
            self.printType = printType
            self.categories = categories
            self.averageRating = averageRating
            self.ratingsCount = ratingsCount
            self.maturityRating = maturityRating
            self.imageLinks = imageLinks
            self.language = language
            self.previewLink = previewLink
            self.infoLink = infoLink
            self.canonicalVolumeLink = canonicalVolumeLink
        }

        /// The ISBN-13, else the ISBN-10, when Google lists one.
        public var isbn: String? {
            industryIdentifiers?.first { $0.type == "ISBN_13" }?.identifier ?? industryIdentifiers?.first { $0.type == "ISBN_10" }?.identifier
        }
    }

    /// An identifier (`ISBN_10`, `ISBN_13`, `ISSN`, `OTHER`).
    public struct IndustryIdentifier: Sendable, Hashable, Codable {
        public var type: String?
        public var identifier: String?

        public init(type: String?, identifier: String?) {
            self.type = type
            self.identifier = identifier
        }
    }

    /// Cover images. Google links them with `http`; ``secure(_:)`` gives each as `https`.
    public struct ImageLinks: Sendable, Hashable, Codable {
        public var smallThumbnail: String?
        public var thumbnail: String?
        public var small: String?
        public var medium: String?
        public var large: String?
        public var extraLarge: String?

        public init(smallThumbnail: String? = nil, thumbnail: String? = nil, small: String? = nil, medium: String? = nil, large: String? = nil, extraLarge: String? = nil) {
            self.smallThumbnail = smallThumbnail
            self.thumbnail = thumbnail
            self.small = small
            self.medium = medium
            self.large = large
            self.extraLarge = extraLarge
        }

        /// The best link for `size`: that size, else the next smaller one Google gave.
        public func url(_ size: Size) -> URL? {
            let candidates: [String?] = switch size {
            case .smallThumbnail: [smallThumbnail, thumbnail]
            case .thumbnail: [thumbnail, smallThumbnail]
            case .large: [extraLarge, large, medium, small, thumbnail, smallThumbnail]
            }
            return candidates.lazy.compactMap { $0 }.compactMap(Self.secure).first
        }

        /// The image sizes an app asks for.
        public enum Size: Sendable, Hashable { case smallThumbnail, thumbnail, large }

        /// `link` with `http` upgraded to `https` (App Transport Security refuses `http`; Google
        /// serves the same image over both). Loopback links (a mock server) are kept as they are.
        public static func secure(_ link: String) -> URL? {
            guard var components = URLComponents(string: link), components.host != nil else { return nil }
            if components.scheme?.lowercased() == "http", !["127.0.0.1", "localhost", "::1"].contains(components.host ?? "") {
                components.scheme = "https"
            }
            return components.url
        }
    }

    /// `saleInfo`: whether and for how much it is sold.
    public struct SaleInfo: Sendable, Hashable, Codable {
        public var country: String?
        /// `FOR_SALE`, `NOT_FOR_SALE`, `FREE`, `FOR_PREORDER`, …
        public var saleability: String?
        public var isEbook: Bool?
        public var listPrice: Price?
        public var retailPrice: Price?
        public var buyLink: String?

        public init(country: String? = nil, saleability: String? = nil, isEbook: Bool? = nil, listPrice: Price? = nil, retailPrice: Price? = nil, buyLink: String? = nil) {
            self.country = country
            self.saleability = saleability
            self.isEbook = isEbook
            self.listPrice = listPrice
            self.retailPrice = retailPrice
            self.buyLink = buyLink
        }
    }

    /// An amount in a currency (`EUR`).
    public struct Price: Sendable, Hashable, Codable {
        public var amount: Double?
        public var currencyCode: String?

        public init(amount: Double?, currencyCode: String?) {
            self.amount = amount
            self.currencyCode = currencyCode
        }
    }

    /// `accessInfo`: what a reader may see or download.
    public struct AccessInfo: Sendable, Hashable, Codable {
        public var country: String?
        /// `PARTIAL`, `ALL_PAGES`, `NO_PAGES`, `UNKNOWN`.
        public var viewability: String?
        public var embeddable: Bool?
        public var publicDomain: Bool?
        public var epub: Availability?
        public var pdf: Availability?
        public var webReaderLink: String?
        public var accessViewStatus: String?

        public init(country: String? = nil, viewability: String? = nil, embeddable: Bool? = nil, publicDomain: Bool? = nil,
                    epub: Availability? = nil, pdf: Availability? = nil, webReaderLink: String? = nil, accessViewStatus: String? = nil) {
            self.country = country
            self.viewability = viewability
            self.embeddable = embeddable
            self.publicDomain = publicDomain
            self.epub = epub
            self.pdf = pdf
            self.webReaderLink = webReaderLink
            self.accessViewStatus = accessViewStatus
        }

        /// Whether an EPUB or PDF is offered.
        public struct Availability: Sendable, Hashable, Codable {
            public var isAvailable: Bool?
            public var downloadLink: String?
            public var acsTokenLink: String?

            public init(isAvailable: Bool?, downloadLink: String? = nil, acsTokenLink: String? = nil) {
                self.isAvailable = isAvailable
                self.downloadLink = downloadLink
                self.acsTokenLink = acsTokenLink
            }
        }
    }

    /// `searchInfo`: why it matched (search results only).
    public struct SearchInfo: Sendable, Hashable, Codable {
        /// An HTML snippet (`<b>` marks the matched words).
        public var textSnippet: String?

        public init(textSnippet: String?) { self.textSnippet = textSnippet }
    }
}
