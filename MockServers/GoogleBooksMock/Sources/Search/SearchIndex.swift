/// The catalogue's inverted index, built once at startup: for every folded word, the volumes
/// holding it (in catalogue order) and in which fields; each volume's fields as word sequences
/// for phrases; and ISBN, LCCN and OCLC tables. A query intersects the shortest lists first, so
/// a typical search over thousands of volumes touches a few hundred entries.
struct SearchIndex: Sendable {
    /// One volume holding a word, and the fields it is in.
    struct Posting: Sendable {
        var volume: Int32
        var fields: SearchFields
    }

    /// One field value of a volume as words (a title, one author, one category …).
    struct Segment: Sendable {
        var field: SearchFields
        var words: [String]
    }

    private(set) var postings: [String: [Posting]] = [:]
    private(set) var segments: [[Segment]] = []
    private var identifiers: [SearchQuery.Identifier: [String: [Int32]]] = [:]
    let count: Int

    init(volumes: [MockVolume]) {
        count = volumes.count
        segments.reserveCapacity(volumes.count)
        var folded: [String: [String]] = [:]  // names, publishers and categories repeat
        for volume in volumes {
            let volumeSegments = Self.segments(of: volume, folded: &folded)
            var fieldsByWord: [String: SearchFields] = [:]
            for segment in volumeSegments {
                for word in segment.words { fieldsByWord[word, default: []].formUnion(segment.field) }
            }
            let number = Int32(volume.index)
            for (word, fields) in fieldsByWord {
                postings[word, default: []].append(Posting(volume: number, fields: fields))
            }
            segments.append(volumeSegments)
            for identifier in volume.identifiers where identifier.type.hasPrefix("ISBN") {
                identifiers[.isbn, default: [:]][identifier.identifier, default: []].append(number)
            }
            if let lccn = volume.lccn { identifiers[.lccn, default: [:]][lccn, default: []].append(number) }
            if let oclc = volume.oclc { identifiers[.oclc, default: [:]][oclc, default: []].append(number) }
        }
    }

    private static func segments(of volume: MockVolume, folded: inout [String: [String]]) -> [Segment] {
        func words(_ text: String) -> [String] {
            if let known = folded[text] { return known }
            let words = TextFolding.words(text)
            folded[text] = words
            return words
        }
        var segments = [Segment(field: .title, words: words(volume.title))]
        if let subtitle = volume.subtitle { segments.append(Segment(field: .subtitle, words: words(subtitle))) }
        segments += volume.authors.map { Segment(field: .authors, words: words($0)) }
        if let publisher = volume.publisher { segments.append(Segment(field: .publisher, words: words(publisher))) }
        segments += volume.categoryPaths.map { Segment(field: .categories, words: words($0)) }
        segments += volume.paragraphs.map { Segment(field: .description, words: TextFolding.words($0)) }
        return segments
    }

    /// The volumes matching every clause of `query`, in catalogue order, each with its
    /// relevance: the sum over clauses of the weight of the best field matched. A query with
    /// no positive clause finds nothing.
    func matches(_ query: SearchQuery) -> [(volume: Int32, score: Int)] {
        var result: [(volume: Int32, score: Int)]? = nil
        let positive = query.clauses.filter { !$0.isNegated }
        // Nothing to look for (only punctuation, only exclusions): nothing found.
        guard !positive.isEmpty else { return [] }
        // The most selective clauses first, so the running intersection stays small.
        let ordered = positive.map { (clause: $0, size: estimatedSize($0)) }.sorted { $0.size < $1.size }
        for (clause, _) in ordered {
            let found = matches(clause, within: result.map { $0.map(\.volume) })
            guard let current = result else {
                result = found
                continue
            }
            result = Self.intersect(current, found)
            if result!.isEmpty { return [] }
        }
        var candidates = result ?? []
        for clause in query.clauses where clause.isNegated {
            let excluded = Set(matches(clause, within: candidates.map(\.volume)).map(\.volume))
            candidates.removeAll { excluded.contains($0.volume) }
        }
        return candidates
    }

    private func estimatedSize(_ clause: SearchQuery.Clause) -> Int {
        switch clause {
        case .identifier: return 0
        case .words(let words, _, _): return words.map { postings[$0]?.count ?? 0 }.min() ?? 0
        }
    }

    /// The volumes matching one clause (ignoring its negation), sorted, limited to `within`.
    private func matches(_ clause: SearchQuery.Clause, within: [Int32]?) -> [(volume: Int32, score: Int)] {
        switch clause {
        case .identifier(let kind, let value, _):
            let found = (identifiers[kind]?[value] ?? []).map { (volume: $0, score: 10) }
            guard let within else { return found }
            let allowed = Set(within)
            return found.filter { allowed.contains($0.volume) }
        case .words(let words, let fields, _):
            var lists = Array(Set(words)).map { word in (postings[word] ?? []).filter { !$0.fields.isDisjoint(with: fields) } }
            lists.sort { $0.count < $1.count }
            guard var running = lists.first?.map({ ($0.volume, $0.fields.intersection(fields)) }) else { return [] }
            if let within { running = Self.restrict(running, to: within) }
            for list in lists.dropFirst() {
                running = Self.intersectFields(running, list, fields)
                if running.isEmpty { return [] }
            }
            guard words.count > 1 else { return running.map { ($0.0, $0.1.weight) } }
            return running.compactMap { volume, _ in
                phraseFields(words, in: Int(volume), fields).map { (volume, $0.weight) }
            }
        }
    }

    /// The fields among `fields` of volume `volume` holding `words` adjacent and in order.
    func phraseFields(_ words: [String], in volume: Int, _ fields: SearchFields) -> SearchFields? {
        var found: SearchFields = []
        for segment in segments[volume] where fields.contains(segment.field) && !found.contains(segment.field) {
            let haystack = segment.words
            guard haystack.count >= words.count else { continue }
            for start in 0...(haystack.count - words.count) where haystack[start] == words[0] {
                if haystack[start..<(start + words.count)].elementsEqual(words) {
                    found.formUnion(segment.field)
                    break
                }
            }
        }
        return found.isEmpty ? nil : found
    }

    private static func restrict(_ list: [(Int32, SearchFields)], to allowed: [Int32]) -> [(Int32, SearchFields)] {
        var output: [(Int32, SearchFields)] = []
        var other = 0
        for entry in list {
            while other < allowed.count, allowed[other] < entry.0 { other += 1 }
            if other < allowed.count, allowed[other] == entry.0 { output.append(entry) }
        }
        return output
    }

    private static func intersectFields(_ left: [(Int32, SearchFields)], _ right: [Posting], _ fields: SearchFields) -> [(Int32, SearchFields)] {
        var output: [(Int32, SearchFields)] = []
        var j = 0
        for entry in left {
            while j < right.count, right[j].volume < entry.0 { j += 1 }
            if j < right.count, right[j].volume == entry.0 {
                output.append((entry.0, entry.1.union(right[j].fields).intersection(fields)))
            }
        }
        return output
    }

    private static func intersect(_ left: [(volume: Int32, score: Int)], _ right: [(volume: Int32, score: Int)]) -> [(volume: Int32, score: Int)] {
        var output: [(volume: Int32, score: Int)] = []
        var j = 0
        for entry in left {
            while j < right.count, right[j].volume < entry.volume { j += 1 }
            if j < right.count, right[j].volume == entry.volume { output.append((entry.volume, entry.score + right[j].score)) }
        }
        return output
    }
}
