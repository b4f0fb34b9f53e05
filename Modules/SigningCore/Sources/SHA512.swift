/// SHA-512 (FIPS 180-4 §6.4), used by OAuth 1.0a's `HMAC-SHA512` signature method.
public struct SHA512: HashAlgorithm {
    public static let blockByteCount = 128
    public static let digestByteCount = 64
    public static let name = "SHA-512"

    private var engine = MerkleDamgard<SHA512Compression>()

    public init() {}

    public mutating func update(bufferPointer buffer: UnsafeRawBufferPointer) { engine.update(buffer) }

    public func finalize() -> Digest { engine.finalize() }
}

/// The SHA-512 compression function, written for speed: the 16-word message schedule lives in
/// local variables (a sliding window, FIPS 180-4 §6.4.2 computed in place), and each group of
/// 16 rounds is unrolled with the working variables renamed instead of shifted.
struct SHA512Compression: CompressionFunction {
    static let blockByteCount = 128
    static let lengthByteCount = 16
    static let digestByteCount = 64

    /// FIPS 180-4 §4.2.3: the first 64 bits of the fractional parts of the cube roots of the
    /// first 80 primes.
    private static let roundConstants: [UInt64] = [
        0x428A_2F98_D728_AE22, 0x7137_4491_23EF_65CD, 0xB5C0_FBCF_EC4D_3B2F, 0xE9B5_DBA5_8189_DBBC,
        0x3956_C25B_F348_B538, 0x59F1_11F1_B605_D019, 0x923F_82A4_AF19_4F9B, 0xAB1C_5ED5_DA6D_8118,
        0xD807_AA98_A303_0242, 0x1283_5B01_4570_6FBE, 0x2431_85BE_4EE4_B28C, 0x550C_7DC3_D5FF_B4E2,
        0x72BE_5D74_F27B_896F, 0x80DE_B1FE_3B16_96B1, 0x9BDC_06A7_25C7_1235, 0xC19B_F174_CF69_2694,
        0xE49B_69C1_9EF1_4AD2, 0xEFBE_4786_384F_25E3, 0x0FC1_9DC6_8B8C_D5B5, 0x240C_A1CC_77AC_9C65,
        0x2DE9_2C6F_592B_0275, 0x4A74_84AA_6EA6_E483, 0x5CB0_A9DC_BD41_FBD4, 0x76F9_88DA_8311_53B5,
        0x983E_5152_EE66_DFAB, 0xA831_C66D_2DB4_3210, 0xB003_27C8_98FB_213F, 0xBF59_7FC7_BEEF_0EE4,
        0xC6E0_0BF3_3DA8_8FC2, 0xD5A7_9147_930A_A725, 0x06CA_6351_E003_826F, 0x1429_2967_0A0E_6E70,
        0x27B7_0A85_46D2_2FFC, 0x2E1B_2138_5C26_C926, 0x4D2C_6DFC_5AC4_2AED, 0x5338_0D13_9D95_B3DF,
        0x650A_7354_8BAF_63DE, 0x766A_0ABB_3C77_B2A8, 0x81C2_C92E_47ED_AEE6, 0x9272_2C85_1482_353B,
        0xA2BF_E8A1_4CF1_0364, 0xA81A_664B_BC42_3001, 0xC24B_8B70_D0F8_9791, 0xC76C_51A3_0654_BE30,
        0xD192_E819_D6EF_5218, 0xD699_0624_5565_A910, 0xF40E_3585_5771_202A, 0x106A_A070_32BB_D1B8,
        0x19A4_C116_B8D2_D0C8, 0x1E37_6C08_5141_AB53, 0x2748_774C_DF8E_EB99, 0x34B0_BCB5_E19B_48A8,
        0x391C_0CB3_C5C9_5A63, 0x4ED8_AA4A_E341_8ACB, 0x5B9C_CA4F_7763_E373, 0x682E_6FF3_D6B2_B8A3,
        0x748F_82EE_5DEF_B2FC, 0x78A5_636F_4317_2F60, 0x84C8_7814_A1F0_AB72, 0x8CC7_0208_1A64_39EC,
        0x90BE_FFFA_2363_1E28, 0xA450_6CEB_DE82_BDE9, 0xBEF9_A3F7_B2C6_7915, 0xC671_78F2_E372_532B,
        0xCA27_3ECE_EA26_619C, 0xD186_B8C7_21C0_C207, 0xEADA_7DD6_CDE0_EB1E, 0xF57D_4F7F_EE6E_D178,
        0x06F0_67AA_7217_6FBA, 0x0A63_7DC5_A2C8_98A6, 0x113F_9804_BEF9_0DAE, 0x1B71_0B35_131C_471B,
        0x28DB_77F5_2304_7D84, 0x32CA_AB7B_40C7_2493, 0x3C9E_BE0A_15C9_BEBC, 0x431D_67C4_9C10_0D4C,
        0x4CC5_D4BE_CB3E_42B6, 0x597F_299C_FC65_7E2A, 0x5FCB_6FAB_3AD6_FAEC, 0x6C44_198C_4A47_5817,
    ]

