// Compiled with the PostgresReplayStore trait only: without it, TraitCheck.swift's #error is the one message.
#if PostgresReplayStore
import Foundation
public import SignedVerification

extension PostgresReplayStore {
    /// Where the store's table is and how the store talks to it: the server, the database, the
    /// table, the timeout of each call, the connection pool and the deletion of expired rows.
    ///
    /// Usually read from a URL with ``init(url:)``. The password is kept for connecting and
    /// never shown: ``description``, every error and every log name the server as
    /// `host:port/database` only.
    public struct Configuration: Sendable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
        /// How the connection is encrypted: libpq's `sslmode` values that postgres-nio can honour.
        public enum TLSMode: String, Sendable, CaseIterable {
            /// No TLS: right on loopback, where it is the default.
            case disable
            /// TLS when the server offers it, plain otherwise (libpq's default; an attacker on
            /// the path can force it plain).
            case prefer
            /// TLS always, without checking the server's certificate (libpq's `require`: no
            /// eavesdropping, but no protection against an impostor on the path).
            case require
            /// TLS always, the certificate checked against the system's trusted roots and, when
            /// the host is a name, against that name (postgres-nio sends no server name for an
            /// IP address): the mode to use across a network you do not control.
            case verifyFull = "verify-full"
        }

        /// The host name or IP address of the server.
        public var host: String
        /// The server's TCP port (5432 unless told).
        public var port: Int
        /// The role to log in as.
        public var username: String
        /// The role's password, when the server asks for one; never shown.
        public var password: String?
        /// The database holding the table.
        public var database: String
        /// How the connection is encrypted.
        public var tls: TLSMode
        /// The table's name: a plain identifier (letters, digits, `_`, not starting with a
        /// digit, at most 63 bytes), always written quoted. Default `signed_api_replay`.
        public var table: String
        /// The longest a caller waits for one call (an insert, a batch deletion), connecting
        /// included; past it the call throws `SignedVerificationError.Code.replayStoreUnavailable`.
        /// Also the server's `statement_timeout` for the store's connections. Default 2 seconds.
        public var timeout: Duration
        /// The longest ``PostgresReplayStore/createSchema()`` waits: it runs once at start, not on
        /// a request's path, opens the pool's first connection and may wait for another
        /// instance creating the same table. Default 30 seconds.
        public var schemaTimeout: Duration
        /// The most connections the store opens to the server (its pool). Default 16.
        public var maximumConnections: Int
        /// The most expired rows one deletion statement removes. Default 1 000.
        public var expiredBatchSize: Int
        /// How often ``PostgresReplayStore/run()`` deletes expired rows, besides after every
        /// ``expiredBatchSize`` accepted inserts. Default 60 seconds.
        public var purgeInterval: Duration
        /// The most keys one insert statement records: the inserts of concurrent callers are
        /// sent together, one statement and one commit per batch. Default 500.
        public var maximumBatchSize: Int
        /// How many insert batches may be on their way at once; the keys that arrive meanwhile
        /// wait for the next batch. Default 1: a batch leaves as soon as the previous one has
        /// returned, so under load each commit serves as many requests as possible (at 32
        /// concurrent callers, batches of about 16 keys against 11 with 2, and less database CPU
        /// per insert); a higher value trades that for less waiting on a slow network.
        public var concurrentBatches: Int
        /// While the database is known to be unavailable, how often a background probe tries
        /// it; calls fail at once until a probe gets through. Default 1 second.
        public var probeInterval: Duration
        /// Whether each batch's commit waits until its WAL is on disk (`synchronous_commit` on,
        /// the default; the store's connections set it at startup, so it applies to the store's
        /// transactions only). Off, a commit returns before its WAL is flushed, which saves the
        /// wait for the disk, not CPU: a crash of the database server (PostgreSQL's, the
        /// machine's, a power cut; not a client's, not a clean shutdown) loses the keys
        /// committed in its last moments — at most three times `wal_writer_delay`, 600 ms by
        /// default — and each request those keys belonged to can be accepted once more, by a
        /// replay arriving while the request's timestamp is still inside the verifier's window.
        /// URL: `synchronous_commit=off`.
        public var synchronousCommit: Bool
        /// Whether ``PostgresReplayStore/createSchema()`` makes the table `UNLOGGED`: its rows
        /// written without WAL, which saves the WAL and its flush per batch. The exposure is
        /// larger than ``synchronousCommit``'s: after any crash of the database server (not a
        /// clean shutdown), PostgreSQL empties an unlogged table, and a standby has none of its
        /// rows, so after a crash or a failover every request accepted within the timestamp
        /// window before it (e.g. 10 minutes for a ±300 s window) can be accepted once more.
        /// It takes effect when the table is created: an existing table keeps its kind
        /// (`ALTER TABLE … SET UNLOGGED` or `SET LOGGED` changes it, rewriting the table), and
        /// ``PostgresReplayStore/createSchema()`` logs a warning when the two differ. Default
        /// `false`. URL: `unlogged_table=true`.
        public var unloggedTable: Bool

