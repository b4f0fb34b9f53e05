// Unsafe code here, and why: hex is written into one preallocated buffer (every AFSigned and
// Drupal signature is hex). Pinned by the RFC 4648 §10 Base16 vectors (EncodingVectorTests) and
// the schemes' published vectors.

/// Hexadecimal (base 16) encoding, RFC 4648 §8, as signature schemes transmit digests.
public enum Hex {
    /// Encodes `bytes` as hexadecimal, lowercase unless `uppercase` is set.
    public static func encode(_ bytes: some Sequence<UInt8>, uppercase: Bool = false) -> String {
        if let encoded = bytes.withContiguousStorageIfAvailable({ encode(buffer: UnsafeRawBufferPointer($0), uppercase: uppercase) }) {
            return encoded
        }
        return Array(bytes).withUnsafeBytes { encode(buffer: $0, uppercase: uppercase) }
    }

    /// ``encode(_:uppercase:)`` over contiguous bytes, written straight into the string's storage.
    static func encode(buffer input: UnsafeRawBufferPointer, uppercase: Bool) -> String {
        let digits: StaticString = uppercase ? "0123456789ABCDEF" : "0123456789abcdef"
        return digits.withUTF8Buffer { table in
            String(unsafeUninitializedCapacity: input.count * 2) { output in
                for (index, byte) in input.enumerated() {
                    output[2 * index] = table[Int(byte >> 4)]
                    output[2 * index + 1] = table[Int(byte & 0x0F)]
                }
                return input.count * 2
            }
        }
    }

    /// Decodes hexadecimal text (either case) to bytes.
    ///
    /// - Throws: ``SigningCoreError/Code/invalidHex`` for an odd length or any character that
    ///   is not a hexadecimal digit, with its byte offset. Whitespace is not skipped.
    public static func decode(_ text: some StringProtocol) throws(SigningCoreError) -> [UInt8] {
        try withContiguousUTF8(text) { decode(utf8: $0) }.get()
    }

    /// ``decode(_:)`` over UTF-8 bytes.
    static func decode(utf8 input: UnsafeBufferPointer<UInt8>) -> Result<[UInt8], SigningCoreError> {
        guard input.count.isMultiple(of: 2) else {
            return .failure(SigningCoreError(
                code: .invalidHex,
                message: "hexadecimal text has an odd number of digits (\(input.count)); every byte takes two",
                offset: input.count
            ))
        }
        var badOffset = -1
        let output = [UInt8](unsafeUninitializedCapacity: input.count / 2) { buffer, initialized in
            var index = 0
            while index < input.count {
                guard let high = value(ofHexDigit: input[index]) else { badOffset = index; return }
                guard let low = value(ofHexDigit: input[index + 1]) else { badOffset = index + 1; return }
                buffer[index >> 1] = high << 4 | low
                index += 2
            }
            initialized = input.count / 2
        }
        guard badOffset < 0 else {
            return .failure(SigningCoreError(
                code: .invalidHex,
                message: "\(describe(input[badOffset])) is not a hexadecimal digit (0-9, a-f, A-F)",
                offset: badOffset
            ))
        }
        return .success(output)
    }

    /// The value of an ASCII hexadecimal digit, or `nil`.
    @inline(__always) static func value(ofHexDigit character: UInt8) -> UInt8? {
        let digit = character &- UInt8(ascii: "0")
        if digit < 10 { return digit }
        let letter = (character | 0x20) &- UInt8(ascii: "a")
        if letter < 6 { return letter &+ 10 }
        return nil
    }

    /// A printable description of one input byte for error messages.
    static func describe(_ byte: UInt8) -> String {
        if (0x21...0x7E).contains(byte) { return "'\(Character(Unicode.Scalar(byte)))'" }
        return "byte 0x\(encode([byte], uppercase: true))"
    }
}
