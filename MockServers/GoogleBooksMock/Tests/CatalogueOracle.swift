@testable import GoogleBooksMock

/// The search's answers worked out the slow way — every volume scanned, no index — to check
/// the index against.
enum CatalogueOracle {
    /// The folded word lists of `volume`'s fields among `fields`.
    static func segments(_ volume: MockVolume, _ fields: SearchFields) -> [[String]] {
        var texts: [String] = []
        if fields.contains(.title) { texts.append(volume.title) }
        if fields.contains(.subtitle), let subtitle = volume.subtitle { texts.append(subtitle) }
        if fields.contains(.authors) { texts += volume.authors }
        if fields.contains(.publisher), let publisher = volume.publisher { texts.append(publisher) }
        if fields.contains(.categories) { texts += volume.categoryPaths }
        if fields.contains(.description) { texts += volume.paragraphs }
        return texts.map(TextFolding.words)
    }

    /// Whether `phrase` (folded here) appears as adjacent words in one of the fields.
    static func contains(_ volume: MockVolume, phrase: String, in fields: SearchFields) -> Bool {
        let words = TextFolding.words(phrase)
        return segments(volume, fields).contains { haystack in
            haystack.count >= words.count && (0...(haystack.count - words.count)).contains { haystack[$0..<($0 + words.count)].elementsEqual(words) }
        }
    }

    /// The ids of the volumes holding every one of `phrases` in `fields`, in catalogue order.
    static func ids(_ catalogue: BookCatalogue, _ phrases: [(String, SearchFields)], where admits: (MockVolume) -> Bool = { _ in true }) -> [String] {
        catalogue.volumes.filter { volume in
            admits(volume) && phrases.allSatisfy { contains(volume, phrase: $0.0, in: $0.1) }
        }.filter { if case .forPreorder = $0.sale { return false } else { return true } }.map(\.id)
    }
}
