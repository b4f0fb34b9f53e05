import ArgumentParser
import Foundation
import Logging
import NIOSSL
import PostgresNIO
import PostgresReplayStore
import SignedVerification

/// replay-store-benchmark: `insertIfAbsent` on `MemoryReplayStore` against `PostgresReplayStore`
/// in one run (docs/benchmarks.md, "Replay store").
///
///   swift run -c release replay-store-benchmark --url postgres://postgres@127.0.0.1:PORT/signed_api_test
///
/// Every phase runs for `--seconds` after a short warm-up, each call a new key (the accepted
/// path, as for every valid request): one caller in a loop, then `--concurrency` callers at
/// once, on one PostgreSQL store and on three (three pools, as three instances of a service).
/// Latency is each call's, measured around the call; what the database adds is the PostgreSQL
/// percentile less the memory store's. On a server running on this machine, each PostgreSQL
/// phase also gives the server's CPU time per insert (``ServerCPU``). The benchmark makes its
/// own table and drops it after.
@main
struct ReplayStoreBenchmark: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay-store-benchmark",
        abstract: "Insert-if-absent throughput and latency: the memory replay store against PostgreSQL, in one run."
    )

    @Option(help: "The PostgreSQL to measure: postgres://USER[:PASSWORD]@HOST:PORT/DATABASE.")
    var url: String

    @Option(help: "Seconds each phase runs (after a warm-up of a fifth of it).")
    var seconds: Double = 5

    @Option(help: "Concurrent callers in the concurrent phases.")
    var concurrency: Int = 32

    @Option(help: "Connections in each PostgreSQL store's pool.")
    var connections: Int = 16

    mutating func validate() throws {
        guard seconds > 0, seconds <= 600 else { throw ValidationError("--seconds must be in (0, 600]") }
        guard (1...1_000).contains(concurrency) else { throw ValidationError("--concurrency must be in 1...1000") }
    }

    func run() async throws {
        var configuration = try PostgresReplayStore.Configuration(url: url)
        configuration.table = "replay_benchmark_\(UUID().uuidString.prefix(8).lowercased())"
        configuration.maximumConnections = connections
        let stores = try (0..<3).map { _ in try PostgresReplayStore(configuration: configuration) }
        let duration = Duration.milliseconds(Int(seconds * 1_000))
        print("replay-store-benchmark: \(seconds) s per phase, \(concurrency) concurrent callers, \(connections) connections per store")
        print("PostgreSQL: \(configuration)")
        print("load average at start: \(Self.loadAverage())")

        let memory = MemoryReplayStore(capacity: 1_000_000)
        var results: [Phase] = []
        results.append(await Phase.measure("memory, 1 caller", stores: [memory], callers: 1, for: duration))
        results.append(await Phase.measure("memory, \(concurrency) callers", stores: [memory], callers: concurrency, for: duration))
        try await stores[0].withRunning { first in
            try await stores[1].withRunning { second in
                try await stores[2].withRunning { third in
                    try await first.createSchema()
                    results.append(await Phase.measure("postgres, 1 caller", stores: [first], callers: 1, for: duration, server: true))
                    results.append(await Phase.measure(
                        "postgres, \(concurrency) callers, 1 store", stores: [first], callers: concurrency, for: duration, server: true
                    ))
                    results.append(await Phase.measure(
                        "postgres, \(concurrency) callers, 3 stores", stores: [first, second, third], callers: concurrency, for: duration, server: true
                    ))
                }
            }
        }
        try await Self.dropTable(configuration)
        print("")
        print("| phase | calls | calls/s | p50 ms | p99 ms | errors | server CPU µs/insert |")
        print("|---|---:|---:|---:|---:|---:|---:|")
        for phase in results { print(phase.row) }
        print("")
        let (memory1, memoryN, postgres1, postgresN, postgres3) = (results[0], results[1], results[2], results[3], results[4])
        print(String(format: "throughput, postgres ÷ memory: 1 caller %.5fx, %d callers %.5fx", postgres1.rate / memory1.rate, concurrency, postgresN.rate / memoryN.rate))
        print(String(format: "postgres, %d callers ÷ 1 caller: %.2fx; 3 stores ÷ 1 store (%d callers): %.2fx", concurrency, postgresN.rate / postgres1.rate, concurrency, postgres3.rate / postgresN.rate))
        print(String(format: "added by the database per call, 1 caller: p50 %.3f ms, p99 %.3f ms", postgres1.p50 - memory1.p50, postgres1.p99 - memory1.p99))
        print(String(format: "added by the database per call, %d callers: p50 %.3f ms, p99 %.3f ms", concurrency, postgresN.p50 - memoryN.p50, postgresN.p99 - memoryN.p99))
        print("load average at end: \(Self.loadAverage())")
    }

    /// Drops the benchmark's table, on a connection of its own.
    static func dropTable(_ configuration: PostgresReplayStore.Configuration) async throws {
        let logger = Logger(label: "replay-store-benchmark") { _ in SwiftLogNoOpLogHandler() }
        var unverified = TLSConfiguration.makeClientConfiguration()
        unverified.certificateVerification = .none
        let tls: PostgresConnection.Configuration.TLS = switch configuration.tls {
        case .disable: .disable
        case .prefer: .prefer(try NIOSSLContext(configuration: unverified))
        case .require: .require(try NIOSSLContext(configuration: unverified))
        case .verifyFull: .require(try NIOSSLContext(configuration: .makeClientConfiguration()))
        }
        let connection = try await PostgresConnection.connect(
            configuration: .init(
                host: configuration.host, port: configuration.port, username: configuration.username,
                password: configuration.password, database: configuration.database,
                tls: tls
            ),
            id: 1,
            logger: logger
        )
        do {
            try await connection.query(PostgresQuery(unsafeSQL: "DROP TABLE IF EXISTS \"\(configuration.table)\""), logger: logger)
        } catch {
            try? await connection.close()
            throw error
        }
        try await connection.close()
    }

    static func loadAverage() -> String {
        ((try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8)) ?? "n/a").split(separator: " ").prefix(3).joined(separator: " ")
    }
}

