// Unsafe code here, and why: encoding and decoding write into one preallocated buffer, because
// every signature is Base64-encoded. Pinned by the RFC 4648 §10 vectors (EncodingVectorTests)
// and against Foundation's Base64 on random bytes (EncodingVectorTests' "plainReference").

/// Base64 encoding, RFC 4648 §4 (standard) and §5 (URL- and filename-safe).
public enum Base64 {
    /// Which 64-character alphabet to use.
    public enum Alphabet: Sendable, Hashable {
        /// `A–Z a–z 0–9 + /`, padded with `=` (RFC 4648 §4). OAuth signatures use this.
        case standard
        /// `A–Z a–z 0–9 - _` (RFC 4648 §5), for tokens and nonces that travel in URLs.
        case urlSafe

        var characters: StaticString {
            switch self {
            case .standard: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
            case .urlSafe: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
            }
        }
    }

    /// Encodes `bytes`. Padding (`=`) is added by default; pass `padding: false` for the
    /// unpadded form common with the URL-safe alphabet.
    public static func encode(_ bytes: some Sequence<UInt8>, alphabet: Alphabet = .standard, padding: Bool = true) -> String {
        if let encoded = bytes.withContiguousStorageIfAvailable({ encode(buffer: UnsafeRawBufferPointer($0), alphabet: alphabet, padding: padding) }) {
            return encoded
        }
        return Array(bytes).withUnsafeBytes { encode(buffer: $0, alphabet: alphabet, padding: padding) }
    }

    /// ``encode(_:alphabet:padding:)`` over contiguous bytes, written straight into the string's
    /// storage (one allocation, none for up to 15 characters).
    static func encode(buffer input: UnsafeRawBufferPointer, alphabet: Alphabet, padding: Bool) -> String {
        let rest = input.count % 3
        let length = input.count / 3 * 4 + (rest == 0 ? 0 : padding ? 4 : rest + 1)
        return alphabet.characters.withUTF8Buffer { table in
            String(unsafeUninitializedCapacity: length) { output in
                var index = 0
                var written = 0
                while input.count - index >= 3 {
                    let chunk = UInt32(input[index]) << 16 | UInt32(input[index + 1]) << 8 | UInt32(input[index + 2])
                    output[written] = table[Int(chunk >> 18 & 63)]
                    output[written + 1] = table[Int(chunk >> 12 & 63)]
                    output[written + 2] = table[Int(chunk >> 6 & 63)]
                    output[written + 3] = table[Int(chunk & 63)]
                    index += 3
                    written += 4
                }
                if rest > 0 {
                    let chunk = UInt32(input[index]) << 16 | (rest == 2 ? UInt32(input[index + 1]) << 8 : 0)
                    output[written] = table[Int(chunk >> 18 & 63)]
                    output[written + 1] = table[Int(chunk >> 12 & 63)]
                    written += 2
                    if rest == 2 {
                        output[written] = table[Int(chunk >> 6 & 63)]
                        written += 1
                    }
                    while written < length {
                        output[written] = UInt8(ascii: "=")
                        written += 1
                    }
                }
                return written
            }
        }
    }

    /// Decodes Base64 text strictly.
    ///
    /// With the standard alphabet, padding is required (the length must be a multiple of 4);
    /// with the URL-safe alphabet it is optional, but when present it must be right. Characters
    /// of the other alphabet, whitespace, misplaced `=`, a dangling single character and
    /// non-zero unused bits are all rejected.
    ///
    /// - Throws: ``SigningCoreError/Code/invalidBase64`` with the byte offset of the problem.
    public static func decode(_ text: some StringProtocol, alphabet: Alphabet = .standard) throws(SigningCoreError) -> [UInt8] {
        try withContiguousUTF8(text) { decode(utf8: $0, alphabet: alphabet) }.get()
    }

    /// ``decode(_:alphabet:)`` over UTF-8 bytes.
    static func decode(utf8 input: UnsafeBufferPointer<UInt8>, alphabet: Alphabet) -> Result<[UInt8], SigningCoreError> {
        var end = input.count
        while end > 0 && input[end - 1] == UInt8(ascii: "=") { end -= 1 }
        let padCount = input.count - end
        if padCount > 0 || alphabet == .standard {
            guard input.count.isMultiple(of: 4) else {
                return .failure(failure("the length \(input.count) is not a multiple of 4, so padding is missing or wrong", at: input.count))
            }
            guard padCount <= 2 else {
                return .failure(failure("at most two '=' may end Base64 text, found \(padCount)", at: end))
            }
        }
        guard end % 4 != 1 else {
            return .failure(failure("a single character cannot end Base64 text; it is truncated", at: end - 1))
        }
        var badOffset = -1
        var unusedBitsSet = false
        let output = decodingTable(for: alphabet).withUnsafeBufferPointer { table in
            [UInt8](unsafeUninitializedCapacity: end / 4 * 3 + 2) { buffer, initialized in
                var accumulator: UInt32 = 0
                var bits: UInt32 = 0
                var written = 0
                var offset = 0
                while offset < end {
                    let value = table[Int(input[offset])]
                    guard value != 0xFF else { badOffset = offset; return }
                    accumulator = accumulator << 6 | UInt32(value)
                    bits += 6
                    if bits >= 8 {
                        bits -= 8
                        buffer[written] = UInt8(truncatingIfNeeded: accumulator >> bits)
                        written += 1
                    }
                    offset += 1
                }
                unusedBitsSet = accumulator & ((1 << bits) - 1) != 0
                initialized = written
            }
        }
        if badOffset >= 0 {
            let character = Hex.describe(input[badOffset])
            let hint = input[badOffset] == UInt8(ascii: "=") ? " ('=' may only appear at the end)" : ""
            return .failure(failure("\(character) is not in the \(alphabet) Base64 alphabet\(hint)", at: badOffset))
        }
        guard !unusedBitsSet else {
            return .failure(failure("the last character has non-zero unused bits; the text is not canonical Base64", at: end - 1))
        }
        return .success(output)
    }

    private static func failure(_ message: String, at offset: Int) -> SigningCoreError {
        SigningCoreError(code: .invalidBase64, message: message, offset: offset)
    }

    private static let standardTable = makeDecodingTable(.standard)
    private static let urlSafeTable = makeDecodingTable(.urlSafe)

    private static func decodingTable(for alphabet: Alphabet) -> [UInt8] {
        alphabet == .standard ? standardTable : urlSafeTable
    }

    private static func makeDecodingTable(_ alphabet: Alphabet) -> [UInt8] {
        var table = [UInt8](repeating: 0xFF, count: 256)
        alphabet.characters.withUTF8Buffer { characters in
            for (value, character) in characters.enumerated() { table[Int(character)] = UInt8(value) }
        }
        return table
    }
}
