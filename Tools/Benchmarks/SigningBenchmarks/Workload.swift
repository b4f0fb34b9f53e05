/// One measured operation: a name, what one call processes, and the call itself.
///
/// `run(n)` performs the operation `n` times and returns a value derived from every result,
/// which the harness consumes so the optimiser cannot drop the work.
struct Workload: Sendable {
    /// A stable identifier, e.g. `sha256/1KiB` or `hmac-sha1/300B/reused-key`.
    let name: String
    /// Message bytes per call, for throughput; 0 reports calls per second instead.
    let bytesPerCall: Int
    let run: @Sendable (Int) -> UInt8
}

/// A message of `count` pseudo-random bytes (fixed, so every run hashes the same data).
func benchmarkMessage(_ count: Int, seed: UInt8 = 1) -> [UInt8] {
    var state = UInt32(seed) &* 2_654_435_761
    return (0..<count).map { _ in
        state = state &* 1_664_525 &+ 1_013_904_223
        return UInt8(truncatingIfNeeded: state >> 24)
    }
}

/// The sizes of the hash throughput table.
let hashSizes: [(label: String, bytes: Int)] = [("64B", 64), ("1KiB", 1024), ("1MiB", 1024 * 1024)]

/// The HMAC scenario of the issue: a 300-byte message under an 85-byte key (longer than
/// neither block, so no key hashing; one compression for the pads, five for the message).
let hmacMessage = benchmarkMessage(300, seed: 2)
let hmacKey = benchmarkMessage(85, seed: 3)

/// `SHA-256` → `sha256`: the workload-name form of an algorithm name.
func shortName(_ algorithm: String) -> String {
    String(algorithm.lowercased().filter { $0 != "-" })
}
