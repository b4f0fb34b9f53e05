import Foundation
public import Hummingbird
public import HTTPTypes
public import MockServerKit
import DrupalServicesClient

/// A mock Drupal 6 site with Services 6.x-2.x, key authentication and the JSON-RPC server,
/// faithful to the real module: `POST /services/json-rpc` serving `system.connect`,
/// `user.login`, `user.logout`, `node.get`, `node.save` and `node.delete` over a seeded site,
/// the key checks in Drupal's order with Drupal's messages (answered as HTTP 200 with the
/// message as `result`, or as JSON-RPC error objects in strict mode), sliding sessions with a
/// `SESS…` cookie, JSON-RPC 1.1 and 2.0, notifications and batches.
///
/// ```swift
/// let server = try await MockServer.start(DrupalMockProvider(options: .init(strictErrors: true)))
/// ```
public struct DrupalMockProvider: MockProvider {
    /// How it behaves.
    public var options: DrupalMockOptions

    /// The path of the JSON-RPC endpoint.
    public static let endpointPath = "/services/json-rpc"

    /// Creates a provider.
    public init(options: DrupalMockOptions = DrupalMockOptions()) {
        self.options = options
    }

    /// `drupal`.
    public var name: String { "drupal" }

    /// ``demo`` as the ready file's strings: `apiKey` and `domain` (a key for every method),
    /// `username` and `password` of the demo user, `readOnlyAPIKey` and `readOnlyDomain` (a key
    /// for `system.connect` and `node.get` only), and `adminUsername` and `adminPassword` (who
    /// may edit every node).
    public var demoCredentials: [String: String] { demo.fields }

    /// Adds `POST /services/json-rpc` over a fresh site.
    public func addRoutes(to router: Router<MockRequestContext>, context: MockServerContext) {
        let site = DrupalSite(options: options)
        let services = DrupalServices(
            options: options, site: site,
            keyCheck: DrupalKeyCheck(options: options, keys: DrupalSiteContent.keys, replayStore: context.replayStore),
            random: context.random
        )
        let route = DrupalRPCRoute(services: services)
        router.mockRoute(.post, Self.endpointPath, context: context, operation: DrupalMockOperations.call) { request, context in
            try await route.respond(request, context: context)
        }
    }

    /// What ``errorResponse(status:message:)`` writes: a JSON-RPC 1.1 error object.
    public var errorContent: MockOperation.Content { DrupalMockOperations.errorContent }

    /// A JSON-RPC 1.1 error object with `status`, for failures the server kit finds before a
    /// call is read (404, 405, 413, faults): -32603 for server errors, -32600 otherwise.
    public func errorResponse(status: HTTPResponse.Status, message: String) -> MockResponse {
        let code = status.code >= 500 ? JSONRPCErrorObject.internalError : JSONRPCErrorObject.invalidRequest
        return DrupalEnvelope.protocolError(status: status, code: code, message: message)
    }

    /// The kit's rule (JSON members named like a secret), plus Drupal's positional password:
    /// the last argument of every `user.login` call, alone or in a batch.
    public func redactingSecrets(inBody body: String, mediaType: String?) -> String {
        let masked = MockSecrets.redactingBody(body, mediaType: mediaType, parameters: redactingSecrets)
        return MockSecrets.redactingJSON(masked, Self.maskingLoginPasswords)
    }

    /// The client's hash input beside the provider's, field by field
    /// (`timestamp;domain;nonce;method`).
    public func compare(client: String, with diagnosis: JournalDiagnosis) -> DiagnosisComparison {
        .byLines(client: client, server: diagnosis.text, separator: ";", names: ["timestamp", "domain", "nonce", "method"])
    }

    private static func maskingLoginPasswords(_ object: Any) -> Any? {
        if let calls = object as? [Any] {
            var changed = false
            let masked = calls.map { call -> Any in
                guard let masked = maskingLoginPasswords(call) else { return call }
                changed = true
                return masked
            }
            return changed ? masked : nil
        }
        guard var call = object as? [String: Any], call["method"] as? String == DrupalMethod.login.rawValue,
              var arguments = call["params"] as? [Any], !arguments.isEmpty
        else { return nil }
        arguments[arguments.count - 1] = MockSecrets.redacted
        call["params"] = arguments
        return call
    }
}
