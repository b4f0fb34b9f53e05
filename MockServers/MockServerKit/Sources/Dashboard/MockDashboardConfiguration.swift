#if MockServers  // without the trait, Server/TraitCheck.swift's #error is the one message
import Foundation
/// Where the dashboard of a ``MockServer`` listens and whom it serves.
///
/// In the `mock-servers` config file: `"dashboard": true` for the defaults, or an object with
/// any of these members, e.g. `{"port": 9400, "allowRemoteClients": true, "hosts": ["devbox.local"]}`.
public struct MockDashboardConfiguration: Sendable, Hashable, Codable {
    /// The port `mock-servers` gives the dashboard by default: 8400, just before the first
    /// provider's.
    public static let defaultPort = 8400

    /// The address to bind; loopback by default.
    public var host: String
    /// The port; 0 lets the system pick a free one (read it back from ``MockServer/dashboardURL``).
    public var port: Int
    /// Whether requests from other machines are served. Off by default: a request from a
    /// non-loopback address gets 403.
    public var allowRemoteClients: Bool
    /// Host names besides the bound host, `localhost`, `127.0.0.1` and `[::1]` that requests may
    /// be addressed to (`Host` and `Origin`); others get 403, which defeats DNS rebinding.
    public var hosts: [String]

    /// Creates a configuration (loopback, port 0, local clients only).
    public init(host: String = "127.0.0.1", port: Int = 0, allowRemoteClients: Bool = false, hosts: [String] = []) {
        self.host = host
        self.port = port
        self.allowRemoteClients = allowRemoteClients
        self.hosts = hosts
    }

    private enum CodingKeys: String, CodingKey { case host, port, allowRemoteClients, hosts }

    /// Decodes `true` (the defaults) or an object, taking the default for every missing member.
    public init(from decoder: any Decoder) throws {
        let defaults = MockDashboardConfiguration()
        if let single = try? decoder.singleValueContainer(), let flag = try? single.decode(Bool.self) {
            guard flag else {
                throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "write true or a configuration object; leave dashboard out to turn it off"))
            }
            self = defaults
            return
        }
        let container = try decoder.container(keyedBy: CodingKeys.self)
        host = try container.decodeIfPresent(String.self, forKey: .host) ?? defaults.host
        port = try container.decodeIfPresent(Int.self, forKey: .port) ?? defaults.port
        allowRemoteClients = try container.decodeIfPresent(Bool.self, forKey: .allowRemoteClients) ?? defaults.allowRemoteClients
        hosts = try container.decodeIfPresent([String].self, forKey: .hosts) ?? defaults.hosts
    }

    /// Throws ``MockServerError/Code/invalidConfiguration`` naming the first bad value.
    public func validate() throws(MockServerError) {
        var probe = MockServerConfiguration(host: host, port: port)
        probe.adminHosts = hosts
        do {
            try probe.validate()
        } catch {
            throw MockServerError(code: .invalidConfiguration, message: "dashboard: \(error.message)".replacingOccurrences(of: "adminHosts", with: "hosts"))
        }
    }
}
#endif
