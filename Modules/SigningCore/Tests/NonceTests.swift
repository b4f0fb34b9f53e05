import TestSupport
import SigningCore
import Testing

@Suite("Nonces and constant-time comparison")
struct NonceTests {
    @Test(arguments: [1, 20, 32, 4096])
    func alphanumeric(length: Int) {
        var random = SplitMix64(seed: UInt64(length))
        let nonce = Nonce.alphanumeric(length: length, using: &random)
        #expect(nonce.utf8.count == length)
        #expect(nonce.utf8.allSatisfy { (48...57).contains($0) || (65...90).contains($0) || (97...122).contains($0) })
        #expect(PercentEncoding.encode(nonce) == nonce, "alphanumeric nonces need no escaping")
    }

    /// The same seed gives the same nonce; different seeds differ; the system generator works.
    @Test func reproducibleAndRandom() {
        var first = SplitMix64(seed: 42), second = SplitMix64(seed: 42), third = SplitMix64(seed: 43)
        #expect(Nonce.alphanumeric(using: &first) == Nonce.alphanumeric(using: &second))
        #expect(Nonce.alphanumeric(using: &first) != Nonce.alphanumeric(using: &third))
        #expect(Nonce.alphanumeric() != Nonce.alphanumeric())
        #expect(Nonce.urlSafe() != Nonce.urlSafe())
    }

    /// Rejection sampling keeps all 62 characters about equally likely.
    @Test func alphanumericDistribution() {
        var random = SplitMix64(seed: 7)
        var counts: [UInt8: Int] = [:]
        for byte in Nonce.alphanumeric(length: 4096, using: &random).utf8 { counts[byte, default: 0] += 1 }
        for _ in 0..<30 {
            for byte in Nonce.alphanumeric(length: 4096, using: &random).utf8 { counts[byte, default: 0] += 1 }
        }
        #expect(counts.count == 62)
        let expected = 31.0 * 4096 / 62
        #expect(counts.values.allSatisfy { abs(Double($0) - expected) < expected * 0.15 }, "\(counts.values.sorted())")
    }

    @Test(arguments: [(1, 2), (16, 22), (32, 43), (4096, 5462)])
    func urlSafe(byteCount: Int, characters: Int) throws {
        var random = SplitMix64(seed: 99)
        let nonce = Nonce.urlSafe(byteCount: byteCount, using: &random)
        #expect(nonce.utf8.count == characters)
        #expect(PercentEncoding.encode(nonce) == nonce, "URL-safe nonces need no escaping")
        #expect(try Base64.decode(nonce, alphabet: .urlSafe).count == byteCount)
    }

    @Test func constantTimeComparison() {
        #expect(ConstantTime.isEqual([UInt8](), [UInt8]()))
        #expect(ConstantTime.isEqual([1, 2, 3] as [UInt8], [1, 2, 3] as [UInt8]))
        #expect(!ConstantTime.isEqual([1, 2, 3] as [UInt8], [1, 2, 4] as [UInt8]))
        #expect(!ConstantTime.isEqual([0, 2, 3] as [UInt8], [1, 2, 3] as [UInt8]))
        #expect(!ConstantTime.isEqual([1, 2] as [UInt8], [1, 2, 3] as [UInt8]))
        #expect(ConstantTime.isEqual("MdpQcU8iPSUjWoN/UDMsK2sui9I=", "MdpQcU8iPSUjWoN/UDMsK2sui9I="))
        #expect(!ConstantTime.isEqual("MdpQcU8iPSUjWoN/UDMsK2sui9I=", "MdpQcU8iPSUjWoN/UDMsK2sui9J="))
    }
}
