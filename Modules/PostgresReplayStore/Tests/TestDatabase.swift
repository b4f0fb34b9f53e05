import Foundation
import Logging
import NIOCore
import PostgresNIO
import PostgresReplayStore
import SignedVerification
import Testing
import TestSupport

/// The PostgreSQL the tests use: its URL from `SIGNED_API_TEST_POSTGRES_URL` (`.ci/run` starts a
/// throwaway cluster and sets it; locally `eval "$(bash .ci/postgres.sh start)"`). Without it
/// the tests skip with a message, except under `CI=true`, where they fail.
enum TestDatabase {
    static let variable = TestPostgres.variable
    static let url = TestPostgres.url
    static let isEnabled = TestPostgres.isEnabled
    static let missingMessage = Comment(rawValue: TestPostgres.missingMessage)

    /// The database's URL; a test failure when it is missing (only under CI, since the tests are
    /// disabled otherwise).
    static func requireURL() throws -> String {
        try #require(url, "\(variable) must be set when CI=true (.ci/run starts PostgreSQL and sets it)")
    }

    /// A table name no other test uses, so tests run in parallel without seeing each other's rows.
    static func freshTable(_ purpose: String) -> String {
        "t_\(purpose)_\(UUID().uuidString.prefix(8).lowercased())"
    }

    /// Runs `body` with a running store on a fresh table of the test database (created first,
    /// dropped after, with its procedure).
    static func withStore<R>(_ purpose: String, url: String? = nil, _ body: (PostgresReplayStore) async throws -> R) async throws -> R {
        try await withStore(purpose, url: url, configure: { _ in }, body)
    }

    /// ``withStore(_:url:_:)`` with settings changed by `configure` first.
    static func withStore<R>(
        _ purpose: String,
        url: String? = nil,
        configure: (inout PostgresReplayStore.Configuration) -> Void,
        _ body: (PostgresReplayStore) async throws -> R
    ) async throws -> R {
        var configuration = try PostgresReplayStore.Configuration(url: url ?? requireURL())
        configuration.table = freshTable(purpose)
        // Functional tests wait for the database's answer however loaded the machine is (the
        // whole suite runs at once on two cores); tests of the timeout set their own.
        configuration.timeout = .seconds(20)
        configure(&configuration)
        let store = try PostgresReplayStore(configuration: configuration, logger: quietLogger)
        return try await store.withRunning { store in
            try await store.createSchema()
            do {
                let result = try await body(store)
                await drop(configuration)
                return result
            } catch {
                await drop(configuration)
                throw error
            }
        }
    }

    /// Drops a test's table and its procedure (the names of short table names).
    static func drop(_ configuration: PostgresReplayStore.Configuration) async {
        try? await execute(configuration, "DROP PROCEDURE IF EXISTS \"\(configuration.table)_record\"")
        try? await execute(configuration, "DROP TABLE IF EXISTS \"\(configuration.table)\"")
    }

    /// `body`'s answer, asked again while the store is unavailable, for at most 30 s: for a store
    /// whose short timeout is the test's subject, when the test needs an answer (a loaded machine
    /// can make one call miss the timeout).
    static func untilAnswered<R: Sendable>(_ body: () async throws -> R) async throws -> R {
        let deadline = ContinuousClock.now + .seconds(30)
        while true {
            do {
                return try await body()
            } catch where isUnavailable(error) && ContinuousClock.now < deadline {
                try await Task.sleep(for: .milliseconds(200))
            }
        }
    }

    /// Test-only SQL on a connection of its own (not the store's pool): counting rows, holding a lock.
    static func withConnection<R>(_ configuration: PostgresReplayStore.Configuration, _ body: (PostgresConnection) async throws -> R) async throws -> R {
        let connection = try await PostgresConnection.connect(
            configuration: .init(
                host: configuration.host, port: configuration.port, username: configuration.username,
                password: configuration.password, database: configuration.database, tls: .disable
            ),
            id: 1,
            logger: quietLogger
        )
        do {
            let result = try await body(connection)
            try await connection.close()
            return result
        } catch {
            try? await connection.close()
            throw error
        }
    }

    static func execute(_ configuration: PostgresReplayStore.Configuration, _ sql: String) async throws {
        try await withConnection(configuration) { connection in
            try await connection.query(PostgresQuery(unsafeSQL: sql), logger: quietLogger)
            return ()
        }
    }

    /// How many rows the store's table has.
    static func rowCount(_ configuration: PostgresReplayStore.Configuration) async throws -> Int {
        try await withConnection(configuration) { connection in
            var count = -1
            for try await row in try await connection.query(PostgresQuery(unsafeSQL: "SELECT count(*)::int8 FROM \"\(configuration.table)\""), logger: quietLogger) {
                count = try row.decode(Int.self)
            }
            return count
        }
    }

    static let quietLogger = Logger(label: "replay-store-tests") { _ in SwiftLogNoOpLogHandler() }
}

extension ReplayKey {
    /// An OAuth-like key with a fresh nonce.
    static func fresh(client: String = "consumer", nonce: String = UUID().uuidString) -> ReplayKey {
        ReplayKey(scheme: "oauth1", client: client, token: "token", timestamp: 1_764_000_000, nonce: nonce)
    }
}

/// Whether `error` is the store's "unavailable" error.
func isUnavailable(_ error: any Error) -> Bool {
    (error as? SignedVerificationError)?.code == .replayStoreUnavailable
}
