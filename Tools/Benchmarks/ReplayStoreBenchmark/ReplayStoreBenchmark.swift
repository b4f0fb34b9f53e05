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
/// The URL's options (`synchronous_commit=off`, `unlogged_table=true`) measure the store's
/// durability settings.
///
/// Every phase runs for `--seconds` after a short warm-up, each call a new key (the accepted
/// path, as for every valid request): one caller in a loop, then `--concurrency` callers at
/// once, on one PostgreSQL store and on three (three pools, as three instances of a service).
/// Latency is each call's, measured around the call; what the database adds is the PostgreSQL
/// percentile less the memory store's. On a server running on this machine, each PostgreSQL
/// phase also gives the server's CPU time per insert (``ServerCPU``), and every PostgreSQL phase
/// the batches the stores sent (mean keys per batch: one statement and one commit each). The
/// benchmark makes its own table and drops it after.
///
/// With `--steady-seconds`, a last phase measures the steady state those phases leave out: a
/// store on a table of its own, `--concurrency` callers, every key expiring `--steady-window`
/// seconds after its call, so the store's own purge deletes expired rows as fast as they come
/// (after a warm-up of twice the window). Its server CPU per insert counts the inserts, the
/// purge's `DELETE`s, autovacuum if it ran, and a `VACUUM` of the table that closes the phase
/// (after a `VACUUM` before it, unmeasured): the vacuum of the rows deleted during the phase.
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

    @Option(help: "Insert batches each store may have on their way at once (the store's default unless given).")
    var concurrentBatches: Int?

    @Option(help: "Seconds of a last, steady-state phase (0: none): keys expiring while it runs, the store's purge deleting them, a VACUUM closing it.")
    var steadySeconds: Double = 0

    @Option(help: "Seconds each key lives in the steady-state phase (its warm-up lasts twice that).")
    var steadyWindow: Double = 5

    mutating func validate() throws {
        guard seconds > 0, seconds <= 600 else { throw ValidationError("--seconds must be in (0, 600]") }
        guard (1...1_000).contains(concurrency) else { throw ValidationError("--concurrency must be in 1...1000") }
        guard steadySeconds >= 0, steadySeconds <= 600 else { throw ValidationError("--steady-seconds must be in [0, 600]") }
        guard steadyWindow >= 0.1, steadyWindow <= 600 else { throw ValidationError("--steady-window must be in [0.1, 600]") }
    }

    func run() async throws {
        var configuration = try PostgresReplayStore.Configuration(url: url)
        configuration.table = "replay_benchmark_\(UUID().uuidString.prefix(8).lowercased())"
        configuration.maximumConnections = connections
        if let concurrentBatches { configuration.concurrentBatches = concurrentBatches }
        let stores = try (0..<3).map { _ in try PostgresReplayStore(configuration: configuration) }
        let duration = Duration.milliseconds(Int(seconds * 1_000))
        print("replay-store-benchmark: \(seconds) s per phase, \(concurrency) concurrent callers, \(connections) connections per store")
        print("PostgreSQL: \(configuration)")
        print("load average at start: \(Self.loadAverage())")

        let server = try await ServerCPU.locate(configuration)
        if server == nil { print("server CPU: not measured (no PostgreSQL server process of this cluster on this machine)") }
        let memory = MemoryReplayStore(capacity: 1_000_000)
        var results: [Phase] = []
        results.append(try await Phase.measure("memory, 1 caller", stores: [memory], callers: 1, for: duration))
        results.append(try await Phase.measure("memory, \(concurrency) callers", stores: [memory], callers: concurrency, for: duration))
        try await stores[0].withRunning { first in
            try await stores[1].withRunning { second in
                try await stores[2].withRunning { third in
                    try await first.createSchema()
                    results.append(try await Phase.measure("postgres, 1 caller", postgres: [first], callers: 1, for: duration, server: server))
                    results.append(try await Phase.measure(
                        "postgres, \(concurrency) callers, 1 store", postgres: [first], callers: concurrency, for: duration, server: server
                    ))
                    results.append(try await Phase.measure(
                        "postgres, \(concurrency) callers, 3 stores", postgres: [first, second, third], callers: concurrency, for: duration, server: server
                    ))
                }
            }
        }
        try await Self.dropTable(configuration)
        var steady: SteadyState?
        if steadySeconds > 0 {
            var steadyConfiguration = configuration
            steadyConfiguration.table += "_steady"
            let state = try await SteadyState.measure(
                steadyConfiguration, callers: concurrency, for: .milliseconds(Int(steadySeconds * 1_000)), window: steadyWindow, server: server
            )
            results.append(state.phase)
            steady = state
        }
        print("")
        print("| phase | calls | calls/s | p50 ms | p99 ms | errors | server CPU µs/insert | keys per batch |")
        print("|---|---:|---:|---:|---:|---:|---:|---:|")
        for phase in results { print(phase.row) }
        print("")
        let (memory1, memoryN, postgres1, postgresN, postgres3) = (results[0], results[1], results[2], results[3], results[4])
        print(String(format: "throughput, postgres ÷ memory: 1 caller %.5fx, %d callers %.5fx", postgres1.rate / memory1.rate, concurrency, postgresN.rate / memoryN.rate))
        print(String(format: "postgres, %d callers ÷ 1 caller: %.2fx; 3 stores ÷ 1 store (%d callers): %.2fx", concurrency, postgresN.rate / postgres1.rate, concurrency, postgres3.rate / postgresN.rate))
        print(String(format: "added by the database per call, 1 caller: p50 %.3f ms, p99 %.3f ms", postgres1.p50 - memory1.p50, postgres1.p99 - memory1.p99))
        print(String(format: "added by the database per call, %d callers: p50 %.3f ms, p99 %.3f ms", concurrency, postgresN.p50 - memoryN.p50, postgresN.p99 - memoryN.p99))
        if let steady { print(steady.summary) }
        print("load average at end: \(Self.loadAverage())")
    }

    /// Drops the benchmark's table and procedure, on a connection of its own.
    static func dropTable(_ configuration: PostgresReplayStore.Configuration) async throws {
        try await withConnection(configuration) { connection, logger in
            try await connection.query(PostgresQuery(unsafeSQL: "DROP PROCEDURE IF EXISTS \"\(configuration.table)_record\""), logger: logger)
            try await connection.query(PostgresQuery(unsafeSQL: "DROP TABLE IF EXISTS \"\(configuration.table)\""), logger: logger)
        }
    }

    /// Runs `body` on a connection of its own to the server of `configuration`.
    static func withConnection<Result>(
        _ configuration: PostgresReplayStore.Configuration, _ body: (PostgresConnection, Logger) async throws -> Result
    ) async throws -> Result {
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
            let result = try await body(connection, logger)
            try await connection.close()
            return result
        } catch {
            try? await connection.close()
            throw error
        }
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
    /// The batches the PostgreSQL stores sent during the phase, and their keys.
    var batches: (count: Int, keys: Int)?

    var rate: Double { Double(calls) / elapsed.seconds }

    var row: String {
        let cpu = serverCPU.map { String(format: "%.1f", $0 / Double(max(calls, 1)) * 1e6) } ?? "–"
        let perBatch = batches.map { String(format: "%.1f", Double($0.keys) / Double(max($0.count, 1))) } ?? "–"
        return String(format: "| %@ | %d | %.0f | %.3f | %.3f | %d | %@ | %@ |", name, calls, rate, p50, p99, errors, cpu, perBatch)
    }

    /// A phase on PostgreSQL stores: ``measure(_:stores:callers:for:server:)`` with the batches
    /// the stores sent during the measured part.
    static func measure(_ name: String, postgres: [PostgresReplayStore], callers: Int, for duration: Duration, server: ServerCPU?) async throws -> Phase {
        var before: (Int, Int) = (0, 0)
        var phase = try await measure(name, stores: postgres, callers: callers, for: duration, server: server, starting: {
            before = batchesSent(postgres)
        })
        let after = batchesSent(postgres)
        phase.batches = (after.0 - before.0, after.1 - before.1)
        return phase
    }

    /// The batches `stores` have sent so far, and their keys.
    static func batchesSent(_ stores: [PostgresReplayStore]) -> (Int, Int) {
        stores.reduce((0, 0)) { ($0.0 + $1.batchStatistics.batches, $0.1 + $1.batchStatistics.keys) }
    }

    /// `callers` tasks, each calling `insertIfAbsent` with new keys on `stores` (round robin by
    /// caller) for `warmUp` (a fifth of `duration` unless given) unmeasured, then for `duration`;
    /// with `server`, the PostgreSQL server's CPU time over the measured part too. Every key
    /// lives `window` seconds from its call (300 s from the phase's start unless given).
    /// `starting` runs just before the measured part; `finishing` just after the calls, its
    /// server CPU counted in the phase's, its time not.
    static func measure(
        _ name: String, stores: [any ReplayStore], callers: Int, for duration: Duration, warmUp: Duration? = nil, window: Double? = nil,
        server: ServerCPU? = nil, starting: () async throws -> Void = {}, finishing: () async throws -> Void = {}
    ) async throws -> Phase {
        _ = await run(stores: stores, callers: callers, for: warmUp ?? duration / 5, window: window, tag: "warm-\(name)")
        try await starting()
        let cpuBefore = server?.seconds()
        let start = ContinuousClock.now
        let outcomes = await run(stores: stores, callers: callers, for: duration, window: window, tag: name)
        let elapsed = ContinuousClock.now - start
        try await finishing()
        let cpuAfter = server?.seconds()
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

    private static func run(stores: [any ReplayStore], callers: Int, for duration: Duration, window: Double?, tag: String) async -> [Outcome] {
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
                        let (at, expiry) = window.map { window in
                            let at = Date()
                            return (at, at + window)
                        } ?? (now, now + 300)
                        let before = ContinuousClock.now
                        do {
                            guard try await store.insertIfAbsent(key, until: expiry, now: at) else {
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

/// The CPU time of one PostgreSQL server on this machine, from `/proc`: its postmaster and every
/// process the postmaster started (backends, the WAL writer, the checkpointer, autovacuum), with
/// the time of the children it reaped (backends whose connection ended). Only this cluster's
/// processes count, not those of another PostgreSQL on the same machine (other clusters' tests
/// run here too).
struct ServerCPU {
    /// The postmaster's process id.
    let postmaster: Int

    /// The server of `configuration`, when it runs on this machine: the parent of the backend
    /// serving a connection of ours. `nil` for a server elsewhere.
    static func locate(_ configuration: PostgresReplayStore.Configuration) async throws -> ServerCPU? {
        // Read while the connection is open: the backend exits once it closes.
        try await ReplayStoreBenchmark.withConnection(configuration) { connection, logger in
            var backend = 0
            for try await row in try await connection.query("SELECT pg_backend_pid()", logger: logger) { backend = try row.decode(Int.self) }
            guard let stat = Stat(pid: backend), stat.command == "postgres", let parent = Stat(pid: stat.parent), parent.command == "postgres" else { return nil }
            return ServerCPU(postmaster: stat.parent)
        }
    }

    /// CPU seconds so far of the postmaster, its reaped children and its live children.
    func seconds() -> Double {
        let ticksPerSecond = Double(sysconf(Int32(_SC_CLK_TCK)))
        var ticks = Stat(pid: postmaster).map { $0.ownTicks + $0.reapedTicks } ?? 0
        for entry in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] {
            guard let pid = Int(entry), let stat = Stat(pid: pid), stat.parent == postmaster else { continue }
            ticks += stat.ownTicks
        }
        return Double(ticks) / ticksPerSecond
    }

    /// The fields of `/proc/PID/stat` read here.
    private struct Stat {
        var command: Substring
        var parent: Int
        var ownTicks: Int
        var reapedTicks: Int

        init?(pid: Int) {
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                  let open = stat.firstIndex(of: "("), let close = stat.lastIndex(of: ")")
            else { return nil }
            // After the command: state, ppid, … ; utime, stime, cutime, cstime are fields 14–17.
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            guard fields.count > 14, let parent = Int(fields[1]) else { return nil }
            let times = fields[11...14].map { Int($0) ?? 0 }
            command = stat[stat.index(after: open)..<close]
            self.parent = parent
            ownTicks = times[0] + times[1]
            reapedTicks = times[2] + times[3]
        }
    }
}
