import Foundation
@testable import GoogleBooksMock
import SigningCore
import Testing

extension GoogleBooksMockSuite {
    /// The generated catalogue: deterministic, varied like Google's, with valid identifiers, and
    /// searched in milliseconds.
    @Suite("Google Books mock catalogue")
    struct CatalogueTests {
        static let catalogue = BookCatalogue(size: 5000, seed: 2011)

        @Test("the same seed gives the same catalogue, another seed another")
        func determinism() {
            let again = CatalogueGenerator.volumes(count: 5000, seed: 2011)
            #expect(again.map(\.id) == Self.catalogue.volumes.map(\.id))
            #expect(again.map(\.title) == Self.catalogue.volumes.map(\.title))
            #expect(again.map(\.etag) == Self.catalogue.volumes.map(\.etag))
            #expect(again.map { $0.cover?.seed } == Self.catalogue.volumes.map { $0.cover?.seed })
            let other = CatalogueGenerator.volumes(count: 200, seed: 2012)
            #expect(other.map(\.id) != Array(Self.catalogue.volumes.prefix(200).map(\.id)))
            #expect(CatalogueGenerator.volumes(count: 200, seed: 2011).map(\.id) == Array(Self.catalogue.volumes.prefix(200).map(\.id)), "a smaller catalogue is a prefix")
        }

        @Test("ids look like Google's: 12 characters of [A-Za-z0-9_-], all different")
        func ids() {
            let allowed = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-")
            let ids = Self.catalogue.volumes.map(\.id)
            #expect(Set(ids).count == ids.count)
            #expect(ids.allSatisfy { $0.count == 12 && $0.allSatisfy(allowed.contains) })
            #expect(Self.catalogue.volumes.allSatisfy { $0.etag.count == 11 })
        }

        /// ISBN check digits computed here from the standards' definitions.
        static func validISBN13(_ text: String) -> Bool {
            let digits = text.compactMap(\.wholeNumberValue)
            guard digits.count == 13, text.count == 13 else { return false }
            return digits.enumerated().reduce(0) { $0 + $1.element * ($1.offset % 2 == 0 ? 1 : 3) } % 10 == 0
        }

        static func validISBN10(_ text: String) -> Bool {
            guard text.count == 10 else { return false }
            let values = text.enumerated().map { offset, character -> Int? in
                character == "X" && offset == 9 ? 10 : character.wholeNumberValue
            }
            guard values.allSatisfy({ $0 != nil }) else { return false }
            return values.enumerated().reduce(0) { $0 + $1.element! * (10 - $1.offset) } % 11 == 0
        }

        static func validISSN(_ text: String) -> Bool {
            let characters = Array(text.replacingOccurrences(of: "-", with: ""))
            guard characters.count == 8, text.count == 9 else { return false }
            let values = characters.enumerated().map { $1 == "X" && $0 == 7 ? 10 : $1.wholeNumberValue ?? -100 }
            return values.enumerated().reduce(0) { $0 + $1.element * (8 - $1.offset) } % 11 == 0
        }

        @Test("ISBN-10, ISBN-13 and ISSN have right check digits; ISBN-10 and -13 agree; old books carry OTHER identifiers")
        func identifiers() {
            var kinds: [String: Int] = [:]
            for volume in Self.catalogue.volumes {
                #expect(!volume.identifiers.isEmpty)
                for identifier in volume.identifiers {
                    kinds[identifier.type, default: 0] += 1
                    switch identifier.type {
                    case "ISBN_13": #expect(Self.validISBN13(identifier.identifier) && CheckDigits.isValidISBN(identifier.identifier), "\(identifier.identifier)")
                    case "ISBN_10": #expect(Self.validISBN10(identifier.identifier) && CheckDigits.isValidISBN(identifier.identifier), "\(identifier.identifier)")
                    case "ISSN": #expect(Self.validISSN(identifier.identifier), "\(identifier.identifier)")
                    default: #expect(identifier.identifier.contains(":"))
                    }
                }
                if let ten = volume.isbn10, let thirteen = volume.isbn13 {
                    #expect(thirteen.hasPrefix("978") && thirteen.dropFirst(3).prefix(9) == ten.prefix(9))
                }
            }
            #expect(kinds.keys.sorted() == ["ISBN_10", "ISBN_13", "ISSN", "OTHER"])
            #expect(Self.catalogue.volumes.contains { $0.isbn13?.hasPrefix("979") == true && $0.isbn10 == nil })
        }

        @Test("dates come in Google's three forms; the mix of languages, print types, sale states, currencies and covers is wide")
        func variety() {
            let volumes = Self.catalogue.volumes
            let forms = Dictionary(grouping: volumes, by: { $0.publishedDate.count }).mapValues(\.count)
            #expect(Set(forms.keys) == [4, 7, 10] && forms.values.allSatisfy { $0 > 200 })
            #expect(volumes.allSatisfy { $0.publishedDate.range(of: #"^\d{4}(-\d{2}(-\d{2})?)?$"#, options: .regularExpression) != nil })
            let languages = Set(volumes.map(\.language))
            #expect(languages.isSuperset(of: ["en", "fr", "de", "es", "it", "pt", "nl", "ru", "ja", "zh-CN", "ar"]))
            for (language, script) in [("ja", 0x3040...0x9FFF), ("ru", 0x0400...0x04FF), ("ar", 0x0600...0x06FF)] {
                #expect(volumes.contains { $0.language == language && $0.title.unicodeScalars.contains { script.contains(Int($0.value)) } && $0.authors.first?.unicodeScalars.contains { script.contains(Int($0.value)) } == true })
            }
            #expect(volumes.contains { $0.title.contains("é") } && volumes.contains { $0.authors.contains { $0.contains("ü") } })
            let magazines = volumes.filter { $0.printType == .magazine }
            #expect(magazines.count > 100 && magazines.allSatisfy { $0.authors.isEmpty && $0.publishedDate.count == 10 })
            #expect(Set(volumes.map(\.sale.saleability)) == ["FOR_SALE", "FREE", "NOT_FOR_SALE", "FOR_PREORDER"])
            let currencies = Set(volumes.compactMap { volume -> String? in
                if case .forSale(let list, _) = volume.sale { return list.currency }
                return nil
            })
            #expect(currencies.count >= 6 && currencies.isSuperset(of: ["USD", "EUR", "GBP", "JPY"]))
            #expect(volumes.contains { $0.cover == nil } && volumes.filter { $0.cover != nil }.count > volumes.count * 3 / 4)
            #expect(volumes.contains { $0.averageRating == nil } && volumes.contains { $0.averageRating != nil })
            #expect(volumes.contains { $0.access.publicDomain } && volumes.contains { $0.access.epub.isAvailable } && volumes.contains { $0.access.pdf.isAvailable })
            #expect(Set(volumes.map(\.access.viewability)) == ["NO_PAGES", "PARTIAL", "ALL_PAGES"])
            #expect(volumes.contains { $0.subtitle != nil } && volumes.contains { $0.authors.count > 1 } && volumes.contains { $0.paragraphs.isEmpty })
        }

        @Test("folding: case, accents, ß and ideographs")
        func folding() {
            #expect(TextFolding.words("Café au LAIT") == ["cafe", "au", "lait"])
            #expect(TextFolding.words("Straße Œuvre") == ["strasse", "oeuvre"])
            #expect(TextFolding.words("東京の夜") == ["東", "京", "の", "夜"])
            #expect(TextFolding.words("l'été, 2004!") == ["l", "ete", "2004"])
            #expect(TextFolding.words("МОСКВА") == ["москва"])
        }
    }
}
