public import Foundation

/// How a Drupal site's Services endpoint is set up: where it is, its key, and whether it uses
/// sessions — the settings on the site's Services page, mirrored.
///
/// ```swift
/// let site = DrupalServicesConfiguration(
///     endpoint: URL(string: "https://example.com/services/json-rpc")!,
///     apiKey: DrupalAPIKey(key: apiKey, domain: "app.example.com"))
/// ```
public struct DrupalServicesConfiguration: Sendable, Hashable {
    /// The JSON-RPC server's URL, normally `https://SITE/services/json-rpc`.
    public var endpoint: URL
    /// The API key when the site uses keys ("Use keys"); `nil` sends no key arguments.
    public var apiKey: DrupalAPIKey?
    /// Whether calls carry `sessid` after the key arguments ("Use sessid", on by default).
    public var usesSessid: Bool
    /// The JSON-RPC dialect to speak (1.1 by default, as Drupal 6's own clients do).
    public var version: JSONRPCVersion
    /// Methods that take no key or session arguments (`system.connect`).
    public var unauthenticatedMethods: Set<String>

    /// Creates a configuration.
    public init(
        endpoint: URL,
        apiKey: DrupalAPIKey?,
        usesSessid: Bool = true,
        version: JSONRPCVersion = .v1_1,
        unauthenticatedMethods: Set<String> = ["system.connect"]
    ) {
        self.endpoint = endpoint
        self.apiKey = apiKey
        self.usesSessid = usesSessid
        self.version = version
        self.unauthenticatedMethods = unauthenticatedMethods
    }

    /// Whether `method` carries the key arguments and `sessid`.
    func authenticates(_ method: String) -> Bool { !unauthenticatedMethods.contains(method) }
}
