import Foundation
import PostgresNIO
import PostgresReplayStore
import SignedVerification
import Testing

@Suite("PostgresReplayStore on PostgreSQL", .enabled(if: TestDatabase.isEnabled, TestDatabase.missingMessage), .timeLimit(.minutes(3)))
struct PostgresReplayStoreTests {
    let now = Date()

    @Test("a new key is recorded, the same key again is a replay, another key is not")
    func insertAndDuplicate() async throws {
        try await TestDatabase.withStore("dup") { store async throws in
            let key = ReplayKey.fresh()
            #expect(try await store.insertIfAbsent(key, until: now + 300, now: now))
            #expect(try await !store.insertIfAbsent(key, until: now + 300, now: now))
            #expect(try await !store.insertIfAbsent(key, until: now + 300, now: now + 299))
            #expect(try await store.insertIfAbsent(.fresh(), until: now + 300, now: now))
            var other = key
            other.token = nil
            #expect(try await store.insertIfAbsent(other, until: now + 300, now: now), "no token differs from a token")
        }
    }

    @Test("an expired record not deleted yet does not count as a replay, and is renewed")
    func expiryHonoured() async throws {
        try await TestDatabase.withStore("expiry") { store async throws in
            let key = ReplayKey.fresh()
            #expect(try await store.insertIfAbsent(key, until: now + 60, now: now))
            #expect(try await TestDatabase.rowCount(store.configuration) == 1)
            // At the expiry itself the record no longer counts (`expires_at <= now`).
            #expect(try await store.insertIfAbsent(key, until: now + 180, now: now + 60))
            #expect(try await TestDatabase.rowCount(store.configuration) == 1)
            #expect(try await !store.insertIfAbsent(key, until: now + 400, now: now + 179))
            #expect(try await store.insertIfAbsent(key, until: now + 400, now: now + 181))
        }
    }

