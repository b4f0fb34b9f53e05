// Unsafe code here, and why: the key's inner and outer states are computed once and the message
// is hashed from the caller's memory without copies, because every signature is an HMAC. Pinned
// by the RFC 2202/4231 vectors (HMACVectorTests) and against swift-crypto and Python's hmac on
// random keys and messages (CryptoDifferentialTests, PythonDifferentialTests).

/// HMAC (RFC 2104) over any ``HashAlgorithm``: `HMAC<SHA1>`, `HMAC<SHA256>`, `HMAC<SHA512>`.
///
/// Creating an `HMAC` does the key setup once (keys longer than a block are hashed first, then
/// padded and XORed with `ipad`/`opad`). The value is then a reusable keyed state: because it
/// is a value type with inline storage, ``authenticationCode(for:)-(Sequence<UInt8>)`` signs any number of
/// messages without repeating the key setup and without heap allocation.
///
/// ```swift
/// let key = HMAC<SHA256>(key: Array("secret".utf8))
/// let signature = key.authenticationCode(for: Array("message".utf8)).hex
/// ```
public struct HMAC<Hash: HashAlgorithm>: Sendable {
    @usableFromInline var inner: Hash
    @usableFromInline var outer: Hash

    /// Prepares the keyed state for `key` (any length, including empty and longer than a block).
    @inlinable
    public init(key: some Sequence<UInt8>) {
        var bytes = key.withContiguousStorageIfAvailable { Self(keyBuffer: UnsafeRawBufferPointer($0)) }
        if bytes == nil { bytes = Array(key).withUnsafeBytes { Self(keyBuffer: $0) } }
        self = bytes!
    }

    /// Prepares the keyed state for the UTF-8 encoding of `key`, e.g. OAuth's
    /// `consumer_secret&token_secret`.
    @inlinable
    public init(key: some StringProtocol) {
        self.init(key: key.utf8)
    }

    /// Prepares the keyed state from raw key bytes.
    ///
    /// Inlinable (like the other members), so callers get code specialised for their hash.
    @inlinable
    package init(keyBuffer key: UnsafeRawBufferPointer) {
        let blockSize = Hash.blockByteCount
        inner = Hash()
        outer = Hash()
        // The pad as 64-bit words (blocks are 64 or 128 bytes): each XOR and the wipe take
        // 8 or 16 steps instead of 64 or 128.
        withUnsafeTemporaryAllocation(of: UInt64.self, capacity: blockSize / 8) { words in
            words.initialize(repeating: 0)
            let pad = UnsafeMutableRawBufferPointer(words)
            if key.count > blockSize {
                Hash.hash(key).withUnsafeBytes { pad.copyMemory(from: $0) }
            } else if !key.isEmpty {
                pad.copyMemory(from: key)
            }
            for index in words.indices { words[index] ^= 0x3636_3636_3636_3636 }
            inner.update(bufferPointer: UnsafeRawBufferPointer(pad))
            for index in words.indices { words[index] ^= 0x3636_3636_3636_3636 ^ 0x5C5C_5C5C_5C5C_5C5C }
            outer.update(bufferPointer: UnsafeRawBufferPointer(pad))
            for index in words.indices { words[index] = 0 }
        }
    }

    /// Absorbs more of the message.
    @inlinable
    public mutating func update(bufferPointer buffer: UnsafeRawBufferPointer) {
        inner.update(bufferPointer: buffer)
    }

    /// Absorbs more of the message: any sequence of bytes.
    @inlinable
    public mutating func update(_ bytes: some Sequence<UInt8>) {
        let done: Void? = bytes.withContiguousStorageIfAvailable { update(bufferPointer: UnsafeRawBufferPointer($0)) }
        if done == nil { Array(bytes).withUnsafeBytes { update(bufferPointer: $0) } }
    }

    /// Absorbs the UTF-8 encoding of `string`.
    @inlinable
    public mutating func update(_ string: some StringProtocol) {
        update(string.utf8)
    }

    /// The authentication code of everything absorbed so far; `self` is unchanged.
    @inlinable
    public func finalize() -> Digest {
        let innerDigest = inner.finalize()
        var outer = outer
        innerDigest.withUnsafeBytes { outer.update(bufferPointer: $0) }
        return outer.finalize()
    }

    /// The authentication code of `message` under this key; `self` is unchanged, so the keyed
    /// state can be reused for the next message.
    @inlinable
    public func authenticationCode(for message: some Sequence<UInt8>) -> Digest {
        var copy = self
        copy.update(message)
        return copy.finalize()
    }

    /// The authentication code of the UTF-8 encoding of `message`.
    @inlinable
    public func authenticationCode(for message: some StringProtocol) -> Digest {
        var copy = self
        copy.update(message)
        return copy.finalize()
    }

    /// One-shot HMAC of `message` under `key`.
    @inlinable
    public static func authenticationCode(for message: some Sequence<UInt8>, key: some Sequence<UInt8>) -> Digest {
        HMAC(key: key).authenticationCode(for: message)
    }

    /// Whether `code` is the authentication code of `message`, compared in constant time.
    @inlinable
    public func isValidAuthenticationCode(_ code: some Collection<UInt8>, for message: some Sequence<UInt8>) -> Bool {
        authenticationCode(for: message).withUnsafeBytes { ConstantTime.isEqual($0, code) }
    }
}
