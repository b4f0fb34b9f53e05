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
    /// The options this provider runs with; ``MockServer/start(_:clock:sleepClock:logger:shutdownSignals:replayStore:dashboard:adminToken:)``
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

    /// A request header's value as the journal may keep it. By default a `Basic` credential
    /// (`Authorization`, `Proxy-Authorization`) is replaced by ``MockSecrets/redacted``
    /// (``MockSecrets/redactingBasicCredentials(inHeader:value:)``); a provider whose scheme
    /// puts secrets in a header masks them here (OAuth's PLAINTEXT signature).
    func redactingSecrets(inHeader name: String, value: String) -> String

    /// A request body (UTF-8 text) as the journal may keep it. By default a form has its
    /// parameters masked by ``redactingSecrets(_:)``, and JSON every member whose name says it
    /// holds a secret (``MockSecrets/redactingBody(_:mediaType:parameters:)``); a provider adds
    /// its protocol's own (Drupal's positional password).
    func redactingSecrets(inBody body: String, mediaType: String?) -> String

    /// The client's version of a ``JournalDiagnosis`` (pasted, or sent in the diagnosis's
    /// header) beside the provider's, taken apart by the scheme's own difference code. The
    /// default compares line by line (``DiagnosisComparison/byLines(client:server:separator:names:)``).
    func compare(client: String, with diagnosis: JournalDiagnosis) -> DiagnosisComparison
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

    /// ``MockSecrets/redactingBasicCredentials(inHeader:value:)``.
    public func redactingSecrets(inHeader name: String, value: String) -> String {
        MockSecrets.redactingBasicCredentials(inHeader: name, value: value)
    }

    /// ``MockSecrets/redactingBody(_:mediaType:parameters:)`` with this provider's parameter rule.
    public func redactingSecrets(inBody body: String, mediaType: String?) -> String {
        MockSecrets.redactingBody(body, mediaType: mediaType, parameters: redactingSecrets)
    }

    /// Line by line.
    public func compare(client: String, with diagnosis: JournalDiagnosis) -> DiagnosisComparison {
        .byLines(client: client, server: diagnosis.text)
    }
}
#endif
