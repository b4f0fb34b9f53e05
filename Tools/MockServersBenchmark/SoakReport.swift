import Foundation

/// The result of one soak run: printed as a table, or as one JSON object with `--json`.
struct SoakReport: Encodable {
    /// One kind's line (for one provider, or all of them).
    struct Kind: Encodable {
        var expected: String
        /// Requests sent (for `slow`: connections opened).
        var count: Int
        var mismatches: Int
        /// How many of each outcome: a status code, `closed`, `timeout`, `held`.
        var outcomes: [String: Int]
    }

    /// One provider's share.
    struct Provider: Encodable {
        var kinds: [String: Kind]
        /// Requests of the mixed kinds.
        var requests: Int
        var validP50Milliseconds: Double
        var validP99Milliseconds: Double
    }

    /// Three readings of a counter: before the load, highest while it ran, after it.
    struct Readings: Encodable {
        var start: Int
        var peak: Int
        var end: Int
    }

    /// `in-process`, `standalone` or the base URL of a running `mock-servers`.
    var target: String
    /// The server process measured for memory and descriptors (`nil`: not measured).
    var pid: Int32?
    var seconds: Double
    var connections: Int
    var slowClients: Int
    var mix: String
    var maxRequests: Int
    /// Every provider's kinds added together (`expected` is then each provider's own).
    var kinds: [String: Kind]
    var providers: [String: Provider]
    /// Requests of the mixed kinds (slow clients apart).
    var requests: Int
    var requestsPerSecond: Double
    var validRequestsPerSecond: Double
    var validP50Milliseconds: Double
    var validP99Milliseconds: Double
    /// Answers of 500 or more (each one also a mismatch).
    var serverErrors: Int
    /// Load connections that could not be opened or requests that could not be built.
    var clientFailures: Int
    var mismatches: Int
    var maxErrors: Int
    var passed: Bool
    /// Resident memory in KiB: `VmRSS` at start and end, `VmHWM` (the kernel's high-water mark
    /// since the process started) as the peak.
    var residentKilobytes: Readings?
    /// Open file descriptors: at start, highest sampled (every 200 ms), at end.
    var openFileDescriptors: Readings?
    /// Resident memory and descriptors every few seconds of the load.
    var series: [ResourceSampler.Sample]

    /// The report as one line of JSON with sorted keys.
    func json() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(self), as: UTF8.self)
    }

    /// The report as a table for people.
    var table: String {
        var lines = [
            String(format: "soak of %@ (%@): %.1f s, %d connections + %d slow clients, mix %@, at most %d requests",
                   target, providers.keys.sorted().joined(separator: ", "), seconds, connections, slowClients, mix, maxRequests),
            "",
            "provider     kind        count  expected                                  mismatches  outcomes",
        ]
        for (name, provider) in providers.sorted(by: { $0.key < $1.key }) {
            for kind in SoakKind.allCases {
                guard let line = provider.kinds[kind.rawValue], line.count > 0 else { continue }
                let outcomes = line.outcomes.sorted { $0.key < $1.key }.map { "\($0.key)×\($0.value)" }.joined(separator: " ")
                lines.append(
                    name.padding(toLength: 13, withPad: " ", startingAt: 0)
                        + kind.rawValue.padding(toLength: 10, withPad: " ", startingAt: 0)
                        + String(format: "%7d", line.count) + "  "
                        + line.expected.padding(toLength: 40, withPad: " ", startingAt: 0)
                        + String(format: "%12d", line.mismatches) + "  " + outcomes
                )
            }
            lines.append(String(format: "%@ valid latency p50 %.2f ms, p99 %.2f ms",
                                name.padding(toLength: 13, withPad: " ", startingAt: 0), provider.validP50Milliseconds, provider.validP99Milliseconds))
        }
        lines.append("")
        lines.append(String(format: "throughput: %.0f req/s (valid %.0f req/s); valid latency p50 %.2f ms, p99 %.2f ms; %d requests",
                            requestsPerSecond, validRequestsPerSecond, validP50Milliseconds, validP99Milliseconds, requests))
        if let memory = residentKilobytes {
            lines.append("server resident memory (pid \(pid.map(String.init) ?? "?")): \(memory.start / 1024) MiB at start, "
                + "\(memory.end / 1024) MiB at end, peak \(memory.peak / 1024) MiB (VmHWM)")
            let points = series.map { "\($0.second)s \($0.residentKilobytes / 1024)" }
            lines.append("resident MiB over time: " + points.joined(separator: ", "))
        } else {
            lines.append("server resident memory: not measured (give --pid with --target)")
        }
        if let descriptors = openFileDescriptors {
            lines.append("server open file descriptors: \(descriptors.start) at start, \(descriptors.peak) peak, \(descriptors.end) at end")
        }
        lines.append("server errors (5xx): \(serverErrors)")
        lines.append("mismatches: \(mismatches) (client failures \(clientFailures)), allowed \(maxErrors): \(passed ? "pass" : "FAIL")")
        return lines.joined(separator: "\n")
    }
}
