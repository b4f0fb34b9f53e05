import Foundation

/// The volumes a server answers from: generated from the options' seed, indexed once, never
/// changed. Servers with the same seed and size share one (a small cache keeps the last few),
/// so a test suite starting many servers builds it once.
final class BookCatalogue: Sendable {
    let volumes: [MockVolume]
    let index: SearchIndex
    /// Each volume's description prepared for search snippets, by position.
    let snippets: [SnippetText]
    /// What the filters and orderings read of each volume, by position.
    let facts: [VolumeFacts]
    /// The text each volume's rendering derives, by position.
    let texts: [VolumeText]
    /// Each volume's search result written once, as it is first asked for.
    let templates = SearchTemplates()
    private let positions: [String: Int]

    init(size: Int, seed: UInt64) {
        volumes = CatalogueGenerator.volumes(count: size, seed: seed)
        index = SearchIndex(volumes: volumes)
        snippets = volumes.map(SnippetText.init)
        facts = volumes.map(VolumeFacts.init)
        texts = volumes.map(VolumeText.init)
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
    /// How many volumes match `search`, and the positions of those on its page (from
    /// `startIndex`, at most `maxResults`), in its order. Only the page is put in order: the
    /// best `startIndex + maxResults` are kept while the matches are read, and the order is
    /// total (ties go to the lower position), so the page is the one a full sort would give.
    func search(_ search: VolumeSearch) -> (total: Int, page: [Int]) {
        var ranked: [RankedVolume] = []
        for match in index.matches(search.query) {
            let facts = facts[Int(match.volume)]
            guard search.admits(facts) else { continue }
            let rank = switch search.orderBy {
            case .newest: facts.dateKey
            case .relevance: match.score * 16 + facts.popularity
            }
            ranked.append(RankedVolume(rank: rank, volume: Int(match.volume)))
        }
        let total = ranked.count
        guard search.startIndex < total, search.maxResults > 0 else { return (total, []) }
        let best = RankedVolume.best(search.startIndex + search.maxResults, of: ranked)
        return (total, best[search.startIndex...].map(\.volume))
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
