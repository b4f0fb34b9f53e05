import ArgumentParser
import Foundation
@testable import SignedAPI
import Testing

/// The built `signed-api` reads a secret from its real standard input and environment, and
/// refuses a file that cannot give one with the usage exit status, naming the option and the
/// path on standard error and printing no secret anywhere.
@Suite("signed-api secrets, as a process")
struct SecretProcessTests {
    static let twitterSecret = "kAcSOqF21Fu85e7zjz7ZN2U4ZRhfV3WpwPAoE3Z7kBw"

    /// `run` printed no `secret`, on either output.
    static func expectNoSecret(_ run: ToolProcess, _ secret: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(!run.output.contains(secret) && !run.errorOutput.contains(secret), "the secret was printed", sourceLocation: sourceLocation)
    }

    @Test("oauth1 sign reads the consumer secret from standard input, drupal hash the API key from the environment")
    func standardInputAndEnvironment() async throws {
        let arguments = ["oauth1", "sign"] + SecretCase.removing("consumer-secret", from: OAuth1CommandTests.twitterArguments)
        let byFlag = try await ToolProcess.run("signed-api", arguments + ["--consumer-secret", Self.twitterSecret])
        let byInput = try await ToolProcess.run("signed-api", arguments + ["--consumer-secret-file", "-"], input: Self.twitterSecret + "\n")
        #expect(byFlag.status == 0 && byInput.status == 0, "\(byInput.errorOutput)")
        #expect(byInput.output == byFlag.output && byInput.output.contains("hCtSmYh+iHYCEqBWrE7C7hYmtUk="), "\(byInput.output)")
        Self.expectNoSecret(byInput, Self.twitterSecret)

        let hashArguments = ["drupal", "hash"] + SecretCase.removing("api-key", from: DrupalCommandTests.seedArguments)
        let byVariable = try await ToolProcess.run("signed-api", hashArguments, environment: ["SIGNED_API_API_KEY": DrupalCommandTests.seedKey])
        #expect(byVariable.status == 0 && byVariable.output == DrupalCommandTests.seedHash + "\n", "\(byVariable.errorOutput)")
        Self.expectNoSecret(byVariable, DrupalCommandTests.seedKey)
    }

    @Test("explain reads the capture from a file and the API key from standard input")
    func explainCaptureFileSecretInput() async throws {
        let capture = try SecretFile(Array(ExplainCommandTests.drupalCapture(ExplainCommandTests.drupalCall()).utf8))
        defer { capture.remove() }
        let run = try await ToolProcess.run("signed-api", ["explain", capture.path, "--api-key-file", "-"], input: ExplainCommandTests.apiKey + "\r\n")
        #expect(run.status == 0, "\(run.output)\(run.errorOutput)")
        #expect(run.output.hasPrefix("scheme:      Drupal Services key authentication (JSON-RPC)\n"))
        Self.expectNoSecret(run, ExplainCommandTests.apiKey)
    }

    @Test("a refused secret exits with the usage status, the reason on standard error and nothing printed", arguments: [
        (["drupal", "hash", "--api-key-file", "/nonexistent/signed-api/key"], "cannot read --api-key-file '/nonexistent/signed-api/key': No such file or directory"),
        (["drupal", "hash", "--api-key-file", "-"], "--api-key-file '-' (standard input) is empty"),
        (["drupal", "hash", "--api-key", DrupalCommandTests.seedKey, "--api-key-file", "-"], "with --api-key or with --api-key-file, not both"),
        (["drupal", "hash"], "give the Drupal site's API key: --api-key-file PATH, SIGNED_API_API_KEY or --api-key"),
        (["explain", "--api-key-file", "-"], "standard input holds the capture, so --api-key-file cannot be '-'"),
    ])
    func refused(arguments: [String], message: String) async throws {
        let rest = arguments.first == "drupal" ? SecretCase.removing("api-key", from: DrupalCommandTests.seedArguments) : []
        let run = try await ToolProcess.run("signed-api", arguments + rest, input: "")
        #expect(run.status == ExitCode.validationFailure.rawValue, "\(run.errorOutput)")
        #expect(run.output.isEmpty)
        #expect(run.errorOutput.contains(message), "\(run.errorOutput)")
        Self.expectNoSecret(run, DrupalCommandTests.seedKey)
    }
}
