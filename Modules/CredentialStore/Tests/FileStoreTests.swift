import CredentialStore
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif

@Suite struct FileStoreTests {
    let token = SampleToken(key: "tok-key", secret: "tok-secret-value", extra: ["user_id": "42"])

    private func itemPath(_ directory: TemporaryDirectory, service: String, account: String) -> String {
        directory.storeURL.path + "/" + hexName(service) + "/" + hexName(account) + ".credential"
    }

    @Test func createsDirectoriesAndFilesWithOwnerOnlyModes() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = FileStore(directory: directory.storeURL)
        try await store.save(token, service: "api.netflix.com", account: "42")

        #expect(fileMode(directory.storeURL.path) == 0o700)
        #expect(fileMode(directory.storeURL.path + "/" + hexName("api.netflix.com")) == 0o700)
        #expect(fileMode(itemPath(directory, service: "api.netflix.com", account: "42")) == 0o600)
        #expect(fileMode(directory.storeURL.path + "/.lock") == 0o600)
        // A rewrite keeps the mode, and leaves no temporary file behind.
        try await store.save(token, service: "api.netflix.com", account: "42")
        #expect(fileMode(itemPath(directory, service: "api.netflix.com", account: "42")) == 0o600)
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.storeURL.path + "/" + hexName("api.netflix.com"))
        #expect(names == [hexName("42") + ".credential"])
    }

    @Test func fileNamesAreHexOfTheNamesSoNoNameEscapesTheDirectory() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = FileStore(directory: directory.storeURL)
        try await store.save(token, service: "..service", account: "~user é")
        let serviceNames = try FileManager.default.contentsOfDirectory(atPath: directory.storeURL.path).filter { $0 != ".lock" }
        #expect(serviceNames == ["2e2e73657276696365"])
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.storeURL.path + "/2e2e73657276696365")
        #expect(files == ["7e7573657220c3a9.credential"])
    }

    @Test func itemsSurviveANewStoreInstance() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try await FileStore(directory: directory.storeURL).save(token, service: "api.netflix.com", account: "42")
        // A restarted app: a new store on the same directory reuses the token.
        let restarted = FileStore(directory: directory.storeURL)
        var authorisations = 0
        let reused = try await restarted.loadOrCreate(SampleToken.self, service: "api.netflix.com", account: "42") {
            authorisations += 1
            return SampleToken(key: "fresh", secret: "fresh")
        }
        #expect(reused == token)
        #expect(authorisations == 0)
    }

    @Test func readsAHandWrittenVersionOneFile() async throws {
        // Pins the on-disk format documented in docs/credential-store.md.
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = FileStore(directory: directory.storeURL)
        try await store.save(SampleAPIKey(key: "placeholder"), service: "books", account: "default")
        let file = #"{"account":"default","format":"signed-api-sdk.credential","payload":"eyJrZXkiOiJBSXphLWdvbGRlbiJ9","service":"books","sha256":"\#(goldenSHA256)","version":1}"# + "\n"
        try write(file, to: itemPath(directory, service: "books", account: "default"))
        #expect(try await store.load(SampleAPIKey.self, service: "books", account: "default") == SampleAPIKey(key: "AIza-golden"))
    }

    @Test func savedFilesHaveTheDocumentedShape() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = FileStore(directory: directory.storeURL)
        try await store.save(SampleAPIKey(key: "AIza-golden"), service: "books", account: "default")
        let text = try String(contentsOfFile: itemPath(directory, service: "books", account: "default"), encoding: .utf8)
        #expect(text == #"{"account":"default","format":"signed-api-sdk.credential","payload":"eyJrZXkiOiJBSXphLWdvbGRlbiJ9","service":"books","sha256":"\#(goldenSHA256)","version":1}"# + "\n")
    }

    static let damagedFiles: [(label: String, content: String)] = [
        ("empty", ""),
        ("truncated", #"{"account":"default","format":"signed-api-sdk.credential","payload":"eyJr"#),
        ("not JSON", "garbage\u{0}\u{1}\u{2}"),
        ("foreign JSON", #"{"hello":"world"}"#),
        ("no version", #"{"format":"signed-api-sdk.credential"}"#),
        ("missing fields", #"{"format":"signed-api-sdk.credential","version":1,"service":"books"}"#),
        ("bad base64", #"{"account":"default","format":"signed-api-sdk.credential","payload":"!!!","service":"books","sha256":"00","version":1}"#),
        ("checksum mismatch", #"{"account":"default","format":"signed-api-sdk.credential","payload":"eyJrZXkiOiJBSXphLWdvbGRlbiJ9","service":"books","sha256":"0000000000000000000000000000000000000000000000000000000000000000","version":1}"#),
        ("other item's file", #"{"account":"someone-else","format":"signed-api-sdk.credential","payload":"eyJrZXkiOiJBSXphLWdvbGRlbiJ9","service":"books","sha256":"SHA","version":1}"#),
    ]

    @Test(arguments: damagedFiles)
    func damagedFilesAreReportedAndLeftInPlace(label: String, content: String) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = FileStore(directory: directory.storeURL)
        try await store.save(SampleAPIKey(key: "original-secret"), service: "books", account: "default")
        let path = itemPath(directory, service: "books", account: "default")
        let damaged = content.replacingOccurrences(of: "SHA", with: goldenSHA256)
        try write(damaged, to: path)

        let error = await #expect(throws: CredentialStoreError.self, "\(label)") {
            try await store.load(SampleAPIKey.self, service: "books", account: "default")
        }
        #expect(error?.code == .corruptItem, "\(label)")
        #expect(error?.message.contains(path) == true)
        #expect(error?.message.contains("AIza-golden") == false)
        // Never silently replaced: the damaged bytes are still there, and a second load says the same.
        #expect(try String(contentsOfFile: path, encoding: .utf8) == damaged)
        await #expect(throws: CredentialStoreError(code: .corruptItem, message: "")) {
            try await store.loadData(service: "books", account: "default")
        }
        // The account is still listed (it exists, damaged) and removing it is the way out.
        #expect(try await store.accounts(service: "books") == ["default"])
        #expect(try await store.remove(service: "books", account: "default"))
        #expect(try await store.load(SampleAPIKey.self, service: "books", account: "default") == nil)
    }

    @Test(arguments: [2, 0, 99, -1])
    func unknownFormatVersionsAreRefused(version: Int) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = FileStore(directory: directory.storeURL)
        try await store.save(SampleAPIKey(key: "k"), service: "books", account: "default")
        let path = itemPath(directory, service: "books", account: "default")
        let future = #"{"format":"signed-api-sdk.credential","version":\#(version),"ciphertext":"…"}"#
        try write(future, to: path)
        let error = await #expect(throws: CredentialStoreError.self) {
            try await store.load(SampleAPIKey.self, service: "books", account: "default")
        }
        #expect(error?.code == .unsupportedFormatVersion)
        #expect(error?.message.contains("version \(version)") == true)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == future)
    }

    @Test func oversizedFileIsReportedWithoutReadingItAll() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = FileStore(directory: directory.storeURL)
        try await store.save(SampleAPIKey(key: "k"), service: "books", account: "default")
        try write(String(repeating: "x", count: 4 * 1024 * 1024), to: itemPath(directory, service: "books", account: "default"))
        await #expect(throws: CredentialStoreError(code: .corruptItem, message: "")) {
            try await store.load(SampleAPIKey.self, service: "books", account: "default")
        }
    }

    @Test(arguments: [0o644, 0o604, 0o640, 0o660, 0o666, 0o606])
    func worldOrGroupAccessibleFileIsReportedAsDrift(mode: Int) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = FileStore(directory: directory.storeURL)
        try await store.save(token, service: "api.netflix.com", account: "42")
        let path = itemPath(directory, service: "api.netflix.com", account: "42")
        #expect(chmod(path, mode_t(mode)) == 0)
        let error = await #expect(throws: CredentialStoreError.self) {
            try await store.load(SampleToken.self, service: "api.netflix.com", account: "42")
        }
        #expect(error?.code == .insecurePermissions)
        #expect(error?.message.contains(String(mode, radix: 8)) == true)
        #expect(error?.message.contains("chmod 600") == true)
        #expect(error?.description.contains(token.secret) == false)
        #expect(fileMode(path) == mode_t(mode))  // reported, not silently "fixed"
        // Saving a new credential replaces the exposed file with a private one.
        try await store.save(token, service: "api.netflix.com", account: "42")
        #expect(fileMode(path) == 0o600)
        #expect(try await store.load(SampleToken.self, service: "api.netflix.com", account: "42") == token)
    }

    @Test(arguments: [0o755, 0o750, 0o701, 0o770])
    func openDirectoriesAreReportedAsDrift(mode: Int) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = FileStore(directory: directory.storeURL)
        try await store.save(token, service: "api.netflix.com", account: "42")
        for path in [directory.storeURL.path, directory.storeURL.path + "/" + hexName("api.netflix.com")] {
            #expect(chmod(path, mode_t(mode)) == 0)
            let error = await #expect(throws: CredentialStoreError.self) {
                try await store.load(SampleToken.self, service: "api.netflix.com", account: "42")
            }
            #expect(error?.code == .insecurePermissions)
            #expect(error?.message.contains("chmod 700") == true)
            await #expect(throws: CredentialStoreError(code: .insecurePermissions, message: "")) {
                try await store.save(token, service: "api.netflix.com", account: "42")
            }
            await #expect(throws: CredentialStoreError(code: .insecurePermissions, message: "")) {
                try await store.accounts(service: "api.netflix.com")
            }
            #expect(chmod(path, 0o700) == 0)
        }
        #expect(try await store.load(SampleToken.self, service: "api.netflix.com", account: "42") == token)
    }

    @Test func anExistingDirectoryWithOpenModeIsRefusedNotAdopted() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try FileManager.default.createDirectory(at: directory.storeURL, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o755])
        let store = FileStore(directory: directory.storeURL)
        await #expect(throws: CredentialStoreError(code: .insecurePermissions, message: "")) {
            try await store.save(token, service: "api.netflix.com", account: "42")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.storeURL.path).isEmpty)
    }

    @Test func symbolicLinksAreNeverFollowed() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = FileStore(directory: directory.storeURL)
        try await store.save(token, service: "api.netflix.com", account: "42")
        let outside = directory.url.path + "/outside.json"
        try write("not yours", to: outside)
        #expect(chmod(outside, 0o600) == 0)

        let file = itemPath(directory, service: "api.netflix.com", account: "42")
        try FileManager.default.removeItem(atPath: file)
        try FileManager.default.createSymbolicLink(atPath: file, withDestinationPath: outside)
        await #expect(throws: CredentialStoreError(code: .insecurePermissions, message: "")) {
            try await store.load(SampleToken.self, service: "api.netflix.com", account: "42")
        }
        // A save replaces the link itself (rename over it), never writes through it.
        try await store.save(token, service: "api.netflix.com", account: "42")
        #expect(try String(contentsOfFile: outside, encoding: .utf8) == "not yours")
        #expect(try await store.load(SampleToken.self, service: "api.netflix.com", account: "42") == token)

        // A service directory replaced by a link to another directory is refused.
        let serviceDirectory = directory.storeURL.path + "/" + hexName("api.twitter.com")
        try FileManager.default.createDirectory(atPath: directory.url.path + "/elsewhere", withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
        try FileManager.default.createSymbolicLink(atPath: serviceDirectory, withDestinationPath: directory.url.path + "/elsewhere")
        await #expect(throws: CredentialStoreError(code: .insecurePermissions, message: "")) {
            try await store.save(token, service: "api.twitter.com", account: "jack")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path + "/elsewhere").isEmpty)
    }

    @Test func leftoversOfDeadWritersAreIgnoredThenCleanedAndForeignFilesIgnored() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = FileStore(directory: directory.storeURL)
        try await store.save(token, service: "svc", account: "a")
        let serviceDirectory = directory.storeURL.path + "/" + hexName("svc")
        try write("half a credent", to: serviceDirectory + "/.tmp-deadbeef")
        try write("x", to: serviceDirectory + "/.DS_Store")
        try write("x", to: serviceDirectory + "/ZZ.credential")           // not hex
        try write("x", to: serviceDirectory + "/" + hexName("A").uppercased() + "6.credential")  // not canonical
        try write("x", to: serviceDirectory + "/ff.credential")           // not UTF-8
        try write("x", to: serviceDirectory + "/2f.credential")           // "/" is not a valid account
        #expect(try await store.accounts(service: "svc") == ["a"])
        try await store.save(token, service: "svc", account: "b")
        let names = try FileManager.default.contentsOfDirectory(atPath: serviceDirectory)
        #expect(!names.contains(".tmp-deadbeef"))
        #expect(names.contains(".DS_Store"))
        #expect(try await store.accounts(service: "svc") == ["a", "b"])
    }

    @Test func removingTheLastAccountRemovesTheServiceDirectory() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = FileStore(directory: directory.storeURL)
        try await store.save(token, service: "svc", account: "a")
        try await store.save(token, service: "svc", account: "b")
        try await store.remove(service: "svc", account: "a")
        #expect(FileManager.default.fileExists(atPath: directory.storeURL.path + "/" + hexName("svc")))
        try await store.remove(service: "svc", account: "b")
        #expect(!FileManager.default.fileExists(atPath: directory.storeURL.path + "/" + hexName("svc")))
        #expect(try await store.accounts(service: "svc").isEmpty)
    }

    @Test func readsDoNotCreateTheDirectory() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = FileStore(directory: directory.storeURL)
        #expect(try await store.load(SampleToken.self, service: "svc", account: "a") == nil)
        #expect(try await store.accounts(service: "svc").isEmpty)
        #expect(try await store.remove(service: "svc", account: "a") == false)
        #expect(!FileManager.default.fileExists(atPath: directory.storeURL.path))
    }

    @Test func createsMissingParentDirectories() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let nested = directory.url.appendingPathComponent("a/b/c/credentials", isDirectory: true)
        let store = FileStore(directory: nested)
        try await store.save(token, service: "svc", account: "a")
        #expect(fileMode(nested.path) == 0o700)
        #expect(try await store.load(SampleToken.self, service: "svc", account: "a") == token)
    }

    @Test func aWriterWaitsForTheLockAndTimesOutWithAClearError() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = FileStore(directory: directory.storeURL, lockTimeout: .milliseconds(200))
        try await store.save(token, service: "svc", account: "a")
        // Another "process": a separate open file description holding the flock.
        let holder = open(directory.storeURL.path + "/.lock", O_RDWR)
        #expect(holder >= 0)
        #expect(flock(holder, LOCK_EX | LOCK_NB) == 0)
        let error = await #expect(throws: CredentialStoreError.self) {
            try await store.save(SampleToken(key: "new", secret: "new"), service: "svc", account: "a")
        }
        #expect(error?.code == .lockTimeout)
        #expect(error?.message.contains(".lock") == true)
        // Readers take no lock and still see the old, whole credential.
        #expect(try await store.load(SampleToken.self, service: "svc", account: "a") == token)
        close(holder)
        try await store.save(SampleToken(key: "new", secret: "new"), service: "svc", account: "a")
        #expect(try await store.load(SampleToken.self, service: "svc", account: "a")?.key == "new")
    }

    @Test func waitingForTheLockHonoursCancellation() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = FileStore(directory: directory.storeURL, lockTimeout: .seconds(60))
        try await store.save(token, service: "svc", account: "a")
        let holder = open(directory.storeURL.path + "/.lock", O_RDWR)
        #expect(flock(holder, LOCK_EX | LOCK_NB) == 0)
        defer { close(holder) }
        let task = Task {
            try await store.save(SampleToken(key: "new", secret: "new"), service: "svc", account: "a")
        }
        task.cancel()
        let result = await task.result
        #expect(throws: CredentialStoreError(code: .cancelled, message: "")) { try result.get() }
    }

    @Test func severalStoresOnOneDirectorySerialiseThroughTheLock() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let stores = (0..<4).map { _ in FileStore(directory: directory.storeURL) }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (index, store) in stores.enumerated() {
                group.addTask {
                    for round in 0..<40 {
                        let account = "shared-\(round % 5)"
                        try await store.save(SampleToken(key: "\(index)-\(round)", secret: "s-\(index)-\(round)"), service: "svc", account: account)
                        if let seen = try await store.load(SampleToken.self, service: "svc", account: account) {
                            #expect(seen.secret == "s-" + seen.key)
                        }
                    }
                }
            }
            try await group.waitForAll()
        }
        #expect(try await stores[0].accounts(service: "svc") == (0..<5).map { "shared-\($0)" })
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.storeURL.path + "/" + hexName("svc"))
        #expect(names.allSatisfy { !$0.hasPrefix(".tmp-") })
    }
}

private func write(_ text: String, to path: String) throws {
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    chmod(path, 0o600)
}

/// SHA-256 of `{"key":"AIza-golden"}`, computed once with Python's hashlib (an independent
/// implementation) for the golden-file tests.
private let goldenSHA256 = "ae5201edcf1f18a5e11a2693586f3b07e4c003028c5d27c43d3aa55aefc26a04"

@Suite struct FileStoreDefaultDirectoryTests {
    @Test func defaultDirectoryIsPerApplicationUnderTheUsersDataDirectory() {
        let url = FileStore.defaultDirectory(applicationName: "com.example.reader")
        #expect(url.path.hasSuffix("/com.example.reader/credentials"))
        #expect(url.path.hasPrefix(FileManager.default.homeDirectoryForCurrentUser.path) || ProcessInfo.processInfo.environment["XDG_DATA_HOME"] != nil)
    }
}