    private var h0: UInt64 = 0x6A09_E667_F3BC_C908
    private var h1: UInt64 = 0xBB67_AE85_84CA_A73B
    private var h2: UInt64 = 0x3C6E_F372_FE94_F82B
    private var h3: UInt64 = 0xA54F_F53A_5F1D_36F1
    private var h4: UInt64 = 0x510E_527F_ADE6_82D1
    private var h5: UInt64 = 0x9B05_688C_2B3E_6C1F
    private var h6: UInt64 = 0x1F83_D9AB_FB41_BD6B
    private var h7: UInt64 = 0x5BE0_CD19_137E_2179

    init() {}

    mutating func compress(_ blocks: UnsafeRawPointer, count: Int) {
        Self.roundConstants.withUnsafeBufferPointer { constants in
            let k = constants.baseAddress!
            var a = h0, b = h1, c = h2, d = h3, e = h4, f = h5, g = h6, h = h7
            var block = blocks
            for _ in 0..<count {
            var w0 = block.bigEndianUInt64(at: 0)
            var w1 = block.bigEndianUInt64(at: 8)
            var w2 = block.bigEndianUInt64(at: 16)
            var w3 = block.bigEndianUInt64(at: 24)
            var w4 = block.bigEndianUInt64(at: 32)
            var w5 = block.bigEndianUInt64(at: 40)
            var w6 = block.bigEndianUInt64(at: 48)
            var w7 = block.bigEndianUInt64(at: 56)
            var w8 = block.bigEndianUInt64(at: 64)
            var w9 = block.bigEndianUInt64(at: 72)
            var w10 = block.bigEndianUInt64(at: 80)
            var w11 = block.bigEndianUInt64(at: 88)
            var w12 = block.bigEndianUInt64(at: 96)
            var w13 = block.bigEndianUInt64(at: 104)
            var w14 = block.bigEndianUInt64(at: 112)
            var w15 = block.bigEndianUInt64(at: 120)
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
                    if t == 80 { break }
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
                block += 128
            }
        }
    }

    func write(to output: UnsafeMutableRawBufferPointer) {
        output.storeBigEndian(h0, h1, h2, h3, h4, h5, h6, h7)
    }
}

/// One SHA-512 round with the working variables renamed rather than shifted: the caller
/// rotates the argument order, so `d` becomes the new `e` and `h` the new `a`. The Σ functions
/// are factored (`ROTR(x ^ ROTR(x ^ ROTR(x, k), j), i)`) to need fewer register copies.
@inline(__always)
private func round(
    _ a: UInt64, _ b: UInt64, _ c: UInt64, _ d: inout UInt64,
    _ e: UInt64, _ f: UInt64, _ g: UInt64, _ h: inout UInt64, _ kw: UInt64
) {
    let t1 = h &+ (e ^ (e ^ e.rotatedRight(23)).rotatedRight(4)).rotatedRight(14) &+ (g ^ (e & (f ^ g))) &+ kw
    let t2 = (a ^ (a ^ a.rotatedRight(5)).rotatedRight(6)).rotatedRight(28) &+ ((a & b) | (c & (a | b)))
    d &+= t1
    h = t1 &+ t2
}

/// FIPS 180-4 (6.4): Wₜ = σ₁(Wₜ₋₂) + Wₜ₋₇ + σ₀(Wₜ₋₁₅) + Wₜ₋₁₆, in a 16-word window.
@inline(__always)
private func schedule(_ w: inout UInt64, _ w2: UInt64, _ w7: UInt64, _ w15: UInt64) {
    w &+= ((w2 ^ w2.rotatedRight(42)).rotatedRight(19) ^ (w2 &>> 6)) &+ w7
        &+ ((w15 ^ w15.rotatedRight(7)).rotatedRight(1) ^ (w15 &>> 7))
}
