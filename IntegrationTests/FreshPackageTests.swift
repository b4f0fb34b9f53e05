import Foundation
import Testing
import TestSupport

/// A new user's package, written from the README alone: the README's manifest for an app with
/// mock-server tests (this package by path instead of by URL), the README's SDK samples as the
/// app's code, and the README's app test as its test. It must build with no warnings from
/// those files and its test must pass: the 3-legged flow against the in-process mock with
/// `myapp://oauth`, and a tampered request's error naming the parameter through a property.
///
/// Its build folder is `.build-fresh-package/` at the package root, kept between runs so only
/// the first build is slow (a few minutes: it builds Hummingbird and this package afresh).
@Suite("A fresh package from the README")
struct FreshPackageTests {
    static let root = DocumentationSampleTests.root
    static let directory = root.appendingPathComponent(".build-fresh-package")
    /// What the app target may import: Foundation and the SDK products its manifest names.
    static let appImports: Set = ["Foundation", "SigningCore", "SignedHTTP", "OAuth1Client", "CredentialStore"]

    /// Writes the package: manifest, app sources, test, and `signed-api-sdk` (a link to this package).
    static func write() throws {
        let files = FileManager.default
        let app = directory.appendingPathComponent("Sources/MyApp")
        let tests = directory.appendingPathComponent("Tests/MyAppTests")
        for folder in [app, tests] {
            try? files.removeItem(at: folder)
            try files.createDirectory(at: folder, withIntermediateDirectories: true)
        }
        let manifest = try String(contentsOf: root.appendingPathComponent("Examples/Manifests/AppWithMockTests/Package.swift"), encoding: .utf8)
        let byURL = #".package(url: "https://github.com/OWNER/signed-api-sdk", from: "0.1.0")"#
        try #require(manifest.contains(byURL), "the README's manifest no longer names the package as \(byURL)")
        try manifest.replacingOccurrences(of: byURL, with: #".package(path: "signed-api-sdk")"#)
            .write(to: directory.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        let link = directory.appendingPathComponent("signed-api-sdk")
        try? files.removeItem(at: link)
        try files.createSymbolicLink(at: link, withDestinationURL: root)

        let samples = try files.contentsOfDirectory(at: root.appendingPathComponent("Examples/Sources"), includingPropertiesForKeys: nil)
        var copied = 0
        for sample in samples where sample.pathExtension == "swift" {
            let text = try String(contentsOf: sample, encoding: .utf8)
            let imports = text.split(separator: "\n").filter { $0.hasPrefix("import ") }.map { String($0.dropFirst(7)) }
            guard Set(imports).isSubset(of: appImports) else { continue }
            try text.write(to: app.appendingPathComponent(sample.lastPathComponent), atomically: true, encoding: .utf8)
            copied += 1
        }
        #expect(copied >= 5, "the README's SDK samples were not found in Examples/Sources")
        try files.copyItem(at: root.appendingPathComponent("IntegrationTests/AppSignInTests.swift"), to: tests.appendingPathComponent("AppSignInTests.swift"))
    }

    /// Runs `swift ARGUMENTS` in the fresh package, bounded in time; its output and status.
    ///
    /// It runs at idle priority (`chrt --idle`, which, unlike `nice`, SwiftPM's compiler jobs
    /// inherit): its build (BoringSSL and all) takes minutes of both cores while the rest of the
    /// suite runs, and the suite's time-bounded tests (a clock learned from a round trip, a
    /// server letting go of a connection within seconds) must not wait behind it. It still gets
    /// every cycle the suite leaves idle.
    static func swift(_ arguments: [String]) async throws -> (status: Int32?, output: String) {
        var command = ["/usr/bin/timeout", "-k", "30", "1500", "swift"] + arguments + ["--package-path", directory.path]
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/chrt") { command = ["/usr/bin/chrt", "--idle", "0"] + command }
        let child = try ChildProcess(URL(fileURLWithPath: command[0]), Array(command.dropFirst()))
        let status = await child.waitForExit(timeout: .seconds(1560))
        return (status, child.output + child.errorOutput)
    }

    @Test("it builds without warnings from the README's code, and its flow test passes", .timeLimit(.minutes(30)))
    func freshPackage() async throws {
        try Self.write()
        let build = try await Self.swift(["build", "--build-tests"])
        try #require(build.status == 0, "swift build failed:\n\(build.output.suffix(4000))")
        let warnings = build.output.split(separator: "\n").filter { $0.contains("warning:") && $0.contains(Self.directory.path + "/Sources") || $0.contains(Self.directory.path + "/Tests") && $0.contains("warning:") }
        #expect(warnings.isEmpty, "\(warnings.joined(separator: "\n"))")
        let test = try await Self.swift(["test", "--skip-build"])
        #expect(test.status == 0, "swift test failed:\n\(test.output.suffix(4000))")
        #expect(test.output.contains("3-legged flow with myapp://oauth, then a tampered post names its parameter"))
        #expect(test.output.contains("1 test in 1 suite passed"), "\(test.output.suffix(2000))")
    }
}
