/// Percent-encoding (RFC 3986 §2.1) with an explicit set of bytes left as they are.
///
/// OAuth 1.0a (RFC 5849 §3.6) requires exactly the unreserved set `A–Z a–z 0–9 - . _ ~`,
/// UTF-8, and uppercase hex. Seed 001 shows what a looser table does: space, `+` and `*` left
/// unescaped make signatures fail "some of the time".
public enum PercentEncoding {
    /// A set of ASCII bytes that are written as themselves; every other byte is escaped.
    public struct AllowedSet: Sendable, Hashable {
        private var low: UInt64 = 0
        private var high: UInt64 = 0

        /// A set holding the ASCII characters of `characters`.
        public init(_ characters: StaticString) {
            characters.withUTF8Buffer { for byte in $0 { insert(byte) } }
        }

        private mutating func insert(_ byte: UInt8) {
            precondition(byte < 128, "only ASCII characters can be left unescaped")
            if byte < 64 { low |= 1 << UInt64(byte) } else { high |= 1 << UInt64(byte - 64) }
        }

        /// Whether `byte` is written as itself.
        @inline(__always) public func contains(_ byte: UInt8) -> Bool {
            if byte < 64 { return low & (1 << UInt64(byte)) != 0 }
            if byte < 128 { return high & (1 << UInt64(byte &- 64)) != 0 }
            return false
        }

        /// RFC 3986 §2.3 unreserved characters: `A–Z a–z 0–9 - . _ ~`, as OAuth requires.
        public static let unreserved = AllowedSet("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
    }

    /// Percent-encodes the UTF-8 bytes of `text`, leaving the bytes in `allowed` as they are and
    /// writing every other byte as `%XX` with uppercase hex.
    public static func encode(_ text: some StringProtocol, allowing allowed: AllowedSet = .unreserved) -> String {
        encode(text, allowing: allowed, spaceAsPlus: false)
    }

    static func encode(_ text: some StringProtocol, allowing allowed: AllowedSet, spaceAsPlus: Bool) -> String {
        let utf8 = text.utf8
        if utf8.allSatisfy(allowed.contains) { return String(text) }
        let hex: StaticString = "0123456789ABCDEF"
        return hex.withUTF8Buffer { hex in
            var output = [UInt8]()
            output.reserveCapacity(utf8.count * 3)
            for byte in utf8 {
                if allowed.contains(byte) {
                    output.append(byte)
                } else if spaceAsPlus && byte == UInt8(ascii: " ") {
                    output.append(UInt8(ascii: "+"))
                } else {
                    output.append(UInt8(ascii: "%"))
                    output.append(hex[Int(byte >> 4)])
                    output.append(hex[Int(byte & 0x0F)])
                }
            }
            return String(decoding: output, as: UTF8.self)
        }
    }

    /// Decodes `%XX` escapes strictly and requires the result to be UTF-8.
    ///
    /// - Parameter plusAsSpace: decode `+` as a space, as `application/x-www-form-urlencoded`
    ///   does; off by default (in a URI path or an OAuth header `+` is a literal plus).
    /// - Throws: ``SigningCoreError/Code/invalidPercentEncoding`` for a `%` not followed by two
    ///   hex digits (`%zz`, a truncated `%4`), ``SigningCoreError/Code/invalidUTF8`` when the
    ///   decoded bytes are not UTF-8. Never returns replacement characters.
    public static func decode(_ text: some StringProtocol, plusAsSpace: Bool = false) throws(SigningCoreError) -> String {
        let bytes = try decodeBytes(text, plusAsSpace: plusAsSpace)
        guard let string = String(validating: bytes, as: UTF8.self) else {
            throw SigningCoreError(
                code: .invalidUTF8,
                message: "the percent-decoded text is not valid UTF-8; encode text as UTF-8 before escaping it"
            )
        }
        return string
    }

    /// Decodes `%XX` escapes strictly to raw bytes (no UTF-8 requirement).
    public static func decodeBytes(_ text: some StringProtocol, plusAsSpace: Bool = false) throws(SigningCoreError) -> [UInt8] {
        let utf8 = text.utf8
        guard utf8.contains(where: { $0 == UInt8(ascii: "%") || (plusAsSpace && $0 == UInt8(ascii: "+")) }) else {
            return Array(utf8)
        }
        var output = [UInt8]()
        output.reserveCapacity(utf8.count)
        var iterator = utf8.makeIterator()
        var offset = 0
        while let byte = iterator.next() {
            switch byte {
            case UInt8(ascii: "%"):
                guard let first = iterator.next(), let high = Hex.value(ofHexDigit: first),
                      let second = iterator.next(), let low = Hex.value(ofHexDigit: second)
                else {
                    throw SigningCoreError(
                        code: .invalidPercentEncoding,
                        message: "'%' must be followed by two hexadecimal digits; write a literal '%' as %25",
                        offset: offset
                    )
                }
                output.append(high << 4 | low)
                offset += 3
            case UInt8(ascii: "+") where plusAsSpace:
                output.append(UInt8(ascii: " "))
                offset += 1
            default:
                output.append(byte)
                offset += 1
            }
        }
        return output
    }
}
