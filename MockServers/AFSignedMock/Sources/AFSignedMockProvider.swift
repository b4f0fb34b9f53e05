import AFSignedClient
public import Hummingbird
public import MockServerKit
public import SigningCore

/// A mock of the PHP backend of the `auth_signature` scheme (AFNetworking's
/// `AFSignedHTTPRequestOperationManager`) — every request's signature checked as the original
/// verifier checks it (version, client id, timestamp window, signature, each refusal a 401 with
/// its words) — serving a small
/// REST API over an in-memory user table: `GET /users` (paged, filtered by name),
/// `POST /users`, `GET`, `PUT`, `PATCH` and `DELETE /users/{id}`.
///
/// ```swift
/// let server = try await MockServer.start(AFSignedMockProvider(options: .init(requiresNonce: true)))
/// ```
public struct AFSignedMockProvider: MockProvider {
    /// How it behaves.
    public var options: AFSignedMockOptions

    /// Creates a provider.
    public init(options: AFSignedMockOptions = AFSignedMockOptions()) {
        self.options = options
    }

    /// `afsigned`.
    public var name: String { "afsigned" }

    /// ``demo`` as the ready file's strings: `clientID` and `clientSecret` of the demo client.
    public var demoCredentials: [String: String] { ["clientID": demo.credentials.clientID, "clientSecret": demo.credentials.clientSecret] }

    /// Adds the user routes over a fresh table (and a fresh nonce store).
    public func addRoutes(to router: Router<MockRequestContext>, context: MockServerContext) {
        let routes = UserRoutes(check: AFSignedCheck(options: options, credentials: [AFSignedMockContent.client], replayStore: context.replayStore), table: UserTable())
        router.mockRoute(.get, "/users", context: context, operation: AFSignedMockOperations.list) { try await routes.list($0, context: $1) }
        router.mockRoute(.post, "/users", context: context, operation: AFSignedMockOperations.create) { try await routes.create($0, context: $1) }
        router.mockRoute(.get, "/users/{id}", context: context, operation: AFSignedMockOperations.show) { try await routes.show($0, context: $1) }
        router.mockRoute(.put, "/users/{id}", context: context, operation: AFSignedMockOperations.update) { try await routes.update($0, context: $1) }
        router.mockRoute(.patch, "/users/{id}", context: context, operation: AFSignedMockOperations.update) { try await routes.update($0, context: $1) }
        router.mockRoute(.delete, "/users/{id}", context: context, operation: AFSignedMockOperations.delete) { try await routes.delete($0, context: $1) }
    }

    /// The default redaction (parameters named like a secret or a password) plus
    /// `auth_signature`: a signature is no secret, but within the timestamp window (12 hours by
    /// default, with no nonce) a journaled request could be replayed as it stands, so the
    /// journal, the admin route and the logs never hand one out.
    public func redactingSecrets(_ parameters: [FormField]) -> [FormField] {
        MockSecrets.redacting(MockSecrets.redactingSecretNames(parameters)) { $0 == AFSignedField.signature }
    }
}
