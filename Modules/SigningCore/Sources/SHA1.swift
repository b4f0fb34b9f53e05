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

    @inline(__always) private static func rotl(_ x: UInt32, _ n: UInt32) -> UInt32 { (x &<< n) | (x &>> (32 &- n)) }

    mutating func compress(_ block: UnsafeRawPointer) {
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 16) { w in
            var a = h0, b = h1, c = h2, d = h3, e = h4
            for t in 0..<16 {
                w[t] = block.bigEndianUInt32(at: t &* 4)
                let temp = Self.rotl(a, 5) &+ ((b & c) | (~b & d)) &+ e &+ 0x5A82_7999 &+ w[t]
                e = d; d = c; c = Self.rotl(b, 30); b = a; a = temp
            }
            for t in 16..<80 {
                let x = w[(t &+ 13) & 15] ^ w[(t &+ 8) & 15] ^ w[(t &+ 2) & 15] ^ w[t & 15]
                let wt = Self.rotl(x, 1)
                w[t & 15] = wt
                let f: UInt32
                let k: UInt32
                switch t {
                case ..<20: f = (b & c) | (~b & d); k = 0x5A82_7999
                case ..<40: f = b ^ c ^ d; k = 0x6ED9_EBA1
                case ..<60: f = (b & c) | (b & d) | (c & d); k = 0x8F1B_BCDC
                default: f = b ^ c ^ d; k = 0xCA62_C1D6
                }
                let temp = Self.rotl(a, 5) &+ f &+ e &+ k &+ wt
                e = d; d = c; c = Self.rotl(b, 30); b = a; a = temp
            }
            h0 &+= a; h1 &+= b; h2 &+= c; h3 &+= d; h4 &+= e
        }
    }

    func write(to output: UnsafeMutableRawBufferPointer) {
        output.storeBigEndian(h0, h1, h2, h3, h4)
    }
}
