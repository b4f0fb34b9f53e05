// Compiled with the PostgresReplayStore trait only: without it, TraitCheck.swift's #error is the one message.
#if PostgresReplayStore
public import Foundation
public import Logging
import NIOConcurrencyHelpers
import NIOCore
import NIOSSL
import PostgresNIO
public import ServiceLifecycle
public import SignedVerification

/// A `ReplayStore` on PostgreSQL: every instance of a service that shares
/// one database accepts a signed request once, whichever instance it reaches.
///
/// One table and one procedure (``schemaSQL(table:unlogged:)``). The inserts of concurrent
/// callers are sent together: one statement and one commit, in one round trip, records a batch
/// of keys, each new or taking over an expired record, and each caller is answered from the
/// keys the database returns once committed (``insertIfAbsent(_:until:now:)``).
/// Expired rows are deleted in bounded batches by ``run()``, never on a request's path. Each
/// call waits at most ``Configuration/timeout``; a call that cannot get the database's answer
/// in time — the server down or unreachable, a lock held, the pool exhausted — throws
/// `SignedVerificationError.Code.replayStoreUnavailable`, so the verifier
/// refuses the request: the store fails closed, and never answers `true` unless the database
/// recorded the key. Once a call has found the database gone, later calls fail at once rather
/// than each waiting the timeout, until a background probe (every
/// ``Configuration/probeInterval``) gets through.
///
/// The connection pool works only while ``run()`` runs: hand the store to a `ServiceGroup`
/// (it is a swift-service-lifecycle `Service`) or run it in a task of your own, or wrap a
/// script's or test's work in ``withRunning(_:)``. Create the table once with
/// ``createSchema()``, or with ``schemaSQL(table:unlogged:)`` in your own migrations.
///
/// The password is used to connect and nowhere else: ``description``, errors and logs name
/// the server as `host:port/database`.
public final class PostgresReplayStore: ReplayStore, Service, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// The server, table and settings this store uses.
    public let configuration: Configuration

    private let client: PostgresClient
    private let logger: Logger
    private let table: QuotedTable
    private let shared = NIOLockedValueBox(Shared())
    private let purgeWakeups: AsyncStream<Void>
    private let wakePurge: AsyncStream<Void>.Continuation
    private let batcher: InsertBatcher
    private let availability = Availability()

    private enum Phase {
        case notStarted, running, finished
    }

    private struct Shared {
        var phase = Phase.notStarted
        /// Inserts answered `true` since the purge loop was last woken.
        var insertsSincePurge = 0
    }

    /// A store for the server and table in `configuration`; nothing connects until ``run()``
    /// runs and a call needs a connection.
    ///
    /// - Parameters:
    ///   - configuration: the server, the table and the settings.
    ///   - logger: where the store and postgres-nio log background events (a deletion of
    ///     expired rows that failed, connections that could not be made); never a password.
    /// - Throws: `SignedVerificationError.Code.invalidConfiguration` when a
    ///   setting cannot work (``Configuration/validate()``).
    public init(configuration: Configuration, logger: Logger = Logger(label: "signed-api.postgres-replay-store")) throws(SignedVerificationError) {
        try configuration.validate()
        self.configuration = configuration
        self.logger = logger
        table = QuotedTable(configuration.table, unlogged: configuration.unloggedTable)
        (purgeWakeups, wakePurge) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        batcher = InsertBatcher(maximumBatchSize: configuration.maximumBatchSize, concurrentBatches: configuration.concurrentBatches)

        var postgres = PostgresClient.Configuration(
            host: configuration.host, port: configuration.port, username: configuration.username,
            password: configuration.password, database: configuration.database, tls: Self.tls(configuration.tls)
        )
        postgres.options.maximumConnections = configuration.maximumConnections
        postgres.options.connectTimeout = configuration.timeout
        // The server gives up on a statement when the caller has: a query held by a lock does
        // not keep its connection busy after the caller was told the store is unavailable.
        let milliseconds = max(1, configuration.timeout.components.seconds * 1_000 + configuration.timeout.components.attoseconds / 1_000_000_000_000_000)
        postgres.options.additionalStartupParameters = [
            ("statement_timeout", "\(milliseconds)"),
            ("application_name", "signed-api replay store"),
            ("synchronous_commit", configuration.synchronousCommit ? "on" : "off"),
        ]
        client = PostgresClient(configuration: postgres, backgroundLogger: logger)
    }

    /// A store for the server in `url` (``Configuration/init(url:)``), the other settings at
    /// their defaults.
    ///
    /// - Throws: `SignedVerificationError.Code.invalidConfiguration`.
    public convenience init(url: String, logger: Logger = Logger(label: "signed-api.postgres-replay-store")) throws(SignedVerificationError) {
        try self.init(configuration: Configuration(url: url), logger: logger)
    }

    /// `PostgresReplayStore(postgres://USER@HOST:PORT/DATABASE table …)`, without the password.
    public var description: String {
        "PostgresReplayStore(\(configuration))"
    }

    /// The same as ``description``: no password.
    public var debugDescription: String { description }

    /// The configuration alone (whose mirror hides the password), not the connection pool.
    public var customMirror: Mirror {
        Mirror(self, children: ["configuration": configuration])
    }

    /// How the inserts of this store have been batched since it was made: the batches sent,
    /// the keys they held, and the calls waiting for the next batch now. For monitoring and
    /// benchmarks: a mean batch size near 1 under load means each request pays a statement and
    /// a commit of its own.
    public var batchStatistics: BatchStatistics {
        batcher.statistics
    }

    // MARK: Running

    /// Runs the connection pool and the deletion of expired rows until the task is cancelled
    /// or, in a `ServiceGroup`, until graceful shutdown; then closes every connection.
    ///
    /// Expired rows are deleted every ``Configuration/purgeInterval`` and after every
    /// ``Configuration/expiredBatchSize`` accepted inserts, one bounded batch per statement
    /// until a batch comes back short. A store runs once: a second call is a programming error.
    public func run() async throws {
        startRunning()
        await runLoops()
    }

    /// Runs `body` with this store running (``run()`` in a child task), then stops it: for
    /// scripts and tests. The store is finished afterwards and cannot run again.
    public func withRunning<Result>(_ body: (PostgresReplayStore) async throws -> Result) async throws -> Result {
        // Running from here on, before the child task is scheduled: `body`'s first call must
        // not find the store "not running". Calls made before the pool's run loop starts
        // simply wait for it.
        startRunning()
        let (poolStarting, signal) = AsyncStream.makeStream(of: Void.self)
        return try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { await self.runLoops { signal.finish() } }
            defer { group.cancelAll() }
            // Until the pool's run loop is about to start, so that `body`'s first call does not
            // find it idle (postgres-nio would log a warning, though the call would still wait).
            for await _ in poolStarting {}
            return try await body(self)
        }
    }

    private func startRunning() {
        let first = shared.withLockedValue { shared in
            defer { shared.phase = .running }
            return shared.phase == .notStarted
        }
        precondition(first, "PostgresReplayStore.run() was called twice; a store runs once")
    }

    /// The run loops; `poolStarting` is called just before the pool's own.
    private func runLoops(poolStarting: @escaping @Sendable () -> Void = {}) async {
        defer { shared.withLockedValue { $0.phase = .finished } }
        // Every child returns (rather than throws) when cancelled, so a ServiceGroup sees a
        // clean stop at graceful shutdown.
        await cancelWhenGracefulShutdown {
            await withDiscardingTaskGroup { group in
                group.addTask {
                    poolStarting()
                    await self.client.run()
                }
                group.addTask { await self.tickPurges() }
                group.addTask { await self.purgeOnWakeups() }
                group.addTask { await self.probeDuringOutages() }
            }
        }
    }

    private func tickPurges() async {
        while (try? await Task.sleep(for: configuration.purgeInterval)) != nil {
            wakePurge.yield()
        }
    }

    private func purgeOnWakeups() async {
        for await _ in purgeWakeups {
            do throws(SignedVerificationError) {
                while try await deleteExpired(now: Date()) == configuration.expiredBatchSize {}
            } catch {
                if Task.isCancelled { return }  // stopping: the pool is closing under the batch
                logger.warning("deleting expired rows failed; the next round tries again", metadata: ["error": "\(error.message)"])
            }
        }
    }

    /// While the breaker is open, tries the database every ``Configuration/probeInterval`` on a
    /// connection of its own (so the log names the real cause, such as a refused connection),
    /// and closes the breaker when it answers.
    private func probeDuringOutages() async {
        for await _ in availability.opened {
            if let outage = availability.current {
                logger.error("PostgreSQL at \(configuration.endpoint) is unavailable (\(outage.reason)); calls fail at once until it answers")
            }
            while availability.current != nil {
                if let failure = await probe() {
                    availability.fail(failure)
                    guard (try? await Task.sleep(for: configuration.probeInterval)) != nil else { return }
                } else if let lasted = availability.recovered() {
                    logger.notice("PostgreSQL at \(configuration.endpoint) answers again after \(Self.seconds(lasted))")
                }
            }
        }
    }

    /// Connects, asks `SELECT 1` and disconnects, within ``Configuration/timeout``; `nil` when
    /// that worked, else why not in a few words.
    private func probe() async -> String? {
        let configuration = configuration, logger = logger
        let timeout = configuration.timeout
        do {
            try await BoundedCall.run(
                timeout: timeout,
                onTimeout: { SignedVerificationError(code: .replayStoreUnavailable, message: "no answer within \(Self.seconds(timeout))") },
                onCancel: { SignedVerificationError(code: .replayStoreUnavailable, message: "the probe was cancelled") }
            ) { () async throws(SignedVerificationError) in
                do {
                    var postgres = PostgresConnection.Configuration(
                        host: configuration.host, port: configuration.port, username: configuration.username,
                        password: configuration.password, database: configuration.database, tls: try Self.connectionTLS(configuration.tls)
                    )
                    postgres.options.connectTimeout = .nanoseconds(Int64(timeout.components.seconds) * 1_000_000_000 + timeout.components.attoseconds / 1_000_000_000)
                    let connection = try await PostgresConnection.connect(configuration: postgres, id: 0, logger: logger)
                    do {
                        _ = try await connection.query("SELECT 1", logger: logger)
                    } catch {
                        try? await connection.close()
                        throw error
                    }
                    try? await connection.close()
                } catch {
                    throw SignedVerificationError(code: .replayStoreUnavailable, message: Self.reason(error))
                }
            }
            return nil
        } catch {
            return error.message
        }
    }

    // MARK: The table

    /// The SQL that creates the store's table, its expiry index and the procedure that records
    /// a batch, for teams that manage their schema themselves (``createSchema()`` runs the
    /// same statements):
    ///
    /// ```sql
    /// CREATE TABLE IF NOT EXISTS "signed_api_replay" (
    ///     key bytea PRIMARY KEY,
    ///     expires_at timestamptz NOT NULL
    /// );
    /// CREATE INDEX IF NOT EXISTS "signed_api_replay_expires_at" ON "signed_api_replay" (expires_at);
    /// CREATE OR REPLACE PROCEDURE "signed_api_replay_record"(new_keys bytea[], new_expiries timestamptz[], at_time timestamptz, INOUT recorded bytea[])
    /// LANGUAGE plpgsql AS $record$
    /// BEGIN
    ///     WITH taken AS (
    ///         INSERT INTO "signed_api_replay" AS existing (key, expires_at)
    ///         SELECT * FROM unnest(new_keys, new_expiries)
    ///         ON CONFLICT (key) DO UPDATE SET expires_at = EXCLUDED.expires_at
    ///             WHERE existing.expires_at <= at_time
    ///         RETURNING existing.key
    ///     )
    ///     SELECT coalesce(array_agg(taken.key), '{}') INTO recorded FROM taken;
    ///     COMMIT;
    /// END
    /// $record$;
    /// ```
    ///
    /// `key` is `ReplayKey.digest` (32 bytes); `expires_at` is when the record stops counting,
    /// and the index serves the deletion of expired rows. The procedure records a batch and
    /// commits before it answers (``insertIfAbsent(_:until:now:)``); it needs PostgreSQL 11 or
    /// later.
    ///
    /// - Parameters:
    ///   - table: a plain identifier (letters, digits and `_`, not starting with a digit, at
    ///     most 63 bytes).
    ///   - unlogged: `CREATE UNLOGGED TABLE` (``Configuration/unloggedTable``, with its exposure).
    /// - Throws: `SignedVerificationError.Code.invalidConfiguration` for
    ///   any other name.
    public static func schemaSQL(table: String = Configuration.defaultTable, unlogged: Bool = false) throws(SignedVerificationError) -> String {
        try checkTableName(table)
        return QuotedTable(table, unlogged: unlogged).schemaStatements.joined(separator: ";\n") + ";\n"
    }

    /// Creates the table, its index and its procedure (``schemaSQL(table:unlogged:)``), the
    /// table and the index when they do not exist, the procedure replaced by this version's,
    /// in one transaction holding an advisory lock, so instances starting together do not trip
    /// over each other. The store must be running. A table that exists already keeps its kind:
    /// when it is logged and ``Configuration/unloggedTable`` says unlogged, or the reverse, a
    /// warning says so and how to change it.
    ///
    /// - Throws: `SignedVerificationError.Code.replayStoreUnavailable`
    ///   when the database cannot do it (unreachable, no right to create tables, past
    ///   ``Configuration/schemaTimeout``).
    public func createSchema() async throws(SignedVerificationError) {
        let statements = table.schemaStatements
        let lockName = "signed-api replay store schema \(configuration.table)"
        let tableName = "\"\(configuration.table)\""
        let logger = logger
        let unlogged = try await call("creating the table", timeout: configuration.schemaTimeout) { client in
            try await client.withTransaction(logger: logger) { connection in
                try await connection.query("SELECT pg_advisory_xact_lock(hashtext(\(lockName)))", logger: logger)
                for statement in statements {
                    try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger)
                }
                var unlogged = false
                for try await row in try await connection.query("SELECT relpersistence = 'u' FROM pg_class WHERE oid = \(tableName)::regclass", logger: logger) {
                    unlogged = try row.decode(Bool.self)
                }
                return unlogged
            }
        }
        if unlogged != configuration.unloggedTable {
            let kind = unlogged ? "UNLOGGED" : "logged"
            let change = configuration.unloggedTable ? "SET UNLOGGED" : "SET LOGGED"
            logger.warning(
                "the replay store's table \(tableName) at \(configuration.endpoint) exists and is \(kind), which the configuration does not ask for; it is used as it is (ALTER TABLE \(tableName) \(change) changes it, rewriting the table)"
            )
        }
    }

    // MARK: Calls

    /// Records `key` until `expiry` and returns `true`, or returns `false` when its record is
    /// there and has not expired by `now` (a replay).
    ///
    /// The keys of concurrent callers go to the database together, one statement and one
    /// commit per batch (at most ``Configuration/maximumBatchSize`` keys, at most
    /// ``Configuration/concurrentBatches`` on their way), their values always bound as
    /// parameters:
    ///
    /// ```sql
    /// CALL "signed_api_replay_record"($1::bytea[], $2::timestamptz[], $3::timestamptz, NULL)
    /// ```
    ///
    /// The procedure (``schemaSQL(table:unlogged:)``) inserts the batch's keys, commits, and
    /// only then answers with the keys it recorded, so a caller is told its key is new only
    /// once its commit is done, in one round trip. A lone caller's key is sent at once, so it
    /// waits for no timer. `$3` is the earliest `now` of the batch: a record expiring within
    /// the batch's own milliseconds counts as live, never the reverse.
    ///
    /// - Throws: `SignedVerificationError.Code.replayStoreUnavailable`
    ///   when the database did not answer within ``Configuration/timeout``, failed, or is known
    ///   to be unavailable; the caller must refuse the request.
    public func insertIfAbsent(_ key: ReplayKey, until expiry: Date, now: Date) async throws(SignedVerificationError) -> Bool {
        let doing = "recording a nonce"
        try checkCallable(doing)
        let entry = InsertBatcher.Entry(key: key.digest, expiry: expiry, now: now)
        let batcher = batcher
        let send: InsertBatcher.Send = { [self] entries in await self.record(entries) }
        // The batcher answers through a callback: no task of the call's own, one hop less
        // between the database's answer and the caller. A batch's failure is already a
        // `replayStoreUnavailable` error saying what was being done.
        let timeout = configuration.timeout
        let recorded = try await BoundedCall.run(
            timeout: timeout,
            onTimeout: { [self] in timedOut(doing, timeout) },
            onCancel: { [self] in unavailable(doing, reason: "the call was cancelled", cause: CancellationError()) },
            starting: { answer in batcher.insert(entry, send: send, answer: answer) }
        )
        if recorded {
            let due = shared.withLockedValue { shared in
                shared.insertsSincePurge += 1
                guard shared.insertsSincePurge >= configuration.expiredBatchSize else { return false }
                shared.insertsSincePurge = 0
                return true
            }
            if due { wakePurge.yield() }
        }
        return recorded
    }

    /// Sends one batch of distinct keys; answers the keys the database recorded.
    private func record(_ entries: [InsertBatcher.Entry]) async -> Result<Set<[UInt8]>, SignedVerificationError> {
        // One round trip: the procedure inserts, commits, and only then returns the keys it
        // recorded (QuotedTable explains why not the INSERT's own RETURNING rows).
        var binds = PostgresBindings(capacity: 3)
        binds.append(entries.map { ByteBuffer(bytes: $0.key) })
        binds.append(entries.map(\.expiry))
        binds.append(entries.lazy.map(\.now).min() ?? Date())
        let query = PostgresQuery(unsafeSQL: table.recordSQL, binds: binds)
        do {
            return .success(try await call(entries.count == 1 ? "recording a nonce" : "recording \(entries.count) nonces") { client in
                var recorded = Set<[UInt8]>(minimumCapacity: entries.count)
                for try await row in try await client.query(query) {
                    for key in try row.decode([ByteBuffer].self) { recorded.insert(Array(buffer: key)) }
                }
                return recorded
            })
        } catch {
            return .failure(error)
        }
    }

    /// Deletes at most ``Configuration/expiredBatchSize`` rows that expired by `now`, and
    /// returns how many it deleted. ``run()`` calls it; a maintenance script may too.
    ///
    /// Rows another instance is deleting at the same moment are skipped, not waited for
    /// (`FOR UPDATE SKIP LOCKED`), and a row renewed by an insert meanwhile is kept.
    ///
    /// - Throws: `SignedVerificationError.Code.replayStoreUnavailable`.
    @discardableResult
    public func deleteExpired(now: Date = Date()) async throws(SignedVerificationError) -> Int {
        var binds = PostgresBindings(capacity: 2)
        binds.append(now)
        binds.append(configuration.expiredBatchSize)
        let query = PostgresQuery(unsafeSQL: table.deleteExpiredSQL, binds: binds)
        return try await call("deleting expired rows") { client in
            var deleted = 0
            for try await row in try await client.query(query) { deleted = try row.decode(Int.self) }
            return deleted
        }
    }

    /// Runs `operation` on the pool within the timeout, every failure made a
    /// `replayStoreUnavailable` error saying what was being done.
    private func call<Value: Sendable>(
        _ doing: String, timeout: Duration? = nil, _ operation: @escaping @Sendable (PostgresClient) async throws -> Value
    ) async throws(SignedVerificationError) -> Value {
        try checkCallable(doing)
        let client = client
        let timeout = timeout ?? configuration.timeout
        return try await BoundedCall.run(
            timeout: timeout,
            onTimeout: { [self] in timedOut(doing, timeout) },
            onCancel: { [self] in unavailable(doing, reason: "the call was cancelled", cause: CancellationError()) }
        ) { () async throws(SignedVerificationError) -> Value in
            do {
                return try await operation(client)
            } catch let error as SignedVerificationError {
                throw error  // a batch's own failure, already saying what was being done
            } catch {
                let reason = Self.reason(error)
                if Self.meansUnavailable(error) { self.availability.fail(reason) }
                throw self.unavailable(doing, reason: reason, cause: error)
            }
        }
    }

    /// Throws when no call can be made: the store not running, or the database known to be
    /// unavailable (the breaker open).
    private func checkCallable(_ doing: String) throws(SignedVerificationError) {
        let phase = shared.withLockedValue { $0.phase }
        guard phase == .running else {
            let why = phase == .notStarted ? "the store is not running (call run(), or use withRunning)" : "the store has stopped running"
            throw unavailable(doing, reason: why, cause: nil)
        }
        if let outage = availability.current {
            let since = Self.seconds(ContinuousClock.now - outage.since, rounded: true)
            throw unavailable(doing, reason: "unavailable for \(since) (\(outage.reason)); calls fail at once until a probe gets through", cause: nil)
        }
    }

    /// A call that got no answer within `timeout`: the breaker opens, and the error says so.
    private func timedOut(_ doing: String, _ timeout: Duration) -> SignedVerificationError {
        let reason = "no answer within \(Self.seconds(timeout))"
        availability.fail(reason)
        return unavailable(doing, reason: reason + " (the server down, unreachable, locked or overloaded)", cause: nil)
    }

    private func unavailable(_ doing: String, reason: String, cause: (any Error)?) -> SignedVerificationError {
        var message = "\(doing) in PostgreSQL at \(configuration.endpoint) failed: \(reason)"
        if let password = configuration.password, !password.isEmpty {
            message = message.replacingOccurrences(of: password, with: "•••")
        }
        return SignedVerificationError(code: .replayStoreUnavailable, message: message, cause: cause)
    }

    /// A failure in a few words. postgres-nio's `PSQLError` keeps its details out of its
    /// description on purpose; the parts read here are the code, the server's message and the
    /// connection's error, none of which holds a password.
    private static func reason(_ error: any Error) -> String {
        let error = unwrapped(error)
        guard let error = error as? PSQLError else { return String(describing: error) }
        if error.code == .server, let info = error.serverInfo {
            let state = info[.sqlState].map { " (SQLSTATE \($0))" } ?? ""
            return "the server said: \(info[.message] ?? "an error")\(state)"
        }
        if let underlying = error.underlying {
            return "\(error.code): \(underlying)"
        }
        return "\(error.code)"
    }

    /// The error inside a transaction's error: the failed BEGIN, statement or COMMIT.
    private static func unwrapped(_ error: any Error) -> any Error {
        guard let error = error as? PostgresTransactionError else { return error }
        return error.beginError ?? error.closureError ?? error.commitError ?? error.rollbackError ?? error
    }

    /// Whether `error` says the database is out of reach, rather than that a statement failed:
    /// a connection that could not be made or was lost, or the server shutting down or not
    /// accepting connections yet (SQLSTATE classes 08 and 57P).
    private static func meansUnavailable(_ error: any Error) -> Bool {
        guard let error = unwrapped(error) as? PSQLError else { return false }
        guard error.code == .server else { return true }
        let state = error.serverInfo?[.sqlState] ?? ""
        return state.hasPrefix("08") || state.hasPrefix("57P")
    }

    private static func seconds(_ duration: Duration, rounded: Bool = false) -> String {
        let value = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
        if rounded { return "\(Int(value.rounded())) s" }
        return value == value.rounded() ? "\(Int(value)) s" : "\(value) s"
    }

    /// The probe's TLS: the pool's, as a context for one connection.
    private static func connectionTLS(_ mode: Configuration.TLSMode) throws -> PostgresConnection.Configuration.TLS {
        switch mode {
        case .disable:
            return .disable
        case .prefer:
            return .prefer(try NIOSSLContext(configuration: .makeClientConfiguration()))
        case .require:
            var unverified = TLSConfiguration.makeClientConfiguration()
            unverified.certificateVerification = .none
            return .require(try NIOSSLContext(configuration: unverified))
        case .verifyFull:
            return .require(try NIOSSLContext(configuration: .makeClientConfiguration()))
        }
    }

    private static func tls(_ mode: Configuration.TLSMode) -> PostgresClient.Configuration.TLS {
        switch mode {
        case .disable:
            return .disable
        case .prefer:
            return .prefer(.makeClientConfiguration())
        case .require:
            var unverified = TLSConfiguration.makeClientConfiguration()
            unverified.certificateVerification = .none
            return .require(unverified)
        case .verifyFull:
            return .require(.makeClientConfiguration())
        }
    }

    /// Checks that `table` is a plain identifier of at most 63 bytes.
    static func checkTableName(_ table: String) throws(SignedVerificationError) {
        let bytes = Array(table.utf8)
        let plain = !bytes.isEmpty && bytes.count <= 63 && bytes.enumerated().allSatisfy { index, byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "_"): true
            case UInt8(ascii: "0")...UInt8(ascii: "9"): index > 0
            default: false
            }
        }
        guard plain else {
            throw SignedVerificationError(
                code: .invalidConfiguration,
                message: "replay store table name \"\(table.prefix(80))\" is not a plain identifier (letters, digits and _, not starting with a digit, at most 63 bytes)"
            )
        }
    }
}

