import DrupalServicesClient
import Foundation

/// An app against a Drupal 6 Services site: the session survives restarts in a FileStore, and a
/// session the site has forgotten is reported, never silently replaced by an anonymous one.
func drupalSignIn(applicationSupport: URL, apiKey: String, password: @escaping @Sendable () async throws -> String) async throws {
    let site = DrupalServicesConfiguration(
        baseURL: URL(string: "https://example.com")!,
        apiKey: DrupalAPIKey(key: apiKey, domain: "app.example.com")   // the domain the key was registered for
    )
    let client = DrupalServicesClient(
        configuration: site,
        store: FileStore(directory: applicationSupport.appendingPathComponent("sessions"))
    )

    let story = try await client.node(1, fields: ["title", "changed"])    // connects anonymously first
    print(story.title ?? "", story.changed ?? Date())

    do {
        try await client.connect()                 // the stored session, once the site confirms it is still alice's
    } catch let error as DrupalServicesError where error.code == .sessionExpired {
        print(error.message)                       // the site forgot it: ask for the password, never go on anonymously
    }
    if await client.session?.isAuthenticated != true {
        try await client.login(username: "alice", password: try await password())
    }

    var draft = DrupalNode(type: "story", title: "Written on the train", body: "…", status: false)
    draft.nid = try await client.saveNode(draft)
    do {
        _ = try await client.node(99_999)
    } catch let error as DrupalServicesError {
        switch error.code {
        case .notFound: print("no such node")                   // “Could not find the node.”
        case .accessDenied: print("not allowed")                // “Access denied”
        case .timestampRefused: print("device clock far off")       // already retried once at the server's time
        default: throw error
        }
    }
    try await client.logout()
}
