/// How ``BooksJSONReader`` reads each model: the members its `Decodable` conformance reads,
/// each optional (absent or `null` is `nil`), unknown ones skipped.
extension GoogleBooksVolumes: BooksJSONReadable {
    init(reading reader: inout BooksJSONReader) throws(BooksJSONReader.GaveUp) {
        self.init(kind: nil)
        try reader.members(["kind", "totalItems", "items"]) { reader, key throws(BooksJSONReader.GaveUp) in
            switch key {
            case 0: kind = try reader.optionalString()
            case 1: totalItems = try reader.optional { reader throws(BooksJSONReader.GaveUp) in try reader.integer() }
            default: items = try reader.optional { reader throws(BooksJSONReader.GaveUp) in try reader.array { reader throws(BooksJSONReader.GaveUp) in try GoogleBooksVolume(reading: &reader) } }
            }
        }
    }
}

extension GoogleBooksVolume: BooksJSONReadable {
    init(reading reader: inout BooksJSONReader) throws(BooksJSONReader.GaveUp) {
        self.init(id: "", kind: nil)
        var id: String?
        try reader.members(["kind", "id", "etag", "selfLink", "volumeInfo", "saleInfo", "accessInfo", "searchInfo"]) { reader, key throws(BooksJSONReader.GaveUp) in
            switch key {
            case 0: kind = try reader.optionalString()
            case 1: id = try reader.optionalString()
            case 2: etag = try reader.optionalString()
            case 3: selfLink = try reader.optionalString()
            case 4: volumeInfo = try reader.optional { reader throws(BooksJSONReader.GaveUp) in try VolumeInfo(reading: &reader) }
            case 5: saleInfo = try reader.optional { reader throws(BooksJSONReader.GaveUp) in try SaleInfo(reading: &reader) }
            case 6: accessInfo = try reader.optional { reader throws(BooksJSONReader.GaveUp) in try AccessInfo(reading: &reader) }
            default: searchInfo = try reader.optional { reader throws(BooksJSONReader.GaveUp) in SearchInfo(textSnippet: try reader.member("textSnippet")) }
            }
        }
        self.id = id ?? ""
    }
}

extension GoogleBooksVolume.VolumeInfo {
    init(reading reader: inout BooksJSONReader) throws(BooksJSONReader.GaveUp) {
        self.init()
        try reader.members([
            "title", "subtitle", "authors", "publisher", "publishedDate", "description", "industryIdentifiers", "pageCount", "printType",
            "categories", "averageRating", "ratingsCount", "maturityRating", "imageLinks", "language", "previewLink", "infoLink", "canonicalVolumeLink",
        ]) { reader, key throws(BooksJSONReader.GaveUp) in
            switch key {
            case 0: title = try reader.optionalString()
            case 1: subtitle = try reader.optionalString()
            case 2: authors = try reader.optionalStrings()
            case 3: publisher = try reader.optionalString()
            case 4: publishedDate = try reader.optionalString().map(GoogleBooksDate.init)
            case 5: description = try reader.optionalString()
            case 6:
                industryIdentifiers = try reader.optional { reader throws(BooksJSONReader.GaveUp) in
                    try reader.array { reader throws(BooksJSONReader.GaveUp) in
                        var identifier = GoogleBooksVolume.IndustryIdentifier(type: nil, identifier: nil)
                        try reader.members(["type", "identifier"]) { reader, key throws(BooksJSONReader.GaveUp) in
                            if key == 0 { identifier.type = try reader.optionalString() } else { identifier.identifier = try reader.optionalString() }
                        }
                        return identifier
                    }
                }
            case 7: pageCount = try reader.optional { reader throws(BooksJSONReader.GaveUp) in try reader.integer() }
            case 8: printType = try reader.optionalString()
            case 9: categories = try reader.optionalStrings()
            case 10: averageRating = try reader.optional { reader throws(BooksJSONReader.GaveUp) in try reader.double() }
            case 11: ratingsCount = try reader.optional { reader throws(BooksJSONReader.GaveUp) in try reader.integer() }
            case 12: maturityRating = try reader.optionalString()
            case 13:
                imageLinks = try reader.optional { reader throws(BooksJSONReader.GaveUp) in
                    var links = GoogleBooksVolume.ImageLinks()
                    try reader.members(["smallThumbnail", "thumbnail", "small", "medium", "large", "extraLarge"]) { reader, key throws(BooksJSONReader.GaveUp) in
                        let link = try reader.optionalString()
                        switch key {
                        case 0: links.smallThumbnail = link
                        case 1: links.thumbnail = link
                        case 2: links.small = link
                        case 3: links.medium = link
                        case 4: links.large = link
                        default: links.extraLarge = link
                        }
                    }
                    return links
                }
            case 14: language = try reader.optionalString()
            case 15: previewLink = try reader.optionalString()
            case 16: infoLink = try reader.optionalString()
            default: canonicalVolumeLink = try reader.optionalString()
            }
        }
    }
}

