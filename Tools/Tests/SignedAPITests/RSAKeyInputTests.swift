import ArgumentParser
import Foundation
import OAuth1RSA
@testable import SignedAPI
import Testing
import TestSupport

/// Key files that cannot sign or verify are refused with the loader's reason, naming the option
/// and the path; the private key's Base64 appears in no output, message or help, in-process or
/// from the built executable.
@Suite("signed-api RSA key files", .heavy)
struct RSAKeyInputTests {
    /// A private key file that cannot sign, and what the refusal says.
    enum BadPrivateKey: String, CaseIterable, Sendable {
        case missing, publicKey, encryptedPKCS8, encryptedPKCS1, garbage

        /// The file's content (`nil`: none is written).
        var content: String? {
            let pem = TestRSAKeys.signing.pemRepresentation
            switch self {
            case .missing: return nil
            case .publicKey: return TestRSAKeys.signing.rsaPublic.pemRepresentation
            case .encryptedPKCS8: return pem.replacingOccurrences(of: " PRIVATE KEY-----", with: " ENCRYPTED PRIVATE KEY-----")
            case .encryptedPKCS1:
                let body = pem.split(separator: "\n").filter { !$0.hasPrefix("-----") }.joined(separator: "\n")
                return "-----BEGIN RSA PRIVATE KEY-----\nProc-Type: 4,ENCRYPTED\nDEK-Info: AES-128-CBC,00112233445566778899AABBCCDDEEFF\n\n\(body)\n-----END RSA PRIVATE KEY-----\n"
            case .garbage: return "not a key at all\n"
            }
        }

        var reason: String {
            switch self {
            case .missing: "cannot read --private-key-file"
            case .publicKey: "does not hold a usable RSA private key: this is a public key (or a certificate); signing needs the private key it belongs to"
            case .encryptedPKCS8, .encryptedPKCS1: "does not hold a usable RSA private key: the private key is encrypted with a passphrase; decrypt it first"
            case .garbage: "does not hold a usable RSA private key: the text is not PEM"
            }
        }
    }

    /// The message ArgumentParser prints for what `body` throws, or a recorded issue when it does not.
    static func refusal(_ body: () async throws -> Any) async -> String {
        do {
            Issue.record("accepted: \(try await body())")
            return ""
        } catch {
            return SignedAPI.message(for: error)
        }
    }

    /// `text` holds no line of the private key's Base64.
    static func expectNoPrivateKey(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) {
        for key in [TestRSAKeys.signing, TestRSAKeys.other] {
            #expect(!key.base64Lines.contains { text.contains($0) }, "the private key was printed: \(text)", sourceLocation: sourceLocation)
        }
    }

    @Test("a missing, public, encrypted or garbage --private-key-file is refused, naming the path and why", arguments: BadPrivateKey.allCases)
    func badPrivateKey(_ bad: BadPrivateKey) async throws {
        let file = try SecretFile(Array((bad.content ?? "").utf8))
        defer { file.remove() }
        let path = bad == .missing ? file.path + ".missing" : file.path
        let message = await Self.refusal {
            try OAuth1SignCommand.parse([
                "--method", "GET", "--url", "https://e.com/", "--consumer-key", "ck", "--signature-method", "RSA-SHA1", "--private-key-file", path,
            ]).render(sources: .test())
        }
        #expect(message.contains("--private-key-file '\(path)'"), "\(message)")
        #expect(message.contains(bad.reason), "\(message)")
        Self.expectNoPrivateKey(message)
    }

    @Test("a --public-key-file holding the private key is refused by both explain commands, printing none of it")
    func privateKeyAsPublicKey() async throws {
        let keys = try RSAKeyFiles(), capture = try SecretFile(Array(ExplainCommandTests.drupalCapture(ExplainCommandTests.drupalCall()).utf8))
        defer { keys.remove(); capture.remove() }
        let oauth1 = await Self.refusal {
            try OAuth1ExplainCommand.parse(["--method", "GET", "--url", "https://e.com/", "--public-key-file", keys.privateFile.path]).render(sources: .test())
        }
        // explain reads every key it is given, needed by the capture's scheme or not.
        let command = try #require(try SignedAPI.parseAsRoot([
            "explain", capture.path, "--api-key", ExplainCommandTests.apiKey, "--public-key-file", keys.privateFile.path,
        ]) as? ExplainCommand)
        let explain = await Self.refusal { try await command.render(CapturedRequest(parsing: command.readCapture()), sources: .test()) }
        for message in [oauth1, explain] {
            #expect(message.contains("--public-key-file '\(keys.privateFile.path)' does not hold a usable RSA public key: this is a private key; a verifier needs only its public key"), "\(message)")
            Self.expectNoPrivateKey(message)
        }
    }

    @Test("the built executable prints no line of the private key: outputs, refusals and help")
    func privateKeyNeverPrinted() async throws {
        let keys = try RSAKeyFiles()
        defer { keys.remove() }
        let pem = TestRSAKeys.signing.pemRepresentation
        let sign = ["oauth1", "sign", "--method", "GET", "--url", "https://jira.example.com/rest/api/2/myself", "--consumer-key", "jira-app", "--signature-method", "RSA-SHA1"]
        let runs: [(arguments: [String], environment: [String: String], input: String?, status: Int32)] = [
            (sign + ["--private-key-file", keys.privateFile.path], [:], nil, 0),
            (sign + ["--private-key-file", keys.privateFile.path, "--output", "header"], [:], nil, 0),
            (sign + ["--private-key-file", keys.privateFile.path, "--output", "base-string"], [:], nil, 0),
            (sign + ["--private-key-file", "-"], [:], pem, 0),
            (sign, ["SIGNED_API_PRIVATE_KEY": pem], nil, 0),
            (sign + ["--private-key-file", keys.privateFile.path, "--consumer-secret", "cs"], [:], nil, ExitCode.validationFailure.rawValue),
            (sign + ["--private-key-file", keys.publicFile.path], [:], nil, ExitCode.validationFailure.rawValue),
            (["oauth1", "explain", "--method", "GET", "--url", "https://e.com/", "--public-key-file", keys.privateFile.path], [:], nil, ExitCode.validationFailure.rawValue),
            (["oauth1", "sign", "--help"], ["SIGNED_API_PRIVATE_KEY": pem], nil, 0),
        ]
        for run in runs {
            let result = try await ToolProcess.run("signed-api", run.arguments, environment: run.environment, input: run.input)
            #expect(result.status == run.status, "\(run.arguments): \(result.errorOutput)")
            Self.expectNoPrivateKey(result.output + result.errorOutput)
            if run.status == 0, run.arguments.first == "oauth1" { #expect(result.output.contains("RSA-SHA1"), "\(result.output)") }
        }
    }
}
