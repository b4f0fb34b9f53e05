import Foundation
@testable import GoogleBooksMock

/// The search's answers worked out the slow way — every volume scanned, no index — to check
/// the index against.
enum CatalogueOracle {
    /// Every field value of every volume, folded once per catalogue (folding is the slow part).
    private final class Folded: @unchecked Sendable {
        let lock = NSLock()
        var byCatalogue: [ObjectIdentifier: [[(SearchFields, [String])]]] = [:]
    }

    private static let folded = Folded()

    private static func foldedFields(_ volume: MockVolume) -> [(SearchFields, [String])] {
        var texts: [(SearchFields, String)] = [(.title, volume.title)]
        if let subtitle = volume.subtitle { texts.append((.subtitle, subtitle)) }
        texts += volume.authors.map { (.authors, $0) }
        if let publisher = volume.publisher { texts.append((.publisher, publisher)) }
        texts += volume.categoryPaths.map { (.categories, $0) }
        texts += volume.paragraphs.map { (.description, $0) }
        return texts.map { ($0.0, TextFolding.words($0.1)) }
    }

    /// The folded word lists of `volume`'s fields among `fields`.
    static func segments(_ volume: MockVolume, _ fields: SearchFields, in catalogue: BookCatalogue? = nil) -> [[String]] {
        let all: [(SearchFields, [String])]
        if let catalogue {
            folded.lock.lock()
            if folded.byCatalogue[ObjectIdentifier(catalogue)] == nil {
                folded.byCatalogue[ObjectIdentifier(catalogue)] = catalogue.volumes.map(foldedFields)
            }
            all = folded.byCatalogue[ObjectIdentifier(catalogue)]![volume.index]
            folded.lock.unlock()
        } else {
            all = foldedFields(volume)
        }
        return all.filter { fields.contains($0.0) }.map(\.1)
    }

    /// Whether `phrase` (folded here) appears as adjacent words in one of the fields.
    static func contains(_ volume: MockVolume, phrase: String, in fields: SearchFields, catalogue: BookCatalogue? = nil) -> Bool {
        let words = TextFolding.words(phrase)
        return segments(volume, fields, in: catalogue).contains { haystack in
            haystack.count >= words.count && (0...(haystack.count - words.count)).contains { haystack[$0..<($0 + words.count)].elementsEqual(words) }
        }
    }

    /// The ids of the volumes holding every one of `phrases` in `fields`, in catalogue order.
    static func ids(_ catalogue: BookCatalogue, _ phrases: [(String, SearchFields)], where admits: (MockVolume) -> Bool = { _ in true }) -> [String] {
        catalogue.volumes.filter { volume in
            admits(volume) && phrases.allSatisfy { contains(volume, phrase: $0.0, in: $0.1, catalogue: catalogue) }
        }.filter { if case .forPreorder = $0.sale { return false } else { return true } }.map(\.id)
    }
}
