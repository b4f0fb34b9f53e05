import ArgumentParser
import Foundation
import OAuth1Client
import OAuth1RSA
@testable import SignedAPI
import SigningCore
import Testing
import TestSupport

/// `oauth1 sign --body-file --content-type --body-hash`: a JSON body, signed through
/// `oauth_body_hash` only when asked, byte for byte as the file holds it; `oauth1 explain`
/// checks the hash against the body it is given.
@Suite("signed-api oauth1 request bodies and oauth_body_hash", .heavy)
struct OAuth1BodyCommandTests {
    /// A Jira-style JSON body, with the final line end a file has (it is part of the body).
    static let body = #"{"fields":{"project":{"key":"DEMO"},"summary":"Signed from the command line"}}"# + "\n"

    /// The body's `oauth_body_hash` per hash, computed independently (Python's hashlib).
    static let hashes: [OAuth1SignatureMethod.Hash: String] = [
        .sha1: "NmgBTOfazWM8ieDATUuzY7z8Y60=",
        .sha256: "GPY8wuLj8pCWiNFK2fDCP3e/mCqapW5kQ4nm+5F6jBk=",
        .sha512: "deEs1UXEmovUbOgD+rLX9iQfLAXziKbjMYNubkBBw1aDL6PaVkZ4yQuuY2B13cLxy4vgLi5Lm2jBuEEiEZ0h1g==",
    ]

    static let request = ["--method", "POST", "--url", "https://jira.example.com/rest/api/2/issue", "--content-type", "application/json"]

    /// The words that sign with `method`'s key: the secrets, or the private key file of `keys`.
    static func key(_ method: OAuth1SignatureMethod, _ keys: RSAKeyFiles) -> [String] {
        method.key == .rsaKeyPair ? ["--private-key-file", keys.privateFile.path] : ["--consumer-secret", "cs", "--token-secret", "ts"]
    }

    /// The words that check `method`'s signatures: the secrets, or the public key file of `keys`.
    static func checkKey(_ method: OAuth1SignatureMethod, _ keys: RSAKeyFiles) -> [String] {
        method.key == .rsaKeyPair ? ["--public-key-file", keys.publicFile.path] : ["--consumer-secret", "cs", "--token-secret", "ts"]
    }

