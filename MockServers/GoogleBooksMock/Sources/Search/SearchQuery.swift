/// The fields of a volume the search looks in; a keyword narrows the set.
struct SearchFields: OptionSet, Sendable, Hashable {
    let rawValue: UInt8

    static let title = SearchFields(rawValue: 1)
    static let subtitle = SearchFields(rawValue: 2)
    static let authors = SearchFields(rawValue: 4)
    static let publisher = SearchFields(rawValue: 8)
    static let categories = SearchFields(rawValue: 16)
    static let description = SearchFields(rawValue: 32)

    /// Free text: every field.
    static let any: SearchFields = [.title, .subtitle, .authors, .publisher, .categories, .description]

    /// How much a match in these fields counts towards relevance (the best field wins).
    var weight: Int {
        if contains(.title) { return 8 }
        if contains(.authors) { return 6 }
        if contains(.subtitle) { return 4 }
        if contains(.categories) { return 3 }
        if contains(.publisher) { return 2 }
        return contains(.description) ? 1 : 0
    }
}

/// A parsed `q`: Google's query syntax — words (all must match), `"quoted phrases"`, the
/// keywords `intitle:`, `inauthor:`, `inpublisher:`, `subject:` (each taking a word or a quoted
/// phrase), `isbn:`, `lccn:`, `oclc:`, and `-` before any of them to exclude.
struct SearchQuery: Sendable, Hashable {
    /// One condition every result meets (or, negated, no result meets).
    enum Clause: Sendable, Hashable {
        /// The words, in order and adjacent, in one of `fields`.
        case words([String], in: SearchFields, negated: Bool)
        /// An identifier, exactly (ISBN digits, LCCN, OCLC number).
        case identifier(Identifier, String, negated: Bool)

        var isNegated: Bool {
            switch self {
            case .words(_, _, let negated), .identifier(_, _, let negated): negated
            }
        }
    }

    /// The identifiers `isbn:`, `lccn:` and `oclc:` look up.
    enum Identifier: String, Sendable, Hashable {
        case isbn, lccn, oclc
    }

    /// A query with more than ``maximumClauses`` terms or ``maximumWords`` words in one.
    struct TooManyTerms: Error, Equatable {
        var count: Int
    }

    var clauses: [Clause]

    /// The most clauses one query may have.
    static let maximumClauses = 32
    /// The most words one clause may have.
    static let maximumWords = 32

    /// What a snippet highlights: the folded words the query looks for, and its runs of
    /// Chinese, Japanese or Korean characters as whole strings (`東京`, not `東` and `京`).
    var highlights: (words: Set<String>, ideographs: [String]) {
        var words: Set<String> = []
        var ideographs: [String] = []
        for case .words(let list, _, false) in clauses {
            let isIdeographic = list.allSatisfy { $0.unicodeScalars.count == 1 && TextFolding.isIdeographic($0.unicodeScalars.first!) }
            if isIdeographic { ideographs.append(list.joined()) } else { words.formUnion(list) }
        }
        return (words, ideographs)
    }

    /// Parses `text`.
    ///
    /// - Throws: ``TooManyTerms`` past ``maximumClauses`` or ``maximumWords``.
    static func parse(_ text: String) throws(TooManyTerms) -> SearchQuery {
        var clauses: [Clause] = []
        var scanner = Scanner(Array(text))
        while let (negated, keyword, value) = scanner.nextTerm() {
            let clause: Clause?
            if let identifier = keyword.flatMap(Identifier.init(rawValue:)) {
                let normalized = value.filter { $0 != "-" && !$0.isWhitespace }.uppercased()
                clause = normalized.isEmpty ? nil : .identifier(identifier, normalized, negated: negated)
            } else {
                switch keyword {
                case "intitle": clause = words(value, [.title, .subtitle], negated)
                case "inauthor": clause = words(value, .authors, negated)
                case "inpublisher": clause = words(value, .publisher, negated)
                case "subject": clause = words(value, .categories, negated)
                default: clause = words(value, .any, negated)
                }
            }
            if let clause {
                if case .words(let list, _, _) = clause, list.count > maximumWords { throw TooManyTerms(count: list.count) }
                clauses.append(clause)
                if clauses.count > maximumClauses { throw TooManyTerms(count: clauses.count) }
            }
        }
        return SearchQuery(clauses: clauses)
    }

    private static func words(_ value: String, _ fields: SearchFields, _ negated: Bool) -> Clause? {
        let words = TextFolding.words(value)
        return words.isEmpty ? nil : .words(words, in: fields, negated: negated)
    }

    /// Splits a query into terms: `-`, an optional `keyword:`, then a quoted phrase or a word.
    private struct Scanner {
        let characters: [Character]
        var position = 0

        init(_ characters: [Character]) { self.characters = characters }

        static let keywords: Set<String> = ["intitle", "inauthor", "inpublisher", "subject", "isbn", "lccn", "oclc"]

        mutating func nextTerm() -> (negated: Bool, keyword: String?, value: String)? {
            while position < characters.count, characters[position].isWhitespace { position += 1 }
            guard position < characters.count else { return nil }
            var negated = false
            if characters[position] == "-", position + 1 < characters.count, !characters[position + 1].isWhitespace {
                negated = true
                position += 1
            }
            var keyword: String?
            var end = position
            while end < characters.count, characters[end].isLetter { end += 1 }
            if end < characters.count, characters[end] == ":", end > position {
                let name = String(characters[position..<end]).lowercased()
                if Self.keywords.contains(name) {
                    keyword = name
                    position = end + 1
                }
            }
            return (negated, keyword, value())
        }

        /// A quoted phrase (to the closing quote or the end) or a word (to the next space).
        private mutating func value() -> String {
            guard position < characters.count else { return "" }
            if characters[position] == "\"" {
                position += 1
                let start = position
                while position < characters.count, characters[position] != "\"" { position += 1 }
                let phrase = String(characters[start..<position])
                position = min(position + 1, characters.count)
                return phrase
            }
            let start = position
            while position < characters.count, !characters[position].isWhitespace { position += 1 }
            return String(characters[start..<position])
        }
    }
}
