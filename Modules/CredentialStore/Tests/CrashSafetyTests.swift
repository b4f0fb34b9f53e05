import CredentialStore
import OAuth1Client
import Foundation
import TestSupport
import SigningCore
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif

/// The helper executable `credential-store-crash-writer` (Tools/CredentialStoreCrashWriter),
/// found next to the test bundle, where `swift build` / `swift test` put it.
enum CrashWriter {
    static let name = "credential-store-crash-writer"
    static let service = "crash.test"

    static let url = BuiltExecutable.url(name, override: "CREDENTIAL_STORE_CRASH_WRITER")

    static let unavailable = Comment(rawValue: BuiltExecutable.missingMessage(name, override: "CREDENTIAL_STORE_CRASH_WRITER"))

    /// The account names the writer uses for `count` accounts.
    static func accounts(_ count: Int) -> [String] { (0..<count).map { "account-\($0)-é" } }

    /// The credential the writer saves for `account` at `generation` (see its main.swift).
    static func expected(account: String, generation: Int, writer: String) -> OAuth1Token {
        let letter = Character(Unicode.Scalar(UInt8(ascii: "a") + UInt8(generation % 26)))
        return OAuth1Token(
            token: "key-\(account)-\(generation)",
            secret: "secret-\(generation)-" + String(repeating: letter, count: 512 + (generation % 7) * 1024),
            additionalFields: [FormField("generation", String(generation)), FormField("writer", writer)]
        )
    }

    /// A started writer; `waitUntilReady()` returns once its first round is saved.
    struct Running {
        let child: ChildProcess

        /// Starts the writer; with `restrictiveUmask` it runs under `umask 277` (through
        /// `/bin/sh`, which `exec`s it, so the process id stays the writer's).
        init(executable: URL, directory: URL, accounts: Int, writer: String, restrictiveUmask: Bool = false) throws {
            let arguments = [directory.path, String(accounts), writer]
            child = if restrictiveUmask {
                try ChildProcess(URL(fileURLWithPath: "/bin/sh"), ["-c", #"umask 277 && exec "$0" "$@""#, executable.path] + arguments)
            } else {
                try ChildProcess(executable, arguments)
            }
        }

        /// Waits for the child's "ready" line; false when it ended first.
        func waitUntilReady() async -> Bool {
            await child.waitForOutput { $0.contains("ready\n") }
        }

        /// SIGKILL, then reaps the child; returns whether SIGKILL is what ended it.
        func kill() async -> Bool {
            child.send(SIGKILL)
            return await child.waitForExit(timeout: .seconds(30)) == SIGKILL && child.endedBySignal
        }

        var errorOutput: String { child.errorOutput }
    }
}

@Suite(.serialized, .heavy) struct CrashSafetyTests {
    /// A writer saving round after round is killed with SIGKILL 30 times at random instants.
    /// After every kill each file decodes to one whole credential of a single generation —
    /// the old one or a newer one, never a mix, never empty — generations never go back, and
    /// every file is still 0600. The writer runs under `umask 277`, which alone would give
    /// 0500 directories and 0400 files, so the exact modes are the store's doing.
    @Test(.enabled(if: BuiltExecutable.isAvailable(CrashWriter.name, override: "CREDENTIAL_STORE_CRASH_WRITER"), CrashWriter.unavailable))
    func sigkillDuringSavesLeavesOldOrNewNeverAMix() async throws {
        let executable = try #require(CrashWriter.url, CrashWriter.unavailable)
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let accountCount = 4
        let accounts = CrashWriter.accounts(accountCount)
        let seed = UInt64.random(in: 1 ... .max)
        var random = SplitMix64(seed: seed)
        var lastGeneration = [String: Int]()
        var killsWithTemporaryFileLeft = 0
        let kills = 30

        for round in 0..<kills {
            let writer = try CrashWriter.Running(executable: executable, directory: directory.storeURL, accounts: accountCount, writer: "solo", restrictiveUmask: true)
            guard await writer.waitUntilReady() else {
                let status = await writer.child.waitForExit(timeout: .seconds(30))
                Issue.record("the writer exited before its first round (status \(status.map(String.init) ?? "none")): \(writer.errorOutput)")
                return
            }
            try await Task.sleep(for: .microseconds(UInt64.random(in: 0...20_000, using: &random)))
            #expect(await writer.kill(), "round \(round): the writer ended on its own: \(writer.errorOutput)")

            let serviceDirectory = directory.storeURL.path + "/" + hexName(CrashWriter.service)
            #expect(fileMode(directory.storeURL.path) == 0o700)
            #expect(fileMode(serviceDirectory) == 0o700)
            let names = try FileManager.default.contentsOfDirectory(atPath: serviceDirectory)
            if names.contains(where: { $0.hasPrefix(".tmp-") }) { killsWithTemporaryFileLeft += 1 }

            let store = FileStore(directory: directory.storeURL)
            for account in accounts {
                let loaded = try await store.load(OAuth1Token.self, service: CrashWriter.service, account: account)
                let credential = try #require(loaded, "round \(round), seed \(seed): \(account) is missing")
                let generation = try #require(credential[field: "generation"].flatMap(Int.init), "round \(round): no generation")
                #expect(credential == CrashWriter.expected(account: account, generation: generation, writer: "solo"), "round \(round), seed \(seed): \(account) is a mix")
                #expect(generation >= lastGeneration[account, default: 0], "round \(round), seed \(seed): \(account) went back in time")
                lastGeneration[account] = generation
                #expect(fileMode(serviceDirectory + "/" + hexName(account) + ".credential") == 0o600)
            }
            #expect(try await store.accounts(service: CrashWriter.service) == accounts.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })
        }

        // Leftover temporary files are harmless and the next save clears them.
        let store = FileStore(directory: directory.storeURL)
        try await store.save(OAuth1Token(token: "k", secret: "s"), service: CrashWriter.service, account: accounts[0])
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.storeURL.path + "/" + hexName(CrashWriter.service))
        #expect(!names.contains { $0.hasPrefix(".tmp-") })
        print("crash safety: \(kills) SIGKILLs (seed \(seed)), \(killsWithTemporaryFileLeft) landed mid-save, generations reached \(lastGeneration.values.max() ?? 0)")
    }

