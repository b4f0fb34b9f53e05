import Foundation
import PostgresReplayStore
import SignedVerification
import Testing

@Suite("PostgresReplayStore configuration")
struct ConfigurationTests {
    @Test("a URL gives the server, user, database and the defaults")
    func parsesURL() throws {
        let configuration = try PostgresReplayStore.Configuration(url: "postgres://app@127.0.0.1:6543/replay")
        #expect(configuration.host == "127.0.0.1")
        #expect(configuration.port == 6543)
        #expect(configuration.username == "app")
        #expect(configuration.password == nil)
        #expect(configuration.database == "replay")
        #expect(configuration.tls == .disable)
        #expect(configuration.table == "signed_api_replay")
        #expect(configuration.timeout == .seconds(2))
        #expect(configuration.endpoint == "127.0.0.1:6543/replay")
    }

    @Test("postgresql://, percent-encoding, the default port, sslmode, and require off loopback")
    func parsesVariants() throws {
        let encoded = try PostgresReplayStore.Configuration(url: "postgresql://us%40er:p%3Ass@db.example.com/my%20db?sslmode=verify-full")
        #expect(encoded.username == "us@er")
        #expect(encoded.password == "p:ss")
        #expect(encoded.database == "my db")
        #expect(encoded.port == 5432)
        #expect(encoded.tls == .verifyFull)
        #expect(try PostgresReplayStore.Configuration(url: "postgres://u@db.example.com/d").tls == .require)
        #expect(try PostgresReplayStore.Configuration(url: "postgres://u@localhost/d").tls == .disable)
        #expect(try PostgresReplayStore.Configuration(url: "postgres://u@[::1]:5433/d").host == "::1")
        #expect(try PostgresReplayStore.Configuration(url: "postgres://u@[::1]:5433/d").endpoint == "[::1]:5433/d")
        #expect(try PostgresReplayStore.Configuration(url: "postgres://u@127.0.0.1/d?sslmode=require").tls == .require)
        #expect(try PostgresReplayStore.Configuration(url: "postgres://u@127.0.0.1/d?timeout=0.25").timeout == .milliseconds(250))
        #expect(try PostgresReplayStore.Configuration(url: "postgres://u@127.0.0.1/d?timeout=30&sslmode=disable").timeout == .seconds(30))
    }

