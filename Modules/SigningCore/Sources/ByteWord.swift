/// Eight bytes read as one `UInt64`, for the scans that look at text eight bytes at a time
/// (SigningCore's percent-encoding, OAuth1Client's header and parameter scans). Byte order does
/// not matter to these tests: each asks whether *some* byte has a property, not which.
///
/// `package`, not public: shared by this package's modules (and usable from SigningCore's
/// inlinable encoders), not offered to apps. `passingPrefix(of:from:_:)` is the one loop that
/// reads memory eight bytes at a time; ByteWordTests pins every test here, and that loop,
/// against a byte-by-byte reading.
@usableFromInline
package enum ByteWord {
    /// `byte` in every byte of a word.
    @inlinable @inline(__always)
    package static func repeating(_ byte: UInt8) -> UInt64 { 0x0101_0101_0101_0101 &* UInt64(byte) }

    /// The top bit of every byte.
    @inlinable @inline(__always)
    package static var highBits: UInt64 { 0x8080_8080_8080_8080 }

    /// Whether some byte of `word` is `byte` (exact: a borrow only runs past a zero byte).
    @inlinable @inline(__always)
    package static func contains(_ byte: UInt8, in word: UInt64) -> Bool {
        let difference = word ^ repeating(byte)
        return (difference &- repeating(1)) & ~difference & highBits != 0
    }

    /// Whether some byte of `word` is below `limit` (exact for limits up to 128).
    @inlinable @inline(__always)
    package static func containsByte(below limit: UInt8, in word: UInt64) -> Bool {
        (word &- repeating(limit)) & ~word & highBits != 0
    }

    /// Whether some byte of `word` is not ASCII.
    @inlinable @inline(__always)
    package static func containsNonASCII(_ word: UInt64) -> Bool { word & highBits != 0 }

    /// How many bytes of `bytes` from `start` lie in whole eight-byte words that all pass
    /// `passes`: the one loop of every scan (a multiple of 8; the caller reads the rest, from
    /// the first word that failed or the last few bytes, byte by byte).
    @inlinable @inline(__always)
    package static func passingPrefix(of bytes: UnsafeBufferPointer<UInt8>, from start: Int, _ passes: (UInt64) -> Bool) -> Int {
        guard let base = bytes.baseAddress else { return 0 }
        let raw = UnsafeRawPointer(base)
        var index = start
        while bytes.count - index >= 8, passes(raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)) { index &+= 8 }
        return index - start
    }
}
