import Foundation

/// The result of one soak run: printed as a table, or as one JSON object with `--json`.
struct SoakReport: Encodable {
    /// One kind's line.
    struct Kind: Encodable {
        var expected: String
        /// Requests sent (for `slow`: connections opened).
        var count: Int
        var mismatches: Int
        /// How many of each outcome: a status code, `closed`, `timeout`, `held`.
        var outcomes: [String: Int]
    }

    /// Three readings of a counter: before the load, highest while it ran, after it.
    struct Readings: Encodable {
        var start: Int
        var peak: Int
        var end: Int
    }

    /// `in-process` or the base URL of a running `mock-servers`.
    var target: String
    /// The server process measured for memory and descriptors (`nil`: not measured).
    var pid: Int32?
    var seconds: Double
    var connections: Int
    var slowClients: Int
    var mix: String
    var maxRequests: Int
    var kinds: [String: Kind]
    /// Requests of the mixed kinds (slow clients apart).
    var requests: Int
    var requestsPerSecond: Double
    var validRequestsPerSecond: Double
    var validP50Milliseconds: Double
    var validP99Milliseconds: Double
    /// Load connections that could not be opened or requests that could not be signed.
    var clientFailures: Int
    var mismatches: Int
    var maxErrors: Int
    var passed: Bool
    /// Resident memory in KiB: `VmRSS` at start and end, `VmHWM` (the kernel's high-water mark
    /// since the process started) as the peak.
    var residentKilobytes: Readings?
    /// Open file descriptors: at start, highest sampled (every 200 ms), at end.
    var openFileDescriptors: Readings?

    /// The report as one line of JSON with sorted keys.
    func json() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(self), as: UTF8.self)
    }

    /// The report as a table for people.
    var table: String {
        var lines = [
            String(format: "soak of %@: %.1f s, %d connections + %d slow clients, mix %@, at most %d requests",
                   target, seconds, connections, slowClients, mix, maxRequests),
            "",
            "kind        count  expected              mismatches  outcomes",
        ]
        for kind in SoakKind.allCases {
            guard let line = kinds[kind.rawValue] else { continue }
            let outcomes = line.outcomes.sorted { $0.key < $1.key }.map { "\($0.key)×\($0.value)" }.joined(separator: " ")
            lines.append(
                kind.rawValue.padding(toLength: 10, withPad: " ", startingAt: 0)
                    + String(format: "%7d", line.count) + "  "
                    + line.expected.padding(toLength: 20, withPad: " ", startingAt: 0)
                    + String(format: "%12d", line.mismatches) + "  " + outcomes
            )
        }
        lines.append("")
        lines.append(String(format: "throughput: %.0f req/s (valid %.0f req/s); valid latency p50 %.2f ms, p99 %.2f ms",
                            requestsPerSecond, validRequestsPerSecond, validP50Milliseconds, validP99Milliseconds))
        if let memory = residentKilobytes {
            lines.append("server resident memory (pid \(pid.map(String.init) ?? "?")): \(memory.start / 1024) MiB at start, "
                + "\(memory.end / 1024) MiB at end, peak \(memory.peak / 1024) MiB (VmHWM)")
        } else {
            lines.append("server resident memory: not measured (give --pid with --target)")
        }
        if let descriptors = openFileDescriptors {
            lines.append("server open file descriptors: \(descriptors.start) at start, \(descriptors.peak) peak, \(descriptors.end) at end")
        }
        lines.append("mismatches: \(mismatches) (client failures \(clientFailures)), allowed \(maxErrors): \(passed ? "pass" : "FAIL")")
        return lines.joined(separator: "\n")
    }
}
