import Foundation

/// What to request: the port, the `Host` value, and the requests, prepared before the run so
/// the client's own signing does not compete with the server for the CPU. Connection `i` of
/// `n` sends requests `i`, `i + n`, `i + 2n`, … and stops when its share runs out; a target
/// with `repeats` sends its requests again and again (only for unsigned requests: a signed
/// one sent twice is a replay).
struct LoadTarget: Sendable {
    let port: Int
    let authority: String
    let requests: [PreparedRequest]
    let repeats: Bool
}

/// Throughput and latency of one run.
struct LoadResult {
    var requests: Int
    var errors: Int
    var seconds: Double
    var latencies: [Duration]

    var requestsPerSecond: Double { Double(requests) / seconds }

    func line(_ name: String) -> String {
        String(
            format: "%@: %.0f req/s, %d requests, %d errors, p50 %.2f ms, p99 %.2f ms",
            name, requestsPerSecond, requests, errors,
            latencies.percentileMilliseconds(0.50), latencies.percentileMilliseconds(0.99)
        )
    }
}

/// A load generator: each keep-alive connection sends a request, waits for the whole response,
/// and sends the next, until time is up: as fast as the server answers (closed loop), or at
/// most `rate` requests a second across all connections (each connection keeps its own
/// schedule, and catches up at once when it fell behind).
enum LoadGenerator {
    static func run(_ target: LoadTarget, connections: Int, seconds: Int, rate: Int? = nil) async throws -> LoadResult {
        let clock = ContinuousClock()
        let start = clock.now
        let deadline = start + .seconds(seconds)
        let perConnection = try await withThrowingTaskGroup(of: LoadResult.self) { group in
            for index in 0..<connections {
                group.addTask {
                    let interval = rate.map { Duration.seconds(Double(connections) / Double(max(1, $0))) }
                    return try await connectionLoop(target, index: index, connections: connections, until: deadline, interval: interval)
                }
            }
            return try await group.reduce(into: [LoadResult]()) { $0.append($1) }
        }
        return LoadResult(
            requests: perConnection.reduce(0) { $0 + $1.requests },
            errors: perConnection.reduce(0) { $0 + $1.errors },
            seconds: (clock.now - start).seconds,
            latencies: perConnection.flatMap(\.latencies)
        )
    }

    private static func connectionLoop(
        _ target: LoadTarget, index: Int, connections: Int, until deadline: ContinuousClock.Instant, interval: Duration? = nil
    ) async throws -> LoadResult {
        let clock = ContinuousClock()
        return try await HTTPClientConnection.with(host: "127.0.0.1", port: target.port) { connection in
            var result = LoadResult(requests: 0, errors: 0, seconds: 0, latencies: [])
            result.latencies.reserveCapacity(200_000)
            var next = index
            var slot = clock.now
            while clock.now < deadline {
                if let interval {
                    if slot > clock.now { try await Task.sleep(until: slot, clock: clock) }
                    slot += interval
                }
                if next >= target.requests.count {
                    guard target.repeats, !target.requests.isEmpty else { break }
                    next %= target.requests.count
                }
                let prepared = target.requests[next]
                next += connections
                let began = clock.now
                let status = await connection.exchange(prepared, authority: target.authority)
                result.latencies.append(clock.now - began)
                if status == 200 { result.requests += 1 } else { result.errors += 1 }
                // A closed connection cannot carry the rest of this connection's share.
                if !connection.isOpen { break }
            }
            return result
        }
    }
}
