#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import SigningCore

/// The default nonce: 30 alphanumerics from SigningCore's ``Nonce/alphanumeric(length:using:)``
/// over the operating system's secure generator, with the random bytes fetched in one call
/// instead of one system call per 8 bytes, which dominated signing time.
///
/// `getentropy` is the one call: POSIX 2024, in every glibc since 2.25 (Ubuntu 18.04 on),
/// musl, and Apple's platforms since macOS 10.12 — unlike `arc4random_buf`, which glibc
/// gained only in 2.36 (not in Ubuntu 22.04, Amazon Linux 2023 or RHEL 9).
enum OAuth1NonceSource {
    /// A secure generator serving 64 bytes prefetched in one call, then the system generator.
    struct PrefetchedSystemRandom: RandomNumberGenerator {
        private var words: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0, 0, 0)
        private var position = 8
        private var system = SystemRandomNumberGenerator()

        init() {
            let filled = withUnsafeMutableBytes(of: &words) { buffer in
                buffer.baseAddress.map { getentropy($0, buffer.count) } ?? -1
            }
            if filled == 0 { position = 0 }
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
