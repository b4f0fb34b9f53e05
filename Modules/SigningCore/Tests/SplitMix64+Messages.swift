import SigningCore

/// Random message shapes for the hash and HMAC differential tests.
extension SplitMix64 {
    /// `count` random bytes.
    mutating func bytes(_ count: Int) -> [UInt8] {
        (0..<count).map { _ in UInt8.random(in: .min ... .max, using: &self) }
    }

    /// A message length between 0 and `blocks` blocks of `blockSize`, half of the time taken
    /// from the padding edges (a length that leaves 0, 1, `blockSize - lengthField - 1`, … bytes
    /// in the final block), where Merkle–Damgård implementations go wrong.
    mutating func messageLength(blockSize: Int, blocks: Int = 5) -> Int {
        if Bool.random(using: &self) { return Int.random(in: 0...(blocks * blockSize), using: &self) }
        let lengthField = blockSize == 128 ? 16 : 8
        let edges = [0, 1, blockSize - lengthField - 1, blockSize - lengthField, blockSize - lengthField + 1,
                     blockSize - 1, blockSize, blockSize + 1]
        let edge = edges.randomElement(using: &self)!
        return edge + blockSize * Int.random(in: 0..<blocks, using: &self)
    }

    /// Splits `count` bytes into random chunk sizes (some empty), to exercise buffering.
    mutating func chunkSizes(total count: Int) -> [Int] {
        var sizes: [Int] = []
        var remaining = count
        while remaining > 0 {
            let size = Int.random(in: 0...min(remaining, 200), using: &self)
            sizes.append(size)
            remaining -= size
        }
        return sizes
    }
}
