// Compiled with the PostgresReplayStore trait only: without it, TraitCheck.swift's #error is the one message.
#if PostgresReplayStore
public import Foundation
import NIOConcurrencyHelpers
import NIOCore
import PostgresNIO
public import SignedVerification

// The calls: a key recorded in a batch, expired rows deleted, each within the timeout and failing closed.
extension PostgresReplayStore {
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

    /// Deletes at most ``Configuration/expiredBatchSize`` rows that expired by `now`, the
    /// oldest expiries first (read from the expiry index, so a batch's work does not grow with
    /// the table), and returns how many it deleted. ``run()`` calls it; a maintenance script
    /// may too.
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
    func call<Value: Sendable>(
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
}
#endif
