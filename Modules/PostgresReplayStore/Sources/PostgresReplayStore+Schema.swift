// Compiled with the PostgresReplayStore trait only: without it, TraitCheck.swift's #error is the one message.
#if PostgresReplayStore
import PostgresNIO
public import SignedVerification

// The table and its procedure: their SQL for your own migrations, and their creation.
extension PostgresReplayStore {
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
#endif
