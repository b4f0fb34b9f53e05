import ArgumentParser
import Foundation
import HTTPMessageSignatures
@testable import SignedAPI
import Testing
import TestSupport

/// `signed-api httpsig sign` and `verify`: RFC 9421 Appendix B.2.5 (hmac-sha256) and B.2.6
/// (ed25519) reproduced byte for byte, the computed Content-Digest, round trips, the verdicts and
/// bad input.
@Suite("signed-api httpsig", .heavy)
struct HTTPSigCommandTests {
    /// The request of RFC 9421 Appendix B.2 (`POST /foo?param=Value&Pet=dog`).
    static let request = [
        "--method", "POST", "--url", "https://example.com/foo?param=Value&Pet=dog",
        "--header", "Host: example.com", "--header", "Date: Tue, 20 Apr 2021 02:07:55 GMT", "--header", "Content-Type: application/json",
        "--header", "Content-Digest: sha-512=:WZDPaVn/7XgHaAy8pmojAkGWoRx2UFChF41A2svX+TaPm+AbwAgBWnrIiYllu7BNNyealdVLvRwEmTHWXvJwew==:",
        "--header", "Content-Length: 18",
    ]
    /// `test-shared-secret` of RFC 9421 Appendix B.1.5.
    static let sharedSecret = Array(Data(base64Encoded: "uzvJfB4u3N0Jy4T7NZ75MDVcr8zSTInedJtkgcu46YW4XByzNJjxBdtjUkdJPBtbmHhIDi6pcl8jsasjlTMtDQ==")!)
    /// `test-key-ed25519` of RFC 9421 Appendix B.1.4.
    static let ed25519Private = "-----BEGIN PRIVATE KEY-----\nMC4CAQAwBQYDK2VwBCIEIJ+DYvh6SEqVTm50DFtMDoQikTmiCqirVv9mWG9qfSnF\n-----END PRIVATE KEY-----\n"
    static let ed25519Public = "-----BEGIN PUBLIC KEY-----\nMCowBQYDK2VwAyEAJrQLj5P/89iXES9+vFgrIy29clF9CC/oPPsw3c5D0bs=\n-----END PUBLIC KEY-----\n"
    static let b25 = [
        #"Signature-Input: sig-b25=("date" "@authority" "content-type");created=1618884473;keyid="test-shared-secret""#,
        "Signature: sig-b25=:pxcQw6G3AjtMBQjwo8XzkZf/bws5LelbaMk5rGIGtE8=:",
    ]

    /// The command `words` parse to.
    static func command<Command>(_ words: [String], as _: Command.Type) throws -> Command {
        try #require(try SignedAPI.parseAsRoot(["httpsig"] + words) as? Command)
    }

    /// The header lines as `--header` words.
    static func headerWords(_ lines: [String]) -> [String] { lines.flatMap { ["--header", $0] } }

    @Test("sign reproduces RFC 9421 B.2.5 (hmac-sha256) byte for byte from the raw secret in --key-file")
    func appendixB25() throws {
        let key = try SecretFile(Self.sharedSecret)
        defer { key.remove() }
        let sign = try Self.command(["sign"] + Self.request + [
            "--alg", "hmac-sha256", "--key-file", key.path, "--keyid", "test-shared-secret", "--label", "sig-b25",
            "--component", "date", "--component", "@authority", "--component", #""content-type""#, "--created", "1618884473",
        ], as: HTTPSigSignCommand.self)
        #expect(try sign.lines(sources: .test()) == Self.b25)
    }

