#if MockServers  // without the trait, Server/TraitCheck.swift's #error is the one message
public import Foundation
public import SignedHTTP

/// A provider an app's test can use without knowing its credential keys: its demo credentials
/// as a typed value, and the SDK client for it, ready-made.
///
/// Every mock family adopts it the same way (`OAuth1MockProvider`, `DrupalMockProvider`,
/// `AFSignedMockProvider`, `GoogleBooksMockProvider`), so a test reads, whatever the family:
///
/// ```swift
/// try await MockServer.withRunning(DrupalMockProvider()) { server in
///     let client = try server.client(DrupalMockProvider.self)       // DrupalServicesClient, demo key
///     let demo = try server.demo(DrupalMockProvider.self)           // DrupalMockCredentials
///     _ = try await client.login(username: demo.username, password: demo.password)
/// }
/// ```
public protocol MockDemoProviding: MockProvider {
    /// The provider's demo credentials, typed (`DrupalMockCredentials`, …).
    associatedtype Demo: Sendable
    /// The SDK client an app uses with the real provider (`DrupalServicesClient`, …).
    associatedtype Client: Sendable

    /// The demo credentials this provider accepts; ``MockProvider/demoCredentials`` is the same
    /// as the ready file's strings.
    var demo: Demo { get }

    /// The SDK client for this provider at `baseURL`, signed with the demo credentials and
    /// set up as the provider's options require (a Drupal site without sessions, an AFSigned
    /// backend expecting `auth_key`, …), sending through `http`.
    func client(at baseURL: URL, http: SignedHTTPClient) -> Client
}

extension MockServer {
    /// The demo credentials of the running provider of type `provider`.
    ///
    /// - Throws: ``MockServerError/Code/providerNotRunning`` when this server runs none.
    public func demo<Provider: MockDemoProviding>(_ provider: Provider.Type) throws(MockServerError) -> Provider.Demo {
        try running(provider).provider.demo
    }

    /// The SDK client for the running provider of type `provider`, at its base URL with its demo
    /// credentials, sending through `http` (a `SignedHTTPClient()` by default).
    ///
    /// - Throws: ``MockServerError/Code/providerNotRunning`` when this server runs none.
    public func client<Provider: MockDemoProviding>(
        _ provider: Provider.Type, http: SignedHTTPClient = SignedHTTPClient()
    ) throws(MockServerError) -> Provider.Client {
        let (running, found) = try running(provider)
        return found.client(at: running.baseURL, http: http)
    }

    /// The first running provider of type `Provider`, with its entry.
    private func running<Provider: MockDemoProviding>(_: Provider.Type) throws(MockServerError) -> (running: Running, provider: Provider) {
        for running in providers {
            if let provider = running.context.provider as? Provider { return (running, provider) }
        }
        throw MockServerError(
            code: .providerNotRunning,
            message: "this server runs no \(Provider.self) (it runs \(providers.map(\.name).joined(separator: ", "))); start one with MockServer.withRunning(\(Provider.self)())"
        )
    }
}
#endif
