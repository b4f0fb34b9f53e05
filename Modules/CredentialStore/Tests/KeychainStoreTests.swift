#if canImport(Security)
import CredentialStore
import Foundation
import Testing

/// KeychainStore against the real keychain. Opt-in, because it writes to the user's keychain
/// and needs a signed host (or `CREDENTIAL_STORE_KEYCHAIN_LEGACY=1` for the macOS file-based
/// keychain): `CREDENTIAL_STORE_KEYCHAIN_TESTS=1 swift test --filter KeychainStoreTests`. Every
/// test uses a service name of its own and removes what it saved.
@Suite(.enabled(if: ProcessInfo.processInfo.environment["CREDENTIAL_STORE_KEYCHAIN_TESTS"] == "1", "set CREDENTIAL_STORE_KEYCHAIN_TESTS=1 to run against the real keychain"))
struct KeychainStoreTests {
    let store = KeychainStore(useDataProtectionKeychain: ProcessInfo.processInfo.environment["CREDENTIAL_STORE_KEYCHAIN_LEGACY"] != "1")
    let service = "credential-store-tests.\(UUID().uuidString)"

    @Test func roundTripOverwriteListAndRemove() async throws {
        let account = "Émile 📚"
        let token = SampleToken(key: "k1", secret: "s1", extra: ["user_id": "u1"])
        let renewed = SampleToken(key: "k2", secret: "s2", extra: ["screen_name": "n"])
        try await removingAfterwards([account]) {
            #expect(try await store.load(SampleToken.self, service: service, account: account) == nil)
            try await store.save(token, service: service, account: account)
            #expect(try await store.load(SampleToken.self, service: service, account: account) == token)
            // The second save meets errSecDuplicateItem and must update in place.
            try await store.save(renewed, service: service, account: account)
            #expect(try await store.load(SampleToken.self, service: service, account: account) == renewed)
            #expect(try await store.accounts(service: service) == [account])
            #expect(try await store.remove(service: service, account: account))
            #expect(try await store.remove(service: service, account: account) == false)
            #expect(try await store.accounts(service: service).isEmpty)
        }
    }

    @Test func accountsAreListedSortedAndNamesAreValidated() async throws {
        let accounts = ["zoe", "Bob", "alice"]
        try await removingAfterwards(accounts) {
            for account in accounts {
                try await store.save(SampleAPIKey(key: "key-\(account)"), service: service, account: account)
            }
            #expect(try await store.accounts(service: service) == ["Bob", "alice", "zoe"])
            #expect(try await store.load(SampleAPIKey.self, service: service, account: "alice")?.key == "key-alice")
            await #expect(throws: CredentialStoreError(code: .invalidName, message: "")) {
                try await store.save(SampleAPIKey(key: "k"), service: service, account: "../evil")
            }
        }
    }

    @Test func hundredsOfConcurrentSaves() async throws {
        let accounts = (0..<10).map { "user-\($0)" }
        try await removingAfterwards(accounts) {
            try await withThrowingTaskGroup(of: Void.self) { group in
                for round in 0..<20 {
                    for account in accounts {
                        group.addTask { [store, service] in
                            try await store.save(SampleAPIKey(key: "\(account)-\(round)"), service: service, account: account)
                        }
                    }
                }
                try await group.waitForAll()
            }
            #expect(try await store.accounts(service: service) == accounts.sorted())
        }
    }

    /// Runs `body`, then deletes the given accounts of this test's service whatever happened.
    private func removingAfterwards(_ accounts: [String], _ body: () async throws -> Void) async throws {
        do {
            try await body()
        } catch {
            for account in accounts { _ = try? await store.remove(service: service, account: account) }
            throw error
        }
        for account in accounts { _ = try? await store.remove(service: service, account: account) }
    }
}
#endif
