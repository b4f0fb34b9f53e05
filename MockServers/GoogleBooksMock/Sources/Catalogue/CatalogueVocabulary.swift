/// The words the catalogue is made of, per language: names, publishers, title patterns,
/// subtitles and description sentences. Patterns use `{np}` (a noun phrase with its article),
/// `{Np}` (the same, capitalised), `{adj}`, `{noun}`, `{place}`, `{place2}`, `{field}`,
/// `{tech}`, `{person}`, `{title}` and `{author}`.
struct LanguageVocabulary: Sendable {
    /// The ISO 639-1 code Google gives (`volumeInfo.language`).
    var code: String
    /// How many volumes in a hundred are in this language, roughly.
    var weight: Int
    /// The ISBN registration group (`0` English, `2` French, `4` Japanese …).
    var isbnGroups: [String]
    /// The currency and country of the volume's market.
    var currency: String
    var country: String
    var givenNames: [String]
    var surnames: [String]
    /// Whether a name is written surname first without a space (`村上春樹`).
    var surnameFirst = false
    var publishers: [String]
    var nounPhrases: [String] = []
    var adjectives: [String] = []
    var nouns: [String] = []
    var places: [String]
    var fields: [Field]
    var titles: [TitlePattern]
    var subtitles: [Genre: [String]]
    var narrative: [String]
    var factual: [String]

    /// A subject and its BISAC-style category path.
    struct Field: Sendable {
        var name: String
        var category: String
    }

    /// A title pattern and its genre.
    struct TitlePattern: Sendable {
        var genre: Genre
        var pattern: String

        init(_ genre: Genre, _ pattern: String) {
            self.genre = genre
            self.pattern = pattern
        }
    }

    /// What kind of book a pattern makes, which decides its categories and description.
    enum Genre: Sendable, CaseIterable {
        case fiction, juvenile, poetry, history, travel, subject, technical, cooking, biography

        var isNarrative: Bool { self == .fiction || self == .juvenile || self == .poetry }

        /// Category paths a book of this genre may have (a ``subject`` book's comes from its field).
        var categories: [String] {
            switch self {
            case .fiction:
                ["Fiction / Literary", "Fiction / General", "Fiction / Mystery & Detective / General",
                 "Fiction / Science Fiction / General", "Fiction / Romance / General", "Fiction / Historical / General"]
            case .juvenile: ["Juvenile Fiction / General", "Juvenile Fiction / Animals / General"]
            case .poetry: ["Poetry / General", "Poetry / European / General"]
            case .history: ["History / General", "History / Europe / General", "History / Modern / General"]
            case .travel: ["Travel / General", "Travel / Europe / General"]
            case .subject, .technical: ["Reference / General"]
            case .cooking: ["Cooking / General", "Cooking / Regional & Ethnic / General"]
            case .biography: ["Biography & Autobiography / General", "Biography & Autobiography / Literary"]
            }
        }
    }
}

extension LanguageVocabulary.Field {
    init(_ name: String, _ category: String) {
        self.init(name: name, category: category)
    }
}

/// Category paths shared by every language's fields.
enum Category {
    static let computers = "Computers / Programming / General"
    static let security = "Computers / Security / Cryptography"
    static let physics = "Science / Physics / General"
    static let chemistry = "Science / Chemistry / General"
    static let philosophy = "Philosophy / General"
    static let economics = "Business & Economics / Economics / General"
    static let mathematics = "Mathematics / General"
    static let art = "Art / History / General"
    static let music = "Music / General"
}

/// Magazines: the same title in many issues, each dated to the day, with an ISSN.
enum MagazineVocabulary {
    static let titles: [(title: String, language: String, category: String)] = [
        ("Harbor Weekly", "en", "Transportation / Ships & Shipbuilding / General"),
        ("Modern Gardening", "en", "Gardening / General"),
        ("The Radio Amateur", "en", "Technology & Engineering / Radio"),
        ("Popular Astronomy Monthly", "en", "Science / Astronomy"),
        ("Country Kitchen", "en", "Cooking / General"),
        ("The Chess Review", "en", "Games & Activities / Chess"),
        ("Pacific Motor Monthly", "en", "Transportation / Automotive / General"),
        ("Home & Hearth", "en", "House & Home / General"),
        ("Le Jardin moderne", "fr", "Gardening / General"),
        ("Technik Heute", "de", "Technology & Engineering / General"),
    ]
}
