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

/// The SHA-1 compression function, written for speed: all 80 rounds unrolled, the message
/// schedule computed in place in a 16-word window of local variables (FIPS 180-4 §6.1.3), and
/// the working variables renamed from round to round instead of shifted.
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
        let k1: UInt32 = 0x5A82_7999, k2: UInt32 = 0x6ED9_EBA1, k3: UInt32 = 0x8F1B_BCDC, k4: UInt32 = 0xCA62_C1D6
        var block = blocks
        for _ in 0..<count {
            var w0 = block.bigEndianUInt32(at: 0)
            var w1 = block.bigEndianUInt32(at: 4)
            var w2 = block.bigEndianUInt32(at: 8)
            var w3 = block.bigEndianUInt32(at: 12)
            var w4 = block.bigEndianUInt32(at: 16)
            var w5 = block.bigEndianUInt32(at: 20)
            var w6 = block.bigEndianUInt32(at: 24)
            var w7 = block.bigEndianUInt32(at: 28)
            var w8 = block.bigEndianUInt32(at: 32)
            var w9 = block.bigEndianUInt32(at: 36)
            var w10 = block.bigEndianUInt32(at: 40)
            var w11 = block.bigEndianUInt32(at: 44)
            var w12 = block.bigEndianUInt32(at: 48)
            var w13 = block.bigEndianUInt32(at: 52)
            var w14 = block.bigEndianUInt32(at: 56)
            var w15 = block.bigEndianUInt32(at: 60)
            var a = h0, b = h1, c = h2, d = h3, e = h4
            // Rounds 0–19: f = Ch
            round(a, &b, &e, d ^ (b & (c ^ d)), k1 &+ w0)
            round(e, &a, &d, c ^ (a & (b ^ c)), k1 &+ w1)
            round(d, &e, &c, b ^ (e & (a ^ b)), k1 &+ w2)
            round(c, &d, &b, a ^ (d & (e ^ a)), k1 &+ w3)
            round(b, &c, &a, e ^ (c & (d ^ e)), k1 &+ w4)
            round(a, &b, &e, d ^ (b & (c ^ d)), k1 &+ w5)
            round(e, &a, &d, c ^ (a & (b ^ c)), k1 &+ w6)
            round(d, &e, &c, b ^ (e & (a ^ b)), k1 &+ w7)
            round(c, &d, &b, a ^ (d & (e ^ a)), k1 &+ w8)
            round(b, &c, &a, e ^ (c & (d ^ e)), k1 &+ w9)
            round(a, &b, &e, d ^ (b & (c ^ d)), k1 &+ w10)
            round(e, &a, &d, c ^ (a & (b ^ c)), k1 &+ w11)
            round(d, &e, &c, b ^ (e & (a ^ b)), k1 &+ w12)
            round(c, &d, &b, a ^ (d & (e ^ a)), k1 &+ w13)
            round(b, &c, &a, e ^ (c & (d ^ e)), k1 &+ w14)
            round(a, &b, &e, d ^ (b & (c ^ d)), k1 &+ w15)
            w0 = (w13 ^ w8 ^ w2 ^ w0).rotatedLeft(1)
            round(e, &a, &d, c ^ (a & (b ^ c)), k1 &+ w0)
            w1 = (w14 ^ w9 ^ w3 ^ w1).rotatedLeft(1)
            round(d, &e, &c, b ^ (e & (a ^ b)), k1 &+ w1)
            w2 = (w15 ^ w10 ^ w4 ^ w2).rotatedLeft(1)
            round(c, &d, &b, a ^ (d & (e ^ a)), k1 &+ w2)
            w3 = (w0 ^ w11 ^ w5 ^ w3).rotatedLeft(1)
            round(b, &c, &a, e ^ (c & (d ^ e)), k1 &+ w3)
            // Rounds 20–39: f = Parity
            w4 = (w1 ^ w12 ^ w6 ^ w4).rotatedLeft(1)
            round(a, &b, &e, b ^ c ^ d, k2 &+ w4)
            w5 = (w2 ^ w13 ^ w7 ^ w5).rotatedLeft(1)
            round(e, &a, &d, a ^ b ^ c, k2 &+ w5)
            w6 = (w3 ^ w14 ^ w8 ^ w6).rotatedLeft(1)
            round(d, &e, &c, e ^ a ^ b, k2 &+ w6)
            w7 = (w4 ^ w15 ^ w9 ^ w7).rotatedLeft(1)
            round(c, &d, &b, d ^ e ^ a, k2 &+ w7)
            w8 = (w5 ^ w0 ^ w10 ^ w8).rotatedLeft(1)
            round(b, &c, &a, c ^ d ^ e, k2 &+ w8)
            w9 = (w6 ^ w1 ^ w11 ^ w9).rotatedLeft(1)
            round(a, &b, &e, b ^ c ^ d, k2 &+ w9)
            w10 = (w7 ^ w2 ^ w12 ^ w10).rotatedLeft(1)
            round(e, &a, &d, a ^ b ^ c, k2 &+ w10)
            w11 = (w8 ^ w3 ^ w13 ^ w11).rotatedLeft(1)
            round(d, &e, &c, e ^ a ^ b, k2 &+ w11)
            w12 = (w9 ^ w4 ^ w14 ^ w12).rotatedLeft(1)
            round(c, &d, &b, d ^ e ^ a, k2 &+ w12)
            w13 = (w10 ^ w5 ^ w15 ^ w13).rotatedLeft(1)
            round(b, &c, &a, c ^ d ^ e, k2 &+ w13)
            w14 = (w11 ^ w6 ^ w0 ^ w14).rotatedLeft(1)
            round(a, &b, &e, b ^ c ^ d, k2 &+ w14)
            w15 = (w12 ^ w7 ^ w1 ^ w15).rotatedLeft(1)
            round(e, &a, &d, a ^ b ^ c, k2 &+ w15)
            w0 = (w13 ^ w8 ^ w2 ^ w0).rotatedLeft(1)
            round(d, &e, &c, e ^ a ^ b, k2 &+ w0)
            w1 = (w14 ^ w9 ^ w3 ^ w1).rotatedLeft(1)
            round(c, &d, &b, d ^ e ^ a, k2 &+ w1)
            w2 = (w15 ^ w10 ^ w4 ^ w2).rotatedLeft(1)
            round(b, &c, &a, c ^ d ^ e, k2 &+ w2)
            w3 = (w0 ^ w11 ^ w5 ^ w3).rotatedLeft(1)
            round(a, &b, &e, b ^ c ^ d, k2 &+ w3)
            w4 = (w1 ^ w12 ^ w6 ^ w4).rotatedLeft(1)
            round(e, &a, &d, a ^ b ^ c, k2 &+ w4)
            w5 = (w2 ^ w13 ^ w7 ^ w5).rotatedLeft(1)
            round(d, &e, &c, e ^ a ^ b, k2 &+ w5)
            w6 = (w3 ^ w14 ^ w8 ^ w6).rotatedLeft(1)
            round(c, &d, &b, d ^ e ^ a, k2 &+ w6)
            w7 = (w4 ^ w15 ^ w9 ^ w7).rotatedLeft(1)
            round(b, &c, &a, c ^ d ^ e, k2 &+ w7)
            // Rounds 40–59: f = Maj
            w8 = (w5 ^ w0 ^ w10 ^ w8).rotatedLeft(1)
            round(a, &b, &e, (b & c) | (d & (b | c)), k3 &+ w8)
            w9 = (w6 ^ w1 ^ w11 ^ w9).rotatedLeft(1)
            round(e, &a, &d, (a & b) | (c & (a | b)), k3 &+ w9)
            w10 = (w7 ^ w2 ^ w12 ^ w10).rotatedLeft(1)
            round(d, &e, &c, (e & a) | (b & (e | a)), k3 &+ w10)
            w11 = (w8 ^ w3 ^ w13 ^ w11).rotatedLeft(1)
            round(c, &d, &b, (d & e) | (a & (d | e)), k3 &+ w11)
            w12 = (w9 ^ w4 ^ w14 ^ w12).rotatedLeft(1)
            round(b, &c, &a, (c & d) | (e & (c | d)), k3 &+ w12)
            w13 = (w10 ^ w5 ^ w15 ^ w13).rotatedLeft(1)
            round(a, &b, &e, (b & c) | (d & (b | c)), k3 &+ w13)
            w14 = (w11 ^ w6 ^ w0 ^ w14).rotatedLeft(1)
            round(e, &a, &d, (a & b) | (c & (a | b)), k3 &+ w14)
            w15 = (w12 ^ w7 ^ w1 ^ w15).rotatedLeft(1)
            round(d, &e, &c, (e & a) | (b & (e | a)), k3 &+ w15)
            w0 = (w13 ^ w8 ^ w2 ^ w0).rotatedLeft(1)
            round(c, &d, &b, (d & e) | (a & (d | e)), k3 &+ w0)
            w1 = (w14 ^ w9 ^ w3 ^ w1).rotatedLeft(1)
            round(b, &c, &a, (c & d) | (e & (c | d)), k3 &+ w1)
            w2 = (w15 ^ w10 ^ w4 ^ w2).rotatedLeft(1)
            round(a, &b, &e, (b & c) | (d & (b | c)), k3 &+ w2)
            w3 = (w0 ^ w11 ^ w5 ^ w3).rotatedLeft(1)
            round(e, &a, &d, (a & b) | (c & (a | b)), k3 &+ w3)
            w4 = (w1 ^ w12 ^ w6 ^ w4).rotatedLeft(1)
            round(d, &e, &c, (e & a) | (b & (e | a)), k3 &+ w4)
            w5 = (w2 ^ w13 ^ w7 ^ w5).rotatedLeft(1)
            round(c, &d, &b, (d & e) | (a & (d | e)), k3 &+ w5)
            w6 = (w3 ^ w14 ^ w8 ^ w6).rotatedLeft(1)
            round(b, &c, &a, (c & d) | (e & (c | d)), k3 &+ w6)
            w7 = (w4 ^ w15 ^ w9 ^ w7).rotatedLeft(1)
            round(a, &b, &e, (b & c) | (d & (b | c)), k3 &+ w7)
            w8 = (w5 ^ w0 ^ w10 ^ w8).rotatedLeft(1)
            round(e, &a, &d, (a & b) | (c & (a | b)), k3 &+ w8)
            w9 = (w6 ^ w1 ^ w11 ^ w9).rotatedLeft(1)
            round(d, &e, &c, (e & a) | (b & (e | a)), k3 &+ w9)
            w10 = (w7 ^ w2 ^ w12 ^ w10).rotatedLeft(1)
            round(c, &d, &b, (d & e) | (a & (d | e)), k3 &+ w10)
            w11 = (w8 ^ w3 ^ w13 ^ w11).rotatedLeft(1)
            round(b, &c, &a, (c & d) | (e & (c | d)), k3 &+ w11)
            // Rounds 60–79: f = Parity
            w12 = (w9 ^ w4 ^ w14 ^ w12).rotatedLeft(1)
            round(a, &b, &e, b ^ c ^ d, k4 &+ w12)
            w13 = (w10 ^ w5 ^ w15 ^ w13).rotatedLeft(1)
            round(e, &a, &d, a ^ b ^ c, k4 &+ w13)
            w14 = (w11 ^ w6 ^ w0 ^ w14).rotatedLeft(1)
            round(d, &e, &c, e ^ a ^ b, k4 &+ w14)
            w15 = (w12 ^ w7 ^ w1 ^ w15).rotatedLeft(1)
            round(c, &d, &b, d ^ e ^ a, k4 &+ w15)
            w0 = (w13 ^ w8 ^ w2 ^ w0).rotatedLeft(1)
            round(b, &c, &a, c ^ d ^ e, k4 &+ w0)
            w1 = (w14 ^ w9 ^ w3 ^ w1).rotatedLeft(1)
            round(a, &b, &e, b ^ c ^ d, k4 &+ w1)
            w2 = (w15 ^ w10 ^ w4 ^ w2).rotatedLeft(1)
            round(e, &a, &d, a ^ b ^ c, k4 &+ w2)
            w3 = (w0 ^ w11 ^ w5 ^ w3).rotatedLeft(1)
            round(d, &e, &c, e ^ a ^ b, k4 &+ w3)
            w4 = (w1 ^ w12 ^ w6 ^ w4).rotatedLeft(1)
            round(c, &d, &b, d ^ e ^ a, k4 &+ w4)
            w5 = (w2 ^ w13 ^ w7 ^ w5).rotatedLeft(1)
            round(b, &c, &a, c ^ d ^ e, k4 &+ w5)
            w6 = (w3 ^ w14 ^ w8 ^ w6).rotatedLeft(1)
            round(a, &b, &e, b ^ c ^ d, k4 &+ w6)
            w7 = (w4 ^ w15 ^ w9 ^ w7).rotatedLeft(1)
            round(e, &a, &d, a ^ b ^ c, k4 &+ w7)
            w8 = (w5 ^ w0 ^ w10 ^ w8).rotatedLeft(1)
            round(d, &e, &c, e ^ a ^ b, k4 &+ w8)
            w9 = (w6 ^ w1 ^ w11 ^ w9).rotatedLeft(1)
            round(c, &d, &b, d ^ e ^ a, k4 &+ w9)
            w10 = (w7 ^ w2 ^ w12 ^ w10).rotatedLeft(1)
            round(b, &c, &a, c ^ d ^ e, k4 &+ w10)
            w11 = (w8 ^ w3 ^ w13 ^ w11).rotatedLeft(1)
            round(a, &b, &e, b ^ c ^ d, k4 &+ w11)
            w12 = (w9 ^ w4 ^ w14 ^ w12).rotatedLeft(1)
            round(e, &a, &d, a ^ b ^ c, k4 &+ w12)
            w13 = (w10 ^ w5 ^ w15 ^ w13).rotatedLeft(1)
            round(d, &e, &c, e ^ a ^ b, k4 &+ w13)
            w14 = (w11 ^ w6 ^ w0 ^ w14).rotatedLeft(1)
            round(c, &d, &b, d ^ e ^ a, k4 &+ w14)
            w15 = (w12 ^ w7 ^ w1 ^ w15).rotatedLeft(1)
            round(b, &c, &a, c ^ d ^ e, k4 &+ w15)
            h0 &+= a; h1 &+= b; h2 &+= c; h3 &+= d; h4 &+= e
            block += 64
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
