import CredentialStore
import Foundation
import Testing

/// Behaviour every store shares, run against MemoryStore and FileStore (KeychainStore needs an
/// Apple device; see docs/credential-store.md).
@Suite struct StoreConformanceTests {
    static let netflix = SampleToken(key: "T1kHx", secret: "s3cr3t-netflix", extra: ["user_id": "T1abcDEF-"])

    @Test(arguments: StoreKind.allCases)
    func roundTripsEveryCredentialType(kind: StoreKind) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = kind.make(in: directory)

        let twitter = SampleToken(key: "12-abc", secret: "tw-secret", extra: ["user_id": "12", "screen_name": "jack"])
        let drupal = SampleSession(sessionID: "8c6f2d1c", sessionName: "SESS4f1b", userID: 7)
        let anonymous = SampleSession(sessionID: "a1", userID: 0)
        let signed = SampleClientSecret(clientID: "ios-app", secret: "shared-secret")
        let google = SampleAPIKey(key: "AIzaSyExample")

        try await store.save(Self.netflix, service: "api.netflix.com", account: "T1abcDEF-")
        try await store.save(twitter, service: "api.twitter.com", account: "jack")
        try await store.save(drupal, service: "drupal.example.org", account: "admin")
        try await store.save(anonymous, service: "drupal.example.org", account: "anonymous")
        try await store.save(signed, service: "backend.example.com", account: "ios-app")
        try await store.save(google, service: "books.googleapis.com", account: "default")

