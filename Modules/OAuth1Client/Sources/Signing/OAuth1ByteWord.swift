/// Eight bytes read as one `UInt64`, for the scans that look at a request's text eight bytes
/// at a time (the `Authorization` header's values, names and values to decode). Byte order
/// does not matter to these tests: each asks whether *some* byte has a property, not which.
enum OAuth1ByteWord {
    /// `byte` in every byte of a word.
    static func repeating(_ byte: UInt8) -> UInt64 { 0x0101_0101_0101_0101 &* UInt64(byte) }

    /// The top bit of every byte.
    static var highBits: UInt64 { 0x8080_8080_8080_8080 }

    /// Whether some byte of `word` is `byte` (exact: a borrow only runs past a zero byte).
    static func contains(_ byte: UInt8, in word: UInt64) -> Bool {
        let difference = word ^ repeating(byte)
        return (difference &- repeating(1)) & ~difference & highBits != 0
    }

    /// Whether some byte of `word` is below `limit` (exact for limits up to 128).
    static func containsByte(below limit: UInt8, in word: UInt64) -> Bool {
        (word &- repeating(limit)) & ~word & highBits != 0
    }

    /// Whether some byte of `word` is not ASCII.
    static func containsNonASCII(_ word: UInt64) -> Bool { word & highBits != 0 }
}
