import DrupalMock
import DrupalServicesClient
import Foundation
import MockServerKit

/// DrupalServicesClient against the Drupal mock in-process: key authentication, a session, a
/// node; then the same site answering failures as error objects (strictErrors).
func drupalMockTour() async throws {
    try await MockServer.withRunning(DrupalMockProvider()) { server in
        let credentials = server.providers[0].credentials          // apiKey, domain, username, password, …
        let client = DrupalServicesClient(configuration: DrupalServicesConfiguration(
            baseURL: server.baseURL,
            apiKey: DrupalAPIKey(key: credentials["apiKey"]!, domain: credentials["domain"]!)
        ))
        let user = try await client.login(username: credentials["username"]!, password: credentials["password"]!)
        let node = try await client.node(1)
        print(user.name ?? "", node.title ?? "")
        print(await server.journal.entries.map(\.reason))           // what the site did with each call
    }
    let strict = DrupalMockProvider(options: DrupalMockOptions(strictErrors: true, diagnosis: true))
    try await MockServer.withRunning(strict) { server in
        print(server.baseURL)                                       // failures as 401/403/404 error objects, X-Drupal-Hash-Input
    }
}
