#if MockServers  // without the trait, Server/TraitCheck.swift's #error is the one message
/// How one mock provider server is started: where it listens, its limits and faults.
///
/// `Codable`, so the `mock-servers` command reads it from a JSON file; every member is optional
/// in JSON and falls back to the defaults below. What the provider itself does is set by its
/// typed ``MockProvider/options``, not here.
public struct MockServerConfiguration: Sendable, Hashable, Codable {
    /// The address to bind; loopback by default, never the wildcard unless asked for.
    public var host: String
    /// The port; 0 lets the system pick a free one (read it back from the base URL).
    public var port: Int
    /// Request size and time limits.
    public var limits: MockServerLimits
    /// Faults in force from the start.
    public var faults: [FaultRule]
    /// Whether the `/__admin/…` routes (faults, journal) answer. Off by default. They answer
    /// only requests addressed to this server's own names, and changes only with the admin token
    /// (``AdminAccess``).
    public var adminEnabled: Bool
    /// Host names besides the configured host, `localhost`, `127.0.0.1` and `[::1]` that the
    /// admin routes accept in `Host` and `Origin` (a name the server is reached by from a
    /// container or another machine).
    public var adminHosts: [String]
    /// The most requests the journal keeps.
    public var journalCapacity: Int
    /// The most bytes of parameters (names and values) one journal entry keeps; the rest is
    /// cut and the entry says how much. Bounds the journal at about `journalCapacity` times this.
    public var journalEntryBytes: Int
    /// A seed for tokens, secrets and verifiers; `nil` uses the system generator.
    public var seed: UInt64?

    /// Creates a configuration.
    public init(
        host: String = "127.0.0.1",
        port: Int = 0,
        limits: MockServerLimits = MockServerLimits(),
        faults: [FaultRule] = [],
        adminEnabled: Bool = false,
        adminHosts: [String] = [],
        journalCapacity: Int = 1000,
        journalEntryBytes: Int = 4096,
        seed: UInt64? = nil
    ) {
        self.host = host
        self.port = port
        self.limits = limits
        self.faults = faults
        self.adminEnabled = adminEnabled
        self.adminHosts = adminHosts
        self.journalCapacity = journalCapacity
        self.journalEntryBytes = journalEntryBytes
        self.seed = seed
    }

    private enum CodingKeys: String, CodingKey {
        case host, port, limits, faults, adminEnabled, adminHosts, journalCapacity, journalEntryBytes, seed
    }

    /// Decodes a configuration, taking the default for every missing member.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let defaults = MockServerConfiguration()
        host = try container.decodeIfPresent(String.self, forKey: .host) ?? defaults.host
        port = try container.decodeIfPresent(Int.self, forKey: .port) ?? defaults.port
        limits = try container.decodeIfPresent(MockServerLimits.self, forKey: .limits) ?? defaults.limits
        faults = try container.decodeIfPresent([FaultRule].self, forKey: .faults) ?? defaults.faults
        adminEnabled = try container.decodeIfPresent(Bool.self, forKey: .adminEnabled) ?? defaults.adminEnabled
        adminHosts = try container.decodeIfPresent([String].self, forKey: .adminHosts) ?? defaults.adminHosts
        journalCapacity = try container.decodeIfPresent(Int.self, forKey: .journalCapacity) ?? defaults.journalCapacity
        journalEntryBytes = try container.decodeIfPresent(Int.self, forKey: .journalEntryBytes) ?? defaults.journalEntryBytes
        seed = try container.decodeIfPresent(UInt64.self, forKey: .seed)
    }

    /// Throws ``MockServerError/Code/invalidConfiguration`` naming the first value outside
    /// ``ConfigurationRanges``: the host, port, limits, journal sizes and every fault rule.
    /// ``MockServer`` runs it before binding anything.
    public func validate() throws(MockServerError) {
        guard !host.isEmpty, host.utf8.count <= 255, !host.contains(where: \.isWhitespace) else {
            throw MockServerError(code: .invalidConfiguration, message: "host must be an address or host name (got \(host.isEmpty ? "nothing" : "'\(host.prefix(64))'"))")
        }
        try ConfigurationRanges.require(port, in: ConfigurationRanges.port, "port")
        for name in adminHosts where name.isEmpty || name.utf8.count > 255 || name.contains(where: { $0.isWhitespace || $0 == "/" }) {
            throw MockServerError(code: .invalidConfiguration, message: "adminHosts must hold host names (got '\(name.prefix(64))')")
        }
        try limits.validate()
        try ConfigurationRanges.require(journalCapacity, in: ConfigurationRanges.journalCapacity, "journalCapacity")
        try ConfigurationRanges.require(journalEntryBytes, in: ConfigurationRanges.journalEntryBytes, "journalEntryBytes")
        try ConfigurationRanges.require(faults.count, in: ConfigurationRanges.faultRules, "the number of fault rules")
        try FaultBoard.validate(faults)
    }
}