        let loadedNetflix = try await store.load(SampleToken.self, service: "api.netflix.com", account: "T1abcDEF-")
        #expect(loadedNetflix == Self.netflix)
        #expect(loadedNetflix?.userID == "T1abcDEF-")
        let loadedTwitter = try await store.load(SampleToken.self, service: "api.twitter.com", account: "jack")
        #expect(loadedTwitter == twitter)
        #expect(loadedTwitter?.screenName == "jack")
        #expect(try await store.load(SampleSession.self, service: "drupal.example.org", account: "admin") == drupal)
        #expect(try await store.load(SampleSession.self, service: "drupal.example.org", account: "anonymous") == anonymous)
        #expect(try await store.load(SampleClientSecret.self, service: "backend.example.com", account: "ios-app") == signed)
        #expect(try await store.load(SampleAPIKey.self, service: "books.googleapis.com", account: "default") == google)
    }

    @Test(arguments: StoreKind.allCases)
    func missingItemsAreNilAndEmpty(kind: StoreKind) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = kind.make(in: directory)
        #expect(try await store.load(SampleAPIKey.self, service: "books.googleapis.com", account: "default") == nil)
        #expect(try await store.loadData(service: "books.googleapis.com", account: "default") == nil)
        #expect(try await store.accounts(service: "books.googleapis.com").isEmpty)
        #expect(try await store.remove(service: "books.googleapis.com", account: "default") == false)
    }

    @Test(arguments: StoreKind.allCases)
    func overwriteReplacesTheItem(kind: StoreKind) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = kind.make(in: directory)
        try await store.save(Self.netflix, service: "api.netflix.com", account: "me")
        let renewed = SampleToken(key: "new-key", secret: "new-secret", extra: [:])
        try await store.save(renewed, service: "api.netflix.com", account: "me")
        #expect(try await store.load(SampleToken.self, service: "api.netflix.com", account: "me") == renewed)
        #expect(try await store.accounts(service: "api.netflix.com") == ["me"])
    }

    @Test(arguments: StoreKind.allCases)
    func removeDeletesOnlyThatItem(kind: StoreKind) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = kind.make(in: directory)
        try await store.save(SampleAPIKey(key: "k1"), service: "books", account: "a")
        try await store.save(SampleAPIKey(key: "k2"), service: "books", account: "b")
        try await store.save(SampleAPIKey(key: "k3"), service: "other", account: "a")
        #expect(try await store.remove(service: "books", account: "a"))
        #expect(try await store.remove(service: "books", account: "a") == false)
        #expect(try await store.load(SampleAPIKey.self, service: "books", account: "a") == nil)
        #expect(try await store.load(SampleAPIKey.self, service: "books", account: "b") == SampleAPIKey(key: "k2"))
        #expect(try await store.load(SampleAPIKey.self, service: "other", account: "a") == SampleAPIKey(key: "k3"))
        #expect(try await store.remove(service: "books", account: "b"))
        #expect(try await store.accounts(service: "books").isEmpty)
        #expect(try await store.accounts(service: "other") == ["a"])
    }

    @Test(arguments: StoreKind.allCases)
    func listsAccountsOfOneServiceSortedByBytes(kind: StoreKind) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = kind.make(in: directory)
        for account in ["zoe", "Émile", "alice", "Bob", "数据", "🙂 smile"] {
            try await store.save(SampleAPIKey(key: "key of \(account)"), service: "svc", account: account)
        }
        try await store.save(SampleAPIKey(key: "x"), service: "svc2", account: "mallory")
        #expect(try await store.accounts(service: "svc") == ["Bob", "alice", "zoe", "Émile", "数据", "🙂 smile"])
        #expect(try await store.accounts(service: "svc2") == ["mallory"])
    }

    @Test(arguments: StoreKind.allCases)
    func unicodeNamesRoundTripAndCompareExactly(kind: StoreKind) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = kind.make(in: directory)
        let composed = "Jos\u{E9}"        // é as one scalar
        let decomposed = "Jose\u{301}"    // e + combining acute: equal as Swift Strings
        #expect(composed == decomposed)
        let service = "Bücher-API 📚 ελληνικά"
        try await store.save(SampleAPIKey(key: "composed"), service: service, account: composed)
        try await store.save(SampleAPIKey(key: "decomposed"), service: service, account: decomposed)
        try await store.save(SampleAPIKey(key: "upper"), service: service, account: "ALICE")
        try await store.save(SampleAPIKey(key: "lower"), service: service, account: "alice")

        #expect(try await store.load(SampleAPIKey.self, service: service, account: composed)?.key == "composed")
        #expect(try await store.load(SampleAPIKey.self, service: service, account: decomposed)?.key == "decomposed")
        #expect(try await store.load(SampleAPIKey.self, service: service, account: "ALICE")?.key == "upper")
        #expect(try await store.load(SampleAPIKey.self, service: service, account: "alice")?.key == "lower")
        let listed = try await store.accounts(service: service)
        #expect(listed.count == 4)
        #expect(Set(listed.map { Array($0.unicodeScalars) }) == Set([composed, decomposed, "ALICE", "alice"].map { Array($0.unicodeScalars) }))
    }

    static let hostileNames: [String] = [
        "", "../", "..", ".", "../../etc/passwd", "a/b", "/", "/absolute", "back\\slash",
        "nul\u{0}byte", "\u{0}", "new\nline", "tab\there", "delete\u{7F}", "c1\u{85}control",
        String(repeating: "a", count: CredentialName.maximumUTF8Count + 1),
        String(repeating: "é", count: CredentialName.maximumUTF8Count / 2 + 1),
        String(repeating: "x", count: 100_000),
    ]

    @Test(arguments: StoreKind.allCases, hostileNames)
    func hostileNamesAreRejectedEverywhere(kind: StoreKind, name: String) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = kind.make(in: directory)
        let credential = SampleAPIKey(key: "k")
        await #expect(throws: CredentialStoreError(code: .invalidName, message: "")) {
            try await store.save(credential, service: name, account: "ok")
        }
        await #expect(throws: CredentialStoreError(code: .invalidName, message: "")) {
            try await store.save(credential, service: "ok", account: name)
        }
        await #expect(throws: CredentialStoreError(code: .invalidName, message: "")) {
            try await store.load(SampleAPIKey.self, service: "ok", account: name)
        }
        await #expect(throws: CredentialStoreError(code: .invalidName, message: "")) {
            try await store.remove(service: name, account: "ok")
        }
        await #expect(throws: CredentialStoreError(code: .invalidName, message: "")) {
            try await store.accounts(service: name)
        }
        // Nothing was created anywhere, least of all outside the store.
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path).isEmpty)
    }

    @Test(arguments: StoreKind.allCases)
    func longestValidNamesWork(kind: StoreKind) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = kind.make(in: directory)
        let service = String(repeating: "s", count: CredentialName.maximumUTF8Count)
        let account = String(repeating: "界", count: CredentialName.maximumUTF8Count / 3)  // 3 bytes each
        try await store.save(SampleAPIKey(key: "long"), service: service, account: account)
        #expect(try await store.load(SampleAPIKey.self, service: service, account: account)?.key == "long")
        #expect(try await store.accounts(service: service) == [account])
    }

    @Test(arguments: StoreKind.allCases)
    func oversizedCredentialIsRefused(kind: StoreKind) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = kind.make(in: directory)
        let huge = SampleAPIKey(key: String(repeating: "k", count: CredentialPayload.maximumByteCount))
        let error = await #expect(throws: CredentialStoreError.self) {
            try await store.save(huge, service: "books", account: "default")
        }
        #expect(error?.code == .credentialTooLarge)
        #expect(error?.message.contains("kkkk") == false)
        #expect(try await store.accounts(service: "books").isEmpty)
    }

    @Test(arguments: StoreKind.allCases)
    func loadingAsTheWrongTypeSaysSoWithoutSecrets(kind: StoreKind) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = kind.make(in: directory)
        try await store.save(Self.netflix, service: "api.netflix.com", account: "me")
        let error = await #expect(throws: CredentialStoreError.self) {
            try await store.load(SampleSession.self, service: "api.netflix.com", account: "me")
        }
        #expect(error?.code == .decodingFailed)
        #expect(error?.message.contains("SampleSession") == true)
        #expect(error?.message.contains("sessionID") == true)
        for secret in [Self.netflix.key, Self.netflix.secret] {
            #expect(error?.description.contains(secret) == false)
        }
        // Junk bytes saved through the raw API: the error quotes none of them.
        try await store.saveData(Data("{\"key\": 42, \"password\": \"hunter2\"".utf8), service: "books", account: "junk")
        let junk = await #expect(throws: CredentialStoreError.self) {
            try await store.load(SampleAPIKey.self, service: "books", account: "junk")
        }
        #expect(junk?.code == .decodingFailed)
        #expect(junk?.description.contains("hunter2") == false)
    }

    @Test(arguments: StoreKind.allCases)
    func loadOrCreateAuthorisesOnceThenReusesTheStoredToken(kind: StoreKind) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = kind.make(in: directory)
        var authorisations = 0
        let first = try await store.loadOrCreate(SampleToken.self, service: "api.netflix.com", account: "me") {
            authorisations += 1
            return Self.netflix
        }
        let second = try await store.loadOrCreate(SampleToken.self, service: "api.netflix.com", account: "me") {
            authorisations += 1
            return SampleToken(key: "should", secret: "not happen")
        }
        #expect(first == Self.netflix)
        #expect(second == Self.netflix)
        #expect(authorisations == 1)

        struct Denied: Error {}
        await #expect(throws: Denied.self) {
            try await store.loadOrCreate(SampleToken.self, service: "api.netflix.com", account: "other") { throw Denied() }
        }
        #expect(try await store.accounts(service: "api.netflix.com") == ["me"])
    }

    @Test(arguments: StoreKind.allCases)
    func hundredsOfConcurrentSavesAndLoads(kind: StoreKind) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = kind.make(in: directory)
        let accounts = (0..<20).map { "user-\($0)" }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for round in 0..<15 {
                for account in accounts {
                    group.addTask {
                        let credential = SampleToken(key: "\(account)/\(round)", secret: "secret-\(account)-\(round)", extra: ["round": "\(round)"])
                        try await store.save(credential, service: "concurrent", account: account)
                    }
                    group.addTask {
                        // Whatever is there is whole: the key and secret agree with the round.
                        if let seen = try await store.load(SampleToken.self, service: "concurrent", account: account) {
                            let seenRound = try #require(seen.extra["round"])
                            #expect(seen.key == "\(account)/\(seenRound)")
                            #expect(seen.secret == "secret-\(account)-\(seenRound)")
                        }
                    }
                }
            }
            try await group.waitForAll()
        }
        #expect(try await store.accounts(service: "concurrent") == accounts.sorted())
        for account in accounts {
            let final = try #require(try await store.load(SampleToken.self, service: "concurrent", account: account))
            #expect(final.key.hasPrefix("\(account)/"))
        }
    }
}
