import AFSignedClient
import AFSignedMock
import Foundation
import HTTPTypes
import MockServerKit
import MockServerTesting
import Testing

/// What no well-behaved client sends: every answer a clear 4xx in the API's shape, never a 500,
/// never a crash, never the secret.
@Suite("AFSigned mock hostile input")
struct HostileInputTests {
    /// Checks that `reply` is a clear refusal: `status`, `{"error": words}`, a printable-ASCII
    /// `X-Mock-Reason`, and no secret anywhere.
    static func expectRefused(_ reply: AFSignedHarness.Reply, _ status: HTTPResponse.Status, _ words: String, secret: String,
                              sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(reply.status == status, "\(reply.text) \(reply.mockReason ?? "")", sourceLocation: sourceLocation)
        #expect(reply.error == words, "\(reply.text)", sourceLocation: sourceLocation)
        let reason = reply.mockReason ?? ""
        #expect(!reason.isEmpty && reason.unicodeScalars.allSatisfy { (0x20...0x7E).contains($0.value) }, sourceLocation: sourceLocation)
        #expect(!reply.text.contains(secret) && !reply.headers.contains { $0.value.contains(secret) }, sourceLocation: sourceLocation)
    }

    @Test("missing auth parameters: 'Incorrect client version' on every route")
    func missing() async throws {
        try await AFSignedHarness.withRunning { backend in
            for (method, target) in [(HTTPRequest.Method.get, "/users"), (.get, "/users/1"), (.delete, "/users/1"), (.get, "/users?q=Ada")] {
                Self.expectRefused(try await backend.send(method, target), .unauthorized, "Incorrect client version", secret: backend.secret)
            }
            for method in [HTTPRequest.Method.post, .put, .patch] {
                let target = method == .post ? "/users" : "/users/1"
                let reply = try await backend.send(method, target, headers: AFSignedHarness.formHeaders, body: Array("name=Eve&email=eve%40example.com".utf8))
                Self.expectRefused(reply, .unauthorized, "Incorrect client version", secret: backend.secret)
            }
            #expect(try await backend.client().json("GET", "/users", as: UserPageJSON.self).total == 5)
        }
    }

    @Test("an auth value sent twice (in the query, or in the query and the body) is 400 'Malformed request'")
    func duplicated() async throws {
        try await AFSignedHarness.withRunning { backend in
            let signed = FormEncoding.serialize(try backend.authFields("GET", "/users"))
            for extra in ["auth_timestamp=\(backend.now)", "auth_signature=00", "auth_version=2", "auth_client_id=x"] {
                Self.expectRefused(try await backend.send(.get, "/users?\(signed)&\(extra)"), .badRequest, "Malformed request", secret: backend.secret)
            }
            let request = try backend.signed("POST", "/users", form: [FormField("name", "Eve"), FormField("email", "eve@example.com")])
            var doubled = request
            doubled.url = URL(string: request.url.absoluteString + "?auth_signature=ff")!
            let reply = try await backend.send(doubled)
            Self.expectRefused(reply, .badRequest, "Malformed request", secret: backend.secret)
            #expect(reply.mockReason?.contains("auth_signature was sent 2 times") == true)
            // Version 4: a header sent twice.
            try await AFSignedHarness.withRunning(AFSignedMockOptions(version: .v4)) { v4 in
                var headers = HTTPFields()
                headers.append(HTTPField(name: HTTPField.Name("X-Auth-Version")!, value: "4"))
                headers.append(HTTPField(name: HTTPField.Name("X-Auth-Version")!, value: "4"))
                Self.expectRefused(try await v4.send(.get, "/users", headers: headers), .badRequest, "Malformed request", secret: v4.secret)
            }
        }
    }

    @Test("timestamps that are not whole seconds are 'Incorrect auth timestamp'", arguments: [
        "", "abc", "12abc", "-5", "1e9", " 1800000000", "1800000000.5", "+1800000000", "0x6B49D200", "99999999999999999999", "١٨٠٠٠٠٠٠٠٠",
    ])
    func nonNumericTimestamp(timestamp: String) async throws {
        try await AFSignedHarness.withRunning { backend in
            let query = FormEncoding.serialize([FormField("auth_version", "2"), FormField("auth_client_id", backend.clientID), FormField("auth_timestamp", timestamp), FormField("auth_signature", "00")])
            Self.expectRefused(try await backend.send(.get, "/users?" + query), .unauthorized, "Incorrect auth timestamp", secret: backend.secret)
        }
    }

