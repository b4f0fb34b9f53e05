/// A small, fast, seedable pseudo-random generator: SplitMix64 (Steele, Lea and Flood,
/// "Fast Splittable Pseudorandom Number Generators", OOPSLA 2014).
///
/// For reproducible randomness — tests, mock servers and benchmarks — where the same seed must
/// give the same sequence on every platform. It is **not** cryptographically secure: never use
/// it for nonces or keys in production (``Nonce`` uses the system's secure generator by default).
///
/// ```swift
/// var random = SplitMix64(seed: 42)
/// let nonce = Nonce.alphanumeric(length: 32, using: &random)   // the same on every run
/// ```
public struct SplitMix64: RandomNumberGenerator, Sendable, Hashable {
    @usableFromInline var state: UInt64

    /// A generator whose sequence is fixed by `seed`.
    public init(seed: UInt64) { state = seed }

    /// The next 64 random bits.
    @inlinable
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