/// Request limits: what a client may send before the server refuses.
public struct MockServerLimits: Sendable, Hashable, Codable {
    /// The largest request body accepted; larger gets 413.
    public var maxBodyBytes: Int
    /// The largest header section accepted (names and values); larger gets 431.
    public var maxHeaderBytes: Int
    /// Seconds a connection has to send a whole request (its head and body), counted from the
    /// connection's opening or the previous answer; then it is closed. A client trickling its
    /// header lines (slowloris) or its body is closed as surely as an idle one; the time a
    /// request takes to be answered does not count.
    public var readTimeoutSeconds: Int
    /// The most connections open at once; one more is answered 503 and closed at once, while
    /// the open ones keep being served.
    public var maxConnections: Int

    /// Creates limits (1 MiB body, 16 KiB headers, 30 s read timeout, 512 connections by default).
    public init(maxBodyBytes: Int = 1 << 20, maxHeaderBytes: Int = 16 << 10, readTimeoutSeconds: Int = 30, maxConnections: Int = 512) {
        self.maxBodyBytes = maxBodyBytes
        self.maxHeaderBytes = maxHeaderBytes
        self.readTimeoutSeconds = readTimeoutSeconds
        self.maxConnections = maxConnections
    }

    private enum CodingKeys: String, CodingKey { case maxBodyBytes, maxHeaderBytes, readTimeoutSeconds, maxConnections }

    /// Throws ``MockServerError/Code/invalidConfiguration`` naming the first limit outside
    /// ``ConfigurationRanges``.
    public func validate() throws(MockServerError) {
        try ConfigurationRanges.require(maxBodyBytes, in: ConfigurationRanges.maxBodyBytes, "limits.maxBodyBytes")
        try ConfigurationRanges.require(maxHeaderBytes, in: ConfigurationRanges.maxHeaderBytes, "limits.maxHeaderBytes")
        try ConfigurationRanges.require(readTimeoutSeconds, in: ConfigurationRanges.readTimeoutSeconds, "limits.readTimeoutSeconds")
        try ConfigurationRanges.require(maxConnections, in: ConfigurationRanges.maxConnections, "limits.maxConnections")
    }

    /// Decodes limits, taking the default for every missing member.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let defaults = MockServerLimits()
        maxBodyBytes = try container.decodeIfPresent(Int.self, forKey: .maxBodyBytes) ?? defaults.maxBodyBytes
        maxHeaderBytes = try container.decodeIfPresent(Int.self, forKey: .maxHeaderBytes) ?? defaults.maxHeaderBytes
        readTimeoutSeconds = try container.decodeIfPresent(Int.self, forKey: .readTimeoutSeconds) ?? defaults.readTimeoutSeconds
        maxConnections = try container.decodeIfPresent(Int.self, forKey: .maxConnections) ?? defaults.maxConnections
    }
}
#endif
