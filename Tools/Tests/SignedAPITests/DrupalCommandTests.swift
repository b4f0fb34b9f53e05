import ArgumentParser
import DrupalServicesClient
import Foundation
@testable import SignedAPI
import Testing
import TestSupport

/// `signed-api drupal hash` and the argument handling of `signed-api drupal call` (the call
/// itself runs against the mock in IntegrationTests).
@Suite("signed-api drupal", .heavy)
struct DrupalCommandTests {
    /// The documented request's parameters; the hash was computed with Python's `hmac`.
    static let seedKey = "c4c6e43dbf9f55asrerfa12312789"
    static let seedArguments = ["--api-key", seedKey, "--domain", "*", "--timestamp", "1262304000", "--nonce", "1804289383", "--method", "node.get"]
    static let seedHash = "95adeb13ab79deccabf53d9d34badb89296aef0b581423bb684dc6510cd84462"

    @Test func hashInProcess() throws {
        let command = try #require(try SignedAPI.parseAsRoot(["drupal", "hash"] + Self.seedArguments) as? DrupalHashCommand)
        #expect(try command.lines() == [Self.seedHash])
        let shown = try #require(try SignedAPI.parseAsRoot(["drupal", "hash", "--show-input"] + Self.seedArguments) as? DrupalHashCommand)
        #expect(try shown.lines() == ["1262304000;*;1804289383;node.get", Self.seedHash])
    }

    @Test func keyAndNonceMayStartWithADash() throws {
        let command = try #require(try SignedAPI.parseAsRoot([
            "drupal", "hash", "--api-key", "-key", "--domain", "-d", "--timestamp", "1", "--nonce", "--n", "--method", "m",
        ]) as? DrupalHashCommand)
        #expect(try command.lines() == [DrupalKeyAuthentication.hash(apiKey: "-key", timestamp: "1", domain: "-d", nonce: "--n", method: "m")])
    }

    static let badArguments: [(arguments: [String], message: String)] = [
        (["hash", "--api-key", "k", "--domain", "d", "--timestamp", "soon", "--nonce", "n", "--method", "m"], "--timestamp must be whole seconds"),
        (["hash", "--api-key", "k", "--domain", "d", "--timestamp", "1", "--nonce", "n"], "Missing expected argument '--method <method>'"),
        (["call", "--url", "ftp://example.com/x", "node.get"], "--url must be an http or https URL"),
        (["call", "--url", "http://example.com/services/json-rpc", "--api-key", "k", "node.get"], "--api-key needs --domain"),
        (["call", "--url", "http://example.com/services/json-rpc", "--password", "p", "node.get"], "--username and --password go together"),
        (["call", "--url", "http://example.com/services/json-rpc", "--api-key-file", "key.txt", "node.get"], "--api-key-file needs --domain"),
        (["call", "--url", "http://example.com/services/json-rpc", "--jsonrpc", "3.0", "node.get"], "The value '3.0' is invalid for '--jsonrpc <jsonrpc>'"),
        (["call", "--url", "http://example.com/services/json-rpc"], "Missing expected argument '<method>'"),
    ]

    @Test(arguments: badArguments)
    func rejected(_ example: (arguments: [String], message: String)) {
        do {
            _ = try SignedAPI.parseAsRoot(["drupal"] + example.arguments)
            Issue.record("\(example.arguments) was accepted")
        } catch {
            #expect(SignedAPI.message(for: error).contains(example.message), "\(SignedAPI.message(for: error))")
        }
    }

    @Test func callArgumentsAreJSONOrText() throws {
        let command = try #require(try SignedAPI.parseAsRoot([
            "drupal", "call", "--url", "http://example.com/services/json-rpc", "--api-key", "k", "--domain", "d",
            "node.get", "1", #"["title","body"]"#, "plain text", "-5", #"{"type":"story"}"#,
        ]) as? DrupalCallCommand)
        #expect(command.method == "node.get")
        #expect(command.parsedArguments() == [1, ["title", "body"], "plain text", -5, ["type": "story"]])
        #expect(try command.configuration().apiKey == DrupalAPIKey(key: "k", domain: "d"))
        #expect(try command.configuration().usesSessid)
    }

    @Test(.enabled(if: BuiltExecutable.isAvailable("signed-api") || TestEnvironment.isCI, "\(BuiltExecutable.missingMessage("signed-api"))"))
    func hashAsAProcess() async throws {
        let run = try await ToolProcess.run("signed-api", ["drupal", "hash"] + Self.seedArguments)
        #expect(run.status == 0)
        #expect(run.output == Self.seedHash + "\n")
        #expect(!run.errorOutput.contains(Self.seedKey))
    }
}