        /// The default table name.
        public static let defaultTable = "signed_api_replay"

        /// A configuration from its parts; see each property for its meaning and default.
        /// ``validate()`` (which the store's initialiser runs) checks them.
        public init(
            host: String,
            port: Int = 5432,
            username: String,
            password: String? = nil,
            database: String,
            tls: TLSMode? = nil,
            table: String = Configuration.defaultTable,
            timeout: Duration = .seconds(2),
            schemaTimeout: Duration = .seconds(30),
            maximumConnections: Int = 16,
            expiredBatchSize: Int = 1_000,
            purgeInterval: Duration = .seconds(60),
            maximumBatchSize: Int = 500,
            concurrentBatches: Int = 1,
            probeInterval: Duration = .seconds(1),
            synchronousCommit: Bool = true,
            unloggedTable: Bool = false
        ) {
            self.host = host
            self.port = port
            self.username = username
            self.password = password
            self.database = database
            self.tls = tls ?? (Self.isLoopback(host) ? .disable : .require)
            self.table = table
            self.timeout = timeout
            self.schemaTimeout = schemaTimeout
            self.maximumConnections = maximumConnections
            self.expiredBatchSize = expiredBatchSize
            self.purgeInterval = purgeInterval
            self.maximumBatchSize = maximumBatchSize
            self.concurrentBatches = concurrentBatches
            self.probeInterval = probeInterval
            self.synchronousCommit = synchronousCommit
            self.unloggedTable = unloggedTable
        }

        /// A configuration from a URL, `postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE`
        /// (`postgresql://` too), with the defaults for the rest.
        ///
        /// User, password and database may be percent-encoded. The query items read are
        /// `sslmode`: `disable`, `prefer`, `require` or `verify-full` (``TLSMode``; without it,
        /// `disable` on a loopback host and `require` elsewhere); `timeout=SECONDS`
        /// (``timeout``); `synchronous_commit=on|off` (``synchronousCommit``); and
        /// `unlogged_table=true|false` (``unloggedTable``). No host (a Unix socket path), no
        /// user, no database, another scheme, any other query item or `sslmode=verify-ca`
        /// (which postgres-nio cannot check without the host name) is refused, naming what is
        /// wrong (never the password).
        ///
        /// - Throws: `SignedVerificationError.Code.invalidConfiguration`.
        public init(url text: String) throws(SignedVerificationError) {
            func refuse(_ why: String) -> SignedVerificationError {
                SignedVerificationError(code: .invalidConfiguration, message: "replay store URL \(Self.redacted(text)): \(why)")
            }
            guard text.contains("://"), let components = URLComponents(string: text) else {
                // Not shown: text that is not a URL cannot be told apart from a bare password.
                throw SignedVerificationError(
                    code: .invalidConfiguration,
                    message: "the replay store URL is not a URL; expected postgres://USER[:PASSWORD]@HOST:PORT/DATABASE"
                )
            }
            guard let scheme = components.scheme?.lowercased(), scheme == "postgres" || scheme == "postgresql" else {
                throw refuse("the scheme must be postgres:// or postgresql://")
            }
            guard var host = components.host, !host.isEmpty else {
                throw refuse("no host (a Unix socket path is not supported; use 127.0.0.1)")
            }
            if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
            guard let username = components.user?.removingPercentEncoding, !username.isEmpty else {
                throw refuse("no user name (postgres://USER@HOST:PORT/DATABASE)")
            }
            let password = components.password?.removingPercentEncoding
            var database = components.path
            if database.hasPrefix("/") { database.removeFirst() }
            guard let decoded = database.removingPercentEncoding, !decoded.isEmpty, !decoded.contains("/") else {
                throw refuse("no database name after the host (postgres://USER@HOST:PORT/DATABASE)")
            }
            var tls: TLSMode?
            var timeout: Duration?
            var synchronousCommit = true
            var unloggedTable = false
            func flag(_ item: URLQueryItem, _ yes: String, _ no: String) throws(SignedVerificationError) -> Bool {
                switch item.value?.lowercased() {
                case yes: return true
                case no: return false
                default: throw refuse("\(item.name) '\(item.value ?? "")' is neither \(yes) nor \(no)")
                }
            }
            for item in components.queryItems ?? [] {
                switch item.name {
                case "sslmode":
                    guard let value = item.value, let mode = TLSMode(rawValue: value) else {
                        let allowed = TLSMode.allCases.map(\.rawValue).joined(separator: ", ")
                        throw refuse("sslmode '\(item.value ?? "")' is not supported; use one of \(allowed)")
                    }
                    tls = mode
                case "timeout":
                    guard let value = item.value, let seconds = Double(value), seconds > 0, seconds <= 3600 else {
                        throw refuse("timeout '\(item.value ?? "")' is not a number of seconds between 0 and 3600")
                    }
                    timeout = .milliseconds(Int64((seconds * 1000).rounded(.up)))
                case "synchronous_commit":
                    synchronousCommit = try flag(item, "on", "off")
                case "unlogged_table":
                    unloggedTable = try flag(item, "true", "false")
                default:
                    throw refuse("unknown option '\(item.name)' (the options read are sslmode, timeout, synchronous_commit and unlogged_table)")
                }
            }
            self.init(
                host: host, port: components.port ?? 5432, username: username, password: password, database: decoded, tls: tls,
                synchronousCommit: synchronousCommit, unloggedTable: unloggedTable
            )
            if let timeout { self.timeout = timeout }
        }

