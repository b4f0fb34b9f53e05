import Foundation
import PostgresNIO
import PostgresReplayStore
import SignedVerification
import Testing
import TestSupport

@Suite("PostgresReplayStore faults", .timeLimit(.minutes(3)))
struct FaultTests {
    @Test(
        "the server stops: every call throws replayStoreUnavailable; it starts again: the same store works, replays still refused",
        .enabled(if: TestPostgres.hasServer || TestEnvironment.isCI, Comment(rawValue: TestPostgres.missingServerMessage))
    )
    func outage() async throws {
        try await ThrowawayCluster.with { cluster in
            var configuration = try PostgresReplayStore.Configuration(url: cluster.url)
            configuration.timeout = .seconds(1)
            let store = try PostgresReplayStore(configuration: configuration, logger: TestDatabase.quietLogger)
            let now = Date()
            try await store.withRunning { store in
                try await store.createSchema()
                // A fresh key per attempt: an attempt that timed out may still have been recorded
                // (refused, yet in the table: the store fails closed), so its key is no longer new.
                let before = try await TestDatabase.untilAnswered { () async throws -> ReplayKey in
                    let key = ReplayKey.fresh()
                    let isNew = try await store.insertIfAbsent(key, until: now + 600, now: now)
                    #expect(isNew)
                    return key
                }

                try await cluster.stop()
                // Sequential calls, then a burst at once: each one throws, none answers unchecked.
                // The first finds the server gone; the others fail at once, without a wait.
                _ = await expectUnavailable(store, before, now: now)
                for _ in 0..<3 {
                    #expect(await expectUnavailable(store, before, now: now).contains("calls fail at once until a probe gets through"))
                    #expect(await expectUnavailable(store, .fresh(), now: now).contains("calls fail at once until a probe gets through"))
                }
                // The background probe names the real cause.
                while await !expectUnavailable(store, .fresh(), now: now).lowercased().contains("connection refused") {
                    try await Task.sleep(for: .milliseconds(20))
                }
                let outcomes = await withTaskGroup(of: String.self) { group in
                    for _ in 0..<20 {
                        group.addTask {
                            do {
                                let fresh = try await store.insertIfAbsent(.fresh(), until: now + 600, now: now)
                                return "answered \(fresh) with the server down"
                            } catch {
                                return isUnavailable(error) ? "unavailable" : "\(error)"
                            }
                        }
                    }
                    return await group.reduce(into: [String]()) { $0.append($1) }
                }
                #expect(outcomes == Array(repeating: "unavailable", count: 20))

                try await cluster.resume()
                // The pool reconnects on its own (with backoff): no restart of the store.
                var recovered = false
                let deadline = ContinuousClock.now + .seconds(30)
                while !recovered, ContinuousClock.now < deadline {
                    do {
                        recovered = try await store.insertIfAbsent(.fresh(), until: now + 600, now: now)
                    } catch {
                        #expect(isUnavailable(error), "\(error)")
                        try await Task.sleep(for: .milliseconds(200))
                    }
                }
                #expect(recovered, "the store did not answer again within 30 s of the server's restart")
                #expect(try await !TestDatabase.untilAnswered { try await store.insertIfAbsent(before, until: now + 600, now: now) }, "a key recorded before the outage is still a replay")
            }
        }
    }

