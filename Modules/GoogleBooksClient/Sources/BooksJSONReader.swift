// Unsafe code here, and why: a page of volumes is read from its bytes in one pass, because
// decoding dominates a search's cost in an app. The plain version is the models' `Decodable`
// conformance (`JSONDecoder`), to which the reader hands anything unusual; ReaderTests pins
// them together (same models on varied pages, hostile mutations, and a page with every member
// the models declare, which fails when a model gains a member the reader does not read).

/// Reads a Books API answer straight into the client's models: one pass over the bytes, no
/// dictionaries and no containers, for the pages an app decodes most.
///
/// It reads only well-formed JSON in the shapes the models declare, and is stricter than
/// `JSONDecoder` wherever that is simpler: a member of another type, a duplicate member, a
/// number it cannot read exactly, a key with escapes, nesting deeper than ``maximumDepth`` —
/// anything unusual makes it give up, and the answer is then decoded by `JSONDecoder`, which
/// gives the same models or names the problem by its coding path. So a value it returns is
/// the one `JSONDecoder` would give.
struct BooksJSONReader {
    /// Why the reader stopped: the answer is left to `JSONDecoder`.
    struct GaveUp: Error {}

    /// The deepest nesting of arrays and objects read (`JSONDecoder` allows more; deeper
    /// answers are left to it).
    static let maximumDepth = 64

    private let bytes: UnsafeBufferPointer<UInt8>
    private var position = 0
    private var depth = 0

    private init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// `body` as `Model`, or `nil` when the reader gave up.
    static func read<Model: BooksJSONReadable>(_ model: Model.Type, from body: [UInt8]) -> Model? {
        body.withUnsafeBufferPointer { buffer in
            var reader = BooksJSONReader(buffer)
            guard let value = try? Model(reading: &reader) else { return nil }
            reader.skipSpace()
            return reader.position == buffer.count ? value : nil
        }
    }

    // MARK: Objects and arrays

    /// The members of an object, each known one (by its position in `keys`) given to
    /// `member`, the others skipped. A known member given twice gives up.
    mutating func members(_ keys: [StaticString], _ member: (inout BooksJSONReader, Int) throws(GaveUp) -> Void) throws(GaveUp) {
        try open(UInt8(ascii: "{"))
        var seen: UInt64 = 0
        if try !close(UInt8(ascii: "}")) {
            repeat {
                let key = try keyIndex(keys)
                skipSpace()
                try expect(UInt8(ascii: ":"))
                if let key {
                    let bit: UInt64 = 1 << UInt64(key)
                    guard seen & bit == 0 else { throw GaveUp() }
                    seen |= bit
                    try member(&self, key)
                } else {
                    try skipValue()
                }
            } while try separator(closing: UInt8(ascii: "}"))
        }
        depth -= 1
    }

    /// The elements of an array, each read by `element`.
    mutating func array<Element>(_ element: (inout BooksJSONReader) throws(GaveUp) -> Element) throws(GaveUp) -> [Element] {
        try open(UInt8(ascii: "["))
        var elements: [Element] = []
        if try !close(UInt8(ascii: "]")) {
            repeat {
                elements.append(try element(&self))
            } while try separator(closing: UInt8(ascii: "]"))
        }
        depth -= 1
        return elements
    }

