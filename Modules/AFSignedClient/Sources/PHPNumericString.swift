/// PHP 8's reading of a string as a number (`is_numeric_string`), and its comparison of array
/// keys (`ksort` with `SORT_REGULAR`), which the original verifier sorts parameters with.
enum PHPNumericString {
    /// A string's numeric value when PHP reads it as a number: optional leading and trailing
    /// whitespace, an optional sign, digits with an optional fraction and exponent. `.integer`
    /// when it has neither and fits in 64 bits.
    enum Value: Equatable {
        case integer(Int)
        case double(Double)

        var asDouble: Double {
            switch self {
            case .integer(let value): Double(value)
            case .double(let value): value
            }
        }
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || (0x09...0x0D).contains(byte)
    }

    static func value(_ text: String) -> Value? {
        let bytes = Array(text.utf8)
        var start = 0
        var end = bytes.count
        while start < end, isWhitespace(bytes[start]) { start += 1 }
        while end > start, isWhitespace(bytes[end - 1]) { end -= 1 }
        guard start < end else { return nil }
        var index = start
        if bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
        let digitsStart = index
        while index < end, isDigit(bytes[index]) { index += 1 }
        var integerDigits = index - digitsStart
        var isInteger = true
        if index < end, bytes[index] == UInt8(ascii: ".") {
            isInteger = false
            index += 1
            let fractionStart = index
            while index < end, isDigit(bytes[index]) { index += 1 }
            integerDigits += index - fractionStart
        }
        guard integerDigits > 0 else { return nil }
        if index < end, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            var exponent = index + 1
            if exponent < end, bytes[exponent] == UInt8(ascii: "+") || bytes[exponent] == UInt8(ascii: "-") { exponent += 1 }
            let exponentDigits = exponent
            while exponent < end, isDigit(bytes[exponent]) { exponent += 1 }
            if exponent > exponentDigits {
                isInteger = false
                index = exponent
            }
        }
        guard index == end else { return nil }
        let numeral = String(decoding: bytes[start..<end], as: UTF8.self)
        if isInteger, let integer = Int(numeral.hasPrefix("+") ? String(numeral.dropFirst()) : numeral) {
            return .integer(integer)
        }
        return Double(numeral).map(Value.double)
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    /// Whether PHP would store `text` as an integer array key: a canonical decimal integer
    /// (`"7"`, `"-3"`, not `"07"`, `"+3"`, `"-0"` or `" 7"`) that fits in 64 bits.
    static func integerKey(_ text: String) -> Int? {
        let bytes = Array(text.utf8)
        guard !bytes.isEmpty, bytes.count <= 20 else { return nil }
        let negative = bytes[0] == UInt8(ascii: "-")
        let digits = negative ? bytes.dropFirst() : bytes[...]
        guard let first = digits.first, digits.allSatisfy(isDigit) else { return nil }
        if first == UInt8(ascii: "0") && (digits.count > 1 || negative) { return nil }
        return Int(text)
    }

    /// PHP 8's `ksort` comparison of two keys: integers numerically; two strings numerically
    /// when both are numeric, else byte by byte; an integer and a string numerically when the
    /// string is numeric, else the integer's digits byte by byte against the string.
    static func compare(_ lhs: PHPKey, _ rhs: PHPKey) -> Int {
        SortKey(lhs).compare(to: SortKey(rhs))
    }

    /// A key with its numeric reading made once, for sorting: the comparison reads each key as
    /// a number, and a sort compares each key many times.
    struct SortKey {
        /// The key as PHP prints it.
        let text: String
        /// Its value when PHP reads it as a number (an integer key always is one).
        let number: Value?

        init(_ key: PHPKey) {
            switch key {
            case .int(let value):
                text = String(value)
                number = .integer(value)
            case .string(let value):
                text = value
                number = PHPNumericString.value(value)
            }
        }

        /// ``PHPNumericString/compare(_:_:)``: numerically when both are numbers, else byte by
        /// byte (an integer key by its digits).
        func compare(to other: SortKey) -> Int {
            if let x = number, let y = other.number { return compareNumbers(x, y) }
            return compareBytes(text, other.text)
        }

        /// Whether the comparison is a total order over `keys` for certain: all integers
        /// (compared as integers), or none a number (compared as bytes). Numbers mixed with
        /// other names, or integers with fractions (compared as doubles, which round large
        /// integers), may not be.
        static func areTotallyOrdered(_ keys: [SortKey]) -> Bool {
            let integers = keys.allSatisfy { if case .integer = $0.number { true } else { false } }
            return integers || keys.allSatisfy { $0.number == nil }
        }
    }

    private static func compareNumbers(_ a: Value, _ b: Value) -> Int {
        if case .integer(let x) = a, case .integer(let y) = b { return x < y ? -1 : (x > y ? 1 : 0) }
        let (x, y) = (a.asDouble, b.asDouble)
        return x < y ? -1 : (x > y ? 1 : 0)
    }

    /// `memcmp` over the shorter length, then the shorter first (`zend_binary_strcmp`).
    static func compareBytes(_ a: String, _ b: String) -> Int {
        var left = a.utf8.makeIterator()
        var right = b.utf8.makeIterator()
        while true {
            switch (left.next(), right.next()) {
            case (nil, nil): return 0
            case (nil, _): return -1
            case (_, nil): return 1
            case (let x?, let y?): if x != y { return x < y ? -1 : 1 }
            }
        }
    }
}
