// Compiled with the PostgresReplayStore trait only: without it, TraitCheck.swift's #error is the one message.
#if PostgresReplayStore
import SignedVerification

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