    @Test("deletion removes expired rows only, a bounded batch at a time")
    func batchDeletion() async throws {
        // A day ahead of the wall clock: run()'s own purges (which use the wall clock, after
        // every expiredBatchSize inserts) must not delete these rows before the test does,
        // however long the test takes on a loaded machine.
        let now = Date().addingTimeInterval(86_400)
        try await TestDatabase.withStore("purge", configure: { $0.expiredBatchSize = 10 }) { store async throws in
            let expired = (0..<25).map { ReplayKey.fresh(nonce: "expired-\($0)") }
            let live = (0..<5).map { ReplayKey.fresh(nonce: "live-\($0)") }
            for key in expired { #expect(try await store.insertIfAbsent(key, until: now + 10, now: now)) }
            for key in live { #expect(try await store.insertIfAbsent(key, until: now + 1_000, now: now)) }
            let later = now + 100
            #expect(try await store.deleteExpired(now: later) == 10)
            #expect(try await store.deleteExpired(now: later) == 10)
            #expect(try await store.deleteExpired(now: later) == 5)
            #expect(try await store.deleteExpired(now: later) == 0)
            #expect(try await TestDatabase.rowCount(store.configuration) == 5)
            for key in live { #expect(try await !store.insertIfAbsent(key, until: later + 1_000, now: later)) }
            for key in expired.prefix(3) { #expect(try await store.insertIfAbsent(key, until: later + 10, now: later)) }
        }
    }

    @Test("run() deletes expired rows after every expiredBatchSize accepted inserts")
    func purgeAfterInserts() async throws {
        try await TestDatabase.withStore("wake", configure: { $0.expiredBatchSize = 10; $0.purgeInterval = .seconds(3_600) }) { store async throws in
            let past = Date() - 3_600
            for index in 0..<10 {
                #expect(try await store.insertIfAbsent(.fresh(nonce: "old-\(index)"), until: past, now: past - 60))
            }
            var remaining = try await TestDatabase.rowCount(store.configuration)
            let deadline = ContinuousClock.now + .seconds(30)
            while remaining > 0, ContinuousClock.now < deadline {
                try await Task.sleep(for: .milliseconds(50))
                remaining = try await TestDatabase.rowCount(store.configuration)
            }
            #expect(remaining == 0, "the tenth insert should have woken the purge")
        }
    }

    @Test("200 tasks racing one key: exactly one is told it is new")
    func raceOneStore() async throws {
        try await TestDatabase.withStore("race") { store async throws in
            for round in 0..<3 {
                let key = ReplayKey.fresh(nonce: "race-\(round)-\(UUID())")
                let accepted = try await withThrowingTaskGroup(of: Bool.self) { group in
                    for _ in 0..<200 {
                        group.addTask { try await store.insertIfAbsent(key, until: now + 300, now: now) }
                    }
                    return try await group.reduce(0) { $0 + ($1 ? 1 : 0) }
                }
                #expect(accepted == 1)
            }
        }
    }

    @Test("three stores (three pools, as three instances) racing one key: exactly one is told it is new")
    func raceThreeStores() async throws {
        try await TestDatabase.withStore("race3") { first in
            var configuration = first.configuration
            configuration.maximumConnections = 8
            let second = try PostgresReplayStore(configuration: configuration, logger: TestDatabase.quietLogger)
            let third = try PostgresReplayStore(configuration: configuration, logger: TestDatabase.quietLogger)
            try await second.withRunning { second in
                try await third.withRunning { third in
                    let stores = [first, second, third]
                    for round in 0..<3 {
                        let key = ReplayKey.fresh(nonce: "race3-\(round)-\(UUID())")
                        let accepted = try await withThrowingTaskGroup(of: Bool.self) { group in
                            for task in 0..<200 {
                                let store = stores[task % 3]
                                group.addTask { try await store.insertIfAbsent(key, until: now + 300, now: now) }
                            }
                            return try await group.reduce(0) { $0 + ($1 ? 1 : 0) }
                        }
                        #expect(accepted == 1)
                    }
                }
            }
        }
    }

    static let hostile: [String] = [
        "'; DROP TABLE signed_api_replay; --",
        "\"); DELETE FROM pg_class; --",
        "$1 $2 $3 \\x00 E'\\\\'",
        "nul\u{0}inside",
        "\u{0}",
        String(repeating: "N", count: 10 * 1_024),
        String(repeating: "\u{0}'\"\\;", count: 2_048),
        String(decoding: [0xFF, 0xFE, 0xC0, 0x80, 0xED, 0xA0, 0x80], as: UTF8.self),  // invalid bytes, read as U+FFFD
        "\u{FEFF}\u{202E}gnp.exe\u{200B}",
        "🔐😀👨‍👩‍👧",
        "",
    ]

    @Test("hostile nonces and client ids are stored and refused like any other, the table intact")
    func hostileKeys() async throws {
        try await TestDatabase.withStore("hostile") { store async throws in
            var keys: [ReplayKey] = []
            for text in Self.hostile {
                keys.append(.fresh(nonce: text))
                keys.append(.fresh(client: text, nonce: "n"))
                keys.append(ReplayKey(scheme: text, client: text, token: text, timestamp: -1, nonce: text))
            }
            #expect(Set(keys).count == keys.count)
            for key in keys {
                #expect(try await store.insertIfAbsent(key, until: now + 300, now: now), "\(key)")
            }
            for key in keys {
                #expect(try await !store.insertIfAbsent(key, until: now + 300, now: now), "\(key)")
            }
            // A NUL does not cut a key short: the same nonce up to the NUL is another key.
            #expect(try await store.insertIfAbsent(.fresh(nonce: "nul"), until: now + 300, now: now))
            #expect(try await TestDatabase.rowCount(store.configuration) == keys.count + 1)
        }
    }

    @Test("hostile keys inside one batch: each told new once, then refused together, the table intact")
    func hostileKeysInOneBatch() async throws {
        try await TestDatabase.withStore("hostile_batch") { store async throws in
            let keys = Self.hostile.flatMap { [ReplayKey.fresh(nonce: $0), ReplayKey.fresh(client: $0, nonce: "batched")] }
            #expect(Set(keys).count == keys.count)
            for (round, expected) in [true, false].enumerated() {
                let (opened, answers) = try await Self.inOneBatch(keys, store: store, opener: .fresh(nonce: "opener-\(round)"))
                #expect(opened)
                #expect(answers.count == keys.count && answers.allSatisfy { $0.value == expected }, "round \(round): \(answers.filter { $0.value != expected }.map(\.key))")
            }
            #expect(store.batchStatistics.largestBatch == keys.count)
            #expect(try await TestDatabase.rowCount(store.configuration) == keys.count + 2)
        }
    }

    /// Inserts `keys` in one batch: `opener`'s batch is held by a lock on the table while the
    /// keys queue behind it, then the lock goes and they leave together. Returns `opener`'s
    /// answer and each key's.
    private static func inOneBatch(_ keys: [ReplayKey], store: PostgresReplayStore, opener: ReplayKey) async throws -> (Bool, [ReplayKey: Bool]) {
        let now = Date()
        let logger = TestDatabase.quietLogger
        return try await TestDatabase.withConnection(store.configuration) { holder in
            try await holder.query("BEGIN", logger: logger)
            try await holder.query(PostgresQuery(unsafeSQL: "LOCK TABLE \"\(store.configuration.table)\" IN EXCLUSIVE MODE"), logger: logger)
            let sent = store.batchStatistics.batches
            return try await withThrowingTaskGroup(of: (ReplayKey, Bool).self) { group in
                group.addTask { (opener, try await store.insertIfAbsent(opener, until: now + 300, now: now)) }
                while store.batchStatistics.batches == sent { try await Task.sleep(for: .milliseconds(5)) }
                for key in keys {
                    group.addTask { (key, try await store.insertIfAbsent(key, until: now + 300, now: now)) }
                }
                while store.batchStatistics.waiting < keys.count { try await Task.sleep(for: .milliseconds(5)) }
                try await holder.query("ROLLBACK", logger: logger)
                var answers: [ReplayKey: Bool] = [:]
                for try await (key, answer) in group { answers[key] = answer }
                try #require(answers[opener] != nil, "the opener's call was answered")
                let opened = answers.removeValue(forKey: opener) ?? false
                return (opened, answers)
            }
        }
    }

    @Test("unloggedTable: createSchema makes the table UNLOGGED, and the store works on it")
    func unloggedTable() async throws {
        try await TestDatabase.withStore("unlogged", configure: { $0.unloggedTable = true }) { store async throws in
            let persistence = try await TestDatabase.withConnection(store.configuration) { connection in
                var persistence = ""
                let sql = "SELECT relpersistence::text FROM pg_class WHERE oid = '\"\(store.configuration.table)\"'::regclass"
                for try await row in try await connection.query(PostgresQuery(unsafeSQL: sql), logger: TestDatabase.quietLogger) {
                    persistence = try row.decode(String.self)
                }
                return persistence
            }
            #expect(persistence == "u")
            let key = ReplayKey.fresh()
            #expect(try await store.insertIfAbsent(key, until: now + 300, now: now))
            #expect(try await !store.insertIfAbsent(key, until: now + 300, now: now))
        }
    }

    @Test("an unreachable server: every call throws replayStoreUnavailable naming host:port/db, never the password")
    func unreachable() async throws {
        // Port 1 on loopback: nothing listens, so connecting is refused at once.
        var configuration = try PostgresReplayStore.Configuration(url: "postgres://app:S3cret-Pa55@127.0.0.1:1/replay")
        configuration.timeout = .milliseconds(500)
        configuration.schemaTimeout = .milliseconds(500)
        let store = try PostgresReplayStore(configuration: configuration, logger: TestDatabase.quietLogger)
        try await store.withRunning { store in
            for _ in 0..<3 {
                let error = await #expect(throws: SignedVerificationError.self) {
                    try await store.insertIfAbsent(.fresh(), until: now + 60, now: now)
                }
                #expect(error?.code == .replayStoreUnavailable)
                #expect(error.map { "\($0)".hasPrefix("replay store unavailable: ") } == true)
                #expect(error?.message.contains("127.0.0.1:1/replay") == true)
                #expect(error.map { "\($0)".contains("S3cret-Pa55") } == false)
                #expect(error.map { String(reflecting: $0).contains("S3cret-Pa55") } == false)
            }
            let error = await #expect(throws: SignedVerificationError.self) { try await store.createSchema() }
            #expect(error?.code == .replayStoreUnavailable)
        }
    }

    @Test("a password in the URL stays out of description and errors against the real server")
    func passwordAgainstServer() async throws {
        let base = try PostgresReplayStore.Configuration(url: TestDatabase.requireURL())
        // Trust authentication on loopback ignores the password, so the calls succeed with it.
        let url = "postgres://\(base.username):S3cret-Pa55@\(base.endpoint)"
        try await TestDatabase.withStore("password", url: url) { store async throws in
            #expect(store.configuration.password == "S3cret-Pa55")
            #expect(!store.description.contains("S3cret-Pa55"))
            #expect(try await store.insertIfAbsent(.fresh(), until: now + 60, now: now))
            var missing = store.configuration
            missing.table = "no_such_table_\(UUID().uuidString.prefix(8).lowercased())"
            let broken = try PostgresReplayStore(configuration: missing, logger: TestDatabase.quietLogger)
            try await broken.withRunning { broken in
                let error = await #expect(throws: SignedVerificationError.self) {
                    try await broken.insertIfAbsent(.fresh(), until: now + 60, now: now)
                }
                #expect(error?.code == .replayStoreUnavailable)
                #expect(error?.message.contains("does not exist") == true, "\(error?.message ?? "")")
                #expect(error.map { "\($0)".contains("S3cret-Pa55") } == false)
            }
        }
    }
}
