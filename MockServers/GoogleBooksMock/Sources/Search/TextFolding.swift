import Foundation

/// How the search compares text: case- and diacritic-insensitively (`Café` is `cafe`, `Straße`
/// is `strasse`), in words — runs of letters and digits — except in Chinese, Japanese and
/// Korean, where every character is a word of its own, so that a query `東京` is the two-word
/// phrase `東` `京` and is found inside `東京の夜` without a dictionary.
enum TextFolding {
    /// The folded words of `text`, in order.
    static func words(_ text: String) -> [String] {
        if let ascii = asciiWords(text) { return ascii }
        var words: [String] = []
        var current = String.UnicodeScalarView()
        func flush() {
            if !current.isEmpty {
                words.append(String(current))
                current = String.UnicodeScalarView()
            }
        }
        for scalar in folded(text).unicodeScalars {
            if isIdeographic(scalar) {
                flush()
                words.append(String(Character(scalar)))
            } else if scalar.properties.isAlphabetic || scalar.properties.numericType != nil {
                current.append(scalar)
            } else {
                flush()
            }
        }
        flush()
        return words
    }

    /// The words of all-ASCII `text` (most of the catalogue) without Unicode normalisation;
    /// `nil` when `text` holds anything else.
    private static func asciiWords(_ text: String) -> [String]? {
        var words: [String] = []
        var current: [UInt8] = []
        for byte in text.utf8 {
            guard byte < 0x80 else { return nil }
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): current.append(byte + 32)
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"): current.append(byte)
            default:
                if !current.isEmpty {
                    words.append(String(decoding: current, as: UTF8.self))
                    current.removeAll(keepingCapacity: true)
                }
            }
        }
        if !current.isEmpty { words.append(String(decoding: current, as: UTF8.self)) }
        return words
    }

    /// `text` lowercased, without combining marks, with a few letters spelt out (`ß` → `ss`).
    static func folded(_ text: String) -> String {
        // ASCII needs no decomposition and has no marks: only A–Z change. Most of the catalogue
        // is ASCII, and the Unicode path (Foundation's decomposition, a string per scalar's
        // lowercase mapping) was half of building it.
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            return String(decoding: text.utf8.map { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") ? $0 + 32 : $0 }, as: UTF8.self)
        }
        var output = String.UnicodeScalarView()
        for scalar in text.decomposedStringWithCanonicalMapping.unicodeScalars {
            if scalar.isASCII {
                output.append(scalar.value >= 0x41 && scalar.value <= 0x5A ? Unicode.Scalar(UInt8(scalar.value + 32)) : scalar)
                continue
            }
            switch scalar.properties.generalCategory {
            case .nonspacingMark, .enclosingMark, .spacingMark:
                continue
            default:
                break
            }
            if let spelt = spelt[scalar] {
                output.append(contentsOf: spelt.unicodeScalars)
            } else {
                output.append(contentsOf: scalar.properties.lowercaseMapping.unicodeScalars)
            }
        }
        return String(output)
    }

    private static let spelt: [Unicode.Scalar: String] = [
        "ß": "ss", "ẞ": "ss", "æ": "ae", "Æ": "ae", "œ": "oe", "Œ": "oe", "ø": "o", "Ø": "o",
        "ł": "l", "Ł": "l", "đ": "d", "Đ": "d", "ı": "i",
    ]

    /// Whether `scalar` is written without spaces between words: Han, kana, Hangul.
    static func isIdeographic(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x3040...0x30FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xAC00...0xD7AF, 0xF900...0xFAFF, 0xFF66...0xFF9F, 0x20000...0x2FA1F:
            true
        default:
            false
        }
    }
}
