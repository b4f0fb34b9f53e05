#if MockServers  // without the trait, Server/TraitCheck.swift's #error is the one message
import NIOConcurrencyHelpers
import SigningCore

/// The randomness a mock server draws tokens, secrets, verifiers and random latencies from.
///
/// Seeded, it repeats the same sequence on every run (tests assert exact tokens); unseeded,
/// it uses the system's secure generator. Safe to share between concurrent requests.
public final class MockRandomSource: Sendable {
    private let state: NIOLockedValueBox<Generator>

    /// Creates a source; `seed` makes it deterministic, `nil` uses the system generator.
    public init(seed: UInt64? = nil) {
        state = NIOLockedValueBox(Generator(seeded: seed.map(SplitMix64.init(seed:))))
    }

    /// `length` alphanumeric characters (tokens, secrets, verifiers).
    public func alphanumeric(length: Int) -> String {
        withGenerator { Nonce.alphanumeric(length: length, using: &$0) }
    }

    /// `count` decimal digits (PINs for out-of-band authorisation).
    public func digits(_ count: Int) -> String {
        withGenerator { generator in
            String((0..<count).map { _ in Character(String(UInt8.random(in: 0...9, using: &generator))) })
        }
    }

    /// A uniformly distributed integer in `range`.
    public func integer(in range: ClosedRange<Int>) -> Int {
        withGenerator { Int.random(in: range, using: &$0) }
    }

    private func withGenerator<T>(_ body: (inout Generator) -> T) -> T {
        state.withLockedValue { body(&$0) }
    }

    /// The seeded generator when there is one, else the system's.
    struct Generator: RandomNumberGenerator, Sendable {
        var seeded: SplitMix64?

        mutating func next() -> UInt64 {
            if seeded != nil { return seeded!.next() }
            var system = SystemRandomNumberGenerator()
            return system.next()
        }
    }
}
#endif
