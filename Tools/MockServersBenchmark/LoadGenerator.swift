import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix

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

/// A request target and its headers, ready to send.
struct PreparedRequest: Sendable {
    var target: String
    var headers: [(String, String)]
}

/// Throughput and latency of one run.
struct LoadResult {
    var requests: Int
    var errors: Int
    var seconds: Double
    var latencies: [Duration]

    var requestsPerSecond: Double { Double(requests) / seconds }

    func percentile(_ p: Double) -> Double {
        guard !latencies.isEmpty else { return 0 }
        let sorted = latencies.sorted()
        let index = min(sorted.count - 1, Int((Double(sorted.count) * p).rounded(.up)) - 1)
        let value = sorted[max(0, index)].components
        return Double(value.seconds) * 1000 + Double(value.attoseconds) / 1e15
    }

    func line(_ name: String) -> String {
        String(
            format: "%@: %.0f req/s, %d requests, %d errors, p50 %.2f ms, p99 %.2f ms",
            name, requestsPerSecond, requests, errors, percentile(0.50), percentile(0.99)
        )
    }
}

/// A closed-loop load generator: each keep-alive connection sends a request, waits for the
/// whole response, and sends the next, until time is up.
enum LoadGenerator {
    static func run(_ target: LoadTarget, connections: Int, seconds: Int) async throws -> LoadResult {
        let clock = ContinuousClock()
        let start = clock.now
        let deadline = start + .seconds(seconds)
        let perConnection = try await withThrowingTaskGroup(of: LoadResult.self) { group in
            for index in 0..<connections {
                group.addTask { try await connectionLoop(target, index: index, connections: connections, until: deadline) }
            }
            return try await group.reduce(into: [LoadResult]()) { $0.append($1) }
        }
        let elapsed = clock.now - start
        let elapsedSeconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        return LoadResult(
            requests: perConnection.reduce(0) { $0 + $1.requests },
            errors: perConnection.reduce(0) { $0 + $1.errors },
            seconds: elapsedSeconds,
            latencies: perConnection.flatMap(\.latencies)
        )
    }

    private static func connectionLoop(
        _ target: LoadTarget, index: Int, connections: Int, until deadline: ContinuousClock.Instant
    ) async throws -> LoadResult {
        let clock = ContinuousClock()
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connect(host: "127.0.0.1", port: target.port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHTTPClientHandlers()
                    return try NIOAsyncChannel<HTTPClientResponsePart, HTTPClientRequestPart>(wrappingChannelSynchronously: channel)
                }
            }
        return try await channel.executeThenClose { inbound, outbound in
            var result = LoadResult(requests: 0, errors: 0, seconds: 0, latencies: [])
            result.latencies.reserveCapacity(200_000)
            var responses = inbound.makeAsyncIterator()
            var next = index
            while clock.now < deadline {
                if next >= target.requests.count {
                    guard target.repeats, !target.requests.isEmpty else { break }
                    next %= target.requests.count
                }
                let prepared = target.requests[next]
                next += connections
                let path = prepared.target
                var headers = HTTPHeaders([("Host", target.authority), ("User-Agent", "mock-servers-benchmark")])
                for (name, value) in prepared.headers { headers.add(name: name, value: value) }
                let began = clock.now
                try await outbound.write(contentsOf: [
                    .head(HTTPRequestHead(version: .http1_1, method: .GET, uri: path, headers: headers)),
                    .end(nil),
                ])
                var status = 0
                loop: while let part = try await responses.next() {
                    switch part {
                    case .head(let head): status = Int(head.status.code)
                    case .body: continue
                    case .end: break loop
                    }
                }
                result.latencies.append(clock.now - began)
                if status == 200 { result.requests += 1 } else { result.errors += 1 }
            }
            return result
        }
    }
}

/// The process's resident set size, from `/proc/self/statm` (0 where that does not exist).
enum ResidentMemory {
    static func kilobytes() -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE))) / 1024
    }
}
