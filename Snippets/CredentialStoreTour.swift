import CredentialStore
import OAuth1Client        // OAuth1Token: the client's own token type, Codable

/// Every operation of a store, on a Netflix-style token.
func credentialStoreTour(authorize: @Sendable () async throws -> OAuth1Token) async throws {
    let store: any CredentialStore = FileStore(directory: FileStore.defaultDirectory(applicationName: "com.example.reader"))
    // or KeychainStore() on Apple platforms, MemoryStore() in tests and previews

    // A restarted client reuses its token; `authorize` runs only when nothing is stored yet.
    let token = try await store.loadOrCreate(OAuth1Token.self, service: "api.netflix.com", account: "default") {
        try await authorize()
    }
    try await store.save(token, service: "api.netflix.com", account: "default")   // insert or replace
    let again = try await store.load(OAuth1Token.self, service: "api.netflix.com", account: "default")
    let users = try await store.accounts(service: "api.netflix.com")
    print(again?.token == token.token, users)
    try await store.remove(service: "api.netflix.com", account: "default")         // sign out
}