    @Test("sign reproduces RFC 9421 B.2.6 (ed25519) from a PEM key in SIGNED_API_KEY, and verify accepts it with the public key")
    func appendixB26() async throws {
        let components = ["date", "@method", "@path", "@authority", "content-type", "content-length"].flatMap { ["--component", $0] }
        let sign = try Self.command(["sign"] + Self.request + ["--alg", "ed25519", "--keyid", "test-key-ed25519", "--label", "sig-b26", "--created", "1618884473"] + components, as: HTTPSigSignCommand.self)
        let lines = try sign.lines(sources: .test(["SIGNED_API_KEY": Self.ed25519Private]))
        #expect(lines == [
            #"Signature-Input: sig-b26=("date" "@method" "@path" "@authority" "content-type" "content-length");created=1618884473;keyid="test-key-ed25519""#,
            "Signature: sig-b26=:wqcAqbmYJ2ji2glfAMaRy4gruYYnx2nEFN2HN6jrnDnQCK1u02Gb04v9EDgwUPiu4A0w6vuQv5lIp5WPpBKRCw==:",
        ])
        let publicKey = try SecretFile(Array(Self.ed25519Public.utf8))
        defer { publicKey.remove() }
        let verify = try Self.command(["verify"] + Self.request + Self.headerWords(lines) + [
            "--alg", "ed25519", "--key-file", publicKey.path, "--keyid", "test-key-ed25519", "--now", "1618884500",
        ], as: HTTPSigVerifyCommand.self)
        let verdict = try await verify.verdict(sources: .test())
        #expect(verdict.verified, "\(verdict.lines)")
        #expect(verdict.lines == [
            #"verifies: signature sig-b26 (ed25519, keyid "test-key-ed25519")"#,
            #"covered: "date" "@method" "@path" "@authority" "content-type" "content-length""#,
            "created: 1618884473",
            "expires: none",
        ])
    }

    @Test("content-digest among the components: Content-Digest is computed from --body-file and printed first; verify checks it against the body")
    func contentDigest() async throws {
        let body = try SecretFile(Array(#"{"hello": "world"}"#.utf8))
        defer { body.remove() }
        let request = ["--method", "POST", "--url", "https://example.com/foo", "--header", "Content-Type: application/json", "--body-file", body.path]
        let key = ["--alg", "hmac-sha256", "--key", "a secret of the tests", "--keyid", "k"]
        let sign = try Self.command(["sign"] + request + key + [
            "--component", "@method", "--component", "content-digest", "--component", "content-type", "--created", "1700000000",
            "--expires", "1700000300", "--nonce", "n-1", "--tag", "app", "--include-alg",
        ], as: HTTPSigSignCommand.self)
        let lines = try sign.lines(sources: .test())
        #expect(lines.count == 3)
        // sha-256 of {"hello": "world"} (RFC 9530 Appendix B.1's).
        #expect(lines.first == "Content-Digest: sha-256=:X48E9qOokqqrvdts8nOJRJN3OWDUoyWxBf7kbu9DBPE=:")
        #expect(lines.dropFirst().first == #"Signature-Input: sig1=("@method" "content-digest" "content-type");created=1700000000;expires=1700000300;keyid="k";nonce="n-1";alg="hmac-sha256";tag="app""#)

        let verify = try Self.command(["verify"] + request + Self.headerWords(lines) + key + ["--now", "1700000010"], as: HTTPSigVerifyCommand.self)
        let verdict = try await verify.verdict(sources: .test())
        #expect(verdict.lines == [
            #"verifies: signature sig1 (hmac-sha256, keyid "k")"#, #"covered: "@method" "content-digest" "content-type""#,
            "created: 1700000000", "expires: 1700000300",
        ])

        let other = try SecretFile(Array(#"{"hello": "there"}"#.utf8))
        defer { other.remove() }
        let changedBody = request.map { $0 == body.path ? other.path : $0 }
        let refused = try await Self.command(["verify"] + changedBody + Self.headerWords(lines) + key + ["--now", "1700000010"], as: HTTPSigVerifyCommand.self).verdict(sources: .test())
        #expect(!refused.verified)
        #expect(refused.lines.first == "does not verify: content digest mismatch")
        #expect(refused.lines.contains("signature base:"))
    }

    @Test("a tampered request: verify says why and prints the signature base it built")
    func tampered() async throws {
        let key = try SecretFile(Self.sharedSecret)
        defer { key.remove() }
        let tampered = Self.request.map { $0 == "Content-Type: application/json" ? "Content-Type: text/plain" : $0 }
        let verify = try Self.command(["verify"] + tampered + Self.headerWords(Self.b25) + [
            "--alg", "hmac-sha256", "--key-file", key.path, "--keyid", "test-shared-secret", "--now", "1618884500",
        ], as: HTTPSigVerifyCommand.self)
        let verdict = try await verify.verdict(sources: .test())
        #expect(!verdict.verified)
        #expect(verdict.lines.first == "does not verify: signature invalid")
        #expect(verdict.lines.dropFirst(2) == [
            "signature base:",
            "\"date\": Tue, 20 Apr 2021 02:07:55 GMT\n\"@authority\": example.com\n\"content-type\": text/plain\n"
                + #""@signature-params": ("date" "@authority" "content-type");created=1618884473;keyid="test-shared-secret""#,
        ])
        // Expired (created too old for the clock): the reason, and the base still printed.
        let stale = try Self.command(["verify"] + Self.request + Self.headerWords(Self.b25) + [
            "--alg", "hmac-sha256", "--key-file", key.path, "--keyid", "test-shared-secret", "--now", "1700000000",
        ], as: HTTPSigVerifyCommand.self)
        let old = try await stale.verdict(sources: .test())
        #expect(old.lines.first == "does not verify: timestamp refused")
        #expect(old.lines.dropFirst(2).first == "signature base:")
        #expect(old.lines.last?.hasPrefix("\"date\": Tue, 20 Apr 2021 02:07:55 GMT\n") == true)
    }

    @Test("the built tool: sign prints the header lines and nothing else; verify exits 0, and 1 with the reason and base when tampered")
    func process() async throws {
        let key = try SecretFile(Self.sharedSecret)
        defer { key.remove() }
        let signArguments = ["httpsig", "sign"] + Self.request + [
            "--alg", "hmac-sha256", "--key-file", key.path, "--keyid", "test-shared-secret", "--label", "sig-b25",
            "--component", "date", "--component", "@authority", "--component", "content-type", "--created", "1618884473",
        ]
        let sign = try await ToolProcess.run("signed-api", signArguments)
        #expect(sign.status == 0, "\(sign.errorOutput)")
        #expect(sign.output == Self.b25.joined(separator: "\n") + "\n")
        let verifyArguments = ["httpsig", "verify"] + Self.request + Self.headerWords(Self.b25) + [
            "--alg", "hmac-sha256", "--keyid", "test-shared-secret", "--now", "1618884500",
        ]
        let viaFile = try await ToolProcess.run("signed-api", verifyArguments + ["--key-file", key.path])
        #expect(viaFile.status == 0, "\(viaFile.output)\(viaFile.errorOutput)")
        #expect(viaFile.output.hasPrefix("verifies: signature sig-b25 (hmac-sha256, keyid \"test-shared-secret\")\n"))
        let bad = try await ToolProcess.run("signed-api", verifyArguments.map { $0.replacingOccurrences(of: "https://example.com/", with: "https://example.org/") } + ["--key-file", key.path])
        #expect(bad.status == 1)
        #expect(bad.output.hasPrefix("does not verify: signature invalid\nwhy: "), "\(bad.output)")
        #expect(bad.output.contains("signature base:\n\"date\": Tue, 20 Apr 2021 02:07:55 GMT\n\"@authority\": example.org\n"), "\(bad.output)")
        #expect(!bad.output.contains("uzvJfB4u") && !sign.errorOutput.contains("uzvJfB4u"))
    }

    @Test("bad input is refused with what to do", arguments: [
        (["sign", "--alg", "hmac-sha512"], "unknown algorithm 'hmac-sha512': use one of rsa-pss-sha512, rsa-v1_5-sha256, hmac-sha256"),
        (["sign", "--alg", "hmac-sha256", "--header", "NoColon"], "a header is \"Name: value\", with a colon after the name"),
        (["sign", "--alg", "hmac-sha256", "--header", "Bad Name: x"], "is not an HTTP token"),
        (["sign", "--alg", "hmac-sha256", "--header", ": x"], "the header has no name"),
        (["sign", "--alg", "hmac-sha256", "--component", "\"@method"], "is not a component identifier"),
        (["sign", "--alg", "hmac-sha256", "--created", "100", "--expires", "99"], "--expires 99 is before --created 100"),
        (["verify", "--alg", "ed25519", "--url", "/relative"], "--url must be an absolute"),
    ])
    func rejected(arguments: [String], message: String) {
        var words = ["httpsig"] + arguments + ["--keyid", "k", "--key", "secret"]
        if !words.contains("--method") { words += ["--method", "GET"] }
        if !words.contains("--url") { words += ["--url", "https://example.com/"] }
        do {
            _ = try SignedAPI.parseAsRoot(words)
            Issue.record("\(arguments) was accepted")
        } catch {
            #expect(SignedAPI.message(for: error).contains(message), "\(SignedAPI.message(for: error))")
        }
    }

    @Test("a missing key, a key of the wrong kind, a covered field the request lacks: each refused saying why")
    func refusedWhenRun() async throws {
        let base = ["--method", "GET", "--url", "https://example.com/", "--keyid", "k"]
        let noKey = try Self.command(["sign"] + base + ["--alg", "hmac-sha256"], as: HTTPSigSignCommand.self)
        do {
            _ = try noKey.lines(sources: .test())
            Issue.record("signed without a key")
        } catch {
            #expect("\(error)" == "give the RFC 9421 key (a PEM key, or the hmac-sha256 secret): --key-file PATH, SIGNED_API_KEY or --key (a flag, though, every user of the machine sees in ps)")
        }
        let wrongKind = try Self.command(["sign"] + base + ["--alg", "ecdsa-p256-sha256"], as: HTTPSigSignCommand.self)
        do {
            _ = try wrongKind.lines(sources: .test(["SIGNED_API_KEY": Self.ed25519Private]))
            Issue.record("an ed25519 key signed as ecdsa-p256-sha256")
        } catch {
            #expect("\(error)".contains("SIGNED_API_KEY does not hold a usable ecdsa-p256-sha256 signing key"), "\(error)")
        }
        let missing = try Self.command(["sign"] + base + ["--alg", "hmac-sha256", "--component", "content-type"], as: HTTPSigSignCommand.self)
        do {
            _ = try missing.lines(sources: .test(["SIGNED_API_KEY": "secret"]))
            Issue.record("signed a missing field")
        } catch {
            #expect("\(error)".contains("cannot sign: missing component: the covered field content-type is not in the message"), "\(error)")
        }
        let unsigned = try Self.command(["verify"] + base + ["--alg", "hmac-sha256"], as: HTTPSigVerifyCommand.self)
        let verdict = try await unsigned.verdict(sources: .test(["SIGNED_API_KEY": "secret"]), now: Date(timeIntervalSince1970: 1_700_000_000))
        #expect(!verdict.verified)
        #expect(verdict.lines == [
            "does not verify: missing signature",
            "why: the verifier needs a signature and the message has no Signature-Input and Signature fields (RFC 9421 §3.2)",
            "signature base: none (the signature's fields or components cannot be read)",
        ])
    }
}
