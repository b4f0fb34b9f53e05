import MockServerCatalog
import MockServerKit

/// Every provider `mock-servers` runs, in-process, each on a free port with its default options.
func mockServerCatalogTour() async throws {
    let providers = MockProviderCatalog.entries.map { ($0.provider(), MockServerConfiguration()) }
    let server = try await MockServer.start(providers)
    for running in server.providers {
        print(running.name, running.baseURL, running.credentials.keys.sorted())
    }
    print(MockProviderCatalog.names, MockProviderSlot.drupal.defaultPort)   // names, and each one's fixed default port
    await server.stop()
}
