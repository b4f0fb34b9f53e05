import Foundation
import PostgresNIO
import PostgresReplayStore
import SignedVerification
import Testing
import TestSupport

/// A PostgreSQL cluster of the test's own (`.ci/postgres.sh`), to stop and start under a store.
final class ThrowawayCluster: Sendable {
    static let script = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent(".ci/postgres.sh")
    static let isAvailable: Bool = {
        let versions = (try? FileManager.default.contentsOfDirectory(atPath: "/usr/lib/postgresql")) ?? []
        return versions.contains { FileManager.default.isExecutableFile(atPath: "/usr/lib/postgresql/\($0)/bin/initdb") }
    }()
    static let missingMessage: Comment = """
        PostgreSQL's server binaries (/usr/lib/postgresql/*/bin/initdb, pg_ctl) are not installed \
        (apt-get install postgresql), so the outage test is skipped (a failure when CI=true)
        """

    let url: String
    let directory: String

    init() throws {
        let output = try Self.script("start").output
        func value(_ name: String) throws -> String {
            let line = try #require(output.split(separator: "\n").first { $0.hasPrefix("export \(name)='") }, "\(output)")
            return String(line.dropFirst("export \(name)='".count).dropLast())
        }
        url = try value("SIGNED_API_TEST_POSTGRES_URL")
        directory = try value("SIGNED_API_TEST_POSTGRES_DIR")
    }

    func stop() throws { try Self.script("stop", directory) }
    func resume() throws { try Self.script("resume", directory) }

    deinit {
        _ = try? Self.script("destroy", directory)
    }

    @discardableResult
    private static func script(_ arguments: String...) throws -> ChildProcess.Result {
        let result = try ChildProcess.run(URL(fileURLWithPath: "/bin/bash"), [script.path] + arguments, timeout: .seconds(90))
        guard result.status == 0 else {
            throw SignedVerificationError(code: .invalidConfiguration, message: "postgres.sh \(arguments.joined(separator: " ")) failed: \(result.errorOutput)")
        }
        return result
    }
}

@Suite("PostgresReplayStore faults", .timeLimit(.minutes(1)))
struct FaultTests {
    @Test(
        "the server stops: every call throws replayStoreUnavailable; it starts again: the same store works, replays still refused",
        .enabled(if: ThrowawayCluster.isAvailable || TestEnvironment.isCI, ThrowawayCluster.missingMessage)
    )
    func outage() async throws {
        let cluster = try ThrowawayCluster()
        var configuration = try PostgresReplayStore.Configuration(url: cluster.url)
        configuration.timeout = .seconds(1)
        let store = try PostgresReplayStore(configuration: configuration, logger: TestDatabase.quietLogger)
        let now = Date()
        try await store.withRunning { store in
            try await store.createSchema()
            let before = ReplayKey.fresh()
            #expect(try await store.insertIfAbsent(before, until: now + 600, now: now))

            try cluster.stop()
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

            try cluster.resume()
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
            #expect(try await !store.insertIfAbsent(before, until: now + 600, now: now), "a key recorded before the outage is still a replay")
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
            #expect(try await store.insertIfAbsent(.fresh(), until: now + 60, now: now))
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
