/// A provider's fixed place among the `mock-servers` providers: its name (on the command line
/// and in the ready file) and its default port.
///
/// Every name has its own port for good, so adding a provider never moves another's:
///
/// | name | default port | provider |
/// |---|---|---|
/// | `twitter` | 8401 | `OAuth1Mock`, ``MockCatalogEntry/twitter`` |
/// | `discogs` | 8402 | `OAuth1Mock`, ``MockCatalogEntry/discogs`` |
/// | `netflix` | 8403 | `OAuth1Mock`, ``MockCatalogEntry/netflix`` |
/// | `drupal` | 8404 | `DrupalMock`, ``MockCatalogEntry/drupal`` |
/// | `afsigned` | 8405 | `AFSignedMock`, ``MockCatalogEntry/afsigned`` |
/// | `googlebooks` | 8406 | `GoogleBooksMock`, ``MockCatalogEntry/googlebooks`` |
/// | `jira` | 8407 | `OAuth1Mock`, ``MockCatalogEntry/jira`` |
/// | `httpsig` | 8408 | `HTTPSigMock`, ``MockCatalogEntry/httpsig`` |
///
/// `--port-base N` shifts every provider by the same amount: a provider listens on
/// `N + ` ``portOffset`` (twitter on `N`, googlebooks on `N + 5`), and `N = 0` gives each a
/// free port.
public struct MockProviderSlot: Sendable, Hashable, CustomStringConvertible {
    /// The provider's name.
    public let name: String
    /// The port `mock-servers` uses without `--port-base`.
    public let defaultPort: Int

    private init(_ name: String, _ defaultPort: Int) {
        self.name = name
        self.defaultPort = defaultPort
    }

    /// The first default port (twitter's); every offset counts from it.
    public static let firstPort = 8401

    /// How far the provider's port lies from the first: `defaultPort - firstPort`.
    public var portOffset: Int { defaultPort - Self.firstPort }

    /// The port with `--port-base base`: `base + portOffset`, or 0 (a free port) for base 0.
    public func port(base: Int) -> Int {
        base == 0 ? 0 : base + portOffset
    }

    /// `name port`, as `mock-servers --help` lists it.
    public var description: String { "\(name) \(defaultPort)" }

    /// Twitter/X, OAuth 1.0a: 8401.
    public static let twitter = MockProviderSlot("twitter", 8401)
    /// Discogs, OAuth 1.0a: 8402.
    public static let discogs = MockProviderSlot("discogs", 8402)
    /// Netflix (retired API), OAuth 1.0a: 8403.
    public static let netflix = MockProviderSlot("netflix", 8403)
    /// Drupal Services JSON-RPC with key authentication: 8404.
    public static let drupal = MockProviderSlot("drupal", 8404)
    /// An AFNetworking-style HMAC-signed (`auth_signature`) backend: 8405.
    public static let afsigned = MockProviderSlot("afsigned", 8405)
    /// The Google Books API v1 volumes search and lookup: 8406.
    public static let googlebooks = MockProviderSlot("googlebooks", 8406)
    /// Jira Data Center, OAuth 1.0a with RSA-SHA1: 8407.
    public static let jira = MockProviderSlot("jira", 8407)
    /// HTTP Message Signatures (RFC 9421) with Web Bot Auth: 8408.
    public static let httpsig = MockProviderSlot("httpsig", 8408)

    /// Every slot, taken or reserved, in port order.
    public static let all: [MockProviderSlot] = [.twitter, .discogs, .netflix, .drupal, .afsigned, .googlebooks, .jira, .httpsig]
}