    @Test("10 KB auth values are 400 'Malformed request'; a 10 KB parameter is checked like any other")
    func huge() async throws {
        try await AFSignedHarness.withRunning { backend in
            let big = String(repeating: "A", count: 10_240)
            for name in ["auth_version", "auth_client_id", "auth_timestamp", "auth_signature", "auth_nonce"] {
                var fields = try backend.authFields("GET", "/users")
                fields.removeAll { $0.name == name }
                fields.append(FormField(name, big))
                let reply = try await backend.send(.get, "/users?" + FormEncoding.serialize(fields))
                Self.expectRefused(reply, .badRequest, "Malformed request", secret: backend.secret)
                #expect(reply.mockReason?.contains("auth values are at most 256") == true)
            }
            let q = try await backend.client().answer("GET", "/users", parameters: [AFSignedParameter("q", .text(big))])
            #expect(q.statusCode == 422)
            let name = try await backend.client().answer("POST", "/users", parameters: [AFSignedParameter("name", .text(big)), AFSignedParameter("email", "big@example.com")])
            #expect(name.statusCode == 422)
            // A 10 KB value under a wrong signature: its string to sign is shown, cut at 8 KiB.
            let wrong = backend.client(credentials: AFSignedCredentials(clientID: backend.clientID, clientSecret: "wrong"))
            let shown = try await wrong.answer("GET", "/users", parameters: [AFSignedParameter("q", .text(big + "é"))])
            #expect(shown.statusCode == 401)
            #expect(shown.header(AFSignedField.stringToSignHeader)?.hasSuffix("AAAA%...") == true)
        }
    }

    @Test("hostile client ids and versions are refused with printable headers and nothing injected", arguments: [
        "evil\r\nX-Injected: 1", "<script>alert(1)</script>", "ünïcødé 名前", "nul\u{0}byte", "'; DROP TABLE users; --", "%", "🚀",
    ])
    func hostileValues(value: String) async throws {
        try await AFSignedHarness.withRunning { backend in
            let asClient = FormEncoding.serialize([FormField("auth_version", "2"), FormField("auth_client_id", value), FormField("auth_timestamp", String(backend.now)), FormField("auth_signature", "00")])
            let reply = try await backend.send(.get, "/users?" + asClient)
            Self.expectRefused(reply, .unauthorized, "Incorrect client id", secret: backend.secret)
            #expect(reply.headers[HTTPField.Name("X-Injected")!] == nil)
            let asVersion = FormEncoding.serialize([FormField("auth_version", value)])
            Self.expectRefused(try await backend.send(.get, "/users?" + asVersion), .unauthorized, "Incorrect client version", secret: backend.secret)
            let asSignature = FormEncoding.serialize(Array(try backend.authFields("GET", "/users").dropLast()) + [FormField("auth_signature", value)])
            let signature = try await backend.send(.get, "/users?" + asSignature)
            Self.expectRefused(signature, .unauthorized, "Incorrect auth signature", secret: backend.secret)
            #expect(signature.stringToSign == "GET%0A/users%0A")
        }
    }

    @Test("percent-encoding that is not UTF-8, or broken, is 400 'Malformed request' in the query and in a form body", arguments: [
        "q=%FF", "q=%C3%28", "q=%zz", "q=%", "q=%E2%82", "%FF=1", "auth_version=%80",
    ])
    func badEncoding(part: String) async throws {
        try await AFSignedHarness.withRunning { backend in
            let signed = FormEncoding.serialize(try backend.authFields("GET", "/users"))
            Self.expectRefused(try await backend.send(.get, "/users?\(signed)&\(part)"), .badRequest, "Malformed request", secret: backend.secret)
            let reply = try await backend.send(.post, "/users", headers: AFSignedHarness.formHeaders, body: Array("name=x&\(part)".utf8))
            Self.expectRefused(reply, .badRequest, "Malformed request", secret: backend.secret)
            #expect(reply.mockReason?.contains("percent-encoded UTF-8") == true)
        }
    }

