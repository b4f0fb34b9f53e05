import ArgumentParser
import Foundation
import OAuth1Client
@testable import SignedAPI
import SigningCore
import Testing
import TestSupport

/// The options `oauth1 sign` and `oauth1 explain` share (``OAuth1RequestOptions``) are read,
/// checked and documented the same way by both, so what one signs the other verifies.
@Suite("signed-api oauth1 shared options", .heavy)
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
        "--method <method>", "--url <url>", "--form <NAME=VALUE>", "--body <body>", "--body-file <path>", "--content-type <content-type>",
        "--consumer-secret <consumer-secret>", "--token-secret <token-secret>",
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
        (["--method", "POST", "--url", "https://e.com/", "--consumer-secret", "cs", "--form", "a=1", "--body", "{}"], "give the body one way only (--form, --body or --body-file), not --form and --body"),
        (["--method", "POST", "--url", "https://e.com/", "--consumer-secret", "cs", "--body", "{}", "--body-file", "b.json"], "give the body one way only (--form, --body or --body-file), not --body and --body-file"),
        (["--method", "POST", "--url", "https://e.com/", "--consumer-secret-file", "-", "--body-file", "-"], "standard input holds the body, so --consumer-secret-file cannot be '-'"),
    ])
    func sameRefusals(arguments: [String], expected: String) throws {
        let signError = #expect(throws: (any Error).self) { try OAuth1SignCommand.parse(arguments + ["--consumer-key", "ck"]) }
        let explainError = #expect(throws: (any Error).self) { try OAuth1ExplainCommand.parse(arguments) }
        let signMessage = OAuth1SignCommand.message(for: try #require(signError))
        let explainMessage = OAuth1ExplainCommand.message(for: try #require(explainError))
        #expect(signMessage.contains(expected), "\(signMessage)")
        #expect(explainMessage == signMessage)
    }

    @Test("both commands refuse to check an HMAC signature without the consumer secret, naming the three ways to give it")
    func sameMissingSecret() throws {
        let arguments = ["--method", "GET", "--url", "https://e.com/"]
        let none = SecretSources(environment: [:]) { _ in [] }
        let header = try OAuth1SignCommand.parse(arguments + ["--consumer-key", "ck", "--consumer-secret", "cs", "--output", "header"]).render()
        let signError = #expect(throws: (any Error).self) { try OAuth1SignCommand.parse(arguments + ["--consumer-key", "ck"]).render(sources: none) }
        let explainError = #expect(throws: (any Error).self) { try OAuth1ExplainCommand.parse(arguments + ["--authorization", header]).render(sources: none) }
        for message in [OAuth1SignCommand.message(for: try #require(signError)), OAuth1ExplainCommand.message(for: try #require(explainError))] {
            #expect(message.contains("the OAuth 1.0a consumer secret"), "\(message)")
            #expect(message.contains("--consumer-secret-file PATH, SIGNED_API_CONSUMER_SECRET or --consumer-secret"), "\(message)")
        }
    }

    @Test("explain verifies what sign signed, given the same shared options and, for RSA, the key pair's halves", arguments: OAuth1SignatureMethod.allCases)
    func signThenExplain(method: OAuth1SignatureMethod) throws {
        let keys = try RSAKeyFiles(), otherKeys = try RSAKeyFiles(TestRSAKeys.other)
        defer { keys.remove(); otherKeys.remove() }
        let isRSA = method.key == .rsaKeyPair
        // An RSA signature takes no secret, so the secrets are left out and the key files given.
        let request = isRSA ? SecretCase.removing("consumer-secret", from: SecretCase.removing("token-secret", from: Self.shared)) : Self.shared
        let header = try OAuth1SignCommand.parse(request + [
            "--consumer-key", "ck", "--token", "tk", "--signature-method", method.rawValue, "--output", "header",
        ] + (isRSA ? ["--private-key-file", keys.privateFile.path] : ["--reveal-secrets"])).render()
        let key = isRSA ? ["--public-key-file", keys.publicFile.path] : []
        let (text, valid) = try OAuth1ExplainCommand.parse(request + ["--authorization", header] + key).render()
        #expect(valid, "\(text)")
        #expect(text.hasPrefix("signature:   valid (\(method.rawValue), parameters in the Authorization header)"), "\(text)")
        let otherKey = isRSA ? ["--public-key-file", otherKeys.publicFile.path] : ["--token-secret", "other"]
        let (_, validWithOtherKey) = try OAuth1ExplainCommand.parse(request + ["--authorization", header] + otherKey).render()
        #expect(!validWithOtherKey)
    }
}
