import Foundation
import SigningCore

/// Writes a ``MockVolume`` as the Books API's `Volume` resource: members in Google's order,
/// only what the discovery document's schema declares, and what each context shows — search
/// results carry `searchInfo.textSnippet` and top-level categories, lookups the HTML
/// description, category paths, dimensions, more image sizes and `layerInfo`; `LITE` leaves
/// out the description, identifiers, counts, categories, ratings and the sale and access details.
struct VolumeRendering: Sendable {
    /// `http://HOST:PORT` of the request, for `selfLink` and the cover links.
    let baseURL: String
    let projection: Projection
    /// What `fields` selects of each volume (`nil`: everything): members it drops are not built.
    var selection: FieldSelection.Node? = nil

    /// Where a volume is shown.
    enum Context {
        /// A search result: what it shows of the search (as text, so a ``VolumeTemplate`` can
        /// put holes there).
        case search(SearchResult)
        case lookup
    }

    /// What a search result shows of its search.
    struct SearchResult {
        /// The search's `q`, percent-encoded, for the `dq=` of the links.
        var encodedQuery: String
        /// The result's number from 1 (its position on every page from `startIndex` 0), for `cd=`.
        var number: String
        /// `searchInfo.textSnippet`; `nil` leaves `searchInfo` out.
        var snippet: String?

    }

    /// `volume` shown in `context`; `text` is its prepared text (the catalogue's).
    func json(_ volume: MockVolume, _ text: VolumeText, _ context: Context) -> BooksJSON {
        var object = BooksJSONObject()
        object.add("kind", "books#volume")
        object.add("id", volume.id)
        object.add("etag", volume.etag)
        object.add("selfLink", "\(baseURL)/books/v1/volumes/\(volume.id)")
        let wanted = { (name: String) in FieldSelection.child(name, of: selection) != nil }
        if wanted("volumeInfo") { object.add("volumeInfo", volumeInfo(volume, text, context)) }
        if case .lookup = context, projection == .full, volume.hasLayers {
            object.add("layerInfo", BooksJSON.object([.init(name: "layers", value: .array([
                .object([.init(name: "layerId", value: .string("geo")), .init(name: "volumeAnnotationsVersion", value: .string("2"))]),
            ]))]))
        }
        if wanted("saleInfo") { object.add("saleInfo", saleInfo(volume)) }
        if wanted("accessInfo") { object.add("accessInfo", accessInfo(volume, slug: text.slug)) }
        if case .search(let result) = context, wanted("searchInfo"), let snippet = result.snippet {
            object.add("searchInfo", BooksJSON.object([.init(name: "textSnippet", value: .string(snippet))]))
        }
        return object.json
    }

    private func volumeInfo(_ volume: MockVolume, _ text: VolumeText, _ context: Context) -> BooksJSON {
        let full = projection == .full
        var lookup = false
        if case .lookup = context { lookup = true }
        var info = BooksJSONObject()
        info.add("title", volume.title)
        info.add("subtitle", volume.subtitle)
        if !volume.authors.isEmpty { info.add("authors", BooksJSON.array(volume.authors.map(BooksJSON.string))) }
        info.add("publisher", volume.publisher)
        info.add("publishedDate", volume.publishedDate)
        if full {
            info.add("description", lookup ? volume.htmlDescription : text.plainDescription)
            info.add("industryIdentifiers", BooksJSON.array(volume.identifiers.map { identifier in
                .object([.init(name: "type", value: .string(identifier.type)), .init(name: "identifier", value: .string(identifier.identifier))])
            }))
        }
        info.add("readingModes", BooksJSON.object([
            .init(name: "text", value: .boolean(volume.readingModes.text)), .init(name: "image", value: .boolean(volume.readingModes.image)),
        ]))
        if full {
            info.add("pageCount", volume.pageCount)
            if lookup {
                info.add("printedPageCount", volume.printedPageCount)
                if let size = volume.dimensions {
                    info.add("dimensions", BooksJSON.object([
                        .init(name: "height", value: .string(Self.centimetres(size.height))),
                        .init(name: "width", value: .string(Self.centimetres(size.width))),
                        .init(name: "thickness", value: .string(Self.centimetres(size.thickness))),
                    ]))
                }
            }
            info.add("printType", volume.printType.rawValue)
            let categories = lookup ? volume.categoryPaths : text.topCategories
            if !categories.isEmpty { info.add("categories", BooksJSON.array(categories.map(BooksJSON.string))) }
            info.add("averageRating", volume.averageRating.map(BooksJSON.number))
            info.add("ratingsCount", volume.ratingsCount)
        }
        info.add("maturityRating", volume.isMature ? "MATURE" : "NOT_MATURE")
        info.add("allowAnonLogging", volume.sale.isEbook)
        info.add("contentVersion", volume.contentVersion)
        if volume.printType == .book {
            info.add("panelizationSummary", BooksJSON.object([
                .init(name: "containsEpubBubbles", value: .boolean(false)), .init(name: "containsImageBubbles", value: .boolean(false)),
            ]))
        }
        if let cover = volume.cover {
            var links = BooksJSONObject()
            links.add("smallThumbnail", coverLink(volume, zoom: 5))
            links.add("thumbnail", coverLink(volume, zoom: 1))
            if lookup, cover.hasLargeSizes {
                links.add("small", coverLink(volume, zoom: 2))
                links.add("medium", coverLink(volume, zoom: 3))
                links.add("large", coverLink(volume, zoom: 4))
            }
            info.add("imageLinks", links.json)
        }
        info.add("language", volume.language)
        let id = volume.id
        let frontCover = volume.readingModes.image ? "&printsec=frontcover" : ""
        switch context {
        case .search(let result):
            let dq = result.encodedQuery
            info.add("previewLink", "http://books.google.com/books?id=\(id)\(frontCover)&dq=\(dq)&hl=&cd=\(result.number)&source=gbs_api")
            info.add("infoLink", "http://books.google.com/books?id=\(id)&dq=\(dq)&hl=&source=gbs_api")
        case .lookup:
            info.add("previewLink", "http://books.google.com/books?id=\(id)\(frontCover)&hl=&source=gbs_api")
            info.add("infoLink", volume.sale.isEbook
                ? "https://play.google.com/store/books/details?id=\(id)&source=gbs_api"
                : "http://books.google.com/books?id=\(id)&source=gbs_api")
        }
        info.add("canonicalVolumeLink", "https://books.google.com/books/about/\(text.slug).html?hl=&id=\(id)")
        return info.json
    }

