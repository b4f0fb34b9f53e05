#if MockServers  // without the trait, Server/TraitCheck.swift's #error is the one message
/// Text made safe for an HTTP header value the mock sets: printable ASCII only (RFC 9110
/// §5.5 allows more, but clients and proxies disagree about anything past ASCII).
enum HeaderText {
    /// `text` in printable ASCII: common punctuation transliterated (`—` → `-`, `±` → `+/-`,
    /// curly quotes → straight ones, `…` → `...`), other characters written `U+XXXX`, and
    /// control characters (CR and LF included) turned into spaces.
    static func ascii(_ text: String) -> String {
        var output = ""
        output.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x20...0x7E: output.unicodeScalars.append(scalar)
            case 0..<0x20, 0x7F: output.append(" ")
            default: output += transliterations[scalar] ?? "U+" + String(scalar.value, radix: 16, uppercase: true)
            }
        }
        return output
    }

    private static let transliterations: [Unicode.Scalar: String] = [
        "—": "-", "–": "-", "−": "-", "±": "+/-", "×": "x", "…": "...", "→": "->", "←": "<-",
        "‘": "'", "’": "'", "“": "\"", "”": "\"", "\u{00A0}": " ", "≤": "<=", "≥": ">=",
    ]
}
#endif
