import ArgumentParser
import Foundation
import OAuth1Client
@testable import SignedAPI
import SigningCore
import Testing
import TestSupport

/// `oauth1 sign --signature-method RSA-SHA1 --private-key-file` and `explain`/`oauth1 explain
/// --public-key-file`: what the private key signs the public key verifies, another public key
/// does not and the verdict blames the keys; an RSA capture without the public key names the flag.
@Suite("signed-api oauth1 with RSA keys", .heavy)
struct OAuth1RSACommandTests {
    static let rsaMethods = OAuth1SignatureMethod.allCases.filter { $0.key == .rsaKeyPair }
    static let url = "https://jira.example.com/rest/api/2/issue?expand=names"
    static let request = ["--method", "POST", "--url", url, "--form", "summary=hello world"]

    /// `sign`'s JSON for ``request`` signed with `method` and the private key in `keys`.
    static func signed(_ method: OAuth1SignatureMethod, _ keys: RSAKeyFiles) throws -> (header: String, baseString: String) {
        let text = try OAuth1SignCommand.parse(request + [
            "--consumer-key", "jira-app", "--token", "tk", "--signature-method", method.rawValue, "--private-key-file", keys.privateFile.path,
            "--nonce", "n0nce", "--timestamp", "1700000000",
        ]).render(sources: .test())
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(object["signature_method"] as? String == method.rawValue)
        return (try #require(object["authorization_header"] as? String), try #require(object["base_string"] as? String))
    }

    @Test("oauth1 explain: the public key verifies what the private key signed; another public key does not, and the keys are blamed",
          arguments: rsaMethods)
    func signThenExplain(method: OAuth1SignatureMethod) throws {
        let keys = try RSAKeyFiles(), other = try RSAKeyFiles(TestRSAKeys.other)
        defer { keys.remove(); other.remove() }
        let (header, baseString) = try Self.signed(method, keys)
        func explain(_ publicKey: RSAKeyFiles, _ extra: [String] = []) throws -> (text: String, valid: Bool) {
            try OAuth1ExplainCommand.parse(Self.request + ["--authorization", header, "--public-key-file", publicKey.publicFile.path] + extra).render(sources: .test())
        }
        let good = try explain(keys)
        #expect(good.valid, "\(good.text)")
        #expect(good.text.hasPrefix("signature:   valid (\(method.rawValue), parameters in the Authorization header)"), "\(good.text)")

        let wrong = try explain(other, ["--their-base-string", baseString])
        #expect(!wrong.valid)
        #expect(wrong.text.contains("verdict:     both sides built the same base string, so the keys differ"), "\(wrong.text)")
        let alone = try explain(other)
        #expect(!alone.valid && alone.text.contains("or the keys differ"), "\(alone.text)")
        for text in [wrong.text, alone.text] {
            #expect(!text.contains("expected:") && !text.contains("secret differs"), "an RSA signature cannot be recomputed: \(text)")
        }
    }

    /// The request ``signed(_:_:)`` signs, as a capture.
    static func capture(header: String) -> String {
        let body = "summary=hello%20world"
        return [
            "POST /rest/api/2/issue?expand=names HTTP/1.1", "Host: jira.example.com", "Content-Type: application/x-www-form-urlencoded",
            "Authorization: \(header)", "Content-Length: \(body.utf8.count)", "", body,
        ].joined(separator: "\r\n")
    }

    @Test("explain: an RSA-SHA1 capture verifies with --public-key-file, not with another key, and without one names the flag")
    func capturedRequest() async throws {
        let keys = try RSAKeyFiles(), other = try RSAKeyFiles(TestRSAKeys.other)
        defer { keys.remove(); other.remove() }
        let capture = Self.capture(header: try Self.signed(.rsaSHA1, keys).header)
        let good = try await ExplainCommandTests.explain(capture, ["--public-key-file", keys.publicFile.path])
        #expect(good.valid && good.text.hasPrefix("scheme:      OAuth 1.0a\nsignature:   valid (RSA-SHA1"), "\(good.text)")
        let wrong = try await ExplainCommandTests.explain(capture, ["--public-key-file", other.publicFile.path])
        #expect(!wrong.valid && wrong.text.contains("the keys differ") && !wrong.text.contains("expected:"), "\(wrong.text)")
        for secrets in [[], ["--consumer-secret", "cs", "--token-secret", "ts"]] {
            await #expect { try await ExplainCommandTests.explain(capture, secrets) } throws: {
                SignedAPI.message(for: $0).contains("the request is signed with RSA-SHA1, so only the consumer's public key can check it: give it with --public-key-file PATH")
            }
        }
    }

