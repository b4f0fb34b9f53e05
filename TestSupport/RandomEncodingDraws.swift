public import SigningCore

/// The draws of the random-request generators the peer tests share (HMAC in OAuth1ClientTests,
/// RSA in OAuth1RSATests): integers, chances, picks, and text that stresses the encoding rules
/// (unicode, reserved characters, `+`, `*`, `%`, empty values, repeated names), from a seeded
/// generator so a failing case can be drawn again.
public protocol RandomEncodingDraws {
    /// The seeded generator every draw takes from.
    var generator: SplitMix64 { get set }
}

/// The pieces random text is made of: every character class an encoder gets wrong.
private let encodingPieces: [String] = [
    "a", "b", "Z", "0", "9", "-", ".", "_", "~", " ", "+", "*", "%", "%20", "%2B", "&", "=", "?", "/", ":", "@", "!", "$", "'", "(", ")",
    ",", ";", "#", "[", "]", "\"", "<", ">", "\\", "^", "`", "{", "|", "}", "é", "ü", "日本", "😀", "\u{00A0}", "\t", "ß", "ℌ",
]
private let alphanumerics = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")

extension RandomEncodingDraws {
    /// An integer in `range`.
    public mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &generator) }
    /// `true` `percent` times in a hundred.
    public mutating func chance(_ percent: Int) -> Bool { int(1...100) <= percent }
    /// One of `values`.
    public mutating func pick<T>(_ values: [T]) -> T { values[int(0...values.count - 1)] }

    /// Text of `lengths` pieces, none of them in `excluding`.
    public mutating func text(_ lengths: ClosedRange<Int>, excluding: Set<String> = []) -> String {
        var result = ""
        for _ in 0..<int(lengths) {
            var piece = pick(encodingPieces)
            while excluding.contains(piece) { piece = pick(encodingPieces) }
            result += piece
        }
        return result
    }

    /// ASCII letters and digits, `lengths` of them.
    public mutating func alphanumeric(_ lengths: ClosedRange<Int>) -> String {
        String((0..<int(lengths)).map { _ in pick(alphanumerics) })
    }

    /// `count` fields with random names and values; a quarter of the names repeat an earlier
    /// one, and a name that starts with `oauth_` or is `realm` or one of `reserved` gets an `x`
    /// in front.
    public mutating func fields(_ count: ClosedRange<Int>, reserved: Set<String> = []) -> [FormField] {
        var fields: [FormField] = []
        for _ in 0..<int(count) {
            var name = fields.isEmpty || !chance(25) ? text(1...4) : pick(fields).name
            if name.hasPrefix("oauth_") || name == "realm" || reserved.contains(name) { name = "x" + name }
            fields.append(FormField(name, chance(15) ? "" : text(0...6)))
        }
        return fields
    }
}
