import ArgumentParser
import Foundation
import OAuth1Client
@testable import SignedAPI
import SigningCore
import Testing
import TestSupport

@Suite("signed-api oauth1", .heavy)
struct OAuth1CommandTests {
    static let twitterArguments = [
        "--method", "POST", "--url", "https://api.twitter.com/1.1/statuses/update.json?include_entities=true",
        "--consumer-key", "xvz1evFS4wEEPTGEFPHBog", "--consumer-secret", "kAcSOqF21Fu85e7zjz7ZN2U4ZRhfV3WpwPAoE3Z7kBw",
        "--token", "370773112-GmHxMAgYyLbNEtIKZeRNFsMKPR9EyMZeS9weJAEb", "--token-secret", "LswwdoUaIvS8ltyTt5jkRh4J50vUPVVHtR2YPi5kE",
        "--nonce", "kYjzVBB8Y0ZFabxSWbWovY3uYSQ2pTgmZeNu2VS4cg", "--timestamp", "1318622958",
        "--form", "status=Hello Ladies + Gentlemen, a signed OAuth request!",
    ]

    @Test("sign --output json gives Twitter's documented base string and signature, and no secret")
    func signJSON() throws {
        let command = try OAuth1SignCommand.parse(Self.twitterArguments)
        let text = try command.render()
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(object["signature"] as? String == "hCtSmYh+iHYCEqBWrE7C7hYmtUk=")
        #expect((object["base_string"] as? String)?.hasSuffix("status%3DHello%2520Ladies%2520%252B%2520Gentlemen%252C%2520a%2520signed%2520OAuth%2520request%2521") == true)
        #expect((object["authorization_header"] as? String)?.contains("oauth_signature=\"hCtSmYh%2BiHYCEqBWrE7C7hYmtUk%3D\"") == true)
        #expect(!text.contains("kAcSOqF21Fu85e7zjz7ZN2U4ZRhfV3WpwPAoE3Z7kBw"))
        #expect(!text.contains("LswwdoUaIvS8ltyTt5jkRh4J50vUPVVHtR2YPi5kE"))
    }