    @Test("oauth1 explain: an RSA signature without --public-key-file names the flag; the secrets cannot stand in")
    func explainWithoutPublicKey() throws {
        let keys = try RSAKeyFiles()
        defer { keys.remove() }
        let header = try Self.signed(.rsaSHA256, keys).header
        #expect { try OAuth1ExplainCommand.parse(Self.request + ["--authorization", header, "--consumer-secret", "cs"]).render(sources: .test()) } throws: {
            OAuth1ExplainCommand.message(for: $0).contains("the request is signed with RSA-SHA256, so only the consumer's public key can check it: give it with --public-key-file PATH")
        }
    }

    @Test("sign refuses a secret with an RSA method and a private key with any other, saying which to drop", arguments: [
        (["--signature-method", "RSA-SHA1", "--private-key-file", "key.pem", "--consumer-secret", "cs"],
         "RSA-SHA1 signs with the private key alone (--private-key-file), no secret takes part: drop --consumer-secret"),
        (["--signature-method", "RSA-SHA512", "--private-key-file", "key.pem", "--token", "tk", "--token-secret-file", "ts.txt"],
         "RSA-SHA512 signs with the private key alone (--private-key-file), no secret takes part: drop --token-secret-file"),
        (["--private-key-file", "key.pem", "--consumer-secret", "cs"],
         "--private-key-file is for RSA-SHA1, RSA-SHA256, RSA-SHA512; HMAC-SHA1 signs with the secrets: pass --signature-method RSA-SHA1"),
        (["--signature-method", "PLAINTEXT", "--private-key", "pem", "--consumer-secret", "cs"], "--private-key is for RSA-SHA1, RSA-SHA256, RSA-SHA512; PLAINTEXT"),
        (["--signature-method", "RSA-SHA1", "--private-key-file", "-", "--body-file", "-"], "standard input holds the body, so --private-key-file cannot be '-'"),
    ])
    func secretWithWrongMethod(arguments: [String], message: String) {
        #expect { try OAuth1SignCommand.parse(["--method", "GET", "--url", "https://e.com/", "--consumer-key", "ck"] + arguments) } throws: {
            OAuth1SignCommand.message(for: $0).contains(message)
        }
    }

    @Test("an RSA method without a private key names the three ways to give it")
    func missingPrivateKey() {
        #expect { try OAuth1SignCommand.parse(["--method", "GET", "--url", "https://e.com/", "--consumer-key", "ck", "--signature-method", "RSA-SHA1"]).render(sources: .test()) } throws: {
            OAuth1SignCommand.message(for: $0).contains("give the OAuth 1.0a consumer's RSA private key: --private-key-file PATH, SIGNED_API_PRIVATE_KEY or --private-key")
        }
    }

    @Test("--help names the key and body options", arguments: [
        (["oauth1", "sign"], ["--private-key-file <path>", "--private-key <private-key>", "SIGNED_API_PRIVATE_KEY", "--body-file <path>", "--content-type <content-type>", "--body-hash", "RSA-SHA1, RSA-SHA256, RSA-SHA512 sign with"]),
        (["oauth1", "explain"], ["--public-key-file <path>", "--body-file <path>", "--content-type <content-type>", "never the private key"]),
        (["explain"], ["--public-key-file <path>", "checked with the consumer's public key instead (--public-key-file)"]),
    ])
    func help(command: [String], phrases: [String]) throws {
        let help = SignedAPI.helpMessage(for: try SecretInputTests.command(command), columns: 1000)
        for phrase in phrases {
            #expect(help.contains(phrase), "\(phrase) is not in \(help)")
        }
    }
}
