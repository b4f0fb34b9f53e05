#if MockServers  // without the trait, Server/TraitCheck.swift's #error is the one message
public import HTTPTypes
public import Logging
public import SignedVerification

/// What every route of one running provider shares: the provider, configuration, clocks,
/// randomness, journal, faults, events and logger. One per server instance, so tests never
/// share state.
public struct MockServerContext: Sendable {
    /// The provider served (its options, error shapes and rate-limit headers).
    public let provider: any MockProvider
    /// The configuration the server started with.
    public let configuration: MockServerConfiguration
    /// The wall clock.
    public let clock: any MockClock
    /// The clock every wait of the server sleeps on: latency and dribble faults, the linger of a
    /// closing connection. `ContinuousClock` unless a test gives a ``ManualSleepClock``.
    public let sleepClock: any Clock<Duration>
    /// The clock a connection's read deadline (``MockServerLimits/readTimeoutSeconds``) runs
    /// on: ``sleepClock``, or its ``ManualSleepClock/readDeadlines`` when it is a ``ManualSleepClock``.
    var readDeadlineClock: any Clock<Duration> {
        (sleepClock as? ManualSleepClock)?.readDeadlines ?? sleepClock
    }
    /// What happens on the server, for tests to await.
    public let events: MockServerEvents
    /// Randomness for tokens, secrets, verifiers and random latency.
    public let random: MockRandomSource
    /// The request journal.
    public let journal: RequestJournal
    /// The faults in force, changeable at runtime.
    public let faults: FaultBoard
    /// The logger (never given secrets).
    public let logger: Logger
    /// Where the provider records the nonces of the signed requests it accepted: a fresh
    /// `MemoryReplayStore` per server unless one shared by several servers (or instances, as
    /// `PostgresReplayStore`) is given.
    public let replayStore: any ReplayStore
    /// The token a call that changes the server (faults, clearing the journal) must carry in
    /// `X-Mock-Admin-Token`: new for every run unless given.
    public var adminToken: String { adminAccess.token }
    let adminAccess: AdminAccess
    let routes: RouteTable
    let connections: ConnectionRegistry

    /// Creates the shared context for `provider`; `adminToken` is the token its admin routes
    /// require (a random one when `nil`).
    public init(
        provider: some MockProvider,
        configuration: MockServerConfiguration = MockServerConfiguration(),
        clock: any MockClock = SystemClock(),
        sleepClock: any Clock<Duration> = ContinuousClock(),
        logger: Logger? = nil,
        replayStore: (any ReplayStore)? = nil,
        adminToken: String? = nil
    ) {
        self.provider = provider
        self.configuration = configuration
        self.clock = clock
        self.sleepClock = sleepClock
        events = MockServerEvents()
        random = MockRandomSource(seed: configuration.seed)
        journal = RequestJournal(capacity: configuration.journalCapacity, entryBytes: configuration.journalEntryBytes)
        faults = FaultBoard(rules: configuration.faults)
        self.replayStore = replayStore ?? MemoryReplayStore()
        var logger = logger ?? Logger(label: "mock-servers.\(provider.name)")
        logger[metadataKey: "provider"] = "\(provider.name)"
        self.logger = logger
        adminAccess = AdminAccess(token: adminToken ?? AdminAccess.randomToken(), host: configuration.host, extraHosts: configuration.adminHosts, allowsRemoteClients: true)
        routes = RouteTable()
        connections = ConnectionRegistry()
    }

    /// The provider's name.
    public var providerName: String { provider.name }

    /// The provider's error shape for `status` and `message`.
    public func errorResponse(_ status: HTTPResponse.Status, _ message: String) -> MockResponse {
        provider.errorResponse(status: status, message: message)
    }
}
#endif
