#if MockServers  // without the trait, Server/TraitCheck.swift's #error is the one message
public import Foundation
import Hummingbird
public import Logging
public import SignedVerification
import NIOCore
import ServiceLifecycle
public import UnixSignals

/// One or more mock providers running in-process, each on its own port.
///
/// ```swift
/// let server = try await MockServer.start(OAuth1MockProvider(flavour: .twitter))
/// defer { Task { await server.stop() } }
/// let url = server.baseURL(for: "twitter")!     // http://127.0.0.1:PORT
/// ```
///
/// Each start builds fresh state (tokens, nonces, journal), so parallel tests never share it.
public final class MockServer: Sendable {
    /// A provider that is listening.
    public struct Running: Sendable {
        /// The provider's name.
        public let name: String
        /// `http://HOST:PORT`, no trailing slash.
        public let baseURL: URL
        /// The provider's demo credentials.
        public let credentials: [String: String]
        /// The provider's shared context: journal, faults, clocks, events.
        public let context: MockServerContext
    }

    /// The providers, in the order they were given.
    public let providers: [Running]
    /// The dashboard's address (`http://127.0.0.1:PORT/`), when one was asked for.
    public let dashboardURL: URL?
    /// The token every call that changes a provider (faults, clearing the journal) must carry in
    /// `X-Mock-Admin-Token`, on the providers' admin routes and the dashboard's: made for this run
    /// unless one was given.
    public let adminToken: String
    private let group: ServiceGroup
    private let task: Task<Void, any Error>
    private let dashboard: (group: ServiceGroup, task: Task<Void, any Error>)?

    private init(providers: [Running], dashboardURL: URL?, adminToken: String, group: ServiceGroup, task: Task<Void, any Error>, dashboard: (group: ServiceGroup, task: Task<Void, any Error>)?) {
        self.providers = providers
        self.dashboardURL = dashboardURL
        self.adminToken = adminToken
        self.group = group
        self.task = task
        self.dashboard = dashboard
    }

    /// Starts one provider (on 127.0.0.1, port 0 unless configured otherwise). Quiet unless a
    /// `logger` is given.
    public static func start(
        _ provider: some MockProvider,
        configuration: MockServerConfiguration = MockServerConfiguration(),
        clock: any MockClock = SystemClock(),
        sleepClock: any Clock<Duration> = ContinuousClock(),
        logger: Logger? = nil,
        replayStore: (any ReplayStore)? = nil
    ) async throws -> MockServer {
        try await start([(provider, configuration)], clock: clock, sleepClock: sleepClock, logger: logger, replayStore: replayStore)
    }

