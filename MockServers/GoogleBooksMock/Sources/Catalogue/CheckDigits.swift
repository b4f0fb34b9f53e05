/// Check digits of the identifiers the catalogue prints: ISBN-13 (EAN-13, weights 1 and 3,
/// modulo 10), ISBN-10 (weights 10 down to 2, modulo 11, `X` for ten) and ISSN (weights 8 down
/// to 2, modulo 11, `X` for ten).
enum CheckDigits {
    /// The ISBN-13 whose first twelve digits are `digits`.
    static func isbn13(_ digits: [Int]) -> String {
        precondition(digits.count == 12)
        let sum = digits.enumerated().reduce(0) { $0 + $1.element * ($1.offset.isMultiple(of: 2) ? 1 : 3) }
        return text(digits) + String((10 - sum % 10) % 10)
    }

    /// The ISBN-10 of a `978` ISBN-13 (`nil` for `979`, which has none).
    static func isbn10(fromISBN13 isbn13: String) -> String? {
        guard isbn13.hasPrefix("978") else { return nil }
        let digits = isbn13.dropFirst(3).prefix(9).compactMap(\.wholeNumberValue)
        let sum = digits.enumerated().reduce(0) { $0 + $1.element * (10 - $1.offset) }
        let check = (11 - sum % 11) % 11
        return text(digits) + (check == 10 ? "X" : String(check))
    }

    /// The ISSN (`NNNN-NNNC`) whose first seven digits are `digits`.
    static func issn(_ digits: [Int]) -> String {
        precondition(digits.count == 7)
        let sum = digits.enumerated().reduce(0) { $0 + $1.element * (8 - $1.offset) }
        let check = (11 - sum % 11) % 11
        let all = text(digits) + (check == 10 ? "X" : String(check))
        return String(all.prefix(4)) + "-" + String(all.dropFirst(4))
    }

    /// Whether `isbn` (10 or 13 characters, no hyphens) has a right check digit.
    static func isValidISBN(_ isbn: String) -> Bool {
        let characters = Array(isbn)
        if characters.count == 13 {
            let digits = characters.compactMap { $0.isASCII ? $0.wholeNumberValue : nil }
            return digits.count == 13 && isbn13(Array(digits.prefix(12))) == isbn
        }
        if characters.count == 10 {
            let digits = characters.prefix(9).compactMap { $0.isASCII ? $0.wholeNumberValue : nil }
            guard digits.count == 9 else { return false }
            return isbn10(fromISBN13: "978" + text(digits) + "0") == isbn
        }
        return false
    }

    private static func text(_ digits: some Sequence<Int>) -> String {
        digits.map(String.init).joined()
    }
}
