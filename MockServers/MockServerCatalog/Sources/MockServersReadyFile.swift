public import Foundation
public import MockServerKit

/// The `mock-servers --ready-file` JSON file: written once every provider listens, one member
/// per provider, named as in the catalogue:
///
/// ```json
/// {"twitter": {"baseURL": "http://127.0.0.1:PORT",
///              "credentials": {"consumerKey": "…", "consumerSecret": "…", …},
///              "adminToken": "…", "dashboardURL": "http://127.0.0.1:PORT/"}}
/// ```
///
/// The one writer and reader of the format: `mock-servers` writes it, the soak and the tests
/// read it here. Scripts in other languages (the Python peers) read the same JSON, so its
/// members stay as shown: the provider names at the top level, `baseURL` a string, and
/// `credentials` the provider's demo credentials as strings; `adminToken` (admin routes on) and
/// `dashboardURL` (a dashboard running) appear only when they apply.
public struct MockServersReadyFile: Codable, Sendable, Equatable {
    /// One listening provider.
    public struct Provider: Codable, Sendable, Equatable {
        /// `http://HOST:PORT`, no trailing slash.
        public var baseURL: URL
        /// The provider's demo credentials, by the provider's names for them.
        public var credentials: [String: String]
        /// The token its admin routes require for changes (`X-Mock-Admin-Token`), when they are on.
        public var adminToken: String?
        /// The dashboard showing it, when one runs.
        public var dashboardURL: URL?

        /// A provider listening at `baseURL` with `credentials`.
        public init(baseURL: URL, credentials: [String: String], adminToken: String? = nil, dashboardURL: URL? = nil) {
            self.baseURL = baseURL
            self.credentials = credentials
            self.adminToken = adminToken
            self.dashboardURL = dashboardURL
        }

        private enum CodingKeys: String, CodingKey { case baseURL, credentials, adminToken, dashboardURL }

        /// Decodes `baseURL` from its string, refusing one that is not an absolute URL.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            let text = try container.decode(String.self, forKey: .baseURL)
            guard let url = URL(string: text), url.scheme != nil, url.host != nil else {
                throw DecodingError.dataCorruptedError(forKey: .baseURL, in: container, debugDescription: "'\(text)' is not an absolute URL")
            }
            baseURL = url
            credentials = try container.decode([String: String].self, forKey: .credentials)
            adminToken = try container.decodeIfPresent(String.self, forKey: .adminToken)
            dashboardURL = try container.decodeIfPresent(String.self, forKey: .dashboardURL).flatMap(URL.init(string:))
        }

        /// Encodes `baseURL` as its absolute string.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(baseURL.absoluteString, forKey: .baseURL)
            try container.encode(credentials, forKey: .credentials)
            try container.encodeIfPresent(adminToken, forKey: .adminToken)
            try container.encodeIfPresent(dashboardURL?.absoluteString, forKey: .dashboardURL)
        }
    }

    /// The listening providers, by name.
    public var providers: [String: Provider]

    /// A file listing `providers`.
    public init(providers: [String: Provider]) {
        self.providers = providers
    }

    /// The file for a started server's providers.
    public init(_ running: [MockServer.Running]) {
        providers = Dictionary(running.map { ($0.name, Provider(baseURL: $0.baseURL, credentials: $0.credentials)) }) { first, _ in first }
    }

    /// The file for a started server: each provider with its admin token (when its admin routes
    /// are on) and the dashboard's URL (when one runs).
    public init(_ server: MockServer) {
        providers = Dictionary(server.providers.map { running in
            (running.name, Provider(
                baseURL: running.baseURL, credentials: running.credentials,
                adminToken: running.context.configuration.adminEnabled ? server.adminToken : nil,
                dashboardURL: server.dashboardURL
            ))
        }) { first, _ in first }
    }

    /// Decodes the top-level object of providers.
    public init(from decoder: any Decoder) throws {
        providers = try decoder.singleValueContainer().decode([String: Provider].self)
    }

    /// Encodes the providers as the top-level object.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(providers)
    }

    /// The provider called `name`.
    ///
    /// - Throws: `MockServerError` (`invalidConfiguration`) naming the providers the file has.
    public func provider(named name: String) throws -> Provider {
        guard let provider = providers[name] else {
            throw MockServerError(
                code: .invalidConfiguration,
                message: "the ready file has no provider \(name); it has \(providers.keys.sorted().joined(separator: ", "))"
            )
        }
        return provider
    }

    /// The file's bytes: pretty-printed JSON with sorted keys and unescaped slashes.
    public func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        return try encoder.encode(self)
    }
}
