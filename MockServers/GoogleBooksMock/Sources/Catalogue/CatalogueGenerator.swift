import Foundation

/// Makes the mock catalogue from a seed: books in eleven languages and magazine issues, with
/// Google's mix of date forms, identifiers with right check digits, ratings on some, covers on
/// most, and sale and access states from public-domain downloads to paid ebooks and preorders.
/// The same seed and size always give the same volumes, ids included.
struct CatalogueGenerator {
    private var draws: SeededDraws
    private var usedIDs: Set<String> = []
    private let issns: [String]

    /// English technical subjects, with their categories.
    static let technologies: [LanguageVocabulary.Field] = [
        .init("Swift", "Computers / Programming Languages / General"), .init("Python", "Computers / Programming Languages / Python"),
        .init("Rust", "Computers / Programming Languages / General"), .init("Java", "Computers / Programming Languages / Java"),
        .init("JavaScript", "Computers / Programming Languages / JavaScript"), .init("Haskell", "Computers / Programming Languages / General"),
        .init("SQL", "Computers / Data Science / General"), .init("Linux", "Computers / Operating Systems / Linux"),
        .init("Algorithms", "Computers / Programming / Algorithms"), .init("Machine Learning", "Computers / Artificial Intelligence / General"),
        .init("Compilers", "Computers / Programming / Compilers"),
    ]

    static let magazinePublishers = ["Meridian Magazines, Inc.", "Blue Ridge Media", "Harbor Media Group", "Éditions Jardin", "Technik-Verlag"]

    private static let idAlphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-")
    private static let etagAlphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/")

    init(seed: UInt64) {
        draws = SeededDraws(seed: seed)
        var issnDraws = SeededDraws(seed: seed ^ 0x15_5A)
        issns = MagazineVocabulary.titles.map { _ in CheckDigits.issn((0..<7).map { _ in issnDraws.int(in: 0...9) }) }
    }

    /// `count` volumes.
    static func volumes(count: Int, seed: UInt64) -> [MockVolume] {
        var generator = CatalogueGenerator(seed: seed)
        return (0..<count).map { generator.volume(index: $0) }
    }

    mutating func volume(index: Int) -> MockVolume {
        draws.chance(5) ? magazine(index: index) : book(index: index)
    }

    // MARK: Books

