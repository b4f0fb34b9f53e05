import AFSignedMock
import MockServerKit
import DrupalMock
import GoogleBooksMock
import HTTPSigMock
import OAuth1Mock

/// The providers `mock-servers` runs — the one list the command, the integration tests and the
/// mock-servers benchmark share. Each sits in its fixed ``MockProviderSlot``.
public enum MockProviderCatalog {
    /// Every provider, in port order.
    public static let entries: [MockCatalogEntry] = [.twitter, .discogs, .netflix, .drupal, .afsigned, .googlebooks, .jira, .httpsig]

    /// The provider called `name`, if there is one.
    public static func entry(named name: String) -> MockCatalogEntry? {
        entries.first { $0.name == name }
    }

    /// Every provider's name, in port order.
    public static var names: [String] { entries.map(\.name) }
}

extension MockCatalogEntry {
    /// `OAuth1MockProvider` as Twitter/X.
    public static let twitter = MockCatalogEntry(.twitter) { OAuth1MockProvider(flavour: .twitter, options: $0) }
    /// `OAuth1MockProvider` as Discogs.
    public static let discogs = MockCatalogEntry(.discogs) { OAuth1MockProvider(flavour: .discogs, options: $0) }
    /// `OAuth1MockProvider` as Netflix.
    public static let netflix = MockCatalogEntry(.netflix) { OAuth1MockProvider(flavour: .netflix, options: $0) }
    /// `DrupalMockProvider`: Drupal 6 Services JSON-RPC with key authentication.
    public static let drupal = MockCatalogEntry(.drupal) { DrupalMockProvider(options: $0) }
    /// `AFSignedMockProvider`: an `auth_signature` (AFSigned) REST backend.
    public static let afsigned = MockCatalogEntry(.afsigned) { AFSignedMockProvider(options: $0) }
    /// `GoogleBooksMockProvider`: the Google Books API v1 volumes search and lookup.
    public static let googlebooks = MockCatalogEntry(.googlebooks) { GoogleBooksMockProvider(options: $0) }
    /// `OAuth1MockProvider` as Jira Data Center: RSA-SHA1 with the demo key, Problem Reporting.
    public static let jira = MockCatalogEntry(.jira) { OAuth1MockProvider(flavour: .jira, options: $0) }
    /// `HTTPSigMockProvider`: HTTP Message Signatures (RFC 9421) with Web Bot Auth, a signed items API.
    public static let httpsig = MockCatalogEntry(.httpsig) { HTTPSigMockProvider(options: $0) }
}
