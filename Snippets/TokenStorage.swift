import CredentialStore
import Foundation
import OAuth1Client

/// The stored access token, or a new one from the 3-legged flow when nothing is stored.
func storedAccessToken(applicationSupport: URL, authorize: @Sendable () async throws -> OAuth1Token) async throws -> OAuth1Token {
    let store = FileStore(directory: applicationSupport.appendingPathComponent("tokens"))  // or KeychainStore() on Apple platforms
    return try await store.loadOrCreate(OAuth1Token.self, service: "twitter", account: "me") {
        try await authorize()          // the 3-legged flow runs only when nothing is stored
    }
}
