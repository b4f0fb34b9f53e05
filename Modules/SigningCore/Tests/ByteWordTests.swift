import SigningCore
import Testing
import TestSupport

/// The eight-bytes-at-a-time tests against asking each byte in turn: every byte value at every
/// position of a word, then random words (mostly ASCII, as the scans see them).
@Suite("ByteWord", .heavy)
struct ByteWordTests {
    /// `word`'s bytes, lowest first.
    private func bytes(_ word: UInt64) -> [UInt8] { (0..<8).map { UInt8(truncatingIfNeeded: word >> (8 * $0)) } }

    private func checkAgainstBytes(_ word: UInt64) {
        let bytes = bytes(word)
        for probe: UInt8 in [0x00, 0x20, 0x22, 0x25, 0x2B, 0x5C, 0x7F, 0x80, 0xFF] {
            #expect(ByteWord.contains(probe, in: word) == bytes.contains(probe), "contains \(probe) in \(bytes)")
        }
        for limit: UInt8 in [1, 0x20, 0x30, 0x80] {
            #expect(ByteWord.containsByte(below: limit, in: word) == bytes.contains { $0 < limit }, "below \(limit) in \(bytes)")
        }
        #expect(ByteWord.containsNonASCII(word) == bytes.contains { $0 >= 0x80 })
    }

    @Test("every byte value at every position of an ASCII word")
    func everyByteEverywhere() {
        let background = UInt64(0x6161_6161_6161_6161)  // "aaaaaaaa"
        for position in 0..<8 {
            for value in 0...255 {
                let shift = UInt64(8 * position)
                checkAgainstBytes(background & ~(0xFF << shift) | UInt64(value) << shift)
            }
        }
    }

    @Test("random words agree with a byte-by-byte reading")
    func randomWords() {
        var random = SplitMix64(seed: 8)
        for round in 0..<20_000 {
            var word = random.next()
            if round % 2 == 0 { word &= 0x7F7F_7F7F_7F7F_7F7F }  // ASCII, as most header text is
            checkAgainstBytes(word)
        }
    }

    @Test("passingPrefix covers exactly the whole words that pass, from any start, as a word-by-word reading of the bytes does")
    func passingPrefix() {
        var random = SplitMix64(seed: 9)
        for _ in 0..<5_000 {
            let count = Int(random.next() % 48)
            let bytes = (0..<count).map { _ in random.next() % 6 == 0 ? UInt8(truncatingIfNeeded: random.next()) : UInt8(ascii: "a") }
            let start = Int(random.next() % UInt64(count + 1))
            let stop = UInt8(truncatingIfNeeded: random.next() % 2 == 0 ? random.next() : 0x80)
            let fast = bytes.withUnsafeBufferPointer { ByteWord.passingPrefix(of: $0, from: start) { !ByteWord.contains(stop, in: $0) } }
            var plain = 0
            while count - (start + plain) >= 8, !bytes[(start + plain)..<(start + plain + 8)].contains(stop) { plain += 8 }
            #expect(fast == plain, "\(bytes) from \(start), stopping at \(stop)")
        }
        #expect([UInt8]().withUnsafeBufferPointer { ByteWord.passingPrefix(of: $0, from: 0) { _ in true } } == 0)
    }

    @Test("repeating fills every byte")
    func repeating() {
        #expect(ByteWord.repeating(0x25) == 0x2525_2525_2525_2525)
        #expect(ByteWord.repeating(0) == 0)
        #expect(ByteWord.highBits == ByteWord.repeating(0x80))
    }
}