    /// Starts several providers, each with its configuration, and returns once all listen.
    ///
    /// - Parameters:
    ///   - providers: each provider with its configuration (host, port, limits, journal, faults).
    ///   - clock: the servers' time (a `ManualClock` in tests that move it).
    ///   - sleepClock: what the servers' waits sleep on (a ``ManualSleepClock`` in tests that
    ///     move it).
    ///   - logger: where the servers log; quiet when `nil`.
    ///   - shutdownSignals: signals that stop the servers gracefully (the `mock-servers`
    ///     command passes SIGINT and SIGTERM; in-process use passes none and calls ``stop()``).
    ///   - replayStore: where every provider records accepted nonces, shared with whatever else
    ///     uses it (several `mock-servers` on one `PostgresReplayStore` refuse a request replayed
    ///     to another); `nil` gives each provider its own `MemoryReplayStore`.
    ///   - dashboard: where to serve the dashboard of every provider (``dashboardURL``); none when
    ///     `nil`. It turns on every provider's admin routes, which it uses.
    ///   - adminToken: the token the admin routes require for changes (``adminToken``); a random
    ///     one when `nil`.
    /// - Throws: ``MockServerError``, before anything is bound, with code `invalidOption` when a
    ///   provider's ``MockProviderOptions/validate()`` fails and `invalidConfiguration` when a
    ///   configuration value is out of its range (``MockServerConfiguration/validate()``) or two
    ///   providers are configured on the same host and non-zero port; with code `bindFailed` when
    ///   a port cannot be bound (every server already started is stopped again).
    public static func start(
        _ providers: [(any MockProvider, MockServerConfiguration)],
        clock: any MockClock = SystemClock(),
        sleepClock: any Clock<Duration> = ContinuousClock(),
        logger: Logger? = nil,
        shutdownSignals: [UnixSignal] = [],
        replayStore: (any ReplayStore)? = nil,
        dashboard: MockDashboardConfiguration? = nil,
        adminToken: String? = nil
    ) async throws -> MockServer {
        var providers = providers
        if dashboard != nil {
            for index in providers.indices { providers[index].1.adminEnabled = true }
        }
        try check(providers)
        try dashboard?.validate()
        let token = adminToken ?? AdminAccess.randomToken()
        // In-process servers are quiet unless given a logger; `mock-servers` passes its own.
        let logger = logger ?? Logger(label: "mock-servers", factory: { _ in SwiftLogNoOpLogHandler() })
        let readiness = Readiness(expected: providers.count)
        var applications: [any Service] = []
        var contexts: [MockServerContext] = []
        for (index, (provider, configuration)) in providers.enumerated() {
            let context = MockServerContext(provider: provider, configuration: configuration, clock: clock, sleepClock: sleepClock, logger: logger, replayStore: replayStore, adminToken: token)
            contexts.append(context)
            applications.append(MockServerApplication.build(provider: provider, context: context) { channel in
                await readiness.listening(index: index, port: channel.localAddress?.port ?? 0)
            })
        }
        let group = ServiceGroup(configuration: .init(
            services: applications.map { .init(service: $0) },
            gracefulShutdownSignals: shutdownSignals,
            logger: logger
        ))
        let events = contexts.map(\.events)
        let task = Task {
            // However the servers stop, every event subscription ends with them.
            defer { for events in events { events.finish() } }
            do {
                try await group.run()
                await readiness.stopped(nil)
            } catch {
                await readiness.stopped(error)
                throw error
            }
        }
        let ports: [Int]
        do {
            ports = try await readiness.wait()
        } catch {
            await group.triggerGracefulShutdown()
            _ = await task.result
            throw error
        }
        let running = zip(zip(providers, contexts), ports).map { pair, port in
            let ((provider, configuration), context) = pair
            return Running(
                name: provider.name,
                baseURL: URL(string: "http://\(Self.urlHost(configuration.host)):\(port)")!,
                credentials: provider.demoCredentials,
                context: context
            )
        }
        guard let dashboard else {
            return MockServer(providers: running, dashboardURL: nil, adminToken: token, group: group, task: task, dashboard: nil)
        }
        let dashboardReadiness = Readiness(expected: 1)
        let application = MockDashboard.application(providers: running, configuration: dashboard, token: token, logger: logger) { channel in
            await dashboardReadiness.listening(index: 0, port: channel.localAddress?.port ?? 0)
        }
        let dashboardGroup = ServiceGroup(configuration: .init(services: [.init(service: application)], gracefulShutdownSignals: shutdownSignals, logger: logger))
        let dashboardTask = Task {
            do {
                try await dashboardGroup.run()
                await dashboardReadiness.stopped(nil)
            } catch {
                await dashboardReadiness.stopped(error)
                throw error
            }
        }
        let port: Int
        do {
            port = try await dashboardReadiness.wait()[0]
        } catch {
            await group.triggerGracefulShutdown()
            _ = await task.result
            throw error
        }
        return MockServer(
            providers: running,
            dashboardURL: URL(string: "http://\(Self.urlHost(dashboard.host)):\(port)/")!,
            adminToken: token,
            group: group,
            task: task,
            dashboard: (dashboardGroup, dashboardTask)
        )
    }

    /// Starts `provider` as ``start(_:configuration:clock:sleepClock:logger:replayStore:)`` does, runs `body` with the
    /// running server, and stops the server however `body` ends: returning, throwing, or
    /// cancelled. The way for a test to start a mock without ever leaving one running.
    ///
    /// ```swift
    /// try await MockServer.withRunning(OAuth1MockProvider(flavour: .twitter)) { server in
    ///     // … point a client at server.baseURL …
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - provider: the provider to serve.
    ///   - configuration: host, port, limits, journal and faults.
    ///   - clock: the server's time (a `ManualClock` in tests that move it).
    ///   - sleepClock: what the server's waits sleep on (a ``ManualSleepClock`` in tests that
    ///     move it).
    ///   - logger: where the server logs; quiet when `nil`.
    ///   - replayStore: where accepted nonces are recorded; `nil` for a fresh `MemoryReplayStore`.
    ///   - isolation: the caller's actor, where `body` runs; leave the default.
    ///   - body: what to do with the running server.
    public static func withRunning<Result>(
        _ provider: some MockProvider,
        configuration: MockServerConfiguration = MockServerConfiguration(),
        clock: any MockClock = SystemClock(),
        sleepClock: any Clock<Duration> = ContinuousClock(),
        logger: Logger? = nil,
        replayStore: (any ReplayStore)? = nil,
        isolation: isolated (any Actor)? = #isolation,
        _ body: (MockServer) async throws -> Result
    ) async throws -> Result {
        try await withRunning([(provider, configuration)], clock: clock, sleepClock: sleepClock, logger: logger, replayStore: replayStore, dashboard: nil, isolation: isolation, body)
    }

