import CredentialStore
import Foundation
import OAuth1Client

/// A signed call that recovers when the provider no longer accepts the stored access token
/// (revoked by the user, or expired): drop the token and run the 3-legged flow again.
func homeTimeline(client: OAuth1Client, store: any CredentialStore, signIn: () async throws -> OAuth1Token) async throws -> OAuth1Response {
    let request = OAuth1Request(url: URL(string: "https://api.x.com/1.1/statuses/home_timeline.json")!)
    let token = try await store.loadOrCreate(OAuth1Token.self, service: "twitter", account: "me", create: signIn)
    do {
        return try await client.send(request, with: token)
    } catch let error as OAuth1Error where error.code == .tokenRejected {
        _ = try await store.remove(service: "twitter", account: "me")           // the stored token is no good any more
        let fresh = try await store.loadOrCreate(OAuth1Token.self, service: "twitter", account: "me", create: signIn)
        return try await client.send(request, with: fresh)
    } catch let error as OAuth1Error where error.code == .signatureInvalid {
        // The rejection as values: the provider's code and words, the mock's reason, and
        // (when the provider reports its base string) exactly what differs.
        print(error.providerCode ?? "", error.providerMessage ?? "", error.mockReason ?? "")
        print(error.baseStringDifference?.changedParameters ?? [])              // e.g. ["status"]
        throw error
    }
}