        /// Checks every setting, so a store never starts with one that cannot work.
        ///
        /// - Throws: `SignedVerificationError.Code.invalidConfiguration`, naming the setting.
        public func validate() throws(SignedVerificationError) {
            func refuse(_ why: String) -> SignedVerificationError {
                SignedVerificationError(code: .invalidConfiguration, message: "replay store configuration: \(why)")
            }
            if host.isEmpty { throw refuse("the host is empty") }
            if !(1...65_535).contains(port) { throw refuse("port \(port) is not between 1 and 65535") }
            if username.isEmpty { throw refuse("the user name is empty") }
            if database.isEmpty { throw refuse("the database name is empty") }
            try PostgresReplayStore.checkTableName(table)
            if timeout <= .zero { throw refuse("the timeout must be positive (it is \(timeout))") }
            if schemaTimeout <= .zero { throw refuse("the schema timeout must be positive (it is \(schemaTimeout))") }
            if !(1...1_000).contains(maximumConnections) {
                throw refuse("maximumConnections \(maximumConnections) is not between 1 and 1000")
            }
            if !(1...1_000_000).contains(expiredBatchSize) {
                throw refuse("expiredBatchSize \(expiredBatchSize) is not between 1 and 1000000")
            }
            if purgeInterval <= .zero { throw refuse("the purge interval must be positive (it is \(purgeInterval))") }
            if !(1...10_000).contains(maximumBatchSize) {
                throw refuse("maximumBatchSize \(maximumBatchSize) is not between 1 and 10000")
            }
            if !(1...maximumConnections).contains(concurrentBatches) {
                throw refuse("concurrentBatches \(concurrentBatches) is not between 1 and maximumConnections (\(maximumConnections))")
            }
            if probeInterval <= .zero { throw refuse("the probe interval must be positive (it is \(probeInterval))") }
        }

        /// `host:port/database`: how the store, its errors and its logs name the server.
        public var endpoint: String {
            "\(host.contains(":") ? "[\(host)]" : host):\(port)/\(database)"
        }

        /// The server, user, table and settings, without the password.
        public var description: String {
            "postgres://\(username)@\(endpoint) table \(table), sslmode \(tls.rawValue), timeout \(timeout), "
                + "\(maximumConnections) connections, up to \(concurrentBatches) batches of \(maximumBatchSize) keys at once, "
                + "synchronous commit \(synchronousCommit ? "on" : "off"), \(unloggedTable ? "unlogged" : "logged") table, "
                + "expired rows deleted \(expiredBatchSize) at a time"
        }

        /// The same as ``description``: no password.
        public var debugDescription: String { description }

        /// Every setting, the password shown as `•••` when there is one (so `dump` and
        /// debuggers do not reveal it).
        public var customMirror: Mirror {
            Mirror(self, children: [
                "host": host, "port": port, "username": username, "password": password.map { _ in "•••" } as Any,
                "database": database, "tls": tls, "table": table, "timeout": timeout,
                "schemaTimeout": schemaTimeout, "maximumConnections": maximumConnections, "expiredBatchSize": expiredBatchSize, "purgeInterval": purgeInterval,
                "maximumBatchSize": maximumBatchSize, "concurrentBatches": concurrentBatches, "probeInterval": probeInterval,
                "synchronousCommit": synchronousCommit, "unloggedTable": unloggedTable,
            ])
        }

        /// `127.0.0.1` and the rest of 127.0.0.0/8, `::1` and `localhost`.
        static func isLoopback(_ host: String) -> Bool {
            let lower = host.lowercased()
            return lower == "localhost" || lower == "::1" || lower.hasPrefix("127.")
        }

        /// `text` with any password in its user information replaced by `•••`, for errors
        /// about a URL that may not parse (empty when `text` has no `://`: nothing to tell a
        /// password from).
        static func redacted(_ text: String) -> String {
            guard let schemeEnd = text.range(of: "://") else { return "" }
            let rest = text[schemeEnd.upperBound...]
            let authorityEnd = rest.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? rest.endIndex
            let authority = rest[..<authorityEnd]
            guard let at = authority.lastIndex(of: "@"), let colon = authority[..<at].firstIndex(of: ":") else { return text }
            return String(text[..<colon]) + ":•••" + String(text[at...])
        }
    }
}
#endif
