import ArgumentParser
import Foundation
import OAuth1Client
@testable import SignedAPI
import SigningCore
import Testing
import TestSupport

/// `oauth1 sign --reveal-secrets`: a PLAINTEXT header (the secrets themselves) is printed only
/// with the flag, the JSON is redacted without it, and HMAC outputs do not depend on it.
@Suite("signed-api oauth1 sign --reveal-secrets", .heavy)
struct OAuth1RevealSecretsTests {
    static let url = "https://e.com/statuses/update?include_entities=true"

    /// A PLAINTEXT-signed form POST; the secrets begin with `-`, which must not matter.
    static let plaintextArguments = [
        "--method", "POST", "--url", url, "--consumer-key", "ck", "--consumer-secret", "-Top Secret",
        "--token", "tk", "--token-secret", "-Also+Secret", "--signature-method", "PLAINTEXT",
        "--form", "status=hello", "--nonce", "n1", "--timestamp", "1700000000",
    ]

    /// The PLAINTEXT signature of those secrets (RFC 5849 §3.4.4), and as sent in the header.
    static let plaintextSignature = "-Top%20Secret&-Also%2BSecret"
    static let plaintextSignatureInHeader = "oauth_signature=\"-Top%2520Secret%26-Also%252BSecret\""

    /// The request `header` was made for, taken apart as a server would.
    static func incomingRequest(header: String) throws -> OAuth1IncomingRequest {
        try OAuth1IncomingRequest(
            method: "POST", url: try #require(URL(string: url)), authorizationHeader: header,
            contentType: "application/x-www-form-urlencoded", body: Array("status=hello".utf8)
        )
    }

    @Test("PLAINTEXT --output header without --reveal-secrets is refused, saying why and what to pass")
    func plaintextHeaderRefused() throws {
        let error = #expect(throws: (any Error).self) {
            try OAuth1SignCommand.parse(Self.plaintextArguments + ["--output", "header"])
        }
        let message = OAuth1SignCommand.message(for: try #require(error))
        #expect(message.contains("a PLAINTEXT signature is the secrets"), "\(message)")
        #expect(message.contains("pass --reveal-secrets to print it"), "\(message)")
        #expect(!message.contains("Top") && !message.contains("Also"))
    }

    @Test("the built executable exits non-zero with the message on stderr and prints nothing")
    func plaintextHeaderRefusedByProcess() async throws {
        let run = try await ToolProcess.run("signed-api", ["oauth1", "sign", "--output", "header"] + Self.plaintextArguments)
        #expect(run.status != 0)
        #expect(run.output.isEmpty)
        #expect(run.errorOutput.contains("a PLAINTEXT signature is the secrets"), "\(run.errorOutput)")
        #expect(run.errorOutput.contains("--reveal-secrets"))
        #expect(!run.errorOutput.contains("Top%") && !run.errorOutput.contains("Also%"))
    }

    @Test("PLAINTEXT --output header --reveal-secrets prints a header that verifies as it is")
    func plaintextHeaderRevealed() throws {
        let header = try OAuth1SignCommand.parse(Self.plaintextArguments + ["--output", "header", "--reveal-secrets"]).render()
        #expect(header.hasPrefix("OAuth "))
        #expect(header.contains(Self.plaintextSignatureInHeader), "\(header)")
        #expect(!header.contains("REDACTED"))
        let request = try Self.incomingRequest(header: header)
        #expect(request.signatureMethod == .plaintext)
        #expect(request.verify(consumerSecret: "-Top Secret", tokenSecret: "-Also+Secret"))
        #expect(!request.verify(consumerSecret: "-Top Secret", tokenSecret: "wrong"))
    }

    @Test("PLAINTEXT --output json is redacted by default and whole with --reveal-secrets")
    func plaintextJSON() throws {
        func object(_ extra: [String]) throws -> [String: Any] {
            let text = try OAuth1SignCommand.parse(Self.plaintextArguments + extra).render()
            return try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        }
        let redacted = try object([])
        #expect((redacted["signature"] as? String)?.hasPrefix("<redacted") == true)
        #expect((redacted["authorization_header"] as? String)?.contains("oauth_signature=\"REDACTED\"") == true)
        let revealed = try object(["--reveal-secrets"])
        #expect(revealed["signature"] as? String == Self.plaintextSignature)
        let header = try #require(revealed["authorization_header"] as? String)
        #expect(header == (try OAuth1SignCommand.parse(Self.plaintextArguments + ["--output", "header", "--reveal-secrets"]).render()))
        #expect(try Self.incomingRequest(header: header).verify(consumerSecret: "-Top Secret", tokenSecret: "-Also+Secret"))
        #expect(redacted["base_string"] as? String == revealed["base_string"] as? String)
    }

    @Test("PLAINTEXT --output base-string needs no flag: the base string holds no secret")
    func plaintextBaseString() throws {
        let text = try OAuth1SignCommand.parse(Self.plaintextArguments + ["--output", "base-string"]).render()
        #expect(text.hasPrefix("POST&https%3A%2F%2Fe.com%2Fstatuses%2Fupdate&"))
        #expect(!text.contains("Top") && !text.contains("Also"))
    }

    @Test("HMAC outputs are the same with and without --reveal-secrets", arguments: ["json", "header", "base-string"])
    func hmacUnaffected(output: String) throws {
        let arguments = OAuth1CommandTests.twitterArguments + ["--output", output]
        let plain = try OAuth1SignCommand.parse(arguments).render()
        #expect(try OAuth1SignCommand.parse(arguments + ["--reveal-secrets"]).render() == plain)
        #expect(!plain.contains("kAcSOqF21Fu85e7zjz7ZN2U4ZRhfV3WpwPAoE3Z7kBw"))
    }
}
