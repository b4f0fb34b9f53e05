#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The operating system's secure generator with its first 64 bytes fetched in one call: what
/// ``Nonce``'s default nonces draw from. A nonce of a few dozen characters then costs one
/// system call instead of one per 8 bytes, which dominated signing time.
///
/// `getentropy` is the one call: POSIX 2024, in every glibc since 2.25 (Ubuntu 18.04 on), musl,
/// and Apple's platforms since macOS 10.12 — unlike `arc4random_buf`, which glibc gained only
/// in 2.36 (not in Ubuntu 22.04, Amazon Linux 2023 or RHEL 9). Past the 64 bytes, or if the
/// call fails, it is `SystemRandomNumberGenerator`.
struct PrefetchedSecureRandom: RandomNumberGenerator {
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
