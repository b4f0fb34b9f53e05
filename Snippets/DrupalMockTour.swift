import DrupalMock
import DrupalServicesClient
import Foundation
import MockServerKit

/// DrupalServicesClient against the Drupal mock in-process: key authentication, a session, a
/// node; then the same site answering failures as error objects (strictErrors).
func drupalMockTour() async throws {
    try await MockServer.withRunning(DrupalMockProvider()) { server in
        let client = try server.client(DrupalMockProvider.self)    // a DrupalServicesClient with the demo key
        let demo = try server.demo(DrupalMockProvider.self)        // apiKey, readOnlyAPIKey, login, adminLogin
        let user = try await client.login(username: demo.login.username, password: demo.login.password)
        let node = try await client.node(1)
        print(user.name ?? "", node.title ?? "")
        print(await server.journal.entries.map(\.reason))           // what the site did with each call
    }
    let strict = DrupalMockProvider(options: DrupalMockOptions(strictErrors: true, diagnosis: true))
    try await MockServer.withRunning(strict) { server in
        print(server.baseURL)                                       // failures as 401/403/404 error objects, X-Drupal-Hash-Input
    }
}
