// Compiled with the PostgresReplayStore trait only: without it, TraitCheck.swift's #error is the one message.
#if PostgresReplayStore
import Foundation
import NIOConcurrencyHelpers
import PostgresNIO
import ServiceLifecycle
import SignedVerification

// Running: the pool, the purge of expired rows, and the probe that closes the breaker.
extension PostgresReplayStore {
    /// Runs the connection pool and the deletion of expired rows until the task is cancelled
    /// or, in a `ServiceGroup`, until graceful shutdown; then closes every connection.
    ///
    /// Expired rows are deleted every ``Configuration/purgeInterval`` and after every
    /// ``Configuration/expiredBatchSize`` accepted inserts, one bounded batch per statement
    /// until a batch comes back short. A store runs once: a second call is a programming error.
    public func run() async throws {
        startRunning()
        await runLoops()
    }

    /// Runs `body` with this store running (``run()`` in a child task), then stops it: for
    /// scripts and tests. The store is finished afterwards and cannot run again.
    public func withRunning<Result>(_ body: (PostgresReplayStore) async throws -> Result) async throws -> Result {
        // Running from here on, before the child task is scheduled: `body`'s first call must
        // not find the store "not running". Calls made before the pool's run loop starts
        // simply wait for it.
        startRunning()
        let (poolStarting, signal) = AsyncStream.makeStream(of: Void.self)
        return try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { await self.runLoops { signal.finish() } }
            defer { group.cancelAll() }
            // Until the pool's run loop is about to start, so that `body`'s first call does not
            // find it idle (postgres-nio would log a warning, though the call would still wait).
            for await _ in poolStarting {}
            return try await body(self)
        }
    }

    private func startRunning() {
        let first = shared.withLockedValue { shared in
            defer { shared.phase = .running }
            return shared.phase == .notStarted
        }
        precondition(first, "PostgresReplayStore.run() was called twice; a store runs once")
    }

    /// The run loops; `poolStarting` is called just before the pool's own.
    private func runLoops(poolStarting: @escaping @Sendable () -> Void = {}) async {
        defer { shared.withLockedValue { $0.phase = .finished } }
        // Every child returns (rather than throws) when cancelled, so a ServiceGroup sees a
        // clean stop at graceful shutdown.
        await cancelWhenGracefulShutdown {
            await withDiscardingTaskGroup { group in
                group.addTask {
                    poolStarting()
                    await self.client.run()
                }
                group.addTask { await self.tickPurges() }
                group.addTask { await self.purgeOnWakeups() }
                group.addTask { await self.probeDuringOutages() }
            }
        }
    }

    private func tickPurges() async {
        while (try? await Task.sleep(for: configuration.purgeInterval)) != nil {
            wakePurge.yield()
        }
    }

    private func purgeOnWakeups() async {
        for await _ in purgeWakeups {
            do throws(SignedVerificationError) {
                while try await deleteExpired(now: Date()) == configuration.expiredBatchSize {}
            } catch {
                if Task.isCancelled { return }  // stopping: the pool is closing under the batch
                logger.warning("deleting expired rows failed; the next round tries again", metadata: ["error": "\(error.message)"])
            }
        }
    }

    /// While the breaker is open, tries the database every ``Configuration/probeInterval`` on a
    /// connection of its own (so the log names the real cause, such as a refused connection),
    /// and closes the breaker when it answers.
    private func probeDuringOutages() async {
        for await _ in availability.opened {
            // The reason last logged: a call's timeout opens the breaker, and the probe's own
            // connection then names the cause (a refused connection), logged once it differs.
            var logged: String?
            if let outage = availability.current {
                logger.error("PostgreSQL at \(configuration.endpoint) is unavailable (\(outage.reason)); calls fail at once until it answers")
                logged = outage.reason
            }
            while availability.current != nil {
                if let failure = await probe() {
                    availability.fail(failure)
                    if failure != logged {
                        logger.error("PostgreSQL at \(configuration.endpoint) is still unavailable: \(failure)")
                        logged = failure
                    }
                    guard (try? await Task.sleep(for: configuration.probeInterval)) != nil else { return }
                } else if let lasted = availability.recovered() {
                    logger.notice("PostgreSQL at \(configuration.endpoint) answers again after \(Self.seconds(lasted))")
                }
            }
        }
    }

    /// Connects, asks `SELECT 1` and disconnects, within ``Configuration/timeout``; `nil` when
    /// that worked, else why not in a few words.
    private func probe() async -> String? {
        let configuration = configuration, logger = logger
        let timeout = configuration.timeout
        do {
            try await BoundedCall.run(
                timeout: timeout,
                onTimeout: { SignedVerificationError(code: .replayStoreUnavailable, message: "no answer within \(Self.seconds(timeout))") },
                onCancel: { SignedVerificationError(code: .replayStoreUnavailable, message: "the probe was cancelled") }
            ) { () async throws(SignedVerificationError) in
                do {
                    var postgres = PostgresConnection.Configuration(
                        host: configuration.host, port: configuration.port, username: configuration.username,
                        password: configuration.password, database: configuration.database, tls: try Self.connectionTLS(configuration.tls)
                    )
                    postgres.options.connectTimeout = .nanoseconds(Int64(timeout.components.seconds) * 1_000_000_000 + timeout.components.attoseconds / 1_000_000_000)
                    let connection = try await PostgresConnection.connect(configuration: postgres, id: 0, logger: logger)
                    do {
                        _ = try await connection.query("SELECT 1", logger: logger)
                    } catch {
                        try? await connection.close()
                        throw error
                    }
                    try? await connection.close()
                } catch {
                    throw SignedVerificationError(code: .replayStoreUnavailable, message: Self.reason(error))
                }
            }
            return nil
        } catch {
            return error.message
        }
    }
}
#endif
