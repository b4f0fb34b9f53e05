import ArgumentParser
import Foundation
import HTTPMessageSignatures
@testable import SignedAPI
import Testing
import TestSupport

/// `signed-api explain` for RFC 9421 captures: one capture file per classic mistake
/// (`Tools/Tests/Captures/httpsig/`, each signed with RFC 9421's `test-shared-secret` by
/// hmac-sha256 at created 1700000000), and the explanation that names it — a proxy's
/// `@authority`, a body re-encoded after its digest, a header folded or re-cased, the wrong
/// `@query` encoding, `created` from a wrong clock.
@Suite("signed-api explain: RFC 9421", .heavy)
struct ExplainHTTPSigTests {
    /// Where the capture files are: `Tools/Tests/Captures/httpsig`.
    static let captures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Captures/httpsig")

    /// The capture file `name`.txt.
    static func capture(_ name: String) throws -> CapturedRequest {
        try CapturedRequest(parsing: Array(Data(contentsOf: captures.appendingPathComponent("\(name).txt"))))
    }

    /// `explain`'s report for the capture `name`, checked with the shared secret from a key
    /// file (unless `key` is false) at the clock 1700000010.
    static func explain(_ name: String, _ arguments: [String] = [], key: Bool = true) async throws -> (text: String, valid: Bool) {
        let file = try SecretFile(HTTPSigCommandTests.sharedSecret)
        defer { file.remove() }
        let command = try #require(try SignedAPI.parseAsRoot(["explain", "--now", "1700000010"] + (key ? ["--key-file", file.path, "--alg", "hmac-sha256"] : []) + arguments) as? ExplainCommand)
        return try await command.render(capture(name), sources: .test())
    }

    /// The signature base of the capture's first signature, built as `explain` builds it.
    static func ourBase(_ capture: CapturedRequest) throws -> String? {
        let signatures = try HTTPSignatureFields.signatures(in: capture.headers)
        let message = HTTPMessageRequest(method: capture.method, url: try capture.url(scheme: "https"), headers: capture.headers, body: capture.body)
        return try signatures.first.map { try HTTPSignatureBase(parameters: $0.parameters, message: .request(message)).text }
    }

    /// The other side's base: the capture `name`'s with `from` replaced by `to`.
    static func base(of name: String, replacing from: String, with to: String) throws -> String {
        let ours = try #require(try Self.ourBase(capture(name)))
        #expect(ours.contains(from))
        return ours.replacingOccurrences(of: from, with: to)
    }