    private func coverLink(_ volume: MockVolume, zoom: Int) -> String {
        "\(baseURL)/books/content?id=\(volume.id)&printsec=frontcover&img=1&zoom=\(zoom)&edge=curl&source=gbs_api"
    }

    private func saleInfo(_ volume: MockVolume) -> BooksJSON {
        var sale = BooksJSONObject()
        sale.add("country", volume.country)
        sale.add("saleability", volume.sale.saleability)
        sale.add("isEbook", volume.sale.isEbook)
        guard projection == .full else { return sale.json }
        let buyLink = "https://play.google.com/store/books/details?id=\(volume.id)&rdid=book-\(volume.id)&rdot=1&source=gbs_api"
        switch volume.sale {
        case .notForSale:
            break
        case .free:
            sale.add("buyLink", buyLink)
        case .forSale(let list, let retail), .forPreorder(let list, let retail, _):
            sale.add("listPrice", Self.price(list, micros: false))
            sale.add("retailPrice", Self.price(retail, micros: false))
            sale.add("buyLink", buyLink)
            if case .forPreorder(_, _, let onSaleDate) = volume.sale { sale.add("onSaleDate", onSaleDate) }
            var offer = BooksJSONObject()
            offer.add("finskyOfferType", 1)
            offer.add("listPrice", Self.price(list, micros: true))
            offer.add("retailPrice", Self.price(retail, micros: true))
            offer.add("giftable", true)
            sale.add("offers", BooksJSON.array([offer.json]))
        }
        return sale.json
    }

    private func accessInfo(_ volume: MockVolume, slug: String) -> BooksJSON {
        let access = volume.access
        let full = projection == .full
        var info = BooksJSONObject()
        info.add("country", volume.country)
        info.add("viewability", access.viewability)
        info.add("embeddable", access.embeddable)
        info.add("publicDomain", access.publicDomain)
        if full { info.add("textToSpeechPermission", access.textToSpeechAllowed ? "ALLOWED" : "ALLOWED_FOR_ACCESSIBILITY") }
        info.add("epub", format(access.epub, volume, "epub", slug: slug, full: full))
        info.add("pdf", format(access.pdf, volume, "pdf", slug: slug, full: full))
        info.add("webReaderLink", "http://play.google.com/books/reader?id=\(volume.id)&hl=&source=gbs_api")
        info.add("accessViewStatus", access.accessViewStatus)
        if full { info.add("quoteSharingAllowed", access.quoteSharingAllowed) }
        return info.json
    }

    private func format(_ format: MockVolume.Format, _ volume: MockVolume, _ name: String, slug file: String, full: Bool) -> BooksJSON {
        var object = BooksJSONObject()
        object.add("isAvailable", format.isAvailable)
        guard full else { return object.json }
        switch format {
        case .unavailable: break
        case .sample:
            object.add("acsTokenLink", "http://books.google.com/books/download/\(file)-sample-\(name).acsm?id=\(volume.id)&format=\(name)&output=acs4_fulfillment_token&dl_type=sample&source=gbs_api")
        case .download:
            object.add("downloadLink", "http://books.google.com/books/download/\(file).\(name)?id=\(volume.id)&output=\(name)&source=gbs_api")
        }
        return object.json
    }

    private static func price(_ price: MockVolume.Price, micros: Bool) -> BooksJSON {
        let amount = micros ? BooksJSON.Member(name: "amountInMicros", value: .number(Double(price.cents) * 10_000))
            : BooksJSON.Member(name: "amount", value: .number(price.amount))
        return .object([amount, .init(name: "currencyCode", value: .string(price.currency))])
    }

    private static func centimetres(_ value: Double) -> String {
        let hundredths = Int((value * 100).rounded())
        let fraction = hundredths % 100
        return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction) cm"
    }

    /// The title as Google puts it in `canonicalVolumeLink` and download names: spaces as `_`,
    /// everything else outside the unreserved set percent-encoded.
    static func slug(_ title: String) -> String {
        // Byte by byte: Foundation's `replacingOccurrences` goes through NSString on Linux and
        // was a third of building the catalogue.
        PercentEncoding.encode(String(decoding: title.utf8.map { $0 == UInt8(ascii: " ") ? UInt8(ascii: "_") : $0 }, as: UTF8.self))
    }
}