    /// `sign`'s JSON for the body in `bodyFile`.
    static func sign(_ method: OAuth1SignatureMethod, _ keys: RSAKeyFiles, bodyFile: String, extra: [String]) throws -> [String: Any] {
        let text = try OAuth1SignCommand.parse(request + [
            "--body-file", bodyFile, "--consumer-key", "jira-app", "--token", "tk", "--signature-method", method.rawValue,
            "--nonce", "n0nce", "--timestamp", "1700000000",
        ] + key(method, keys) + extra).render(sources: .test())
        return try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test("--body-hash: oauth_body_hash is sent, signed and right, and a server checks it against the body",
          arguments: OAuth1SignatureMethod.allCases.filter { $0.key != .plaintext })
    func bodyHash(method: OAuth1SignatureMethod) throws {
        let keys = try RSAKeyFiles(), bodyFile = try SecretFile(Array(Self.body.utf8))
        defer { keys.remove(); bodyFile.remove() }
        let object = try Self.sign(method, keys, bodyFile: bodyFile.path, extra: ["--body-hash"])
        let parameters = try #require(object["protocol_parameters"] as? [String: String])
        let expected = try #require(Self.hashes[method.hash])
        #expect(parameters["oauth_body_hash"] == expected)
        #expect((object["base_string"] as? String)?.contains("oauth_body_hash%3D" + PercentEncoding.encode(PercentEncoding.encode(expected))) == true)

        let header = try #require(object["authorization_header"] as? String)
        let key: OAuth1VerificationKey = method.key == .rsaKeyPair
            ? .publicKey(TestRSAKeys.signing.rsaPublic) : .secrets(consumerSecret: "cs", tokenSecret: "ts")
        func incoming(_ body: String) throws -> OAuth1IncomingRequest {
            try OAuth1IncomingRequest(
                method: "POST", url: try #require(URL(string: "https://jira.example.com/rest/api/2/issue")), authorizationHeader: header,
                contentType: "application/json", body: Array(body.utf8)
            )
        }
        let received = try incoming(Self.body)
        #expect(received.bodyHash == expected && received.bodyHashMatches == true && received.verify(key))
        let changed = try incoming(Self.body.replacingOccurrences(of: "DEMO", with: "PROD"))
        #expect(changed.bodyHashMatches == false && !changed.verify(key))

        let explained = try OAuth1ExplainCommand.parse(Self.request + ["--body-file", bodyFile.path, "--authorization", header] + Self.checkKey(method, keys)).render()
        #expect(explained.valid, "\(explained.text)")
        #expect(explained.text.contains("body hash:   matches the body (oauth_body_hash, \(method.hash))"), "\(explained.text)")
        let tampered = try OAuth1ExplainCommand.parse(Self.request + ["--body", "{}", "--authorization", header] + Self.checkKey(method, keys)).render()
        #expect(!tampered.valid)
        #expect(tampered.text.contains("body hash:   DOES NOT match the body: the body changed after signing"), "\(tampered.text)")
    }

    @Test("without --body-hash the body is sent unsigned: no oauth_body_hash, and another body still verifies")
    func unsignedByDefault() throws {
        let keys = try RSAKeyFiles(), bodyFile = try SecretFile(Array(Self.body.utf8))
        defer { keys.remove(); bodyFile.remove() }
        let object = try Self.sign(.rsaSHA1, keys, bodyFile: bodyFile.path, extra: [])
        let parameters = try #require(object["protocol_parameters"] as? [String: String])
        #expect(parameters["oauth_body_hash"] == nil)
        let header = try #require(object["authorization_header"] as? String)
        let other = try OAuth1ExplainCommand.parse(Self.request + ["--body", "{}", "--authorization", header] + Self.checkKey(.rsaSHA1, keys)).render()
        #expect(other.valid && !other.text.contains("body hash:"), "\(other.text)")
    }

    @Test("--body-hash without a body sends the empty body's hash; --body-file - reads standard input, byte for byte")
    func emptyBodyAndStandardInput() throws {
        let empty = try OAuth1SignCommand.parse([
            "--method", "GET", "--url", "https://api.example.com/payments", "--consumer-key", "ck", "--consumer-secret", "cs", "--body-hash",
        ]).render()
        #expect(empty.contains(#""oauth_body_hash":"2jmj7l5rSw0yVb/vlWAYkK/YBwk=""#), "\(empty)")
        let keys = try RSAKeyFiles(), bodyFile = try SecretFile(Array(Self.body.utf8))
        defer { keys.remove(); bodyFile.remove() }
        let words = Self.request + ["--consumer-key", "ck", "--consumer-secret", "cs", "--nonce", "n", "--timestamp", "1700000000", "--body-hash"]
        let fromFile = try OAuth1SignCommand.parse(words + ["--body-file", bodyFile.path]).render(sources: .test())
        let fromInput = try OAuth1SignCommand.parse(words + ["--body-file", "-"]).render(sources: .test(input: Self.body))
        let hash = try #require(Self.hashes[.sha1])
        #expect(fromInput == fromFile && fromFile.contains(#""oauth_body_hash":"\#(hash)""#), "\(fromFile)")
    }

    @Test("--body-hash with a form body, and an unreadable body file, are refused saying why", arguments: [
        (["--form", "a=1", "--body-hash"], "--body-hash is for bodies that are not forms"),
        (["--body", "a=1", "--content-type", "application/x-www-form-urlencoded", "--body-hash"], "--body-hash is for bodies that are not forms"),
        (["--body-file", "/nonexistent/signed-api/body.json"], "cannot read --body-file '/nonexistent/signed-api/body.json': No such file or directory"),
    ])
    func refused(arguments: [String], message: String) {
        let words = ["--method", "POST", "--url", "https://e.com/", "--consumer-key", "ck", "--consumer-secret", "cs"] + arguments
        #expect { try OAuth1SignCommand.parse(words).render(sources: .test()) } throws: {
            OAuth1SignCommand.message(for: $0).contains(message)
        }
    }
}