    @Test("a capture that verifies: every signature parameter, the covered components, the base, the key's check and the verdict")
    func verifies() async throws {
        let (text, valid) = try await Self.explain("created-clock")
        #expect(valid, "\(text)")
        #expect(text == """
            scheme:      HTTP Message Signatures (RFC 9421)
            signature:   sig1: keyid "test-shared-secret", alg not sent, created 1700000000, expires none, nonce "n-1", tag none
            covered:     "@method" "@authority" "@path"
            base:        "@method": GET
                         "@authority": api.example.com
                         "@path": /api/items
                         "@signature-params": ("@method" "@authority" "@path");created=1700000000;keyid="test-shared-secret";nonce="n-1"
            key:         the hmac-sha256 key checks this base: the signature was made over the request as captured
            verdict:     verifies: signature sig1 (hmac-sha256, keyid "test-shared-secret") at the clock 1700000010
            """)
    }

    @Test("created from a wrong clock: how far outside the window, behind or ahead, while the key still checks the base")
    func wrongClock() async throws {
        let late = try await Self.explain("created-clock", ["--now", "1700003600"])
        #expect(!late.valid)
        #expect(late.text.contains("key:         the hmac-sha256 key checks this base"), "\(late.text)")
        #expect(late.text.contains("verdict:     does not verify: timestamp refused: created 1700000000 is 3600 s old"), "\(late.text)")
        #expect(late.text.contains("created is 3600 s before the clock (1700003600), outside the 300 s window (+60 s skew) by 3240 s: created from a wrong clock"), "\(late.text)")
        let early = try await Self.explain("created-clock", ["--now", "1699999000", "--max-age", "600"])
        #expect(!early.valid)
        #expect(early.text.contains("created is 1000 s ahead of the clock (1699999000), outside the 60 s of skew allowed by 940 s: created from a wrong clock — the signer's clock runs fast"), "\(early.text)")
    }

    @Test("a proxy changed @authority: the forwarding headers' address makes the signature verify; their base names the line")
    func proxyAuthority() async throws {
        let alone = try await Self.explain("proxy-authority", ["--url-scheme", "http"])
        #expect(!alone.valid)
        #expect(alone.text.contains(#"base:        "@method": GET"# + "\n" + #"             "@authority": 10.0.0.7:8080"#), "\(alone.text)")
        #expect(alone.text.contains("key:         the hmac-sha256 key does NOT check this base"))
        #expect(alone.text.contains("the key checks the base built for https://api.example.com/api/items?page=2 (X-Forwarded-Proto, X-Forwarded-Host): a proxy changed @authority on the way"), "\(alone.text)")

        let theirs = try Self.base(of: "proxy-authority", replacing: "10.0.0.7:8080", with: "api.example.com")
        let compared = try await Self.explain("proxy-authority", ["--url-scheme", "http", "--their-signature-base", theirs])
        #expect(!compared.valid)
        #expect(compared.text.contains(#"theirs:      "@authority": ours 10.0.0.7:8080; theirs api.example.com — a proxy or load balancer changed the address the client signed"#), "\(compared.text)")
        #expect(compared.text.contains("the key checks THEIR base: the signature was made over it"), "\(compared.text)")
    }

    @Test("a body re-encoded after its digest: Content-Digest is not the body's, though the key checks the base")
    func bodyReencoded() async throws {
        let (text, valid) = try await Self.explain("body-reencoded")
        #expect(!valid)
        #expect(text.contains("digest:      Content-Digest DOES NOT match the body (29 bytes)"), "\(text)")
        #expect(text.contains("key:         the hmac-sha256 key checks this base"), "\(text)")
        #expect(text.contains("verdict:     does not verify: content digest mismatch"), "\(text)")
        #expect(text.contains("the body was re-encoded after its digest was computed"), "\(text)")
    }

    @Test("a header folded on the way: without their base the key only says the base differs; with it, the line and 'folded'")
    func headerFolded() async throws {
        let alone = try await Self.explain("header-folded")
        #expect(!alone.valid)
        #expect(alone.text.contains("either the request changed after it was signed (give the other side's base"), "\(alone.text)")
        let theirs = try Self.base(of: "header-folded", replacing: "application/json,text/plain", with: "application/json, text/plain")
        let compared = try await Self.explain("header-folded", ["--their-signature-base", theirs])
        #expect(compared.text.contains(#"theirs:      "accept": ours application/json,text/plain; theirs application/json, text/plain — the header was changed on the way: folded"#), "\(compared.text)")
        #expect(compared.text.contains("the key checks THEIR base"), "\(compared.text)")
    }

    @Test("a header re-cased on the way: the server's X-Signature-Base as sent (one line, %0A) names the line and 're-cased'")
    func headerRecased() async throws {
        let theirs = try Self.base(of: "header-recased", replacing: "charset=UTF-8", with: "charset=utf-8")
        let header = theirs.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\n", with: "%0A")
        let (text, valid) = try await Self.explain("header-recased", ["--their-signature-base", header])
        #expect(!valid)
        #expect(text.contains("verdict:     verifies: signature sig1"), "the request itself verifies: \(text)")
        #expect(text.contains(#"theirs:      "content-type": ours application/json; charset=UTF-8; theirs application/json; charset=utf-8 — the header was changed on the way: re-cased"#), "\(text)")
        #expect(text.contains("the key checks OUR base: the signature is right for this request, and the other side rebuilt it from a request changed on the way to it"), "\(text)")
    }

    @Test("the wrong @query encoding: the key finds the other encoding; their base names the line as the same query encoded otherwise")
    func queryEncoding() async throws {
        let alone = try await Self.explain("query-encoding")
        #expect(!alone.valid)
        #expect(alone.text.contains("the key checks the base built with the query ?q=blue%20widget: the wrong @query encoding — the signer encoded a space as %20, the request carries +"), "\(alone.text)")
        let theirs = try Self.base(of: "query-encoding", replacing: "?q=blue+widget", with: "?q=blue%20widget")
        let compared = try await Self.explain("query-encoding", ["--their-signature-base", theirs], key: false)
        #expect(!compared.valid)
        #expect(compared.text.contains(#"theirs:      "@query": ours ?q=blue+widget; theirs ?q=blue%20widget — the same query, encoded differently"#), "\(compared.text)")
        #expect(compared.text.contains("key:         none given, so the signature is not checked: give the RFC 9421 key"), "\(compared.text)")
        #expect(compared.text.contains("verdict:     not verified: no key given"), "\(compared.text)")
    }

    @Test("their base identical to ours with a wrong key blames the key; another signature parameter is named")
    func identicalBaseWrongKey() async throws {
        let theirs = try #require(try Self.ourBase(Self.capture("created-clock")))
        let command = try #require(try SignedAPI.parseAsRoot(["explain", "--now", "1700000010", "--alg", "hmac-sha256", "--key", "not the secret", "--their-signature-base", theirs]) as? ExplainCommand)
        let identical = try await command.render(Self.capture("created-clock"), sources: .test())
        #expect(!identical.valid)
        #expect(identical.text.contains("theirs:      identical to ours"), "\(identical.text)")
        #expect(identical.text.contains("both sides built the same base, so the key differs"), "\(identical.text)")
        #expect(!identical.text.contains("not the secret"))

        let later = theirs.replacingOccurrences(of: "created=1700000000", with: "created=1700000002")
        let parameters = try await Self.explain("created-clock", ["--their-signature-base", later])
        #expect(parameters.text.contains("the signature parameters differ: created (ours 1700000000, theirs 1700000002, 2 s apart"), "\(parameters.text)")
    }

    @Test("a capture copied from the mock's dashboard has its Signature masked: explain says to put it back")
    func maskedSignature() async throws {
        let text = try String(decoding: Data(contentsOf: Self.captures.appendingPathComponent("created-clock.txt")), as: UTF8.self)
        let masked = text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.hasPrefix("Signature:") ? "Signature: [redacted]" : String($0) }.joined(separator: "\n")
        let command = try #require(try SignedAPI.parseAsRoot(["explain", "--now", "1700000010"]) as? ExplainCommand)
        let (report, valid) = try await command.render(CapturedRequest(parsing: Array(masked.utf8)), sources: .test())
        #expect(!valid)
        #expect(report.hasPrefix("scheme:      HTTP Message Signatures (RFC 9421)\nverdict:     the signature fields cannot be read: malformed Signature:"), "\(report)")
        #expect(report.hasSuffix("has it masked, so put back the Signature the client sent)"), "\(report)")
    }

    @Test("an Ed25519 signature checked with the PEM public key; --label picks among several; the flags of the other schemes are refused")
    func ed25519AndLabels() async throws {
        let request = ["--method", "GET", "--url", "https://api.example.com/api/items"]
        let sign = try HTTPSigCommandTests.command(["sign"] + request + ["--alg", "ed25519", "--keyid", "test-key-ed25519", "--created", "1700000000", "--label", "sig2"], as: HTTPSigSignCommand.self)
        let signed = try sign.lines(sources: .test(["SIGNED_API_KEY": HTTPSigCommandTests.ed25519Private]))
        let capture = try CapturedRequest(parsing: Array((["GET /api/items HTTP/1.1", "Host: api.example.com"] + signed + ["", ""]).joined(separator: "\n").utf8))
        let publicKey = try SecretFile(Array(HTTPSigCommandTests.ed25519Public.utf8))
        defer { publicKey.remove() }
        let command = try #require(try SignedAPI.parseAsRoot(["explain", "--now", "1700000010", "--alg", "ed25519", "--key-file", publicKey.path, "--label", "sig2"]) as? ExplainCommand)
        let (text, valid) = try await command.render(capture, sources: .test())
        #expect(valid, "\(text)")
        #expect(text.contains("verdict:     verifies: signature sig2 (ed25519, keyid \"test-key-ed25519\")"), "\(text)")

        let unknown = try #require(try SignedAPI.parseAsRoot(["explain", "--label", "sig9"]) as? ExplainCommand)
        await #expect { try await unknown.render(capture, sources: .test()) } throws: { SignedAPI.message(for: $0).contains("no signature labelled 'sig9': it has sig2") }
        let noAlg = try #require(try SignedAPI.parseAsRoot(["explain", "--key-file", publicKey.path]) as? ExplainCommand)
        await #expect { try await noAlg.render(capture, sources: .test()) } throws: { SignedAPI.message(for: $0).contains("sends no alg this tool knows, so give the key's: --alg") }
        let oauthFlag = try #require(try SignedAPI.parseAsRoot(["explain", "--their-base-string", "GET&x&y"]) as? ExplainCommand)
        await #expect { try await oauthFlag.render(capture, sources: .test()) } throws: { SignedAPI.message(for: $0).contains("give the other side's signature base with --their-signature-base") }
    }

    @Test("the built executable explains a capture file, the key from SIGNED_API_KEY; exit 0 when it verifies, 1 when not")
    func process() async throws {
        let path = Self.captures.appendingPathComponent("created-clock.txt").path
        let key = try SecretFile(HTTPSigCommandTests.sharedSecret)
        defer { key.remove() }
        let good = try await ToolProcess.run("signed-api", ["explain", path, "--alg", "hmac-sha256", "--key-file", key.path, "--now", "1700000010"])
        #expect(good.status == 0, "\(good.output)\(good.errorOutput)")
        #expect(good.output.hasPrefix("scheme:      HTTP Message Signatures (RFC 9421)\n"))
        let late = try await ToolProcess.run("signed-api", ["explain", path, "--alg", "hmac-sha256", "--key-file", key.path, "--now", "1700009999"])
        #expect(late.status == 1 && late.output.contains("created from a wrong clock"), "\(late.output)")
    }
}
