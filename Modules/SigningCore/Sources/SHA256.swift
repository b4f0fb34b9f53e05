/// SHA-256 (FIPS 180-4 §6.2): the hash behind `HMAC-SHA256` signatures (Drupal key
/// authentication, AFSigned `auth_signature`, OAuth 1.0a `HMAC-SHA256`).
public struct SHA256: HashAlgorithm {
    public static let blockByteCount = 64
    public static let digestByteCount = 32
    public static let name = "SHA-256"

    private var engine = MerkleDamgard<SHA256Compression>()

    public init() {}

    public mutating func update(bufferPointer buffer: UnsafeRawBufferPointer) { engine.update(buffer) }

    public func finalize() -> Digest { engine.finalize() }
}

/// The SHA-256 compression function, written for speed: the 16-word message schedule lives in
/// local variables (a sliding window, FIPS 180-4 §6.2.2 computed in place), and each group of
/// 16 rounds is unrolled with the working variables renamed instead of shifted.
struct SHA256Compression: CompressionFunction {
    static let blockByteCount = 64
    static let lengthByteCount = 8
    static let digestByteCount = 32

    /// FIPS 180-4 §4.2.2: the first 32 bits of the fractional parts of the cube roots of the
    /// first 64 primes.
    private static let roundConstants: [UInt32] = [
        0x428A_2F98, 0x7137_4491, 0xB5C0_FBCF, 0xE9B5_DBA5, 0x3956_C25B, 0x59F1_11F1, 0x923F_82A4, 0xAB1C_5ED5,
        0xD807_AA98, 0x1283_5B01, 0x2431_85BE, 0x550C_7DC3, 0x72BE_5D74, 0x80DE_B1FE, 0x9BDC_06A7, 0xC19B_F174,
        0xE49B_69C1, 0xEFBE_4786, 0x0FC1_9DC6, 0x240C_A1CC, 0x2DE9_2C6F, 0x4A74_84AA, 0x5CB0_A9DC, 0x76F9_88DA,
        0x983E_5152, 0xA831_C66D, 0xB003_27C8, 0xBF59_7FC7, 0xC6E0_0BF3, 0xD5A7_9147, 0x06CA_6351, 0x1429_2967,
        0x27B7_0A85, 0x2E1B_2138, 0x4D2C_6DFC, 0x5338_0D13, 0x650A_7354, 0x766A_0ABB, 0x81C2_C92E, 0x9272_2C85,
        0xA2BF_E8A1, 0xA81A_664B, 0xC24B_8B70, 0xC76C_51A3, 0xD192_E819, 0xD699_0624, 0xF40E_3585, 0x106A_A070,
        0x19A4_C116, 0x1E37_6C08, 0x2748_774C, 0x34B0_BCB5, 0x391C_0CB3, 0x4ED8_AA4A, 0x5B9C_CA4F, 0x682E_6FF3,
        0x748F_82EE, 0x78A5_636F, 0x84C8_7814, 0x8CC7_0208, 0x90BE_FFFA, 0xA450_6CEB, 0xBEF9_A3F7, 0xC671_78F2,
    ]

    private var h0: UInt32 = 0x6A09_E667
    private var h1: UInt32 = 0xBB67_AE85
    private var h2: UInt32 = 0x3C6E_F372
    private var h3: UInt32 = 0xA54F_F53A
    private var h4: UInt32 = 0x510E_527F
    private var h5: UInt32 = 0x9B05_688C
    private var h6: UInt32 = 0x1F83_D9AB
    private var h7: UInt32 = 0x5BE0_CD19

    init() {}