extension GoogleBooksVolume.SaleInfo {
    init(reading reader: inout BooksJSONReader) throws(BooksJSONReader.GaveUp) {
        self.init()
        try reader.members(["country", "saleability", "isEbook", "listPrice", "retailPrice", "buyLink"]) { reader, key throws(BooksJSONReader.GaveUp) in
            switch key {
            case 0: country = try reader.optionalString()
            case 1: saleability = try reader.optionalString()
            case 2: isEbook = try reader.optional { reader throws(BooksJSONReader.GaveUp) in try reader.boolean() }
            case 3: listPrice = try reader.optional { reader throws(BooksJSONReader.GaveUp) in try GoogleBooksVolume.Price(reading: &reader) }
            case 4: retailPrice = try reader.optional { reader throws(BooksJSONReader.GaveUp) in try GoogleBooksVolume.Price(reading: &reader) }
            default: buyLink = try reader.optionalString()
            }
        }
    }
}

extension GoogleBooksVolume.Price {
    init(reading reader: inout BooksJSONReader) throws(BooksJSONReader.GaveUp) {
        self.init(amount: nil, currencyCode: nil)
        try reader.members(["amount", "currencyCode"]) { reader, key throws(BooksJSONReader.GaveUp) in
            if key == 0 {
                amount = try reader.optional { reader throws(BooksJSONReader.GaveUp) in try reader.double() }
            } else {
                currencyCode = try reader.optionalString()
            }
        }
    }
}

extension GoogleBooksVolume.AccessInfo {
    init(reading reader: inout BooksJSONReader) throws(BooksJSONReader.GaveUp) {
        self.init()
        try reader.members(["country", "viewability", "embeddable", "publicDomain", "epub", "pdf", "webReaderLink", "accessViewStatus"]) { reader, key throws(BooksJSONReader.GaveUp) in
            switch key {
            case 0: country = try reader.optionalString()
            case 1: viewability = try reader.optionalString()
            case 2: embeddable = try reader.optional { reader throws(BooksJSONReader.GaveUp) in try reader.boolean() }
            case 3: publicDomain = try reader.optional { reader throws(BooksJSONReader.GaveUp) in try reader.boolean() }
            case 4: epub = try reader.optional { reader throws(BooksJSONReader.GaveUp) in try Availability(reading: &reader) }
            case 5: pdf = try reader.optional { reader throws(BooksJSONReader.GaveUp) in try Availability(reading: &reader) }
            case 6: webReaderLink = try reader.optionalString()
            default: accessViewStatus = try reader.optionalString()
            }
        }
    }
}

extension GoogleBooksVolume.AccessInfo.Availability {
    init(reading reader: inout BooksJSONReader) throws(BooksJSONReader.GaveUp) {
        self.init(isAvailable: nil)
        try reader.members(["isAvailable", "downloadLink", "acsTokenLink"]) { reader, key throws(BooksJSONReader.GaveUp) in
            switch key {
            case 0: isAvailable = try reader.optional { reader throws(BooksJSONReader.GaveUp) in try reader.boolean() }
            case 1: downloadLink = try reader.optionalString()
            default: acsTokenLink = try reader.optionalString()
            }
        }
    }
}

extension BooksJSONReader {
    /// A string or `null`.
    mutating func optionalString() throws(GaveUp) -> String? {
        try optional { reader throws(GaveUp) in try reader.string() }
    }

    /// An array of strings, or `null`.
    mutating func optionalStrings() throws(GaveUp) -> [String]? {
        try optional { reader throws(GaveUp) in try reader.array { reader throws(GaveUp) in try reader.string() } }
    }

    /// The string member `name` of an object (`nil` when absent or `null`).
    mutating func member(_ name: StaticString) throws(GaveUp) -> String? {
        var value: String?
        try members([name]) { reader, _ throws(GaveUp) in value = try reader.optionalString() }
        return value
    }
}
