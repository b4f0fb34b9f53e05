import Foundation

/// The volumes a server answers from: generated from the options' seed, indexed once, never
/// changed. Servers with the same seed and size share one (a small cache keeps the last few),
/// so a test suite starting many servers builds it once.
final class BookCatalogue: Sendable {
    let volumes: [MockVolume]
    let index: SearchIndex
    /// Each volume's description prepared for search snippets, by position.
    let snippets: [SnippetText]
    private let positions: [String: Int]

    init(size: Int, seed: UInt64) {
        volumes = CatalogueGenerator.volumes(count: size, seed: seed)
        index = SearchIndex(volumes: volumes)
        snippets = volumes.map(SnippetText.init)
        positions = Dictionary(uniqueKeysWithValues: volumes.map { ($0.id, $0.index) })
    }

    /// The volume with `id`, if there is one.
    func volume(id: String) -> MockVolume? {
        positions[id].map { volumes[$0] }
    }

    /// The catalogue for `size` and `seed`, from the cache when it is there. The first caller
    /// starts the build in a task of its own; every caller, that one included, awaits it, so a
    /// catalogue is built once however many servers ask at the same moment, and no thread waits.
    static func shared(size: Int, seed: UInt64) async -> BookCatalogue {
        await cache.build(size: size, seed: seed).value
    }

    private static let cache = Cache()

    /// The last few catalogues built or being built, by size and seed (bounded: at most ``limit``).
    private final class Cache: @unchecked Sendable {
        // @unchecked: `entries` is only read and written under `lock`.
        static let limit = 4
        private let lock = NSLock()
        private var entries: [(size: Int, seed: UInt64, build: Task<BookCatalogue, Never>)] = []

        /// The build of the catalogue for `size` and `seed`: the cached one, or a new one.
        func build(size: Int, seed: UInt64) -> Task<BookCatalogue, Never> {
            lock.withLock {
                if let found = entries.firstIndex(where: { $0.size == size && $0.seed == seed }) {
                    let entry = entries.remove(at: found)
                    entries.append(entry)
                    return entry.build
                }
                let build = Task.detached { BookCatalogue(size: size, seed: seed) }
                entries.append((size, seed, build))
                if entries.count > Self.limit { entries.removeFirst() }
                return build
            }
        }
    }
}

extension BookCatalogue {
    /// The volumes matching `search`, in its order.
    func search(_ search: VolumeSearch) -> [Int] {
        let matches = index.matches(search.query).filter { search.admits(volumes[Int($0.volume)]) }
        switch search.orderBy {
        case .newest:
            return matches.map { Int($0.volume) }.sorted { left, right in
                let (a, b) = (volumes[left].dateKey, volumes[right].dateKey)
                return a != b ? a > b : left < right
            }
        case .relevance:
            return matches.map { (Int($0.volume), $0.score * 16 + popularity(volumes[Int($0.volume)])) }
                .sorted { $0.1 != $1.1 ? $0.1 > $1.1 : $0.0 < $1.0 }
                .map(\.0)
        }
    }

    /// A little extra relevance for rated and well-described volumes (at most 15).
    private func popularity(_ volume: MockVolume) -> Int {
        var bonus = 0
        if let count = volume.ratingsCount { bonus += min(8, Int(log2(Double(count) + 1))) }
        if (volume.averageRating ?? 0) >= 4 { bonus += 4 }
        if volume.cover != nil { bonus += 2 }
        if !volume.paragraphs.isEmpty { bonus += 1 }
        return bonus
    }
}

/// A server's catalogue, built on its first request rather than at startup, so that starting
/// `mock-servers` (every provider at once) costs nothing until the Books API is used.
struct LazyCatalogue: Sendable {
    let size: Int
    let seed: UInt64

    /// The catalogue, built the first time any server asks for it (and shared).
    var value: BookCatalogue {
        get async { await BookCatalogue.shared(size: size, seed: seed) }
    }
}
