public import MockServerKit

/// The `mock-servers --config` JSON file, decoded:
///
/// ```json
/// {"host": "127.0.0.1", "portBase": 9400, "replayStore": "postgres://mocks@127.0.0.1:5432/mocks", "dashboard": true,
///  "providers": {"twitter": {"port": 9401, "adminEnabled": true, "options": {"autoApprove": true}}}}
/// ```
///
/// Each provider entry takes every `MockServerConfiguration` member and the provider's typed
/// `options`, decoded by the catalogue. The one reader of the format: the `mock-servers`
/// command, the soak and the fuzzer all decode it here.
public struct MockServersFile: Decodable, Sendable {
    /// One provider's entry: its explicit port (if given), its configuration and the provider
    /// built with its options.
    public struct Entry: Sendable {
        /// The entry's `port`, if it gives one.
        public var port: Int?
        /// Every other `MockServerConfiguration` member of the entry.
        public var configuration: MockServerConfiguration
        /// The provider, with the entry's `options` (its defaults without them).
        public var provider: any MockProvider

        private enum CodingKeys: String, CodingKey { case port, options }

        init(from decoder: any Decoder, catalog entry: MockCatalogEntry) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            port = try container.decodeIfPresent(Int.self, forKey: .port)
            configuration = try MockServerConfiguration(from: decoder)
            provider = container.contains(.options)
                ? try entry.provider(optionsFrom: container.superDecoder(forKey: .options))
                : entry.provider()
        }
    }

    /// `host`, for every provider.
    public var host: String?
    /// `portBase`: each provider on it plus its slot's offset.
    public var portBase: Int?
    /// `replayStore`: a PostgreSQL URL (`postgres://USER@HOST:PORT/DB`) where every provider
    /// records accepted nonces, shared by every `mock-servers` instance given the same URL.
    public var replayStore: String?
    /// The entries of `providers`, by provider name.
    public var providers: [String: Entry]
    /// `dashboard`: `true`, or where and for whom to serve the dashboard; `nil` for none.
    public var dashboard: MockDashboardConfiguration?
    /// Whether `dashboard` is an object with its own `port` (else the command picks the port).
    public var dashboardPortGiven = false
    /// `adminToken`: the token the admin routes require for changes, instead of a new one per
    /// run (for scripts that cannot read the ready file).
    public var adminToken: String?

    /// A file that says nothing: every default.
    public init() {
        providers = [:]
    }

    private enum CodingKeys: String, CodingKey { case host, portBase, replayStore, providers, dashboard, adminToken }
    private enum DashboardKeys: String, CodingKey { case port }

    /// A provider's name as a key of `providers`.
    private struct ProviderName: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// Decodes the file.
    ///
    /// - Throws: `MockServerError` with code `invalidConfiguration` for a provider the
    ///   catalogue does not have, `invalidOption` for a bad option; `DecodingError` for a value
    ///   of the wrong type.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        host = try container.decodeIfPresent(String.self, forKey: .host)
        portBase = try container.decodeIfPresent(Int.self, forKey: .portBase)
        replayStore = try container.decodeIfPresent(String.self, forKey: .replayStore)
        if container.contains(.dashboard), try !container.decodeNil(forKey: .dashboard) {
            dashboard = try container.decode(MockDashboardConfiguration.self, forKey: .dashboard)
            dashboardPortGiven = (try? container.nestedContainer(keyedBy: DashboardKeys.self, forKey: .dashboard))?.contains(.port) ?? false
        }
        adminToken = try container.decodeIfPresent(String.self, forKey: .adminToken)
        if let adminToken, adminToken.count < 16 || !adminToken.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }) {
            throw MockServerError(code: .invalidConfiguration, message: "adminToken must be at least 16 letters, digits, '-' or '_' (a guessable token protects nothing)")
        }
        providers = [:]
        guard container.contains(.providers) else { return }
        let entries = try container.nestedContainer(keyedBy: ProviderName.self, forKey: .providers)
        let unknown = entries.allKeys.map(\.stringValue).filter { MockProviderCatalog.entry(named: $0) == nil }.sorted()
        guard unknown.isEmpty else {
            throw MockServerError(
                code: .invalidConfiguration,
                message: "it names unknown provider(s) \(unknown.joined(separator: ", ")); available: \(MockProviderCatalog.names.joined(separator: ", "))"
            )
        }
        for key in entries.allKeys {
            let entry = MockProviderCatalog.entry(named: key.stringValue)!
            providers[key.stringValue] = try Entry(from: entries.superDecoder(forKey: key), catalog: entry)
        }
    }
}