    @Test(
        "unusable URLs are refused, naming the problem and never the password",
        arguments: [
            ("mysql://u:hunter2@h/d", "scheme"),
            ("postgres://u:hunter2@/d", "no host"),
            ("postgres://:hunter2@h/d", "no user name"),
            ("postgres://u:hunter2@h", "no database"),
            ("postgres://u:hunter2@h/d?sslmode=verify-ca", "sslmode 'verify-ca' is not supported"),
            ("postgres://u:hunter2@h/d?connect_timeout=3", "unknown option 'connect_timeout'"),
            ("postgres://u:hunter2@h/d?timeout=0", "timeout '0' is not a number of seconds"),
            ("postgres://u:hunter2@h/d?timeout=soon", "timeout 'soon' is not a number of seconds"),
            ("postgres://u:hunter2@h:0/d", "port 0"),
            ("not a url at all :hunter2@", "expected postgres://"),
        ]
    )
    func refusesBadURLs(url: String, words: String) throws {
        let error = #expect(throws: SignedVerificationError.self) {
            let configuration = try PostgresReplayStore.Configuration(url: url)
            _ = try PostgresReplayStore(configuration: configuration)
        }
        #expect(error?.code == .invalidConfiguration)
        #expect(error?.message.contains(words) == true, "\(error?.message ?? "")")
        #expect(error.map { "\($0)".contains("hunter2") } == false)
    }

    @Test(
        "table names must be plain identifiers of at most 63 bytes",
        arguments: ["a\"; DROP TABLE x; --", "", "1table", "with space", "é", String(repeating: "t", count: 64), "a-b"]
    )
    func refusesTableNames(table: String) throws {
        var configuration = try PostgresReplayStore.Configuration(url: "postgres://u@127.0.0.1/d")
        configuration.table = table
        #expect(throws: SignedVerificationError.self) { try configuration.validate() }
        #expect(throws: SignedVerificationError.self) { try PostgresReplayStore.schemaSQL(table: table) }
    }

    @Test("other settings are checked")
    func checksSettings() throws {
        let base = try PostgresReplayStore.Configuration(url: "postgres://u@127.0.0.1/d")
        var zeroTimeout = base
        zeroTimeout.timeout = .zero
        var noConnections = base
        noConnections.maximumConnections = 0
        var noBatch = base
        noBatch.expiredBatchSize = 0
        for bad in [zeroTimeout, noConnections, noBatch] {
            #expect(throws: SignedVerificationError.self) { try bad.validate() }
        }
        var longest = base
        longest.table = "T" + String(repeating: "x", count: 62)
        try longest.validate()
    }

    @Test("the schema SQL quotes the table and names an index and a procedure that PostgreSQL will not cut")
    func schemaSQL() throws {
        let sql = try PostgresReplayStore.schemaSQL()
        #expect(sql.hasPrefix("""
            CREATE TABLE IF NOT EXISTS "signed_api_replay" (
                key bytea PRIMARY KEY,
                expires_at timestamptz NOT NULL
            );
            CREATE INDEX IF NOT EXISTS "signed_api_replay_expires_at" ON "signed_api_replay" (expires_at);
            CREATE OR REPLACE PROCEDURE "signed_api_replay_record"(new_keys bytea[], new_expiries timestamptz[], at_time timestamptz, INOUT recorded bytea[])
            LANGUAGE plpgsql AS $record$
            """))
        #expect(sql.contains("INSERT INTO \"signed_api_replay\" AS existing (key, expires_at)"))
        #expect(sql.contains("WHERE existing.expires_at <= at_time"))
        #expect(sql.hasSuffix("    COMMIT;\nEND\n$record$;\n"))
        #expect(try PostgresReplayStore.schemaSQL(unlogged: true).hasPrefix("CREATE UNLOGGED TABLE IF NOT EXISTS \"signed_api_replay\" ("))

        let long = String(repeating: "n", count: 63)
        let names = try PostgresReplayStore.schemaSQL(table: long).split(separator: "\"").enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
        let derived = Set(names.filter { $0 != long })
        #expect(derived.count == 2)
        #expect(derived.allSatisfy { $0.utf8.count <= 63 && $0.hasPrefix(String(repeating: "n", count: 40) + "_") })
        #expect(derived.contains { $0.hasSuffix("_expires_at") } && derived.contains { $0.hasSuffix("_record") })
    }

    @Test("the durability settings: synchronous_commit and unlogged_table in the URL, durable by default")
    func durability() throws {
        let plain = try PostgresReplayStore.Configuration(url: "postgres://u@127.0.0.1/d")
        #expect(plain.synchronousCommit && !plain.unloggedTable)
        let relaxed = try PostgresReplayStore.Configuration(url: "postgres://u@127.0.0.1/d?synchronous_commit=off&unlogged_table=true")
        #expect(!relaxed.synchronousCommit && relaxed.unloggedTable)
        #expect(relaxed.description.contains("synchronous commit off, unlogged table"))
        let explicit = try PostgresReplayStore.Configuration(url: "postgres://u@127.0.0.1/d?synchronous_commit=ON&unlogged_table=false")
        #expect(explicit.synchronousCommit && !explicit.unloggedTable)
        for (url, words) in [
            ("postgres://u:hunter2@h/d?synchronous_commit=maybe", "synchronous_commit 'maybe' is neither on nor off"),
            ("postgres://u:hunter2@h/d?unlogged_table=yes", "unlogged_table 'yes' is neither true nor false"),
            ("postgres://u:hunter2@h/d?unlogged_table", "unlogged_table '' is neither true nor false"),
        ] {
            let error = #expect(throws: SignedVerificationError.self) { try PostgresReplayStore.Configuration(url: url) }
            #expect(error?.message.contains(words) == true, "\(error?.message ?? "")")
            #expect(error.map { "\($0)".contains("hunter2") } == false)
        }
    }

    @Test("the password never shows: description, debug description, dump")
    func redactsPassword() throws {
        let store = try PostgresReplayStore(url: "postgres://app:S3cret-Pa55@127.0.0.1:5432/replay")
        var dumped = ""
        dump(store, to: &dumped)
        dump(store.configuration, to: &dumped)
        for text in [store.description, store.debugDescription, "\(store.configuration)", String(reflecting: store.configuration), dumped] {
            #expect(!text.contains("S3cret-Pa55"), "\(text)")
        }
        #expect(store.description.contains("postgres://app@127.0.0.1:5432/replay"))
        #expect(dumped.contains("•••"))
    }

    @Test("a store that is not running says so at once")
    func notRunning() async throws {
        let store = try PostgresReplayStore(url: "postgres://app:S3cret-Pa55@127.0.0.1:5432/replay")
        let error = await #expect(throws: SignedVerificationError.self) {
            try await store.insertIfAbsent(.fresh(), until: Date() + 60, now: Date())
        }
        #expect(error?.code == .replayStoreUnavailable)
        #expect(error.map { "\($0)".hasPrefix("replay store unavailable: ") } == true)
        #expect(error?.message.contains("not running") == true)
        #expect(error?.message.contains("127.0.0.1:5432/replay") == true)
        #expect(error.map { "\($0)".contains("S3cret-Pa55") } == false)
    }
}