    @Test("raw bytes that are not UTF-8 in a form body are 400; a huge body is 413; a big one of junk fields is a plain 401",
          .timeLimit(.minutes(1)))   // a guard against a hang, not a speed check (benchmarks measure speed)
    func bodies() async throws {
        try await AFSignedHarness.withRunning { backend in
            let raw = try await backend.send(.post, "/users", headers: AFSignedHarness.formHeaders, body: Array("name=".utf8) + [0xFF, 0xFE, 0x00] + Array("&email=a".utf8))
            Self.expectRefused(raw, .badRequest, "Malformed request", secret: backend.secret)
            let tooBig = try await backend.send(.post, "/users", headers: AFSignedHarness.formHeaders, body: Array(repeating: UInt8(ascii: "a"), count: (1 << 20) + 1))
            #expect(tooBig.status == .contentTooLarge)
            // 60 000 fields, 900 KB: PHP reads the first 1000; without auth values this is a 401.
            let junk = (0..<60_000).map { "f\($0)=\($0 % 7)" }.joined(separator: "&")
            Self.expectRefused(try await backend.send(.post, "/users", headers: AFSignedHarness.formHeaders, body: Array(junk.utf8)), .unauthorized, "Incorrect client version", secret: backend.secret)
            // The same with valid auth values in the query and a wrong signature: checked over the first 1000 fields.
            var auth = try backend.authFields("POST", "/users")
            auth[auth.count - 1] = FormField("auth_signature", String(repeating: "0", count: 64))
            let signedJunk = try await backend.send(.post, "/users?" + FormEncoding.serialize(auth), headers: AFSignedHarness.formHeaders, body: Array(junk.utf8))
            Self.expectRefused(signedJunk, .unauthorized, "Incorrect auth signature", secret: backend.secret)
            // Names nested far deeper than PHP reads, and brackets that never close.
            let nested = "a" + String(repeating: "[b]", count: 5_000) + "=1&" + String(repeating: "[", count: 5_000) + "=2&c[=3"
            let deep = try await backend.send(.post, "/users?" + FormEncoding.serialize(auth), headers: AFSignedHarness.formHeaders, body: Array(nested.utf8))
            Self.expectRefused(deep, .unauthorized, "Incorrect auth signature", secret: backend.secret)
            // A JSON body, an empty body, no Content-Type: never a 500.
            var json = HTTPFields()
            json[.contentType] = "application/json"
            for (headers, body) in [(json, Array("{\"name\":".utf8)), (HTTPFields(), Array("name=x".utf8)), (AFSignedHarness.formHeaders, [])] {
                let reply = try await backend.send(.post, "/users", headers: headers, body: body)
                #expect((400..<500).contains(reply.status.code))
            }
            #expect(try await backend.client().json("GET", "/users/1", as: UserJSON.self).id == 1)
        }
    }

    @Test("parameter names PHP has no consistent order for are 400 'Unsignable parameters'")
    func unsignable() async throws {
        try await AFSignedHarness.withRunning { backend in
            let auth = FormEncoding.serialize(try backend.authFields("GET", "/users"))
            // array_merge renumbers integer keys from 0, so eleven of them give 9 and 10: 9 < 10 by
            // number, yet "10" < "1z" < "9" by bytes.
            let numbered = (0...10).map { "\($0)=a" }.joined(separator: "&")
            let reply = try await backend.send(.get, "/users?\(numbered)&1z=c&" + auth)
            Self.expectRefused(reply, .badRequest, "Unsignable parameters", secret: backend.secret)
        }
    }

    @Test("the secret never reaches the journal, headers or bodies; auth_signature and secret-named fields are journaled as [redacted]")
    func secretKeptOut() async throws {
        try await AFSignedHarness.withRunning { backend in
            let api = backend.client()
            let wrong = backend.client(credentials: AFSignedCredentials(clientID: backend.clientID, clientSecret: backend.secret + "x"))
            var responses: [APIResponse] = []
            responses.append(try await api.answer("GET", "/users", parameters: [AFSignedParameter("q", "a")]))
            responses.append(try await api.answer("POST", "/users", parameters: [AFSignedParameter("name", "Sam"), AFSignedParameter("email", "sam@example.com"), AFSignedParameter("client_secret", .text(backend.secret))]))
            responses.append(try await wrong.answer("GET", "/users"))
            responses.append(try await wrong.answer("POST", "/users", parameters: [AFSignedParameter("name", "Kim"), AFSignedParameter("email", "x")]))
            responses.append(try await api.answer("DELETE", "/users/6"))
            for response in responses {
                let text = String(decoding: response.body, as: UTF8.self)
                #expect(!text.contains(backend.secret))
                #expect(!response.headers.contains { $0.value.contains(backend.secret) })
            }
            let entries = await backend.server.journal.entries
            #expect(entries.count == responses.count)
            #expect(await !backend.journalText().contains(backend.secret))
            #expect(entries.allSatisfy { $0.parameter("auth_signature") == MockSecrets.redacted })
            #expect(entries[1].parameter("client_secret") == MockSecrets.redacted && entries[1].parameter("name") == "Sam")
            #expect(entries[1].parameter("auth_client_id") == backend.clientID)
            #expect(entries[2].verdict == .rejected && entries[2].reason.hasPrefix("signature invalid"))
        }
    }
}
