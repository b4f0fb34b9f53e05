import ArgumentParser
import Foundation
import OAuth1Client
@testable import SignedAPI
import SigningCore
import Testing
import TestSupport

/// `explain` as a person debugging a 401 uses it: a request signed by `sign`, then changed or
/// checked with the wrong secret, with and without the base string that was signed (or the
/// mock's `X-OAuth1-Base-String`, pasted verbatim or percent-encoded).
@Suite("signed-api oauth1 explain verdicts", .heavy)
struct OAuth1ExplainVerdictTests {
    static let url = "https://api.example.com/1/statuses/update.json?trim_user=1"
    static let secrets = ["--consumer-secret", "cs", "--token-secret", "ts"]

    /// `sign`'s JSON for a POST with a form field.
    static func signed() throws -> (header: String, baseString: String) {
        let text = try OAuth1SignCommand.parse([
            "--method", "POST", "--url", url, "--consumer-key", "ck", "--consumer-secret", "cs", "--token", "tk", "--token-secret", "ts",
            "--nonce", "fixednonce", "--timestamp", "1700000000", "--form", "status=hello world",
        ]).render()
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        return (try #require(object["authorization_header"] as? String), try #require(object["base_string"] as? String))
    }

    /// `explain` for the request as sent, and whether it exits 0.
    static func explain(method: String = "POST", url: String = url, status: String = "hello world", consumerSecret: String = "cs", theirs: String?) throws -> (text: String, valid: Bool) {
        let signed = try signed()
        var arguments = ["--method", method, "--url", url, "--authorization", signed.header, "--form", "status=\(status)", "--consumer-secret", consumerSecret, "--token-secret", "ts"]
        if let theirs { arguments += ["--their-base-string", theirs] }
        return try OAuth1ExplainCommand.parse(arguments).render()
    }

    @Test("unchanged: exit 0, with the signed base string verbatim or percent-encoded")
    func unchanged() throws {
        let baseString = try Self.signed().baseString
        for theirs in [nil, baseString, PercentEncoding.encode(baseString)] {
            let (text, valid) = try Self.explain(theirs: theirs)
            #expect(valid, "\(text)")
            #expect(text.contains("verdict:     the signature verifies"))
        }
    }

    @Test("a tampered body names the parameter, exits 1, and does not blame the secrets")
    func tamperedBody() throws {
        let baseString = try Self.signed().baseString
        for theirs in [baseString, PercentEncoding.encode(baseString)] {
            let (text, valid) = try Self.explain(status: "hello w0rld", theirs: theirs)
            #expect(!valid)
            #expect(text.contains("verdict:     the other side's base string differs from ours"))
            #expect(text.contains("parameter 'status': ours 'status=hello%20w0rld', theirs 'status=hello%20world'"))
            #expect(!text.contains("secret"))
        }
    }

    @Test("without the signed base string, a changed request and a wrong secret are both named")
    func changedAlone() throws {
        for (text, valid) in [try Self.explain(status: "hello w0rld", theirs: nil), try Self.explain(consumerSecret: "wrong", theirs: nil)] {
            #expect(!valid)
            #expect(text.contains("either the request changed after it was signed (a parameter, the body, the method or the URL) or a secret differs"))
            #expect(text.contains("--their-base-string"))
        }
    }

    @Test("the same base string on both sides and a bad signature: the secrets")
    func wrongSecret() throws {
        let (text, valid) = try Self.explain(consumerSecret: "wrong", theirs: try Self.signed().baseString)
        #expect(!valid)
        #expect(text.contains("theirs:      identical to ours"))
        #expect(text.contains("verdict:     both sides built the same base string, so a secret differs"))
        #expect(!text.contains("wrong"))
    }

    @Test("wrong method and wrong URI are named")
    func methodAndURI() throws {
        let baseString = try Self.signed().baseString
        let method = try Self.explain(method: "PUT", theirs: baseString)
        #expect(!method.valid)
        #expect(method.text.contains("method: ours 'PUT', theirs 'POST'"))
        let host = try Self.explain(url: "https://api2.example.com/1/statuses/update.json?trim_user=1", theirs: baseString)
        #expect(host.text.contains("the hosts differ"))
    }

    @Test("a valid signature whose other side computed another base string exits 1")
    func validButTheirsDiffers() throws {
        let other = try Self.signed().baseString.replacingOccurrences(of: "trim_user%3D1", with: "trim_user%3D2")
        let (text, valid) = try Self.explain(theirs: other)
        #expect(!valid)
        #expect(text.hasPrefix("signature:   valid"))
        #expect(text.contains("the other side rejects it"))
    }

    @Test("oauth_callback in the form body beside the header (Discogs' client): refused by default, naming --parameter-placement split; valid with it")
    func splitParameters() throws {
        // Signed with oauth_callback in the header, then sent as Discogs' official client sends
        // it: the callback moved to the form body. The base string collects every parameter
        // wherever it travels, so the signature still fits.
        let url = "https://api.discogs.com/oauth/request_token"
        let text = try OAuth1SignCommand.parse([
            "--method", "POST", "--url", url, "--consumer-key", "ck", "--consumer-secret", "cs",
            "--nonce", "fixednonce", "--timestamp", "1700000000", "--callback", "https://app.example/cb",
        ]).render()
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let signedHeader = try #require(object["authorization_header"] as? String)
        let header = signedHeader.replacingOccurrences(of: #"oauth_callback="https%3A%2F%2Fapp.example%2Fcb", "#, with: "")
        #expect(header != signedHeader && !header.contains("oauth_callback"), "\(signedHeader)")
        let request = ["--method", "POST", "--url", url, "--authorization", header, "--form", "oauth_callback=https://app.example/cb", "--consumer-secret", "cs"]

        let strict = try OAuth1ExplainCommand.parse(request).render()
        #expect(!strict.valid)
        #expect(strict.text.contains("allows exactly one place") && strict.text.contains("give --parameter-placement split"), "\(strict.text)")

        let split = try OAuth1ExplainCommand.parse(request + ["--parameter-placement", "split"]).render()
        #expect(split.valid, "\(split.text)")
        #expect(split.text.contains("parameters in the Authorization header and form body"), "\(split.text)")
        #expect(throws: (any Error).self) { try OAuth1ExplainCommand.parse(request + ["--parameter-placement", "anywhere"]) }
    }
}