    private mutating func book(index: Int) -> MockVolume {
        let language = LanguageVocabulary.all[draws.weighted(LanguageVocabulary.all.map(\.weight))]
        let pattern = draws.pick(language.titles)
        let technology = draws.pick(Self.technologies)
        let field = pattern.genre == .technical ? technology : draws.pick(language.fields)
        var words = Words(language: language, field: field.name)
        let authorCount = draws.pick([1, 1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 3])
        let authors = (0..<authorCount).map { _ in name(in: language) }
        words.person = name(in: language)
        words.author = authors[0]
        words.place = draws.pick(language.places)
        let title = fill(pattern.pattern, &words)
        words.title = title
        let subtitle = draws.chance(40) ? language.subtitles[pattern.genre].map { fill(draws.pick($0), &words) } : nil

        var categories: [String]
        switch pattern.genre {
        case .subject, .technical: categories = [field.category]
        default: categories = [draws.pick(pattern.genre.categories)]
        }
        if draws.chance(15) {
            let second = draws.pick(pattern.genre == .subject || pattern.genre == .technical ? ["Reference / General", "Education / General"] : pattern.genre.categories)
            if !categories.contains(second) { categories.append(second) }
        }

        let publicDomain = draws.chance(14)
        let year = publicDomain ? draws.int(in: 1820...1926) : 2025 - Int(pow(draws.unit(), 2) * 97)
        let (publishedDate, dateKey) = date(year: year, fullPercent: year < 1950 ? 20 : 60)
        let (identifiers, lccn, oclc) = self.identifiers(year: year, language: language)
        let (country, currency) = market(language)
        let saleState = publicDomain ? MockVolume.Sale.free : sale(currency: currency)
        let accessState = access(sale: saleState, publicDomain: publicDomain)
        var paragraphs: [String] = []
        if !draws.chance(8) {
            let sentences = descriptionSentences(language, pattern.genre)
            let count = min(sentences.count, draws.int(in: 2...4))
            let chosen = shuffled(sentences).prefix(count).map { fill($0, &words) }
            let split = count > 2 && draws.chance(50) ? 2 : count
            paragraphs.append(chosen[..<split].joined(separator: " "))
            if split < count { paragraphs.append(chosen[split...].joined(separator: " ")) }
        }
        var volume = common(index: index, title: title, language: language.code, country: country, sale: saleState, access: accessState)
        volume.subtitle = subtitle
        volume.authors = authors
        volume.publisher = draws.chance(92) ? draws.pick(language.publishers) : nil
        volume.publishedDate = publishedDate
        volume.dateKey = dateKey
        if case .forPreorder(_, _, let onSale) = saleState {
            volume.publishedDate = onSale
            volume.dateKey = Int(onSale.replacingOccurrences(of: "-", with: "")) ?? dateKey
        }
        volume.paragraphs = paragraphs
        volume.identifiers = identifiers
        volume.lccn = lccn
        volume.oclc = oclc
        volume.categoryPaths = draws.chance(90) ? categories : []
        volume.isMature = pattern.genre == .fiction && draws.chance(2)
        if draws.chance(72) {
            let pages = 48 + Int(pow(draws.unit(), 1.5) * 850)
            volume.pageCount = pages
            volume.printedPageCount = pages + draws.int(in: 0...12)
        }
        if draws.chance(55) {
            volume.averageRating = [1, 2, 2.5, 3, 3.5, 3.5, 4, 4, 4, 4.5, 4.5, 5][draws.int(in: 0...11)]
            volume.ratingsCount = 1 + Int(pow(draws.unit(), 3) * 2500)
        }
        if draws.chance(60) {
            volume.dimensions = (Double(draws.int(in: 178...280)) / 10, Double(draws.int(in: 108...216)) / 10, Double(draws.int(in: 8...50)) / 10)
        }
        return volume
    }

    /// The description sentences that suit `genre`: stories for fiction; for subject books
    /// those about the subject, for the others those about the place.
    private func descriptionSentences(_ language: LanguageVocabulary, _ genre: LanguageVocabulary.Genre) -> [String] {
        let sentences: [String]
        switch genre {
        case .fiction, .juvenile, .poetry: sentences = language.narrative
        case .subject, .technical: sentences = language.factual.filter { !$0.contains("{place}") }
        default: sentences = language.factual.filter { !$0.contains("{field}") }
        }
        return sentences.isEmpty ? language.factual : sentences
    }

    /// `elements` in an order drawn from the seed (Fisher–Yates).
    private mutating func shuffled<T>(_ elements: [T]) -> [T] {
        var elements = elements
        for index in stride(from: elements.count - 1, to: 0, by: -1) {
            elements.swapAt(index, draws.int(in: 0...index))
        }
        return elements
    }

    /// The values a title's placeholders take; `{field}`, `{place}`, `{person}`, `{author}` and
    /// `{title}` are fixed per volume (so the description tells of the title's place), the others
    /// drawn at each use.
    private struct Words {
        var language: LanguageVocabulary
        var field: String
        var place = ""
        var person = ""
        var author = ""
        var title = ""
    }

