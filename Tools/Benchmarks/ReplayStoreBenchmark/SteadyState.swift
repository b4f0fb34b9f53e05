import Foundation
import Logging
import PostgresNIO
import PostgresReplayStore

/// The steady-state phase (`--steady-seconds`): keys that expire while the phase runs, so the
/// server's CPU per insert also counts deleting them and vacuuming after.
///
/// A store of its own on a table of its own (every row of it expires, as in production), its
/// `run()` purging as it would in a service: after every `expiredBatchSize` accepted inserts.
/// The warm-up lasts twice the window, so that the table holds about rate × window rows and the
/// purge deletes about as many rows as the callers insert. A `VACUUM` ends the warm-up
/// (unmeasured) and another ends the measured part (measured): the vacuum of the rows deleted
/// during the phase, the work autovacuum would do for them, counted whether or not autovacuum
/// came by meanwhile.
struct SteadyState {
    /// The phase's figures; its server CPU includes the closing `VACUUM`.
    var phase: Phase
    /// Seconds each key lived.
    var window: Double
    /// Rows in the table when the measured part began, and after the closing `VACUUM`.
    var rows: (before: Int, after: Int)
    /// The table with its indexes after the closing `VACUUM`, in bytes.
    var bytes: Int
    /// The server's CPU seconds in the closing `VACUUM`, when measured.
    var vacuumCPU: Double?
    /// Autovacuum runs on the table during the phase, and its sequential scans (the purge's
    /// `DELETE`s that read the whole table instead of the expiry index from its oldest end), as
    /// `pg_stat_user_tables` counted them.
    var autovacuums: Int, sequentialScans: Int

    /// One line: the rows deleted during the phase, the table's size, and the closing VACUUM's
    /// share of the server CPU per insert.
    var summary: String {
        let deleted = phase.calls + rows.before - rows.after
        let perInsert = Double(deleted) / Double(max(phase.calls, 1))
        let vacuum = vacuumCPU.map { String(format: "%.1f µs", $0 / Double(max(phase.calls, 1)) * 1e6) } ?? "not measured"
        return String(
            format: "steady state (keys live %g s): %d expired rows deleted during the phase (%.2f per insert), %d rows and %.1f MB with indexes at its end, %d sequential scan(s) of the table, %d autovacuum(s); of the server CPU per insert, the closing VACUUM %@",
            window, deleted, perInsert, rows.after, Double(bytes) / 1_048_576, sequentialScans, autovacuums, vacuum
        )
    }

    /// Runs the phase with `callers` on a new store of `configuration` (its table created here
    /// and dropped after), every key living `window` seconds.
    static func measure(
        _ configuration: PostgresReplayStore.Configuration, callers: Int, for duration: Duration, window: Double, server: ServerCPU?
    ) async throws -> SteadyState {
        let store = try PostgresReplayStore(configuration: configuration)
        let name = String(format: "postgres, %d callers, 1 store, keys expiring after %g s", callers, window)
        let table = "\"\(configuration.table)\""
        do {
            let state = try await ReplayStoreBenchmark.withConnection(configuration) { connection, logger in
                try await store.withRunning { store in
                    try await store.createSchema()
                    func integer(_ sql: String) async throws -> Int {
                        var value = 0
                        for try await row in try await connection.query(PostgresQuery(unsafeSQL: sql), logger: logger) { value = try row.decode(Int.self) }
                        return value
                    }
                    func vacuum() async throws {
                        try await connection.query(PostgresQuery(unsafeSQL: "VACUUM \(table)"), logger: logger)
                    }
                    let countRows = "SELECT count(*)::int8 FROM \(table)"
                    let statistics = "FROM pg_stat_user_tables WHERE relid = '\(table)'::regclass"
                    let countAutovacuums = "SELECT coalesce(autovacuum_count, 0)::int8 \(statistics)"
                    let countSequentialScans = "SELECT coalesce(seq_scan, 0)::int8 \(statistics)"
                    var batches = (0, 0), rowsBefore = 0, autovacuumsBefore = 0, scansBefore = 0, vacuumStart: Double?
                    var phase = try await Phase.measure(
                        name, stores: [store], callers: callers, for: duration, warmUp: .milliseconds(Int(window * 2_000)), window: window, server: server,
                        starting: {
                            try await vacuum()
                            autovacuumsBefore = try await integer(countAutovacuums)
                            scansBefore = try await integer(countSequentialScans)
                            rowsBefore = try await integer(countRows)
                            batches = Phase.batchesSent([store])
                        },
                        finishing: {
                            let sent = Phase.batchesSent([store])
                            batches = (sent.0 - batches.0, sent.1 - batches.1)
                            vacuumStart = server?.seconds()
                            try await vacuum()
                        }
                    )
                    let vacuumCPU = vacuumStart.flatMap { start in server.map { $0.seconds() - start } }
                    phase.batches = batches
                    let autovacuums = try await integer(countAutovacuums) - autovacuumsBefore
                    let sequentialScans = try await integer(countSequentialScans) - scansBefore
                    return SteadyState(
                        phase: phase, window: window, rows: (rowsBefore, try await integer(countRows)),
                        bytes: try await integer("SELECT pg_total_relation_size('\(table)'::regclass)::int8"),
                        vacuumCPU: vacuumCPU, autovacuums: autovacuums, sequentialScans: sequentialScans
                    )
                }
            }
            try await ReplayStoreBenchmark.dropTable(configuration)
            return state
        } catch {
            try? await ReplayStoreBenchmark.dropTable(configuration)
            throw error
        }
    }
}
