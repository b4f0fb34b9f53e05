// Unsafe code here, and why: the compression functions read whole blocks straight from the
// caller's memory and the padding is written in place, because hashing is the innermost loop of
// every signature. Pinned by the FIPS 180-4 vectors (HashVectorTests), inputs of every length
// around the block size and over 4 GiB (HugeInputTests), and swift-crypto on random inputs
// (CryptoDifferentialTests).

/// The compression function and chaining state of a Merkle–Damgård hash (FIPS 180-4 §5–6).
protocol CompressionFunction: Sendable {
    /// Bytes per block: 64 or 128.
    static var blockByteCount: Int { get }
    /// Bytes of the big-endian message length in the final block: 8 or 16.
    static var lengthByteCount: Int { get }
    /// Bytes of digest produced.
    static var digestByteCount: Int { get }
    /// The initial hash value H(0).
    init()
    /// Processes `count` consecutive blocks starting at `blocks` (any alignment).
    mutating func compress(_ blocks: UnsafeRawPointer, count: Int)
    /// Writes the digest, big-endian, into `output` (``digestByteCount`` bytes).
    func write(to output: UnsafeMutableRawBufferPointer)
}

/// Buffering, padding and length encoding shared by SHA-1, SHA-256 and SHA-512: feeds whole
/// blocks to the compression function straight from the caller's memory and keeps at most one
/// partial block inline.
struct MerkleDamgard<Function: CompressionFunction>: Sendable {
    private var function = Function()
    /// A partial block (128 bytes, enough for every supported function).
    private var pending: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64,
                          UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) =
        (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    private var pendingCount = 0
    /// Total bytes absorbed, for the length field.
    private var totalByteCount: UInt64 = 0

    init() {}

    mutating func update(_ input: UnsafeRawBufferPointer) {
        guard var base = input.baseAddress, !input.isEmpty else { return }
        let blockSize = Function.blockByteCount
        var remaining = input.count
        totalByteCount &+= UInt64(remaining)

        if pendingCount > 0 {
            let take = min(blockSize - pendingCount, remaining)
            let pendingNow = pendingCount
            withUnsafeMutableBytes(of: &pending) { buffer in
                (buffer.baseAddress! + pendingNow).copyMemory(from: base, byteCount: take)
            }
            pendingCount += take
            base += take
            remaining -= take
            guard pendingCount == blockSize else { return }
            compressPending()
        }
        if remaining >= blockSize {
            let blockCount = remaining / blockSize
            function.compress(base, count: blockCount)
            base += blockCount * blockSize
            remaining -= blockCount * blockSize
        }
        if remaining > 0 {
            withUnsafeMutableBytes(of: &pending) { $0.baseAddress!.copyMemory(from: base, byteCount: remaining) }
            pendingCount = remaining
        }
    }

    private mutating func compressPending() {
        withUnsafeBytes(of: pending) { function.compress($0.baseAddress!, count: 1) }
        pendingCount = 0
    }

    /// Pads a copy of the state and returns the digest; `self` is unchanged.
    func finalize() -> Digest {
        var copy = self
        return copy.pad()
    }

    private mutating func pad() -> Digest {
        let blockSize = Function.blockByteCount
        let lengthSize = Function.lengthByteCount
        let bitLength = totalByteCount &<< 3
        let highBits = totalByteCount >> 61
        let start = pendingCount
        withUnsafeMutableBytes(of: &pending) { buffer in
            buffer[start] = 0x80
            for index in (start + 1)..<blockSize { buffer[index] = 0 }
        }
        if start + 1 > blockSize - lengthSize {
            compressPending()
            withUnsafeMutableBytes(of: &pending) { buffer in
                for index in 0..<blockSize { buffer[index] = 0 }
            }
        }
        withUnsafeMutableBytes(of: &pending) { buffer in
            buffer.storeBytes(of: bitLength.bigEndian, toByteOffset: blockSize - 8, as: UInt64.self)
            if lengthSize == 16 {
                buffer.storeBytes(of: highBits.bigEndian, toByteOffset: blockSize - 16, as: UInt64.self)
            }
        }
        compressPending()
        return Digest(byteCount: Function.digestByteCount) { function.write(to: $0) }
    }
}

extension UnsafeRawPointer {
    /// Loads a big-endian `UInt32` at `offset`, any alignment.
    @inline(__always) func bigEndianUInt32(at offset: Int) -> UInt32 {
        UInt32(bigEndian: loadUnaligned(fromByteOffset: offset, as: UInt32.self))
    }

    /// Loads a big-endian `UInt64` at `offset`, any alignment.
    @inline(__always) func bigEndianUInt64(at offset: Int) -> UInt64 {
        UInt64(bigEndian: loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    }
}

extension UnsafeMutableRawBufferPointer {
    /// Stores `words` big-endian, one after another from offset 0.
    @inline(__always) func storeBigEndian<Word: FixedWidthInteger>(_ words: Word...) {
        var offset = 0
        for word in words {
            storeBytes(of: word.bigEndian, toByteOffset: offset, as: Word.self)
            offset &+= MemoryLayout<Word>.size
        }
    }
}

extension UInt32 {
    /// The bits rotated right by `count` (0 < `count` < 32); compiles to one instruction.
    @inline(__always) func rotatedRight(_ count: UInt32) -> UInt32 { (self &>> count) | (self &<< (32 &- count)) }
    /// The bits rotated left by `count` (0 < `count` < 32); compiles to one instruction.
    @inline(__always) func rotatedLeft(_ count: UInt32) -> UInt32 { (self &<< count) | (self &>> (32 &- count)) }
}

extension UInt64 {
    /// The bits rotated right by `count` (0 < `count` < 64); compiles to one instruction.
    @inline(__always) func rotatedRight(_ count: UInt64) -> UInt64 { (self &>> count) | (self &<< (64 &- count)) }
}