    private mutating func fill(_ pattern: String, _ words: inout Words) -> String {
        var output = ""
        var rest = Substring(pattern)
        var usedPlaces: [String] = []
        var usedPhrases: [String] = []
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            output += rest[..<open]
            let name = String(rest[rest.index(after: open)..<close])
            output += value(for: name, &words, usedPlaces: &usedPlaces, usedPhrases: &usedPhrases)
            rest = rest[rest.index(after: close)...]
        }
        output += rest
        return output
    }

    private mutating func value(for name: String, _ words: inout Words, usedPlaces: inout [String], usedPhrases: inout [String]) -> String {
        let language = words.language
        switch name {
        case "np", "Np":
            let phrase = distinct(language.nounPhrases.isEmpty ? language.nouns : language.nounPhrases, avoiding: &usedPhrases)
            return name == "Np" ? Self.capitalisingFirst(phrase) : phrase
        case "adj": return draws.pick(language.adjectives.isEmpty ? [""] : language.adjectives)
        case "noun": return distinct(language.nouns.isEmpty ? language.nounPhrases : language.nouns, avoiding: &usedPhrases)
        case "place": return words.place
        case "place2":
            usedPlaces.append(words.place)
            return distinct(language.places, avoiding: &usedPlaces)
        case "field": return words.field
        case "Field": return Self.capitalisingFirst(words.field)
        case "tech": return words.field
        case "person": return words.person
        case "author": return words.author
        case "title": return words.title
        default: return name
        }
    }

    private mutating func distinct(_ choices: [String], avoiding used: inout [String]) -> String {
        var choice = draws.pick(choices)
        for _ in 0..<4 where used.contains(choice) { choice = draws.pick(choices) }
        used.append(choice)
        return choice
    }

    /// `number` in decimal with leading zeros to `width` digits (`padded(7, 2)` is `07`).
    static func padded(_ number: Int, _ width: Int) -> String {
        let digits = String(number)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }

    static func capitalisingFirst(_ text: String) -> String {
        guard let first = text.first else { return text }
        return first.uppercased() + text.dropFirst()
    }

    private mutating func name(in language: LanguageVocabulary) -> String {
        let given = draws.pick(language.givenNames)
        var surname = draws.pick(language.surnames)
        if language.code == "ru", given.hasSuffix("а") || given.hasSuffix("я") { surname += "а" }
        return language.surnameFirst ? surname + given : given + " " + surname
    }

    // MARK: Magazines

    private mutating func magazine(index: Int) -> MockVolume {
        let which = draws.int(in: 0...(MagazineVocabulary.titles.count - 1))
        let magazine = MagazineVocabulary.titles[which]
        let year = draws.int(in: 1935...2010)
        let (publishedDate, dateKey) = date(year: year, fullPercent: 100)
        let magazineAccess = MockVolume.Access(
            viewability: draws.chance(60) ? "ALL_PAGES" : "PARTIAL", embeddable: true, publicDomain: false,
            epub: .unavailable, pdf: .unavailable, textToSpeechAllowed: true, quoteSharingAllowed: false, accessViewStatus: "SAMPLE"
        )
        var volume = common(index: index, title: magazine.title, language: magazine.language, country: "US", sale: .notForSale, access: magazineAccess)
        volume.printType = .magazine
        volume.publisher = Self.magazinePublishers[which % Self.magazinePublishers.count]
        volume.publishedDate = publishedDate
        volume.dateKey = dateKey
        volume.identifiers = [IndustryIdentifier(type: "ISSN", identifier: issns[which])]
        volume.categoryPaths = draws.chance(70) ? [magazine.category] : []
        volume.pageCount = draws.int(in: 60...220)
        volume.printedPageCount = volume.pageCount
        if magazine.language == "en", draws.chance(50) {
            volume.paragraphs = ["\(magazine.title): news, features and letters from our readers, issue of \(publishedDate)."]
        }
        volume.readingModes = (false, true)
        return volume
    }

    // MARK: Shared parts

    private mutating func common(index: Int, title: String, language: String, country: String, sale: MockVolume.Sale, access: MockVolume.Access) -> MockVolume {
        let text = access.epub.isAvailable
        let image = access.viewability != "NO_PAGES"
        let cover = draws.chance(82) ? MockVolume.Cover(seed: draws.next(), aspect: draws.int(in: 1350...1600), hasLargeSizes: draws.chance(40)) : nil
        return MockVolume(
            index: index, id: volumeID(), etag: draws.characters(11, from: Self.etagAlphabet), title: title, subtitle: nil, authors: [],
            publisher: nil, publishedDate: "", dateKey: 0, paragraphs: [], identifiers: [], lccn: nil, oclc: nil, pageCount: nil,
            printedPageCount: nil, printType: .book, categoryPaths: [], averageRating: nil, ratingsCount: nil, language: language,
            isMature: false, cover: cover, readingModes: (text, image), sale: sale, access: access, country: country,
            hasLayers: draws.chance(30), dimensions: nil,
            contentVersion: "\(draws.int(in: 0...3)).\(draws.int(in: 0...9)).\(draws.int(in: 0...9)).0.preview.\((text ? 2 : 0) + (image ? 1 : 0))"
        )
    }

    /// A fresh id shaped like Google's: ten characters then `C` (older scans), or four then
    /// `EAAAQBAJ`-style (newer ones).
    private mutating func volumeID() -> String {
        while true {
            let id = draws.chance(60)
                ? draws.characters(10, from: Self.idAlphabet) + draws.pick(["YC", "cC", "AC", "gC", "QC"])
                : draws.characters(4, from: Self.idAlphabet) + draws.pick(["EAAAQBAJ", "DwAAQBAJ", "BAAAQBAJ", "AAAAMAAJ"])
            if usedIDs.insert(id).inserted { return id }
        }
    }

    /// A date in one of Google's three forms, and its sort key.
    private mutating func date(year: Int, fullPercent: Int) -> (String, Int) {
        let month = draws.int(in: 1...12)
        let day = draws.int(in: 1...28)
        let form = draws.chance(fullPercent) ? 2 : draws.chance(35) ? 1 : 0
        let yearText = Self.padded(year, 4)
        switch form {
        case 2: return ("\(yearText)-\(Self.padded(month, 2))-\(Self.padded(day, 2))", year * 10_000 + month * 100 + day)
        case 1: return ("\(yearText)-\(Self.padded(month, 2))", year * 10_000 + month * 100)
        default: return (yearText, year * 10_000)
        }
    }

    /// ISBNs from 1970 on (ISBN-13 and, for `978`, ISBN-10 in either order); otherwise an `OTHER`
    /// identifier (`OCLC:…`, `LCCN:…` or a library's scan number). LCCN and OCLC numbers are
    /// searchable whether shown or not.
    private mutating func identifiers(year: Int, language: LanguageVocabulary) -> ([IndustryIdentifier], String?, String?) {
        let lccn: String? = draws.chance(25)
            ? (year > 2000 ? String(year) + Self.padded(draws.int(in: 1...999_999), 6) : Self.padded(year % 100, 2) + Self.padded(draws.int(in: 1...999_999), 6))
            : nil
        let oclc: String? = draws.chance(35) ? String(draws.int(in: 100_000...999_999_999)) : nil
        if year >= 1970, !draws.chance(4) {
            let prefix = language.code == "fr" && draws.chance(15) ? "97910" : "978" + draws.pick(language.isbnGroups)
            let digits = prefix.compactMap(\.wholeNumberValue) + (0..<(12 - prefix.count)).map { _ in draws.int(in: 0...9) }
            let isbn13 = CheckDigits.isbn13(digits)
            var identifiers = [IndustryIdentifier(type: "ISBN_13", identifier: isbn13)]
            if let isbn10 = CheckDigits.isbn10(fromISBN13: isbn13) {
                let ten = IndustryIdentifier(type: "ISBN_10", identifier: isbn10)
                if draws.chance(50) { identifiers.insert(ten, at: 0) } else { identifiers.append(ten) }
            }
            return (identifiers, lccn, oclc)
        }
        let other: String
        if let oclc { other = "OCLC:" + oclc }
        else if let lccn { other = "LCCN:" + lccn }
        else { other = draws.pick(["UOM:39015", "HARVARD:32044", "STANFORD:36105", "NYPL:33433"]) + Self.padded(draws.int(in: 0...999_999_999), 9) }
        return ([IndustryIdentifier(type: "OTHER", identifier: other)], lccn, oclc)
    }

    private mutating func market(_ language: LanguageVocabulary) -> (country: String, currency: String) {
        switch language.code {
        case "en" where draws.chance(20): ("GB", "GBP")
        case "pt" where draws.chance(50): ("PT", "EUR")
        default: (language.country, language.currency)
        }
    }

    private mutating func price(_ currency: String) -> (list: MockVolume.Price, retail: MockVolume.Price) {
        let list: Int
        let step: Int
        switch currency {
        case "JPY": list = draws.int(in: 50...400) * 1000; step = 10_000
        case "RUB": list = draws.int(in: 20...200) * 1000 - 100; step = 5000
        case "EGP": list = draws.int(in: 5...40) * 1000; step = 1000
        case "CNY": list = draws.int(in: 19...129) * 100 + 90; step = 500
        default: list = draws.int(in: 2...49) * 100 + 99; step = 100
        }
        let discount = draws.chance(35) ? draws.int(in: 1...3) * step : 0
        let retail = max(list - discount, list / 2)
        return (MockVolume.Price(cents: list, currency: currency), MockVolume.Price(cents: retail, currency: currency))
    }

    private mutating func sale(currency: String) -> MockVolume.Sale {
        switch draws.int(in: 0...99) {
        case 0..<36:
            let (list, retail) = price(currency)
            return .forSale(list: list, retail: retail)
        case 36..<39:
            return .free
        case 39..<40:
            let (list, retail) = price(currency)
            return .forPreorder(list: list, retail: retail, onSaleDate: "2026-\(Self.padded(draws.int(in: 1...12), 2))-\(Self.padded(draws.int(in: 1...28), 2))")
        default:
            return .notForSale
        }
    }

    private mutating func access(sale: MockVolume.Sale, publicDomain: Bool) -> MockVolume.Access {
        let speech = draws.chance(70)
        switch sale {
        case .free where publicDomain:
            return .init(viewability: "ALL_PAGES", embeddable: true, publicDomain: true, epub: .download, pdf: .download,
                         textToSpeechAllowed: true, quoteSharingAllowed: true, accessViewStatus: "FULL_PUBLIC_DOMAIN")
        case .free:
            return .init(viewability: "ALL_PAGES", embeddable: true, publicDomain: false, epub: .download,
                         pdf: draws.chance(50) ? .download : .unavailable, textToSpeechAllowed: speech, quoteSharingAllowed: false, accessViewStatus: "SAMPLE")
        case .forSale:
            let partial = draws.chance(80)
            return .init(viewability: partial ? "PARTIAL" : "NO_PAGES", embeddable: partial, publicDomain: false,
                         epub: draws.chance(70) ? .sample : .unavailable, pdf: draws.chance(40) ? .sample : .unavailable,
                         textToSpeechAllowed: speech, quoteSharingAllowed: false, accessViewStatus: partial ? "SAMPLE" : "NONE")
        case .forPreorder:
            return .init(viewability: "NO_PAGES", embeddable: false, publicDomain: false, epub: .unavailable, pdf: .unavailable,
                         textToSpeechAllowed: speech, quoteSharingAllowed: false, accessViewStatus: "NONE")
        case .notForSale:
            let partial = draws.chance(35)
            return .init(viewability: partial ? "PARTIAL" : "NO_PAGES", embeddable: partial, publicDomain: false, epub: .unavailable,
                         pdf: .unavailable, textToSpeechAllowed: speech, quoteSharingAllowed: false, accessViewStatus: partial ? "SAMPLE" : "NONE")
        }
    }
}
