import Foundation

/// The PostgreSQL the tests use, in one place: the shared database's URL from
/// `SIGNED_API_TEST_POSTGRES_URL` (`.ci/run` starts a throwaway cluster and sets it; locally
/// `eval "$(bash .ci/postgres.sh start)"`), and clusters of a test's own to stop and start
/// (``ThrowawayCluster``). Without them the tests skip with a message, except under `CI=true`,
/// where they fail.
public enum TestPostgres {
    /// The environment variable holding the shared database's URL.
    public static let variable = "SIGNED_API_TEST_POSTGRES_URL"
    /// The shared database's URL, when set.
    public static let url = ProcessInfo.processInfo.environment[variable].flatMap { $0.isEmpty ? nil : $0 }
    /// Whether tests of the shared database run: it is set, or CI requires it.
    public static let isEnabled = url != nil || TestEnvironment.isCI
    /// Why they are skipped.
    public static let missingMessage = """
        \(variable) is not set, so the PostgreSQL replay-store tests are skipped: \
        eval "$(bash .ci/postgres.sh start)" starts a throwaway cluster and sets it (a failure when CI=true)
        """
    /// Whether PostgreSQL's server binaries are installed, for ``ThrowawayCluster``.
    public static let hasServer: Bool = {
        let versions = (try? FileManager.default.contentsOfDirectory(atPath: "/usr/lib/postgresql")) ?? []
        return versions.contains { FileManager.default.isExecutableFile(atPath: "/usr/lib/postgresql/\($0)/bin/initdb") }
    }()
    /// Why tests needing a cluster of their own are skipped.
    public static let missingServerMessage = """
        PostgreSQL's server binaries (/usr/lib/postgresql/*/bin/initdb, pg_ctl) are not installed \
        (apt-get install postgresql), so the outage test is skipped (a failure when CI=true)
        """
}

/// A PostgreSQL cluster of a test's own (`.ci/postgres.sh`: loopback, a free port, temporary
/// data), to stop and start under what uses it. It lives for one call of ``with(_:)``, which
/// destroys it however the body ends; every step awaits the script without holding a thread.
public final class ThrowawayCluster: Sendable {
    /// `.ci/postgres.sh`.
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(".ci/postgres.sh")

    /// A failed `postgres.sh` call, with what it printed.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// The cluster's database URL.
    public let url: String
    /// The cluster's folder.
    public let directory: String

    private init(url: String, directory: String) {
        self.url = url
        self.directory = directory
    }

    /// Starts a new cluster, runs `body` with it, then destroys it (server stopped, folder
    /// removed), also when `body` throws. A `durable` cluster has fsync and synchronous commit
    /// on, as production would: what survives ``kill()`` is what a crash leaves.
    public static func with<Value>(durable: Bool = false, _ body: (ThrowawayCluster) async throws -> Value) async throws -> Value {
        let output = try await (durable ? script("start", "--durable") : script("start")).output
        func value(_ name: String) throws -> String {
            guard let line = output.split(separator: "\n").first(where: { $0.hasPrefix("export \(name)='") }) else {
                throw Failure(description: "postgres.sh start printed no \(name): \(output)")
            }
            return String(line.dropFirst("export \(name)='".count).dropLast())
        }
        let cluster = try ThrowawayCluster(url: value("SIGNED_API_TEST_POSTGRES_URL"), directory: value("SIGNED_API_TEST_POSTGRES_DIR"))
        let result: Result<Value, any Error>
        do {
            result = .success(try await body(cluster))
        } catch {
            result = .failure(error)
        }
        // In a task of its own, so a cancelled test still destroys its cluster.
        let directory = cluster.directory
        let destroyed = await Task { try await script("destroy", directory) }.result
        if case .failure(let error) = destroyed, case .success = result { throw error }
        return try result.get()
    }

    /// Stops the server (open connections are cut); the data stays.
    public func stop() async throws { try await Self.script("stop", directory) }
    /// Kills the server and its processes with SIGKILL, a crash; ``resume()`` starts it again
    /// with crash recovery.
    public func kill() async throws { try await Self.script("kill", directory) }
    /// Starts the stopped server again, on the same port.
    public func resume() async throws { try await Self.script("resume", directory) }

    @discardableResult
    private static func script(_ arguments: String...) async throws -> ChildProcess.Result {
        let result = try await ChildProcess.run(URL(fileURLWithPath: "/bin/bash"), [script.path] + arguments, timeout: .seconds(90))
        guard result.status == 0 else {
            throw Failure(description: "postgres.sh \(arguments.joined(separator: " ")) failed: \(result.errorOutput)")
        }
        return result
    }
}