    /// Two writer processes save the same items at once and are both killed, 10 times: the
    /// advisory lock keeps every file whole and each file is one writer's credential.
    @Test(.enabled(if: BuiltExecutable.isAvailable(CrashWriter.name, override: "CREDENTIAL_STORE_CRASH_WRITER"), CrashWriter.unavailable))
    func twoProcessesWritingAtOnceNeverTearAFile() async throws {
        let executable = try #require(CrashWriter.url, CrashWriter.unavailable)
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let accounts = CrashWriter.accounts(3)
        var random = SplitMix64(seed: 0x5EED)
        for round in 0..<10 {
            let writers = try ["left", "right"].map {
                try CrashWriter.Running(executable: executable, directory: directory.storeURL, accounts: accounts.count, writer: $0)
            }
            for writer in writers {
                if await !writer.waitUntilReady() { Issue.record("round \(round): a writer exited early: \(writer.errorOutput)") }
            }
            try await Task.sleep(for: .microseconds(UInt64.random(in: 0...20_000, using: &random)))
            for writer in writers { #expect(await writer.kill()) }

            let store = FileStore(directory: directory.storeURL)
            for account in accounts {
                let credential = try #require(try await store.load(OAuth1Token.self, service: CrashWriter.service, account: account))
                let generation = try #require(credential[field: "generation"].flatMap(Int.init))
                let writer = try #require(credential[field: "writer"])
                #expect(["left", "right"].contains(writer))
                #expect(credential == CrashWriter.expected(account: account, generation: generation, writer: writer), "round \(round): \(account) is a mix")
            }
        }
    }
}
