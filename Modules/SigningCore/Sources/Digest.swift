// Unsafe code here, and why: a digest is stored inline (up to 64 bytes, no heap allocation) and
// read through a raw pointer to that storage. Pinned by every hash and HMAC vector test, which
// read digests only through this type.

/// The output of a hash function or an HMAC: up to 64 bytes, stored inline (no heap allocation).
///
/// A `Digest` is a random-access collection of bytes. `==` runs in constant time for digests of
/// the same length, so comparing an expected signature with a received one leaks no timing.
public struct Digest: RandomAccessCollection, Hashable, Sendable, CustomStringConvertible {
    /// The largest digest this type holds: SHA-512's 64 bytes.
    public static let maximumByteCount = 64

    @usableFromInline typealias Storage = (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64)
    @usableFromInline var storage: Storage = (0, 0, 0, 0, 0, 0, 0, 0)
    @usableFromInline let byteCount: Int

    /// Creates a digest of `byteCount` bytes written by `body` into zeroed inline storage.
    @usableFromInline init(byteCount: Int, _ body: (UnsafeMutableRawBufferPointer) -> Void) {
        precondition((0...Self.maximumByteCount).contains(byteCount), "a digest holds at most 64 bytes")
        self.byteCount = byteCount
        withUnsafeMutableBytes(of: &storage) { body(UnsafeMutableRawBufferPointer(rebasing: $0[..<byteCount])) }
    }

    /// Creates a digest from raw bytes, e.g. a decoded signature to compare against.
    ///
    /// - Precondition: `bytes` holds at most ``maximumByteCount`` bytes.
    public init(_ bytes: some Collection<UInt8>) {
        self.init(byteCount: bytes.count) { buffer in _ = buffer.initializeMemory(as: UInt8.self, from: bytes) }
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { byteCount }

    public subscript(position: Int) -> UInt8 {
        precondition(position >= 0 && position < byteCount, "Digest index out of range")
        return Swift.withUnsafeBytes(of: storage) { $0[position] }
    }

    /// Calls `body` with the digest's bytes, without copying them.
    public func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try Swift.withUnsafeBytes(of: storage) { try body(UnsafeRawBufferPointer(rebasing: $0[..<byteCount])) }
    }

    /// The digest's bytes as an array (one copy of the inline storage).
    public var bytes: [UInt8] { withUnsafeBytes { Array($0) } }

    /// The digest as lowercase hexadecimal, the form most signature schemes transmit.
    public var hex: String { withUnsafeBytes { Hex.encode(buffer: $0, uppercase: false) } }

    /// The digest in standard Base64 with padding, as OAuth 1.0a transmits HMAC signatures.
    public var base64: String { withUnsafeBytes { Base64.encode(buffer: $0, alphabet: .standard, padding: true) } }

    public var description: String { hex }

    /// Constant-time comparison (for equal lengths); digests of different lengths are unequal.
    public static func == (lhs: Digest, rhs: Digest) -> Bool {
        lhs.withUnsafeBytes { l in rhs.withUnsafeBytes { r in ConstantTime.isEqual(l, r) } }
    }

    public func hash(into hasher: inout Hasher) {
        withUnsafeBytes { hasher.combine(bytes: $0) }
    }
}
