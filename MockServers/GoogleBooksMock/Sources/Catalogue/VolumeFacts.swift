import Foundation

/// What the search's filters and orderings read of a volume, prepared once per catalogue, so a
/// search over thousands of matches never copies a ``MockVolume``.
struct VolumeFacts: Sendable {
    var printType: MockVolume.PrintType
    var isPreorder: Bool
    var isMature: Bool
    var hasEpub: Bool
    /// The language code, lowercased.
    var language: String
    /// `NO_PAGES`, `PARTIAL` or `ALL_PAGES`.
    var viewability: String
    var isFree: Bool
    var isForSale: Bool
    var isEbook: Bool
    /// `publishedDate` as a number that sorts (``MockVolume/dateKey``).
    var dateKey: Int
    /// A little extra relevance for rated and well-described volumes (at most 15).
    var popularity: Int

    init(_ volume: MockVolume) {
        printType = volume.printType
        if case .forPreorder = volume.sale { isPreorder = true } else { isPreorder = false }
        isMature = volume.isMature
        hasEpub = volume.access.epub.isAvailable
        language = volume.language.lowercased()
        viewability = volume.access.viewability
        if case .free = volume.sale { isFree = true } else { isFree = false }
        if case .forSale = volume.sale { isForSale = true } else { isForSale = false }
        isEbook = volume.sale.isEbook
        dateKey = volume.dateKey
        var bonus = 0
        if let count = volume.ratingsCount { bonus += min(8, Int(log2(Double(count) + 1))) }
        if (volume.averageRating ?? 0) >= 4 { bonus += 4 }
        if volume.cover != nil { bonus += 2 }
        if !volume.paragraphs.isEmpty { bonus += 1 }
        popularity = bonus
    }
}
