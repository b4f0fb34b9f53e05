public import HTTPTypes
public import Logging

/// What every route of one running provider shares: the provider, configuration, clock,
/// randomness, journal, faults and logger. One per server instance, so tests never share state.
public struct MockServerContext: Sendable {
    /// The provider served (its options, error shapes and rate-limit headers).
    public let provider: any MockProvider
    /// The configuration the server started with.
    public let configuration: MockServerConfiguration
    /// The wall clock.
    public let clock: any MockClock
    /// Randomness for tokens, secrets, verifiers and random latency.
    public let random: MockRandomSource
    /// The request journal.
    public let journal: RequestJournal
    /// The faults in force, changeable at runtime.
    public let faults: FaultBoard
    /// The logger (never given secrets).
    public let logger: Logger
    let routes: RouteTable
    let connections: ConnectionRegistry

    /// Creates the shared context for `provider`.
    public init(
        provider: some MockProvider,
        configuration: MockServerConfiguration = MockServerConfiguration(),
        clock: any MockClock = SystemClock(),
        logger: Logger? = nil
    ) {
        self.provider = provider
        self.configuration = configuration
        self.clock = clock
        random = MockRandomSource(seed: configuration.seed)
        journal = RequestJournal(capacity: configuration.journalCapacity, entryBytes: configuration.journalEntryBytes)
        faults = FaultBoard(rules: configuration.faults)
        var logger = logger ?? Logger(label: "mock-servers.\(provider.name)")
        logger[metadataKey: "provider"] = "\(provider.name)"
        self.logger = logger
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
