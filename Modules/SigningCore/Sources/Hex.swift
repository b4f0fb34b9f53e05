/// Hexadecimal (base 16) encoding, RFC 4648 §8, as signature schemes transmit digests.
public enum Hex {
    /// Encodes `bytes` as hexadecimal, lowercase unless `uppercase` is set.
    public static func encode(_ bytes: some Sequence<UInt8>, uppercase: Bool = false) -> String {
        let digits: StaticString = uppercase ? "0123456789ABCDEF" : "0123456789abcdef"
        let count = bytes.underestimatedCount
        return digits.withUTF8Buffer { table in
            var output = [UInt8]()
            output.reserveCapacity(count * 2)
            for byte in bytes {
                output.append(table[Int(byte >> 4)])
                output.append(table[Int(byte & 0x0F)])
            }
            return String(decoding: output, as: UTF8.self)
        }
    }

    /// Decodes hexadecimal text (either case) to bytes.
    ///
    /// - Throws: ``SigningCoreError/Code/invalidHex`` for an odd length or any character that
    ///   is not a hexadecimal digit, with its byte offset. Whitespace is not skipped.
    public static func decode(_ text: some StringProtocol) throws(SigningCoreError) -> [UInt8] {
        let utf8 = text.utf8
        guard utf8.count.isMultiple(of: 2) else {
            throw SigningCoreError(
                code: .invalidHex,
                message: "hexadecimal text has an odd number of digits (\(utf8.count)); every byte takes two",
                offset: utf8.count
            )
        }
        var output = [UInt8]()
        output.reserveCapacity(utf8.count / 2)
        var high: UInt8 = 0
        for (offset, character) in utf8.enumerated() {
            guard let nibble = value(ofHexDigit: character) else {
                throw SigningCoreError(
                    code: .invalidHex,
                    message: "\(describe(character)) is not a hexadecimal digit (0-9, a-f, A-F)",
                    offset: offset
                )
            }
            if offset.isMultiple(of: 2) { high = nibble << 4 } else { output.append(high | nibble) }
        }
        return output
    }

    /// The value of an ASCII hexadecimal digit, or `nil`.
    @inline(__always) static func value(ofHexDigit character: UInt8) -> UInt8? {
        switch character {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): character &- UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): character &- UInt8(ascii: "a") &+ 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): character &- UInt8(ascii: "A") &+ 10
        default: nil
        }
    }

    /// A printable description of one input byte for error messages.
    static func describe(_ byte: UInt8) -> String {
        if (0x21...0x7E).contains(byte) { return "'\(Character(Unicode.Scalar(byte)))'" }
        return "byte 0x\(encode([byte], uppercase: true))"
    }
}