/// One phase's figures.
struct Phase {
    var name: String
    var calls: Int
    var errors: Int
    var elapsed: Duration
    /// Milliseconds.
    var p50: Double
    var p99: Double
    /// The PostgreSQL server's CPU seconds during the phase, when measured.
    var serverCPU: Double?

    var rate: Double { Double(calls) / elapsed.seconds }

    var row: String {
        let cpu = serverCPU.map { String(format: "%.1f", $0 / Double(max(calls, 1)) * 1e6) } ?? "–"
        return String(format: "| %@ | %d | %.0f | %.3f | %.3f | %d | %@ |", name, calls, rate, p50, p99, errors, cpu)
    }

    /// `callers` tasks, each calling `insertIfAbsent` with new keys on `stores` (round robin by
    /// caller) for a fifth of `duration` unmeasured, then for `duration`; with `server`, the
    /// PostgreSQL server's CPU time over the measured part too.
    static func measure(_ name: String, stores: [any ReplayStore], callers: Int, for duration: Duration, server: Bool = false) async -> Phase {
        _ = await run(stores: stores, callers: callers, for: duration / 5, tag: "warm-\(name)")
        let cpuBefore = server ? ServerCPU.seconds() : nil
        let start = ContinuousClock.now
        let outcomes = await run(stores: stores, callers: callers, for: duration, tag: name)
        let elapsed = ContinuousClock.now - start
        let cpuAfter = server ? ServerCPU.seconds() : nil
        let latencies = outcomes.flatMap(\.latencies).sorted()
        func percentile(_ p: Double) -> Double {
            guard !latencies.isEmpty else { return 0 }
            let index = min(latencies.count - 1, max(0, Int((Double(latencies.count) * p).rounded(.up)) - 1))
            return latencies[index].seconds * 1_000
        }
        let phase = Phase(
            name: name, calls: latencies.count, errors: outcomes.map(\.errors).reduce(0, +), elapsed: elapsed,
            p50: percentile(0.50), p99: percentile(0.99),
            serverCPU: cpuBefore.flatMap { before in cpuAfter.map { $0 - before } }
        )
        print(phase.row)
        return phase
    }

    private struct Outcome: Sendable {
        var latencies: [Duration] = []
        var errors = 0
    }

    private static func run(stores: [any ReplayStore], callers: Int, for duration: Duration, tag: String) async -> [Outcome] {
        let deadline = ContinuousClock.now + duration
        let now = Date()
        return await withTaskGroup(of: Outcome.self) { group in
            for caller in 0..<callers {
                let store = stores[caller % stores.count]
                group.addTask {
                    var outcome = Outcome()
                    outcome.latencies.reserveCapacity(4_096)
                    var sequence = 0
                    while ContinuousClock.now < deadline {
                        sequence += 1
                        let key = ReplayKey(scheme: "oauth1", client: "benchmark", token: tag, timestamp: caller, nonce: "\(sequence)")
                        let before = ContinuousClock.now
                        do {
                            guard try await store.insertIfAbsent(key, until: now + 300, now: now) else {
                                outcome.errors += 1
                                continue
                            }
                            outcome.latencies.append(ContinuousClock.now - before)
                        } catch {
                            outcome.errors += 1
                        }
                    }
                    return outcome
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
    }
}

extension Duration {
    /// The duration in seconds, as a `Double`.
    var seconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}

/// The CPU time of the PostgreSQL server processes on this machine, from `/proc`: every
/// process whose command is `postgres` (the postmaster, its backends, the WAL writer, the
/// checkpointer, autovacuum), with the time of the children they reaped (backends whose
/// connection ended). `nil` when no such process runs here (a server elsewhere).
enum ServerCPU {
    static func seconds() -> Double? {
        let ticksPerSecond = Double(sysconf(Int32(_SC_CLK_TCK)))
        var ticks = 0
        var found = false
        for entry in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] where entry.allSatisfy(\.isNumber) {
            guard let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                  let open = stat.firstIndex(of: "("), let close = stat.lastIndex(of: ")"),
                  stat[stat.index(after: open)..<close] == "postgres"
            else { continue }
            // After the command: state, ppid, … ; utime, stime, cutime, cstime are fields 14–17.
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            guard fields.count > 14 else { continue }
            ticks += fields[11...14].compactMap { Int($0) }.reduce(0, +)
            found = true
        }
        return found ? Double(ticks) / ticksPerSecond : nil
    }
}