    mutating func compress(_ blocks: UnsafeRawPointer, count: Int) {
        Self.roundConstants.withUnsafeBufferPointer { constants in
            let k = constants.baseAddress!
            var a = h0, b = h1, c = h2, d = h3, e = h4, f = h5, g = h6, h = h7
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
                var t = 0
                while true {
                    round(a, b, c, &d, e, f, g, &h, k[t &+ 0] &+ w0)
                    round(h, a, b, &c, d, e, f, &g, k[t &+ 1] &+ w1)
                    round(g, h, a, &b, c, d, e, &f, k[t &+ 2] &+ w2)
                    round(f, g, h, &a, b, c, d, &e, k[t &+ 3] &+ w3)
                    round(e, f, g, &h, a, b, c, &d, k[t &+ 4] &+ w4)
                    round(d, e, f, &g, h, a, b, &c, k[t &+ 5] &+ w5)
                    round(c, d, e, &f, g, h, a, &b, k[t &+ 6] &+ w6)
                    round(b, c, d, &e, f, g, h, &a, k[t &+ 7] &+ w7)
                    round(a, b, c, &d, e, f, g, &h, k[t &+ 8] &+ w8)
                    round(h, a, b, &c, d, e, f, &g, k[t &+ 9] &+ w9)
                    round(g, h, a, &b, c, d, e, &f, k[t &+ 10] &+ w10)
                    round(f, g, h, &a, b, c, d, &e, k[t &+ 11] &+ w11)
                    round(e, f, g, &h, a, b, c, &d, k[t &+ 12] &+ w12)
                    round(d, e, f, &g, h, a, b, &c, k[t &+ 13] &+ w13)
                    round(c, d, e, &f, g, h, a, &b, k[t &+ 14] &+ w14)
                    round(b, c, d, &e, f, g, h, &a, k[t &+ 15] &+ w15)
                    t &+= 16
                    if t == 64 { break }
                    schedule(&w0, w14, w9, w1)
                    schedule(&w1, w15, w10, w2)
                    schedule(&w2, w0, w11, w3)
                    schedule(&w3, w1, w12, w4)
                    schedule(&w4, w2, w13, w5)
                    schedule(&w5, w3, w14, w6)
                    schedule(&w6, w4, w15, w7)
                    schedule(&w7, w5, w0, w8)
                    schedule(&w8, w6, w1, w9)
                    schedule(&w9, w7, w2, w10)
                    schedule(&w10, w8, w3, w11)
                    schedule(&w11, w9, w4, w12)
                    schedule(&w12, w10, w5, w13)
                    schedule(&w13, w11, w6, w14)
                    schedule(&w14, w12, w7, w15)
                    schedule(&w15, w13, w8, w0)
                }
                h0 &+= a; h1 &+= b; h2 &+= c; h3 &+= d; h4 &+= e; h5 &+= f; h6 &+= g; h7 &+= h
                a = h0; b = h1; c = h2; d = h3; e = h4; f = h5; g = h6; h = h7
                block += 64
            }
        }
    }

    func write(to output: UnsafeMutableRawBufferPointer) {
        output.storeBigEndian(h0, h1, h2, h3, h4, h5, h6, h7)
    }
}

/// One SHA-256 round with the working variables renamed rather than shifted: the caller
/// rotates the argument order, so `d` becomes the new `e` and `h` the new `a`. The Σ functions
/// are factored (`ROTR(x ^ ROTR(x ^ ROTR(x, k), j), i)`) to need fewer register copies.
@inline(__always)
private func round(
    _ a: UInt32, _ b: UInt32, _ c: UInt32, _ d: inout UInt32,
    _ e: UInt32, _ f: UInt32, _ g: UInt32, _ h: inout UInt32, _ kw: UInt32
) {
    let t1 = h &+ (e ^ (e ^ e.rotatedRight(14)).rotatedRight(5)).rotatedRight(6) &+ (g ^ (e & (f ^ g))) &+ kw
    let t2 = (a ^ (a ^ a.rotatedRight(9)).rotatedRight(11)).rotatedRight(2) &+ ((a & b) | (c & (a | b)))
    d &+= t1
    h = t1 &+ t2
}

/// FIPS 180-4 (6.2): Wₜ = σ₁(Wₜ₋₂) + Wₜ₋₇ + σ₀(Wₜ₋₁₅) + Wₜ₋₁₆, in a 16-word window.
@inline(__always)
private func schedule(_ w: inout UInt32, _ w2: UInt32, _ w7: UInt32, _ w15: UInt32) {
    w &+= ((w2 ^ w2.rotatedRight(2)).rotatedRight(17) ^ (w2 &>> 10)) &+ w7
        &+ ((w15 ^ w15.rotatedRight(11)).rotatedRight(7) ^ (w15 &>> 3))
}
