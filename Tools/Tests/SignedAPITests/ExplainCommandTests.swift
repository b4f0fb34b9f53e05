import ArgumentParser
import DrupalServicesClient
import Foundation
@testable import SignedAPI
import SigningCore
import Testing
import TestSupport

/// `signed-api explain`: a captured request of each scheme, told apart and checked; a changed
/// one says why; a capture that cannot be read says what is wrong with it; no secret is printed.
@Suite("signed-api explain", .heavy)
struct ExplainCommandTests {
    static let consumerSecret = "ConsumerSecretNeverPrinted"
    static let tokenSecret = "TokenSecretNeverPrinted"
    static let clientSecret = "ClientSecretNeverPrinted"
    static let apiKey = "ApiKeyNeverPrinted0123456789abcdef"

    /// `explain`'s report for `capture` (CRLF line ends unless the capture has its own), with no
    /// secret in the environment.
    static func explain(_ capture: String, _ arguments: [String]) async throws -> (text: String, valid: Bool) {
        let command = try #require(try SignedAPI.parseAsRoot(["explain"] + arguments) as? ExplainCommand)
        let (text, valid) = try await command.render(CapturedRequest(parsing: Array(capture.utf8)), sources: .test())
        for secret in [consumerSecret, tokenSecret, clientSecret, apiKey] { #expect(!text.contains(secret), "\(text)") }
        return (text, valid)
    }

    static let oauthSecrets = ["--consumer-secret", consumerSecret, "--token-secret", tokenSecret]

    /// A POST signed by `oauth1 sign`, its protocol parameters sent in the header or moved to the
    /// query (the base string, and so the signature, is the same).
    static func oauthCapture(transmission: String = "header", status: String = "hello+world", lineEnd: String = "\r\n", contentLength: Bool = true) throws -> String {
        let text = try OAuth1SignCommand.parse([
            "--method", "POST", "--url", "https://api.example.com/1/statuses/update.json?trim_user=1", "--consumer-key", "ck", "--token", "tk",
            "--nonce", "fixednonce", "--timestamp", "1700000000", "--form", "status=hello world",
        ] + oauthSecrets).render()
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let body = "status=\(status)"
        var target = "/1/statuses/update.json?trim_user=1"
        var head = ["Host: api.example.com", "Content-Type: application/x-www-form-urlencoded"]
        if transmission == "header" {
            head.append("Authorization: \(try #require(object["authorization_header"] as? String))")
        } else {
            let parameters = try #require(object["protocol_parameters"] as? [String: String])
            let signature = try #require(object["signature"] as? String)
            let fields = parameters.sorted { $0.key < $1.key }.map { FormField($0.key, $0.value) } + [FormField("oauth_signature", signature)]
            target += "&" + FormEncoding.serialize(fields)
        }
        if contentLength { head.append("Content-Length: \(body.utf8.count)") }
        return (["POST \(target) HTTP/1.1"] + head + ["", body]).joined(separator: lineEnd)
    }

    @Test("OAuth 1.0a: a capture as sent verifies, in the header or the query, with CRLF or LF and a final newline")
    func oauthValid() async throws {
        for capture in [try Self.oauthCapture(), try Self.oauthCapture(transmission: "query"), try Self.oauthCapture(lineEnd: "\n", contentLength: false) + "\n"] {
            let (text, valid) = try await Self.explain(capture, Self.oauthSecrets)
            #expect(valid, "\(text)")
            #expect(text.hasPrefix("scheme:      OAuth 1.0a\nsignature:   valid (HMAC-SHA1"))
        }
    }

    @Test("OAuth 1.0a: a body changed after signing is refused, and their base string names the parameter")
    func oauthChanged() async throws {
        let signed = try OAuth1SignCommand.parse([
            "--method", "POST", "--url", "https://api.example.com/1/statuses/update.json?trim_user=1", "--consumer-key", "ck", "--token", "tk",
            "--nonce", "fixednonce", "--timestamp", "1700000000", "--form", "status=hello world",
        ] + Self.oauthSecrets).render()
        let baseString = try #require(try JSONSerialization.jsonObject(with: Data(signed.utf8)) as? [String: Any])["base_string"] as? String
        let capture = try Self.oauthCapture(status: "hello+World")
        let (text, valid) = try await Self.explain(capture, Self.oauthSecrets + ["--their-base-string", try #require(baseString)])
        #expect(!valid)
        #expect(text.contains("signature:   INVALID"))
        #expect(text.contains("parameter 'status'"), "\(text)")
        let wrongSecret = try await Self.explain(try Self.oauthCapture(), ["--consumer-secret", "other"])
        #expect(!wrongSecret.valid && wrongSecret.text.contains("expected:"))
    }

    /// requests-oauthlib signs a POST with its parameters in the header, the query and the body,
    /// and prints each request as it would go over the wire.
    static let peerScript = #"""
        import json
        import requests
        from requests_oauthlib import OAuth1
        from oauthlib.oauth1 import SIGNATURE_TYPE_AUTH_HEADER, SIGNATURE_TYPE_QUERY, SIGNATURE_TYPE_BODY
        text = lambda value: value.decode() if isinstance(value, bytes) else value
        captures = []
        for kind in (SIGNATURE_TYPE_AUTH_HEADER, SIGNATURE_TYPE_QUERY, SIGNATURE_TYPE_BODY):
            auth = OAuth1("ck", client_secret="ConsumerSecretNeverPrinted", resource_owner_key="tk",
                          resource_owner_secret="TokenSecretNeverPrinted", signature_type=kind)
            request = requests.Request("POST", "https://api.example.com/1/statuses/update.json?trim_user=1",
                                       data={"status": "hello world ~!*"}, auth=auth).prepare()
            head = [f"{request.method} {request.path_url} HTTP/1.1", "Host: api.example.com"]
            head += [f"{name}: {text(value)}" for name, value in request.headers.items()]
            captures.append("\r\n".join(head) + "\r\n\r\n" + text(request.body or ""))
        print(json.dumps(captures))
        """#

    @Test(
        "OAuth 1.0a: requests-oauthlib's requests, as sent, verify in each of the three places; changed, they do not",
        .enabled("python3 with requests-oauthlib is not installed (pip install -r .ci/requirements.txt)") { await PythonPeer.hasModules(["requests", "requests_oauthlib"]) || TestEnvironment.isCI }
    )
    func oauthPeer() async throws {
        let run = try await PythonPeer.run(script: Self.peerScript, input: Data())
        #expect(run.status == 0, "\(run.errors)")
        let captures = try JSONDecoder().decode([String].self, from: run.output)
        #expect(captures.count == 3)
        for (capture, place) in zip(captures, ["Authorization header", "query", "form body"]) {
            let good = try await Self.explain(capture, Self.oauthSecrets)
            #expect(good.valid && good.text.contains("parameters in the \(place)"), "\(good.text)")
            let changed = try await Self.explain(capture.replacingOccurrences(of: "hello+world", with: "hello+World"), Self.oauthSecrets)
            #expect(!changed.valid, "\(changed.text)")
        }
    }

    @Test("AFSigned version 2 (query, auth_key too) and version 4 (headers): verifies; a changed parameter says why with the string signed")
    func afsigned() async throws {
        for field in ["auth_client_id", "auth_key"] {
            let sign = try AFSignedSignCommand.parse(["--path", "/users", "--timestamp", "1700000000", "--param", "page=2", "--client-id-field", field, "--client-id", "demo", "--client-secret", Self.clientSecret])
            let query = FormEncoding.serialize(try sign.signed().parameters.map { FormField($0[0], $0[1]) })
            let capture = "GET /users?\(query) HTTP/1.1\r\nHost: api.example.com\r\n\r\n"
            let good = try await Self.explain(capture, ["--client-secret", Self.clientSecret, "--now", "1700000000"])
            #expect(good.valid, "\(good.text)")
            #expect(good.text == "scheme:      AFSigned version 2 (auth_signature)\nverifies: signed by demo at 1700000000")
            let changed = try await Self.explain(capture.replacingOccurrences(of: "page=2", with: "page=3"), ["--client-secret", Self.clientSecret, "--now", "1700000000"])
            #expect(!changed.valid)
            #expect(changed.text.contains("does not verify: Incorrect auth signature") && changed.text.contains(#"string to sign: "GET\n/users\npage=3""#), "\(changed.text)")
        }
        let sign = try AFSignedSignCommand.parse(["--auth-version", "4", "--method", "POST", "--path", "/users", "--timestamp", "1700000000", "--param", "a=1", "--client-id", "demo", "--client-secret", Self.clientSecret])
        let headers = try sign.signed().headers.map { "\($0[0]): \($0[1])" }
        let capture = (["POST /users HTTP/1.1", "Host: api.example.com", "Content-Type: application/x-www-form-urlencoded", "Content-Length: 3"] + headers + ["", "a=1"]).joined(separator: "\r\n")
        let version4 = try await Self.explain(capture, ["--client-secret", Self.clientSecret, "--now", "1700000000"])
        #expect(version4.valid && version4.text.hasPrefix("scheme:      AFSigned version 4 (X-Auth-Signature)\nverifies: signed by demo"), "\(version4.text)")
        let stale = try await Self.explain(capture, ["--client-secret", Self.clientSecret, "--now", "1800000000"])
        #expect(!stale.valid && stale.text.contains("Incorrect auth timestamp"))
    }

    /// A JSON-RPC call to `node.get` signed with `key` (the hash in `hash` when given).
    static func drupalCall(key: String = apiKey, method: String = "node.get", hash: String? = nil) -> String {
        let computed = DrupalKeyAuthentication.hash(apiKey: key, timestamp: "1764000000", domain: "app.example.com", nonce: "n0nce", method: method)
        return #"{"method":"\#(method)","params":["\#(hash ?? computed)","app.example.com",1764000000,"n0nce",1,["title"]],"id":1,"version":"1.1"}"#
    }

    static func drupalCapture(_ body: String) -> String {
        "POST /services/json-rpc HTTP/1.1\r\nHost: app.example.com\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)"
    }

    @Test("Drupal: the hash input and verdict per call; a wrong key, an uppercase hash and a call without key arguments are named")
    func drupal() async throws {
        let good = try await Self.explain(Self.drupalCapture(Self.drupalCall()), ["--api-key", Self.apiKey])
        #expect(good.valid, "\(good.text)")
        #expect(good.text.contains("call:        node.get\nhash input:  1764000000;app.example.com;n0nce;node.get\nreceived:    "))

        let wrongKey = try await Self.explain(Self.drupalCapture(Self.drupalCall(key: "another key")), ["--api-key", Self.apiKey])
        #expect(!wrongKey.valid && wrongKey.text.contains("expected:") && wrongKey.text.contains("either the key differs"))

        let upper = DrupalKeyAuthentication.hash(apiKey: Self.apiKey, timestamp: "1764000000", domain: "app.example.com", nonce: "n0nce", method: "node.get").uppercased()
        let uppercase = try await Self.explain(Self.drupalCapture(Self.drupalCall(hash: upper)), ["--api-key", Self.apiKey])
        #expect(!uppercase.valid && uppercase.text.contains("not in lowercase"))

        let batch = "[\(Self.drupalCall()),{\"method\":\"user.logout\",\"params\":[\"x\"],\"id\":2},{\"method\":\"system.connect\",\"id\":3}]"
        let mixed = try await Self.explain(Self.drupalCapture(batch), ["--api-key", Self.apiKey])
        #expect(!mixed.valid)
        #expect(mixed.text.contains("call:        node.get (1 of 3)\nhash input:"), "\(mixed.text)")
        #expect(mixed.text.contains("call:        user.logout (2 of 3)\nverdict:     the call carries 1 argument,"), "\(mixed.text)")
        #expect(mixed.text.contains("call:        system.connect (3 of 3)\nverdict:     the call carries 0 arguments"), "\(mixed.text)")
    }

    @Test("a request without a signature says so; a missing secret names the option")
    func noSchemeOrSecret() async throws {
        let plain = try await Self.explain("GET /volumes?q=swift HTTP/1.1\r\nHost: www.googleapis.com\r\n\r\n", [])
        #expect(!plain.valid && plain.text.hasPrefix("scheme:      none found"))
        for (capture, option) in [(try Self.oauthCapture(), "consumer-secret"), (Self.drupalCapture(Self.drupalCall()), "api-key"),
                                  ("GET /u?auth_signature=x HTTP/1.1\r\nHost: h\r\n\r\n", "client-secret")] {
            let variable = "SIGNED_API_" + option.uppercased().replacingOccurrences(of: "-", with: "_")
            await #expect { try await Self.explain(capture, []) } throws: {
                SignedAPI.message(for: $0).contains("(--\(option)-file PATH, \(variable) or --\(option))")
            }
        }
    }

    @Test("the built executable reads the capture from a file (exit 0 when it verifies, 1 when not) and refuses an empty standard input")
    func process() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("explain-\(UUID().uuidString).txt")
        try Data(Self.drupalCapture(Self.drupalCall()).utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let good = try await ToolProcess.run("signed-api", ["explain", file.path, "--api-key", Self.apiKey])
        #expect(good.status == 0, "\(good.output)\(good.errorOutput)")
        #expect(good.output.hasPrefix("scheme:      Drupal Services key authentication (JSON-RPC)\n"))
        let bad = try await ToolProcess.run("signed-api", ["explain", file.path, "--api-key", "another"])
        #expect(bad.status == 1 && bad.output.contains("expected:"))
        let empty = try await ToolProcess.run("signed-api", ["explain"])
        #expect(empty.status != 0 && empty.output.isEmpty)
        #expect(empty.errorOutput.contains("the capture is empty"), "\(empty.errorOutput)")
        let missing = try await ToolProcess.run("signed-api", ["explain", file.path + ".missing", "--api-key", "k"])
        #expect(missing.status != 0 && missing.errorOutput.contains("cannot read the capture"), "\(missing.errorOutput)")
    }

    @Test("a capture that cannot be read is refused, saying what is wrong", arguments: [
        ("", "the capture is empty"),
        ("\r\n\r\n", "the capture is empty"),
        ("hello", "not a request line"),
        ("GET /a HTTP/1.1 extra", "not a request line"),
        ("G(T /a HTTP/1.1", "not a request line"),
        ("GET /a HTTP/1.1\r\nno colon here\r\n\r\n", "not 'Name: value'"),
        ("GET /a HTTP/1.1\r\n: empty name\r\n\r\n", "not 'Name: value'"),
        ("GET /a HTTP/1.1\r\n folded\r\n\r\n", "begins with white space"),
        ("POST /a HTTP/1.1\r\nContent-Length: 10\r\n\r\nshort", "the capture is cut short"),
        ("POST /a HTTP/1.1\r\nContent-Length: -1\r\n\r\n", "Content-Length is not a number"),
        ("POST /a HTTP/1.1\r\nContent-Length: 99999999999999999999999\r\n\r\n", "Content-Length is not a number"),
        ("POST /a HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n0\r\n\r\n", "Transfer-Encoding: chunked"),
    ])
    func malformed(capture: String, message: String) {
        #expect { try CapturedRequest(parsing: Array(capture.utf8)) } throws: { SignedAPI.message(for: $0).contains(message) }
    }

    @Test("bytes that are not text, and a capture over 8 MiB, are refused")
    func hostileBytes() {
        #expect { try CapturedRequest(parsing: Array("GET /a HTTP/1.1\r\nX: ".utf8) + [0xFF, 0xFE] + Array("\r\n\r\n".utf8)) } throws: {
            SignedAPI.message(for: $0).contains("a header line is not UTF-8")
        }
        #expect { try CapturedRequest(parsing: Array(repeating: UInt8(ascii: "a"), count: CapturedRequest.maximumSize + 1)) } throws: {
            SignedAPI.message(for: $0).contains("more than the")
        }
    }

    @Test("the URL: absolute in the request line, or the Host header with --url-scheme; folded headers read as one")
    func url() throws {
        let folded = try CapturedRequest(parsing: Array("GET /a?b=1 HTTP/1.1\nHost: api.example.com:8080\nX-Long: one\n two\n\nbody".utf8))
        #expect(try folded.url(scheme: "http").absoluteString == "http://api.example.com:8080/a?b=1")
        #expect(folded.headers["X-Long"] == "one two")
        #expect(folded.body == Array("body".utf8))
        let absolute = try CapturedRequest(parsing: Array("GET https://api.example.com/a HTTP/1.1\r\n\r\n".utf8))
        #expect(try absolute.url(scheme: "http").absoluteString == "https://api.example.com/a")
        let noHost = try CapturedRequest(parsing: Array("GET /a HTTP/1.1\r\n\r\n".utf8))
        #expect { try noHost.url(scheme: "https") } throws: { SignedAPI.message(for: $0).contains("no Host header") }
        let asterisk = try CapturedRequest(parsing: Array("OPTIONS * HTTP/1.1\r\nHost: h\r\n\r\n".utf8))
        #expect { try asterisk.url(scheme: "https") } throws: { SignedAPI.message(for: $0).contains("must be a path") }
        let extra = try CapturedRequest(parsing: Array("POST /a HTTP/1.1\r\nContent-Length: 3\r\n\r\nabc\r\n".utf8))
        #expect(extra.body == Array("abc".utf8))
        #expect(throws: (any Error).self) { try SignedAPI.parseAsRoot(["explain", "--url-scheme", "ftp"]) }
    }
}