/// The table's name, checked and quoted, and the statements written with it.
struct QuotedTable: Sendable {
    let schemaStatements: [String]
    let recordSQL: String
    let deleteExpiredSQL: String
    /// The quoted name of the procedure that records a batch.
    let procedure: String

    /// `name` must have passed ``PostgresReplayStore/checkTableName(_:)``: a plain identifier
    /// needs no escaping inside double quotes.
    init(_ name: String, unlogged: Bool = false) {
        let table = "\"\(name)\""
        // PostgreSQL cuts identifiers at 63 bytes, so a long table name gets derived names made
        // of its start and a hash of it: never cut back into the table's own name.
        func derived(_ suffix: String) -> String {
            let plain = name.utf8.count + suffix.utf8.count <= 63
                ? name + suffix
                : name.prefix(40) + "_" + SHA256.hash(Array(name.utf8)).hex.prefix(8) + suffix
            return "\"\(plain)\""
        }
        procedure = derived("_record")
        // Not `ON CONFLICT DO NOTHING`: a record that expired but was not deleted yet would then
        // count as a replay. `DO UPDATE … WHERE existing.expires_at <= at_time` takes such a row
        // over (a new expiry, the key returned) and leaves a live one alone (not returned),
        // atomically under the primary key's lock, so of concurrent batches exactly one gets a
        // key back. The procedure commits before it returns: its one row (the keys recorded)
        // leaves the server only once the commit is done (flushed, when synchronous_commit is
        // on), so a key the client reads back is recorded, in one round trip. A statement's own
        // rows may reach the client before its implicit commit, which is why the keys are not
        // simply the INSERT's RETURNING rows. (PL/pgSQL prepares the INSERT once per connection.)
        schemaStatements = [
            "CREATE \(unlogged ? "UNLOGGED " : "")TABLE IF NOT EXISTS \(table) (\n    key bytea PRIMARY KEY,\n    expires_at timestamptz NOT NULL\n)",
            "CREATE INDEX IF NOT EXISTS \(derived("_expires_at")) ON \(table) (expires_at)",
            """
            CREATE OR REPLACE PROCEDURE \(procedure)(new_keys bytea[], new_expiries timestamptz[], at_time timestamptz, INOUT recorded bytea[])
            LANGUAGE plpgsql AS $record$
            BEGIN
                WITH taken AS (
                    INSERT INTO \(table) AS existing (key, expires_at)
                    SELECT * FROM unnest(new_keys, new_expiries)
                    ON CONFLICT (key) DO UPDATE SET expires_at = EXCLUDED.expires_at
                        WHERE existing.expires_at <= at_time
                    RETURNING existing.key
                )
                SELECT coalesce(array_agg(taken.key), '{}') INTO recorded FROM taken;
                COMMIT;
            END
            $record$
            """,
        ]
        recordSQL = "CALL \(procedure)($1::bytea[], $2::timestamptz[], $3::timestamptz, NULL)"
        // ctid picks the rows of one bounded batch. SKIP LOCKED lets instances purging at once
        // share the work instead of queueing on each other's rows; a row an insert renewed
        // meanwhile has a new version (a new ctid, a later expiry) and is not deleted.
        // ORDER BY expires_at bounds the work, not only the rows: it takes the expiry index
        // from its oldest end. Without it the planner may scan the table for the first rows
        // that match (its statistics, old or missing, say many have expired, but the expired
        // ones lie anywhere in a table whose space is reused), reading all of it per batch.
        deleteExpiredSQL = """
            WITH gone AS (DELETE FROM \(table) WHERE ctid IN \
            (SELECT ctid FROM \(table) WHERE expires_at <= $1 ORDER BY expires_at LIMIT $2 FOR UPDATE SKIP LOCKED) RETURNING 1) \
            SELECT count(*)::int8 FROM gone
            """
    }
}
#endif
