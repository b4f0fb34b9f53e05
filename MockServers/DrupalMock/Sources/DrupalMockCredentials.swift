public import DrupalServicesClient
public import Foundation
public import MockServerKit

/// The Drupal mock's demo credentials, typed: a key for every method, a read-only key, the demo
/// user and the administrator.
///
/// The same values as `MockServer.Running.credentials` and the `mock-servers` ready file, under
/// the same names. Keys and passwords never appear in `description` or `dump`.
public struct DrupalMockCredentials: Sendable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// The API key (and its domain) that may call every method, as the SDK's configuration
    /// takes it (`DrupalServicesConfiguration(baseURL:apiKey:)`).
    public let apiKey: DrupalAPIKey
    /// A key that may call only `system.connect` and `node.get`.
    public let readOnlyAPIKey: DrupalAPIKey
    /// The demo user (uid 2), who may edit their own nodes.
    public let login: DrupalLogin
    /// The administrator (uid 1), who may edit every node.
    public let adminLogin: DrupalLogin

    /// The ready file's strings (`apiKey`, `domain`, `username`, `password`, `readOnlyAPIKey`,
    /// `readOnlyDomain`, `adminUsername`, `adminPassword`).
    var fields: [String: String] {
        [
            "apiKey": apiKey.key, "domain": apiKey.domain, "username": login.username, "password": login.password,
            "readOnlyAPIKey": readOnlyAPIKey.key, "readOnlyDomain": readOnlyAPIKey.domain,
            "adminUsername": adminLogin.username, "adminPassword": adminLogin.password,
        ]
    }

    /// The domains and user names; keys and passwords redacted.
    public var description: String {
        "DrupalMockCredentials(domain: \(apiKey.domain), readOnlyDomain: \(readOnlyAPIKey.domain), username: \(login.username), adminUsername: \(adminLogin.username), secrets: <redacted>)"
    }
    /// The same as ``description``.
    public var debugDescription: String { description }
    /// The domains and user names; keys and passwords redacted.
    public var customMirror: Mirror {
        Mirror(self, children: ["apiKey": apiKey, "readOnlyAPIKey": readOnlyAPIKey, "login": login, "adminLogin": adminLogin], displayStyle: .struct)
    }
}

extension DrupalMockProvider: MockDemoProviding {
    /// The site's demo keys and logins.
    public var demo: DrupalMockCredentials {
        DrupalMockCredentials(
            apiKey: DrupalSiteContent.appKey.apiKey,
            readOnlyAPIKey: DrupalSiteContent.readerKey.apiKey,
            login: DrupalLogin(username: DrupalSiteContent.demo.name, password: DrupalSiteContent.demo.password),
            adminLogin: DrupalLogin(username: DrupalSiteContent.admin.name, password: DrupalSiteContent.admin.password)
        )
    }

    /// A `DrupalServicesClient` of the site at `baseURL` with the demo key (none when the
    /// options turn keys off) and the site's `sessid` setting.
    public func client(at baseURL: URL, http: SignedHTTPClient) -> DrupalServicesClient {
        DrupalServicesClient(
            configuration: DrupalServicesConfiguration(baseURL: baseURL, apiKey: options.usesKeys ? demo.apiKey : nil, usesSessid: options.usesSessid),
            http: http
        )
    }
}
