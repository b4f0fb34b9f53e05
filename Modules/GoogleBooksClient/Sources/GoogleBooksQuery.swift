import Foundation

/// The `q` of a volumes search: free text and Google's keywords, written so Google reads them
/// as meant — a keyword's value with spaces in quotes (`intitle:"the quick fox"`), quotes and
/// stray colons inside values neutralised. URL escaping happens when the request is built.
///
/// ```swift
/// let query: GoogleBooksQuery = [.text("flowers"), .author("Keyes"), .title("Algernon, Charly")]
/// query.q    // flowers inauthor:Keyes intitle:"Algernon, Charly"
/// ```
public struct GoogleBooksQuery: Sendable, Hashable, ExpressibleByStringLiteral, ExpressibleByArrayLiteral, CustomStringConvertible {
    /// Google's search keywords.
    public enum Keyword: String, Sendable, Hashable, CaseIterable {
        case title = "intitle"
        case author = "inauthor"
        case publisher = "inpublisher"
        case subject
        case isbn
        case lccn
        case oclc
    }

    /// One part of a query.
    public enum Term: Sendable, Hashable {
        /// Words matched anywhere (several words: all of them).
        case text(String)
        /// A phrase matched as written (quoted).
        case phrase(String)
        /// A keyword and its value (a phrase when it has spaces).
        case keyword(Keyword, String)

        public static func title(_ value: String) -> Term { .keyword(.title, value) }
        public static func author(_ value: String) -> Term { .keyword(.author, value) }
        public static func publisher(_ value: String) -> Term { .keyword(.publisher, value) }
        public static func subject(_ value: String) -> Term { .keyword(.subject, value) }
        /// An ISBN-10 or ISBN-13; hyphens and spaces are dropped.
        public static func isbn(_ value: String) -> Term { .keyword(.isbn, value.filter { $0 != "-" && !$0.isWhitespace }) }
        public static func lccn(_ value: String) -> Term { .keyword(.lccn, value) }
        public static func oclc(_ value: String) -> Term { .keyword(.oclc, value) }
    }

    /// The parts, in order.
    public var terms: [Term]

    /// Creates a query from its parts.
    public init(_ terms: [Term]) {
        self.terms = terms
    }

    /// Free text.
    public init(stringLiteral value: String) { self.init([.text(value)]) }
    public init(arrayLiteral elements: Term...) { self.init(elements) }

    /// Whether the query says nothing (Google answers `queryRequired`).
    public var isEmpty: Bool { q.isEmpty }

    /// The `q` parameter, unescaped.
    public var q: String {
        terms.compactMap { term -> String? in
            switch term {
            case .text(let text):
                let words = text.split(whereSeparator: \.isWhitespace).map { Self.clean(String($0)) }.filter { !$0.isEmpty }
                return words.isEmpty ? nil : words.joined(separator: " ")
            case .phrase(let phrase):
                let cleaned = Self.collapse(Self.clean(phrase))
                return cleaned.isEmpty ? nil : "\"\(cleaned)\""
            case .keyword(let keyword, let value):
                let cleaned = Self.collapse(Self.clean(value))
                guard !cleaned.isEmpty else { return nil }
                return keyword.rawValue + ":" + (cleaned.contains(" ") ? "\"\(cleaned)\"" : cleaned)
            }
        }.joined(separator: " ")
    }

    public var description: String { q }

    /// Quotes would end a phrase early; a leading `word:` would read as a keyword.
    private static func clean(_ text: String) -> String {
        var cleaned = text.replacingOccurrences(of: "\"", with: " ")
        if let colon = cleaned.firstIndex(of: ":"), Keyword(rawValue: cleaned[..<colon].lowercased().trimmingCharacters(in: .whitespaces)) != nil {
            cleaned.replaceSubrange(colon...colon, with: " ")
        }
        return cleaned
    }

    private static func collapse(_ text: String) -> String {
        text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}
