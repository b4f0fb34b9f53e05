#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif
import SigningCore

/// The default nonce: 30 alphanumerics from SigningCore's ``Nonce/alphanumeric(length:using:)``
/// over the operating system's secure generator, with the random bytes fetched in one call
/// (`arc4random_buf`) instead of one system call per 8 bytes, which dominated signing time.
enum OAuth1NonceSource {
    /// A secure generator serving 64 bytes prefetched in one call, then the system generator.
    struct PrefetchedSystemRandom: RandomNumberGenerator {
        private var words: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0, 0, 0)
        private var position = 8
        private var system = SystemRandomNumberGenerator()

        init() {
            #if canImport(Darwin) || canImport(Glibc)
            withUnsafeMutableBytes(of: &words) { buffer in
                if let address = buffer.baseAddress { arc4random_buf(address, buffer.count) }
            }
            position = 0
            #endif
        }

        mutating func next() -> UInt64 {
            guard position < 8 else { return system.next() }
            defer { position += 1 }
            return withUnsafeBytes(of: words) { $0.load(fromByteOffset: position * 8, as: UInt64.self) }
        }
    }

    /// A fresh 30-character alphanumeric nonce (≈178 bits).
    static func alphanumeric() -> String {
        var generator = PrefetchedSystemRandom()
        return Nonce.alphanumeric(length: 30, using: &generator)
    }
}