    /// Starts several providers as ``start(_:clock:sleepClock:logger:shutdownSignals:replayStore:dashboard:adminToken:)`` does,
    /// runs `body` with the running servers, and stops them however `body` ends.
    ///
    /// - Parameters:
    ///   - providers: each provider with its configuration.
    ///   - clock: the servers' time (a `ManualClock` in tests that move it).
    ///   - sleepClock: what the servers' waits sleep on (a ``ManualSleepClock`` in tests that
    ///     move it).
    ///   - logger: where the servers log; quiet when `nil`.
    ///   - replayStore: where every provider records accepted nonces; `nil` gives each its own
    ///     `MemoryReplayStore`.
    ///   - dashboard: where to serve the providers' dashboard (``dashboardURL``); none when `nil`.
    ///   - isolation: the caller's actor, where `body` runs; leave the default.
    ///   - body: what to do with the running servers.
    public static func withRunning<Result>(
        _ providers: [(any MockProvider, MockServerConfiguration)],
        clock: any MockClock = SystemClock(),
        sleepClock: any Clock<Duration> = ContinuousClock(),
        logger: Logger? = nil,
        replayStore: (any ReplayStore)? = nil,
        dashboard: MockDashboardConfiguration? = nil,
        isolation: isolated (any Actor)? = #isolation,
        _ body: (MockServer) async throws -> Result
    ) async throws -> Result {
        let server = try await start(providers, clock: clock, sleepClock: sleepClock, logger: logger, replayStore: replayStore, dashboard: dashboard)
        do {
            let result = try await body(server)
            await server.stop()
            return result
        } catch {
            await server.stop()
            throw error
        }
    }

    /// The base URL of the provider called `name`.
    public func baseURL(for name: String) -> URL? {
        providers.first { $0.name == name }?.baseURL
    }

    /// The shared context (journal, faults) of the provider called `name`.
    public func context(for name: String) -> MockServerContext? {
        providers.first { $0.name == name }?.context
    }

    /// The first provider's journal (the only one when a single provider was started).
    public var journal: RequestJournal { providers[0].context.journal }

    /// The first provider's faults.
    public var faults: FaultBoard { providers[0].context.faults }

    /// The first provider's events.
    public var events: MockServerEvents { providers[0].context.events }

    /// The first provider's base URL.
    public var baseURL: URL { providers[0].baseURL }

    /// Stops every server gracefully and waits until their sockets are closed.
    public func stop() async {
        if let dashboard {
            // The dashboard's live streams follow the journals: end them, then its server.
            for running in providers {
                await running.context.journal.finishUpdates()
                running.context.faults.finishChanges()
            }
            await dashboard.group.triggerGracefulShutdown()
            _ = await dashboard.task.result
        }
        await group.triggerGracefulShutdown()
        _ = await task.result
    }

    /// Waits until the servers stop (after a shutdown signal or ``stop()``).
    public func waitUntilStopped() async throws {
        if let dashboard { try await dashboard.task.value }
        try await task.value
    }

    /// Every provider's configuration and options are valid and no two providers share a host
    /// and fixed port.
    private static func check(_ providers: [(any MockProvider, MockServerConfiguration)]) throws(MockServerError) {
        var claimed: [String: String] = [:]
        for (provider, configuration) in providers {
            do {
                try configuration.validate()
            } catch {
                throw error.naming(provider: provider.name)
            }
            try provider.options.validate(provider: provider.name)
            guard configuration.port != 0 else { continue }
            let address = "\(configuration.host):\(configuration.port)"
            if let other = claimed[address] {
                throw MockServerError(
                    code: .invalidConfiguration,
                    message: "\(other) and \(provider.name) are both configured on \(address); give each its own port, or port 0 for a free one"
                )
            }
            claimed[address] = provider.name
        }
    }

    private static func urlHost(_ host: String) -> String {
        host.contains(":") ? "[\(host)]" : host
    }
}

/// Collects the ports of servers as they start listening, or the failure that stopped them.
private actor Readiness {
    private var ports: [Int?]
    private var failure: (any Error)?
    private var finished = false
    private var waiter: CheckedContinuation<[Int], any Error>?

    init(expected: Int) {
        ports = Array(repeating: nil, count: expected)
    }

    func listening(index: Int, port: Int) {
        ports[index] = port
        resumeIfDone()
    }

    func stopped(_ error: (any Error)?) {
        finished = true
        failure = error
        resumeIfDone()
    }

    func wait() async throws -> [Int] {
        try await withCheckedThrowingContinuation { continuation in
            waiter = continuation
            resumeIfDone()
        }
    }

    private func resumeIfDone() {
        guard let waiter else { return }
        if ports.allSatisfy({ $0 != nil }) {
            self.waiter = nil
            waiter.resume(returning: ports.map { $0! })
        } else if finished {
            self.waiter = nil
            let detail = failure.map { "\($0)" } ?? "it stopped"
            waiter.resume(throwing: MockServerError(
                code: .bindFailed,
                message: "a mock server could not start listening (\(detail)); choose a free port or port 0",
                cause: failure
            ))
        }
    }
}
#endif