    /// `nil` for `null` (as `decodeIfPresent` reads it), else what `read` reads.
    mutating func optional<Value>(_ read: (inout BooksJSONReader) throws(GaveUp) -> Value) throws(GaveUp) -> Value? {
        skipSpace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "n") {
            try literal("null")
            return nil
        }
        return try read(&self)
    }

    private mutating func open(_ bracket: UInt8) throws(GaveUp) {
        skipSpace()
        try expect(bracket)
        depth += 1
        guard depth <= Self.maximumDepth else { throw GaveUp() }
    }

    /// Whether the container closes at once (`{}`, `[]`).
    private mutating func close(_ bracket: UInt8) throws(GaveUp) -> Bool {
        skipSpace()
        guard position < bytes.count else { throw GaveUp() }
        guard bytes[position] == bracket else { return false }
        position += 1
        return true
    }

    /// `true` after a `,`; `false` after the closing bracket.
    private mutating func separator(closing bracket: UInt8) throws(GaveUp) -> Bool {
        skipSpace()
        guard position < bytes.count else { throw GaveUp() }
        let byte = bytes[position]
        position += 1
        if byte == UInt8(ascii: ",") { return true }
        guard byte == bracket else { throw GaveUp() }
        return false
    }

    /// The position in `keys` of the next key (a string without escapes), `nil` when unknown.
    private mutating func keyIndex(_ keys: [StaticString]) throws(GaveUp) -> Int? {
        skipSpace()
        try expect(UInt8(ascii: "\""))
        let start = position
        while position < bytes.count, bytes[position] != UInt8(ascii: "\"") {
            guard bytes[position] != UInt8(ascii: "\\"), bytes[position] >= 0x20 else { throw GaveUp() }
            position += 1
        }
        guard position < bytes.count else { throw GaveUp() }
        let key = UnsafeBufferPointer(rebasing: bytes[start..<position])
        position += 1
        let index = keys.firstIndex { name in
            name.utf8CodeUnitCount == key.count && name.withUTF8Buffer { $0.elementsEqual(key) }
        }
        // A known key is ASCII; an unknown one that is not is left to JSONDecoder to check.
        guard index != nil || key.allSatisfy({ $0 < 0x80 }) else { throw GaveUp() }
        return index
    }

    // MARK: Scalars

    /// A string (escapes read; `null` and other types give up).
    mutating func string() throws(GaveUp) -> String {
        skipSpace()
        try expect(UInt8(ascii: "\""))
        let start = position
        var bits: UInt8 = 0
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                let text = try Self.text(UnsafeBufferPointer(rebasing: bytes[start..<position]), ascii: bits < 0x80)
                position += 1
                return text
            }
            if byte == UInt8(ascii: "\\") { return try escapedString(from: start) }
            guard byte >= 0x20 else { throw GaveUp() }
            bits |= byte
            position += 1
        }
        throw GaveUp()
    }

    /// `utf8` as a string; a byte sequence that is not UTF-8 gives up.
    private static func text(_ utf8: UnsafeBufferPointer<UInt8>, ascii: Bool) throws(GaveUp) -> String {
        let text = String(decoding: utf8, as: UTF8.self)
        // Decoding repairs what is not UTF-8; a text that reads back as its bytes needed none.
        guard ascii || text.utf8.elementsEqual(utf8) else { throw GaveUp() }
        return text
    }

    /// The rest of a string holding escapes, from `start` (just after its opening quote).
    private mutating func escapedString(from start: Int) throws(GaveUp) -> String {
        var text = Array(bytes[start..<position])
        while position < bytes.count {
            let byte = bytes[position]
            position += 1
            switch byte {
            case UInt8(ascii: "\""):
                return try text.withUnsafeBufferPointer { buffer throws(GaveUp) in try Self.text(buffer, ascii: false) }
            case UInt8(ascii: "\\"):
                try escape(into: &text)
            case 0..<0x20:
                throw GaveUp()
            default:
                text.append(byte)
            }
        }
        throw GaveUp()
    }

    /// One escape after its backslash, appended to `text` as UTF-8.
    private mutating func escape(into text: inout [UInt8]) throws(GaveUp) {
        guard position < bytes.count else { throw GaveUp() }
        let byte = bytes[position]
        position += 1
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): text.append(byte)
        case UInt8(ascii: "b"): text.append(0x08)
        case UInt8(ascii: "f"): text.append(0x0C)
        case UInt8(ascii: "n"): text.append(0x0A)
        case UInt8(ascii: "r"): text.append(0x0D)
        case UInt8(ascii: "t"): text.append(0x09)
        case UInt8(ascii: "u"):
            var scalar = try hexQuad()
            if (0xD800..<0xDC00).contains(scalar) {
                // A high surrogate must be followed by an escaped low one.
                guard position + 1 < bytes.count, bytes[position] == UInt8(ascii: "\\"), bytes[position + 1] == UInt8(ascii: "u") else { throw GaveUp() }
                position += 2
                let low = try hexQuad()
                guard (0xDC00..<0xE000).contains(low) else { throw GaveUp() }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            }
            guard let unicode = Unicode.Scalar(scalar), let encoded = UTF8.encode(unicode) else { throw GaveUp() }
            text.append(contentsOf: encoded)
        default:
            throw GaveUp()
        }
    }

    private mutating func hexQuad() throws(GaveUp) -> UInt32 {
        guard position + 4 <= bytes.count else { throw GaveUp() }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[position]
            position += 1
            let digit: UInt8 = switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
            default: throw GaveUp()
            }
            value = value << 4 | UInt32(digit)
        }
        return value
    }

    /// An integer written without fraction or exponent (`-0`, overflow and any other form
    /// give up).
    mutating func integer() throws(GaveUp) -> Int {
        let number = try numberText()
        guard !number.hasFraction else { throw GaveUp() }
        let negative = bytes[number.range.lowerBound] == UInt8(ascii: "-")
        var value = 0
        for index in number.range.dropFirst(negative ? 1 : 0) {
            let (times, overflowTimes) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflowSum) = times.addingReportingOverflow(Int(bytes[index] - UInt8(ascii: "0")))
            guard !overflowTimes, !overflowSum else { throw GaveUp() }
            value = sum
        }
        guard !(negative && value == 0) else { throw GaveUp() }
        return negative ? -value : value
    }

    /// A finite number, correctly rounded.
    mutating func double() throws(GaveUp) -> Double {
        let number = try numberText()
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[number.range]), as: UTF8.self)
        guard let value = Double(text), value.isFinite else { throw GaveUp() }
        return value
    }

    /// `true` or `false`.
    mutating func boolean() throws(GaveUp) -> Bool {
        skipSpace()
        guard position < bytes.count else { throw GaveUp() }
        if bytes[position] == UInt8(ascii: "t") {
            try literal("true")
            return true
        }
        try literal("false")
        return false
    }

    /// The next number's text, checked against JSON's grammar
    /// (`-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`).
    private mutating func numberText() throws(GaveUp) -> (range: Range<Int>, hasFraction: Bool) {
        skipSpace()
        let start = position
        if position < bytes.count, bytes[position] == UInt8(ascii: "-") { position += 1 }
        guard position < bytes.count else { throw GaveUp() }
        let isZero = bytes[position] == UInt8(ascii: "0")
        if isZero {
            position += 1
        } else {
            guard try digits() > 0 else { throw GaveUp() }
        }
        var hasFraction = false
        if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
            position += 1
            guard try digits() > 0 else { throw GaveUp() }
            hasFraction = true
        }
        if position < bytes.count, bytes[position] | 0x20 == UInt8(ascii: "e") {
            // Foundation's JSON parser refuses `0e2` (valid JSON, found by fuzz-books-reader), so
            // an exponent straight after a bare `0` is left to it, whatever it decides.
            guard !(isZero && !hasFraction) else { throw GaveUp() }
            position += 1
            if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") { position += 1 }
            guard try digits() > 0 else { throw GaveUp() }
            hasFraction = true
        }
        return (start..<position, hasFraction)
    }

    private mutating func digits() throws(GaveUp) -> Int {
        let start = position
        while position < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[position]) { position += 1 }
        return position - start
    }

    // MARK: Skipping

    /// Any value, checked as the others are read.
    mutating func skipValue() throws(GaveUp) {
        skipSpace()
        guard position < bytes.count else { throw GaveUp() }
        switch bytes[position] {
        case UInt8(ascii: "{"): try members([]) { _, _ throws(GaveUp) in }
        case UInt8(ascii: "["): _ = try array { reader throws(GaveUp) in try reader.skipValue() }
        case UInt8(ascii: "\""): _ = try string()
        case UInt8(ascii: "t"), UInt8(ascii: "f"): _ = try boolean()
        case UInt8(ascii: "n"): try literal("null")
        default: _ = try numberText()
        }
    }

    private mutating func literal(_ word: StaticString) throws(GaveUp) {
        let count = word.utf8CodeUnitCount
        guard position + count <= bytes.count,
              word.withUTF8Buffer({ $0.elementsEqual(UnsafeBufferPointer(rebasing: bytes[position..<(position + count)])) }) else { throw GaveUp() }
        position += count
    }

    private mutating func expect(_ byte: UInt8) throws(GaveUp) {
        guard position < bytes.count, bytes[position] == byte else { throw GaveUp() }
        position += 1
    }

    private mutating func skipSpace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x0A, 0x0D, 0x09: position += 1
            default: return
            }
        }
    }
}

/// A model ``BooksJSONReader`` reads.
protocol BooksJSONReadable {
    init(reading reader: inout BooksJSONReader) throws(BooksJSONReader.GaveUp)
}
