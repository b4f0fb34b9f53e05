/// SHA-1 (FIPS 180-4 §6.1). Broken for collision resistance, but still what OAuth 1.0a's
/// `HMAC-SHA1` is built on; HMAC-SHA1 remains sound as a MAC (RFC 6151).
public struct SHA1: HashAlgorithm {
    public static let blockByteCount = 64
    public static let digestByteCount = 20
    public static let name = "SHA-1"

    private var engine = MerkleDamgard<SHA1Compression>()

    public init() {}

    public mutating func update(bufferPointer buffer: UnsafeRawBufferPointer) { engine.update(buffer) }

    public func finalize() -> Digest { engine.finalize() }
}

/// The SHA-1 compression function, written for speed: the 80-word message schedule is
/// expanded into a stack buffer, then the rounds run five at a time with the working variables
/// renamed instead of shifted, one loop per round function.
struct SHA1Compression: CompressionFunction {
    static let blockByteCount = 64
    static let lengthByteCount = 8
    static let digestByteCount = 20

    private var h0: UInt32 = 0x6745_2301
    private var h1: UInt32 = 0xEFCD_AB89
    private var h2: UInt32 = 0x98BA_DCFE
    private var h3: UInt32 = 0x1032_5476
    private var h4: UInt32 = 0xC3D2_E1F0

    init() {}

    mutating func compress(_ blocks: UnsafeRawPointer, count: Int) {
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 80) { schedule in
            let w = schedule.baseAddress!
            var block = blocks
            for _ in 0..<count {
                for t in 0..<16 { w[t] = block.bigEndianUInt32(at: t &* 4) }
                for t in 16..<80 { w[t] = (w[t &- 3] ^ w[t &- 8] ^ w[t &- 14] ^ w[t &- 16]).rotatedLeft(1) }
                var a = h0, b = h1, c = h2, d = h3, e = h4
                var t = 0
                while t < 20 {
                    let k: UInt32 = 0x5A82_7999
                    round(a, &b, &e, d ^ (b & (c ^ d)), k &+ w[t])
                    round(e, &a, &d, c ^ (a & (b ^ c)), k &+ w[t &+ 1])
                    round(d, &e, &c, b ^ (e & (a ^ b)), k &+ w[t &+ 2])
                    round(c, &d, &b, a ^ (d & (e ^ a)), k &+ w[t &+ 3])
                    round(b, &c, &a, e ^ (c & (d ^ e)), k &+ w[t &+ 4])
                    t &+= 5
                }
                while t < 40 {
                    let k: UInt32 = 0x6ED9_EBA1
                    round(a, &b, &e, b ^ c ^ d, k &+ w[t])
                    round(e, &a, &d, a ^ b ^ c, k &+ w[t &+ 1])
                    round(d, &e, &c, e ^ a ^ b, k &+ w[t &+ 2])
                    round(c, &d, &b, d ^ e ^ a, k &+ w[t &+ 3])
                    round(b, &c, &a, c ^ d ^ e, k &+ w[t &+ 4])
                    t &+= 5
                }
                while t < 60 {
                    let k: UInt32 = 0x8F1B_BCDC
                    round(a, &b, &e, (b & c) | (d & (b | c)), k &+ w[t])
                    round(e, &a, &d, (a & b) | (c & (a | b)), k &+ w[t &+ 1])
                    round(d, &e, &c, (e & a) | (b & (e | a)), k &+ w[t &+ 2])
                    round(c, &d, &b, (d & e) | (a & (d | e)), k &+ w[t &+ 3])
                    round(b, &c, &a, (c & d) | (e & (c | d)), k &+ w[t &+ 4])
                    t &+= 5
                }
                while t < 80 {
                    let k: UInt32 = 0xCA62_C1D6
                    round(a, &b, &e, b ^ c ^ d, k &+ w[t])
                    round(e, &a, &d, a ^ b ^ c, k &+ w[t &+ 1])
                    round(d, &e, &c, e ^ a ^ b, k &+ w[t &+ 2])
                    round(c, &d, &b, d ^ e ^ a, k &+ w[t &+ 3])
                    round(b, &c, &a, c ^ d ^ e, k &+ w[t &+ 4])
                    t &+= 5
                }
                h0 &+= a; h1 &+= b; h2 &+= c; h3 &+= d; h4 &+= e
                block += 64
            }
        }
    }

    func write(to output: UnsafeMutableRawBufferPointer) {
        output.storeBigEndian(h0, h1, h2, h3, h4)
    }
}

/// One SHA-1 round with the working variables renamed rather than shifted: `function` is
/// f(b, c, d) computed by the caller, `e` becomes the new `a` and `b` the new `c`.
@inline(__always)
private func round(_ a: UInt32, _ b: inout UInt32, _ e: inout UInt32, _ function: UInt32, _ kw: UInt32) {
    e &+= a.rotatedLeft(5) &+ function &+ kw
    b = b.rotatedLeft(30)
}
