// Compiled with the PostgresReplayStore trait only: without it, TraitCheck.swift's #error is the one message.
#if PostgresReplayStore
public import Logging
import NIOConcurrencyHelpers
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

    /// The connection pool, running while ``run()`` runs.
    let client: PostgresClient
    let logger: Logger
    let table: QuotedTable
    let shared = NIOLockedValueBox(Shared())
    /// Wakes the purge of expired rows: on its timer and after every
    /// ``Configuration/expiredBatchSize`` accepted inserts.
    let purgeWakeups: AsyncStream<Void>
    let wakePurge: AsyncStream<Void>.Continuation
    let batcher: InsertBatcher
    let availability = Availability()

    enum Phase {
        case notStarted, running, finished
    }

    struct Shared {
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
}
#endif
