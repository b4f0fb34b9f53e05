#if MockServers  // without the trait, Server/TraitCheck.swift's #error is the one message
public import Foundation
public import Hummingbird
public import HTTPTypes
public import SigningCore

/// A mock of one real API provider: its name, typed options, demo credentials and routes.
///
/// A provider is a value describing behaviour; its mutable state (tokens, nonces) lives in
/// actors it creates inside ``addRoutes(to:context:)``, so every server started from the same
/// provider value has fresh state. Ports are not the provider's business: the `mock-servers`
/// catalogue (module `MockServerCatalog`) gives each provider its fixed default port.
public protocol MockProvider: Sendable {
    /// The provider's switches (timestamp window, token lifetimes, …), decoded from the JSON
    /// `options` object of its configuration entry or set through the Swift API.
    associatedtype Options: MockProviderOptions

    /// The name used on the command line, in the ready file and in logs (`twitter`).
    var name: String { get }
    /// The options this provider runs with; ``MockServer/start(_:clock:sleepClock:logger:shutdownSignals:replayStore:)``
    /// refuses to start it when ``MockProviderOptions/validate()`` fails.
    var options: Options { get }
    /// Credentials a client needs to use the mock (consumer key and secret, …).
    var demoCredentials: [String: String] { get }

    /// Adds the provider's routes to `router`, using `context` for the clock, randomness,
    /// journal and faults. Register routes with ``Hummingbird/Router/mockRoute(_:_:context:operation:handler:)``
    /// so faults, limits, the journal, 405 answers and thrown ``MockProviderError``s apply to them.
    func addRoutes(to router: Router<MockRequestContext>, context: MockServerContext)

    /// The provider's own error shape for a failure the server kit detects (413, 431, 404,
    /// 405, a fault's status). The default is `{"error": message}` as JSON.
    func errorResponse(status: HTTPResponse.Status, message: String) -> MockResponse

    /// What ``errorResponse(status:message:)`` writes: its media type and schema, for the
    /// server's `/openapi.json`. The default describes `{"error": message}`.
    var errorContent: MockOperation.Content { get }

    /// The provider's rate-limit headers, added to a 429 fault (none by default).
    func rateLimitHeaders(now: Date, retryAfterSeconds: Int) -> HTTPFields

    /// `parameters` as the journal may keep them, every secret replaced by
    /// ``MockSecrets/redacted``: by default any parameter whose name says it is a secret or a
    /// password (``MockSecrets/redactingSecretNames(_:)``). A provider adds its protocol's own
    /// (a PLAINTEXT signature, a used verifier). The journal, the admin route and the logs only
    /// ever see what this returns.
    func redactingSecrets(_ parameters: [FormField]) -> [FormField]
}

extension MockProvider {
    /// `{"error": message}` as JSON with `status`.
    public func errorResponse(status: HTTPResponse.Status, message: String) -> MockResponse {
        .json(["error": message], status: status)
    }

    /// `{"error": message}` as JSON.
    public var errorContent: MockOperation.Content {
        .json(.object(["error": .string], required: ["error"]))
    }

    /// No rate-limit headers.
    public func rateLimitHeaders(now: Date, retryAfterSeconds: Int) -> HTTPFields { [:] }

    /// ``MockSecrets/redactingSecretNames(_:)``.
    public func redactingSecrets(_ parameters: [FormField]) -> [FormField] {
        MockSecrets.redactingSecretNames(parameters)
    }
}
#endif