    @Test("sign --output header reproduces RFC 5849 §1.2 with --realm and --omit-version")
    func signHeader() throws {
        let command = try OAuth1SignCommand.parse([
            "--method", "GET", "--url", "http://photos.example.net/photos?file=vacation.jpg&size=original",
            "--consumer-key", "dpf43f3p2l4k3l03", "--consumer-secret", "kd94hf93k423kf44", "--token", "nnch734d00sl2jdk",
            "--token-secret", "pfkkdhi9sl3r4s00", "--nonce", "chapoH", "--timestamp", "137131202", "--realm", "Photos",
            "--omit-version", "--output", "header",
        ])
        #expect(try command.render() == """
            OAuth realm="Photos", oauth_consumer_key="dpf43f3p2l4k3l03", oauth_token="nnch734d00sl2jdk", \
            oauth_signature_method="HMAC-SHA1", oauth_timestamp="137131202", oauth_nonce="chapoH", \
            oauth_signature="MdpQcU8iPSUjWoN%2FUDMsK2sui9I%3D"
            """)
    }

    @Test("sign --output base-string, with callback and verifier")
    func signBaseString() throws {
        let command = try OAuth1SignCommand.parse([
            "--method", "post", "--url", "https://photos.example.net/initiate", "--consumer-key", "dpf43f3p2l4k3l03",
            "--consumer-secret", "kd94hf93k423kf44", "--nonce", "wIjqoS", "--timestamp", "137131200",
            "--callback", "http://printer.example.com/ready", "--omit-version", "--output", "base-string",
        ])
        #expect(try command.render() == signingVectorBaseStringInitiate)
        let withVerifier = try OAuth1SignCommand.parse([
            "--method", "POST", "--url", "https://e.com/token", "--consumer-key", "k", "--consumer-secret", "s",
            "--verifier", "v1", "--output", "base-string",
        ])
        #expect(try withVerifier.render().contains("oauth_verifier%3Dv1"))
    }

    @Test("PLAINTEXT JSON never shows the secrets without --reveal-secrets")
    func plaintextRedacted() throws {
        let command = try OAuth1SignCommand.parse([
            "--method", "GET", "--url", "https://e.com/", "--consumer-key", "k", "--consumer-secret", "TopSecret",
            "--token", "t", "--token-secret", "AlsoSecret", "--signature-method", "PLAINTEXT",
        ])
        let text = try command.render()
        #expect(!text.contains("TopSecret") && !text.contains("AlsoSecret"))
        #expect(text.contains("REDACTED"))
    }

    @Test("bad arguments are refused", arguments: [
        ["--method", "GET", "--url", "https://e.com/", "--consumer-key", "k", "--consumer-secret", "s", "--signature-method", "RSA-SHA1"],
        ["--method", "GET", "--url", "https://e.com/", "--consumer-key", "k", "--consumer-secret", "s", "--token-secret", "ts"],
        ["--method", "GET", "--url", "https://e.com/", "--consumer-key", "k", "--consumer-secret", "s", "--form", "novalue"],
        ["--method", "GET", "--url", "https://e.com/", "--consumer-key", "k", "--consumer-secret", "s", "--output", "xml"],
    ])
    func badArguments(arguments: [String]) {
        #expect(throws: (any Error).self) { try OAuth1SignCommand.parse(arguments) }
    }

    @Test("explain: a good signature verifies")
    func explainValid() throws {
        let command = try OAuth1ExplainCommand.parse(Self.explainArguments(url: "https://api.twitter.com/1.1/statuses/update.json?include_entities=true"))
        let (text, valid) = try command.render()
        #expect(valid)
        #expect(text.hasPrefix("signature:   valid"))
    }

    @Test("explain: a signer that left out the query is named, and their base string is compared")
    func explainQueryLeftOut() throws {
        // The signature in the header was made over the base string without include_entities.
        let withoutQuery = signingVectors4BaseString.replacingOccurrences(of: "include_entities%3Dtrue%26", with: "")
        let signature = try OAuth1Signature.compute(method: .hmacSHA1, baseString: withoutQuery,
                                                consumerSecret: "kAcSOqF21Fu85e7zjz7ZN2U4ZRhfV3WpwPAoE3Z7kBw", tokenSecret: "LswwdoUaIvS8ltyTt5jkRh4J50vUPVVHtR2YPi5kE")
        var arguments = Self.explainArguments(url: "https://api.twitter.com/1.1/statuses/update.json?include_entities=true", signature: signature)
        arguments += ["--their-base-string", withoutQuery]
        let (text, valid) = try OAuth1ExplainCommand.parse(arguments).render()
        #expect(!valid)
        #expect(text.contains("leaves out the URL's query parameters"))
        #expect(text.contains("only ours has 'include_entities=true'"))
        #expect(!text.contains("kAcSOqF21Fu85e7zjz7ZN2U4ZRhfV3WpwPAoE3Z7kBw"))
    }

    @Test("explain: a malformed header is reported, not crashed on")
    func explainMalformed() throws {
        let command = try OAuth1ExplainCommand.parse([
            "--method", "GET", "--url", "https://e.com/", "--authorization", "OAuth oauth_nonce=\"unterminated", "--consumer-secret", "s",
        ])
        let (text, valid) = try command.render()
        #expect(!valid)
        #expect(text.contains("no closing double quote"))
    }

    @Test("the built executable runs `oauth1 sign` and exits 0, `oauth1 explain` exits 1 on a bad signature")
    func process() async throws {
        let sign = try await ToolProcess.run("signed-api", ["oauth1", "sign", "--output", "base-string"] + Self.twitterArguments)
        #expect(sign.status == 0)
        #expect(sign.output.trimmingCharacters(in: .whitespacesAndNewlines) == signingVectors4BaseString)
        let explain = try await ToolProcess.run("signed-api", ["oauth1", "explain"] + Self.explainArguments(url: "https://api.twitter.com/1.1/statuses/update.json", signature: "AAAA"))
        #expect(explain.status == 1)
        #expect(explain.output.contains("INVALID"))
    }

    static func explainArguments(url: String, signature: String = "hCtSmYh+iHYCEqBWrE7C7hYmtUk=") -> [String] {
        [
            "--method", "POST", "--url", url, "--form", "status=Hello Ladies + Gentlemen, a signed OAuth request!",
            "--authorization", """
                OAuth oauth_consumer_key="xvz1evFS4wEEPTGEFPHBog", oauth_nonce="kYjzVBB8Y0ZFabxSWbWovY3uYSQ2pTgmZeNu2VS4cg", \
                oauth_signature="\(PercentEncoding.encode(signature))", oauth_signature_method="HMAC-SHA1", oauth_timestamp="1318622958", \
                oauth_token="370773112-GmHxMAgYyLbNEtIKZeRNFsMKPR9EyMZeS9weJAEb", oauth_version="1.0"
                """,
            "--consumer-secret", "kAcSOqF21Fu85e7zjz7ZN2U4ZRhfV3WpwPAoE3Z7kBw", "--token-secret", "LswwdoUaIvS8ltyTt5jkRh4J50vUPVVHtR2YPi5kE",
        ]
    }
}

/// Twitter's documented base string ("Creating a signature").
let signingVectors4BaseString = "POST&https%3A%2F%2Fapi.twitter.com%2F1.1%2Fstatuses%2Fupdate.json&include_entities%3Dtrue%26oauth_consumer_key%3Dxvz1evFS4wEEPTGEFPHBog%26oauth_nonce%3DkYjzVBB8Y0ZFabxSWbWovY3uYSQ2pTgmZeNu2VS4cg%26oauth_signature_method%3DHMAC-SHA1%26oauth_timestamp%3D1318622958%26oauth_token%3D370773112-GmHxMAgYyLbNEtIKZeRNFsMKPR9EyMZeS9weJAEb%26oauth_version%3D1.0%26status%3DHello%2520Ladies%2520%252B%2520Gentlemen%252C%2520a%2520signed%2520OAuth%2520request%2521"

/// RFC 5849 §1.2's temporary-credential request base string.
let signingVectorBaseStringInitiate = "POST&https%3A%2F%2Fphotos.example.net%2Finitiate&oauth_callback%3Dhttp%253A%252F%252Fprinter.example.com%252Fready%26oauth_consumer_key%3Ddpf43f3p2l4k3l03%26oauth_nonce%3DwIjqoS%26oauth_signature_method%3DHMAC-SHA1%26oauth_timestamp%3D137131200"
