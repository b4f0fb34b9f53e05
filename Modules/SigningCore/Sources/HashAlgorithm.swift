/// A cryptographic hash function that absorbs bytes incrementally and produces a ``Digest``.
///
/// ``SHA1``, ``SHA256`` and ``SHA512`` conform. Hashers are value types with all state inline:
/// copying one forks the computation (this is how ``HMAC`` reuses its key pads), and hashing
/// allocates nothing on the heap.
public protocol HashAlgorithm: Sendable {
    /// The size of one compression block in bytes (64 for SHA-1/SHA-256, 128 for SHA-512).
    static var blockByteCount: Int { get }
    /// The size of the digest in bytes.
    static var digestByteCount: Int { get }
    /// The algorithm's conventional name, e.g. `"SHA-256"`.
    static var name: String { get }

    /// Creates a hasher in its initial state.
    init()

    /// Absorbs the bytes in `buffer`.
    mutating func update(bufferPointer buffer: UnsafeRawBufferPointer)

    /// Returns the digest of everything absorbed so far. The hasher itself is left unchanged,
    /// so it can absorb more bytes and be finalized again.
    func finalize() -> Digest
}

extension HashAlgorithm {
    /// Absorbs any sequence of bytes: `[UInt8]`, `Data`, `String.UTF8View`, a slice, ….
    ///
    /// Contiguous collections are hashed in place; other sequences are copied through a small
    /// stack buffer.
    @inlinable
    public mutating func update(_ bytes: some Sequence<UInt8>) {
        let done: Void? = bytes.withContiguousStorageIfAvailable { update(bufferPointer: UnsafeRawBufferPointer($0)) }
        if done != nil { return }
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 256) { chunk in
            var count = 0
            for byte in bytes {
                chunk[count] = byte
                count += 1
                if count == chunk.count {
                    update(bufferPointer: UnsafeRawBufferPointer(chunk))
                    count = 0
                }
            }
            update(bufferPointer: UnsafeRawBufferPointer(UnsafeMutableBufferPointer(rebasing: chunk[..<count])))
        }
    }

    /// Absorbs the UTF-8 encoding of `string`.
    @inlinable
    public mutating func update(_ string: some StringProtocol) {
        update(string.utf8)
    }

    /// The digest of `bytes` in one call.
    @inlinable
    public static func hash(_ bytes: some Sequence<UInt8>) -> Digest {
        var hasher = Self()
        hasher.update(bytes)
        return hasher.finalize()
    }

    /// The digest of the UTF-8 encoding of `string` in one call.
    @inlinable
    public static func hash(_ string: some StringProtocol) -> Digest {
        var hasher = Self()
        hasher.update(string)
        return hasher.finalize()
    }
}
