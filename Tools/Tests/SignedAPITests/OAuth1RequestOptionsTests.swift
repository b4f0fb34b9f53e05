import ArgumentParser
import Foundation
import OAuth1Client
@testable import SignedAPI
import SigningCore
import Testing

/// The options `oauth1 sign` and `oauth1 explain` share (``OAuth1RequestOptions``) are read,
/// checked and documented the same way by both, so what one signs the other verifies.
@Suite("signed-api oauth1 shared options")
struct OAuth1RequestOptionsTests {
    /// Shared options only, with values beginning with `-` and a repeated form field.
    static let shared = [
        "--method", "POST", "--url", "https://e.com/statuses?include_entities=true",
        "--form", "status=Hello Ladies + Gentlemen", "--form", "-x=-1",
        "--consumer-secret", "-cs", "--token-secret", "-ts",
    ]

    @Test("both commands read the shared options to the same values")
    func sameValues() throws {
        let sign = try OAuth1SignCommand.parse(Self.shared + ["--consumer-key", "ck", "--token", "tk"]).options
        let explain = try OAuth1ExplainCommand.parse(Self.shared).options
        #expect(sign.method == "POST" && explain.method == "POST")
        #expect(sign.url == explain.url)
        #expect(sign.formFields == [FormField("status", "Hello Ladies + Gentlemen"), FormField("-x", "-1")])
        #expect(sign.formFields == explain.formFields)
        #expect(sign.consumerSecret.flag == "-cs" && explain.consumerSecret.flag == "-cs")
        #expect(sign.tokenSecret.flag == "-ts" && explain.tokenSecret.flag == "-ts")
    }

    @Test("both commands document the shared options with the same help lines", arguments: [
        "--method <method>", "--url <url>", "--form <NAME=VALUE>", "--consumer-secret <consumer-secret>", "--token-secret <token-secret>",
    ])
    func sameHelp(option: String) throws {
        func line(_ help: String) -> String? {
            help.split(separator: "\n").first { $0.trimmingCharacters(in: .whitespaces).hasPrefix(option) }.map(String.init)
        }
        let signLine = try #require(line(OAuth1SignCommand.helpMessage(columns: 1000)))
        #expect(line(OAuth1ExplainCommand.helpMessage(columns: 1000)) == signLine)
    }

    @Test("both commands refuse the same bad shared options with the same message", arguments: [
        (["--method", "GET", "--url", "", "--consumer-secret", "cs"], "--url is not a valid URL"),
        (["--method", "GET", "--url", "https://e.com/", "--consumer-secret", "cs", "--form", "novalue"], "The value 'novalue' is invalid for '--form <NAME=VALUE>'"),
        (["--url", "https://e.com/", "--consumer-secret", "cs"], "Missing expected argument '--method <method>'"),
    ])
    func sameRefusals(arguments: [String], expected: String) throws {
        let signError = #expect(throws: (any Error).self) { try OAuth1SignCommand.parse(arguments + ["--consumer-key", "ck"]) }
        let explainError = #expect(throws: (any Error).self) { try OAuth1ExplainCommand.parse(arguments) }
        let signMessage = OAuth1SignCommand.message(for: try #require(signError))
        let explainMessage = OAuth1ExplainCommand.message(for: try #require(explainError))
        #expect(signMessage.contains(expected), "\(signMessage)")
        #expect(explainMessage == signMessage)
    }

    @Test("both commands refuse to run without the consumer secret, naming the three ways to give it")
    func sameMissingSecret() throws {
        let arguments = ["--method", "GET", "--url", "https://e.com/"]
        let none = SecretSources(environment: [:]) { _ in [] }
        let signError = #expect(throws: (any Error).self) { try OAuth1SignCommand.parse(arguments + ["--consumer-key", "ck"]).render(sources: none) }
        let explainError = #expect(throws: (any Error).self) { try OAuth1ExplainCommand.parse(arguments).render(sources: none) }
        let signMessage = OAuth1SignCommand.message(for: try #require(signError))
        #expect(signMessage.contains("give the OAuth 1.0a consumer secret: --consumer-secret-file PATH, SIGNED_API_CONSUMER_SECRET or --consumer-secret"), "\(signMessage)")
        #expect(OAuth1ExplainCommand.message(for: try #require(explainError)) == signMessage)
    }

    @Test("explain verifies what sign signed, given the same shared options", arguments: OAuth1SignatureMethod.allCases)
    func signThenExplain(method: OAuth1SignatureMethod) throws {
        let header = try OAuth1SignCommand.parse(Self.shared + [
            "--consumer-key", "ck", "--token", "tk", "--signature-method", method.rawValue, "--output", "header", "--reveal-secrets",
        ]).render()
        let (text, valid) = try OAuth1ExplainCommand.parse(Self.shared + ["--authorization", header]).render()
        #expect(valid, "\(text)")
        #expect(text.hasPrefix("signature:   valid (\(method.rawValue), parameters in the Authorization header)"), "\(text)")
        let (_, validWithOtherSecret) = try OAuth1ExplainCommand.parse(Self.shared + ["--authorization", header, "--token-secret", "other"]).render()
        #expect(!validWithOtherSecret)
    }
}
