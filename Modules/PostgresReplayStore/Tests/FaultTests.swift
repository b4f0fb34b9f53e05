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
                let before = ReplayKey.fresh()
                #expect(try await TestDatabase.untilAnswered { try await store.insertIfAbsent(before, until: now + 600, now: now) })

                try await cluster.stop()
                // Sequential calls, then a burst at once: each one throws, none answers unchecked.
                for _ in 0..<3 {
                    await expectUnavailable(store, before, now: now)
                    await expectUnavailable(store, .fresh(), now: now)
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

    private func expectUnavailable(_ store: PostgresReplayStore, _ key: ReplayKey, now: Date) async {
        let error = await #expect(throws: SignedVerificationError.self) {
            try await store.insertIfAbsent(key, until: now + 600, now: now)
        }
        #expect(error?.code == .replayStoreUnavailable, "\(String(describing: error))")
        #expect(error?.message.contains(store.configuration.endpoint) == true)
    }
}
