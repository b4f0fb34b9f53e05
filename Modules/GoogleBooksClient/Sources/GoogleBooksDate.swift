/// A `publishedDate` as Google writes it: a year (`2004`), a month (`2004-05`) or a day
/// (`2004-05-01`). Other text (`2004?`, `19--`) is kept as written with no components, since
/// catalogues hold such dates; a value that is not a string is a decoding error.
public struct GoogleBooksDate: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The date as Google wrote it.
    public let text: String
    /// The year, when the text is one of Google's three forms.
    public let year: Int?
    /// The month (1…12), for `2004-05` and `2004-05-01`.
    public let month: Int?
    /// The day (1…31), for `2004-05-01`.
    public let day: Int?

    /// Reads `text`.
    public init(_ text: String) {
        self.text = text
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        let numbers = parts.map { part in part.allSatisfy(\.isASCII) && part.allSatisfy(\.isNumber) ? Int(part) : nil }
        let valid = (1...3).contains(parts.count)
            && parts[0].count == 4 && numbers[0] != nil
            && (parts.count < 2 || (parts[1].count == 2 && (1...12).contains(numbers[1] ?? 0)))
            && (parts.count < 3 || (parts[2].count == 2 && (1...31).contains(numbers[2] ?? 0)))
        year = valid ? numbers[0] : nil
        month = valid && parts.count >= 2 ? numbers[1] : nil
        day = valid && parts.count == 3 ? numbers[2] : nil
    }

    /// Whether the text is one of Google's three forms.
    public var isRecognised: Bool { year != nil }

    public init(from decoder: any Decoder) throws {
        self.init(try decoder.singleValueContainer().decode(String.self))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(text)
    }

    public var description: String { text }
}