    @Test(
        "the server killed with SIGKILL while batches are on their way: every key told new is in the table after crash recovery",
        .enabled(if: TestPostgres.hasServer || TestEnvironment.isCI, Comment(rawValue: TestPostgres.missingServerMessage))
    )
    func killedMidBatch() async throws {
        try await ThrowawayCluster.with(durable: true) { cluster in
            var configuration = try PostgresReplayStore.Configuration(url: cluster.url)
            configuration.timeout = .seconds(1)
            let store = try PostgresReplayStore(configuration: configuration, logger: TestDatabase.quietLogger)
            let now = Date()
            let accepted = try await store.withRunning { store in
                try await store.createSchema()
                // Writers insert fresh keys and report each key told new; once the server has
                // been killed, each stops at its first failure (before, a call that missed its
                // timeout on a loaded machine is simply followed by the next).
                let (told, tell) = AsyncStream.makeStream(of: ReplayKey.self)
                let killed = KilledFlag()
                return try await withThrowingTaskGroup(of: Void.self) { group in
                    for _ in 0..<32 {
                        group.addTask {
                            while true {
                                let key = ReplayKey.fresh()
                                if (try? await store.insertIfAbsent(key, until: now + 600, now: now)) == true {
                                    tell.yield(key)
                                } else if await killed.isSet {
                                    return
                                } else {
                                    try await Task.sleep(for: .milliseconds(10))  // the store refusing at once until its probe gets through
                                }
                            }
                        }
                    }
                    var accepted: [ReplayKey] = []
                    var keys = told.makeAsyncIterator()
                    while accepted.count < 2_000, let key = await keys.next() { accepted.append(key) }
                    try await cluster.kill()
                    await killed.set()
                    try await group.waitForAll()
                    tell.finish()
                    while let key = await keys.next() { accepted.append(key) }
                    return accepted
                }
            }
            try await cluster.resume()
            let recorded = try await TestDatabase.withConnection(configuration) { connection in
                var recorded = Set<[UInt8]>()
                for try await row in try await connection.query(PostgresQuery(unsafeSQL: "SELECT key FROM \"\(configuration.table)\""), logger: TestDatabase.quietLogger) {
                    recorded.insert(Array(buffer: try row.decode(ByteBuffer.self)))
                }
                return recorded
            }
            let missing = accepted.filter { !recorded.contains($0.digest) }
            #expect(accepted.count >= 2_000)
            #expect(missing.isEmpty, "\(missing.count) of \(accepted.count) keys told new are not in the table after the crash")
        }
    }

    @Test(
        "a table locked by another session: the call times out with replayStoreUnavailable, and works once the lock goes",
        .enabled(if: TestDatabase.isEnabled, TestDatabase.missingMessage)
    )
    func lockedTable() async throws {
        try await TestDatabase.withStore("locked", configure: { $0.timeout = .seconds(1) }) { store async throws in
            let now = Date()
            let table = store.configuration.table
            try await TestDatabase.withConnection(store.configuration) { holder in
                try await holder.query("BEGIN", logger: TestDatabase.quietLogger)
                try await holder.query(PostgresQuery(unsafeSQL: "LOCK TABLE \"\(table)\" IN ACCESS EXCLUSIVE MODE"), logger: TestDatabase.quietLogger)
                let error = await #expect(throws: SignedVerificationError.self) {
                    try await store.insertIfAbsent(.fresh(), until: now + 60, now: now)
                }
                #expect(error?.code == .replayStoreUnavailable)
                #expect(error?.message.contains(store.configuration.endpoint) == true)
                try await holder.query("ROLLBACK", logger: TestDatabase.quietLogger)
            }
            #expect(try await TestDatabase.untilAnswered { try await store.insertIfAbsent(.fresh(), until: now + 60, now: now) })
        }
    }

    /// Whether the test has killed its server.
    private actor KilledFlag {
        private(set) var isSet = false
        func set() { isSet = true }
    }

    /// Expects the call to throw `replayStoreUnavailable` naming the server; returns the message.
    @discardableResult
    private func expectUnavailable(_ store: PostgresReplayStore, _ key: ReplayKey, now: Date) async -> String {
        let error = await #expect(throws: SignedVerificationError.self) {
            try await store.insertIfAbsent(key, until: now + 600, now: now)
        }
        #expect(error?.code == .replayStoreUnavailable, "\(String(describing: error))")
        #expect(error?.message.contains(store.configuration.endpoint) == true)
        return error?.message ?? ""
    }
}
