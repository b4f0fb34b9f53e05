public import Foundation
import SignedHTTP

/// How a Drupal site's Services endpoint is set up: where it is, its key, and whether it uses
/// sessions — the settings on the site's Services page, mirrored.
///
/// ```swift
/// let site = DrupalServicesConfiguration(
///     baseURL: URL(string: "https://example.com")!,
///     apiKey: DrupalAPIKey(key: apiKey, domain: "app.example.com"))
/// ```
///
/// Like every client's configuration in this package it starts from the service's
/// `baseURL` (the site's root, or a mock server's URL as it is); calls go to
/// ``endpointPath`` under it.
public struct DrupalServicesConfiguration: Sendable {
    /// The site's root (`https://example.com`), or a mock server's base URL.
    public var baseURL: URL
    /// Where the JSON-RPC server sits under ``baseURL``: `services/json-rpc`, as Drupal's
    /// Services module puts it, unless the site moved it.
    public var endpointPath: String
    /// The API key when the site uses keys ("Use keys"); `nil` sends no key arguments.
    public var apiKey: DrupalAPIKey?
    /// Whether calls carry `sessid` after the key arguments ("Use sessid", on by default).
    public var usesSessid: Bool
    /// The JSON-RPC dialect to speak (1.1 by default, as Drupal 6's own clients do).
    public var version: JSONRPCVersion
    /// Methods that take no key or session arguments (`system.connect`).
    public var unauthenticatedMethods: Set<String>
    /// The key authentication's nonce source.
    public var nonce: @Sendable () -> String

    /// The default ``endpointPath``.
    public static let servicesPath = "services/json-rpc"

    /// Creates a configuration.
    ///
    /// - Parameters:
    ///   - baseURL: the site's root, or a mock server's base URL.
    ///   - apiKey: the site's API key and the domain it was registered for; `nil` for a site
    ///     without keys.
    ///   - endpointPath: ``servicesPath`` (`services/json-rpc`) by default.
    ///   - usesSessid: on by default ("Use sessid" on the site's Services page).
    ///   - version: JSON-RPC 1.1 by default.
    ///   - unauthenticatedMethods: `system.connect` by default.
    ///   - nonce: 32 secure random alphanumerics by default.
    public init(
        baseURL: URL,
        apiKey: DrupalAPIKey?,
        endpointPath: String = DrupalServicesConfiguration.servicesPath,
        usesSessid: Bool = true,
        version: JSONRPCVersion = .v1_1,
        unauthenticatedMethods: Set<String> = ["system.connect"],
        nonce: @escaping @Sendable () -> String = DrupalKeySigner.defaultNonce
    ) {
        self.baseURL = baseURL
        self.endpointPath = endpointPath
        self.apiKey = apiKey
        self.usesSessid = usesSessid
        self.version = version
        self.unauthenticatedMethods = unauthenticatedMethods
        self.nonce = nonce
    }

    /// The JSON-RPC server's URL: ``endpointPath`` under ``baseURL``.
    ///
    /// - Throws: ``DrupalServicesError/Code/invalidURL`` when they do not make a URL (a path
    ///   with spaces, say: percent-encode it).
    public var endpoint: URL {
        get throws(DrupalServicesError) {
            guard let url = baseURL.appendingAPIPath(endpointPath) else {
                throw DrupalServicesError(code: .invalidURL, message: "the endpoint path \"\(endpointPath.prefix(100))\" does not make a URL under \(baseURL.absoluteString); percent-encode it")
            }
            return url
        }
    }

    /// Whether `method` carries the key arguments and `sessid`.
    func authenticates(_ method: String) -> Bool { !unauthenticatedMethods.contains(method) }
}
