import CredentialStore
import Foundation
import Testing

/// The shape of the OAuth1Client integration: a client actor takes `any CredentialStore` and
/// restores its token in one line. Written against a stand-in client so this module's tests do
/// not depend on a client module.
private actor StandInClient {
    let store: any CredentialStore
    private(set) var token: SampleToken?
    private(set) var authorisations = 0

    init(store: any CredentialStore) { self.store = store }

    func restore() async throws {
        token = try await store.loadOrCreate(SampleToken.self, service: "api.netflix.com", account: "default") {
            try await self.authorize()
        }
    }

    func signOut() async throws {
        try await store.remove(service: "api.netflix.com", account: "default")
        token = nil
    }

    private func authorize() async throws -> SampleToken {
        authorisations += 1
        return SampleToken(key: "access-\(authorisations)", secret: "secret-\(authorisations)", extra: ["user_id": "T1u"])
    }
}

/// The same from the main actor (a SwiftUI view model).
@MainActor private final class StandInViewModel {
    let store: any CredentialStore
    var token: SampleToken?
    var authorisations = 0

    init(store: any CredentialStore) { self.store = store }

    func restore() async throws {
        token = try await store.loadOrCreate(SampleToken.self, service: "api.netflix.com", account: "default") {
            self.authorisations += 1
            return SampleToken(key: "main-actor", secret: "s")
        }
    }
}

/// A credential type that is not `Sendable` still works: the conveniences encode and decode on
/// the caller's side.
private final class LegacyToken: Codable {
    var key: String
    init(key: String) { self.key = key }
}

@Suite struct ClientUsageTests {
    @Test func aRestartedClientReusesTheStoredTokenWithoutAuthorisingAgain() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }

        let first = StandInClient(store: FileStore(directory: directory.storeURL))
        try await first.restore()
        #expect(await first.authorisations == 1)

        let restarted = StandInClient(store: FileStore(directory: directory.storeURL))
        try await restarted.restore()
        #expect(await restarted.authorisations == 0)
        #expect(await restarted.token == first.token)
        #expect(await restarted.token?.userID == "T1u")

        try await restarted.signOut()
        let afterSignOut = StandInClient(store: FileStore(directory: directory.storeURL))
        try await afterSignOut.restore()
        #expect(await afterSignOut.authorisations == 1)
    }

    @Test @MainActor func theMainActorCanRestoreToo() async throws {
        let store = MemoryStore()
        let model = StandInViewModel(store: store)
        try await model.restore()
        try await model.restore()
        #expect(model.authorisations == 1)
        #expect(model.token?.key == "main-actor")
    }

    @Test func nonSendableCredentialTypesRoundTrip() async throws {
        let store = MemoryStore()
        try await store.save(LegacyToken(key: "legacy"), service: "svc", account: "a")
        #expect(try await store.load(LegacyToken.self, service: "svc", account: "a")?.key == "legacy")
    }
}
