import Foundation
import HTTPMessageSignatures
import HTTPSigMock
import HTTPTypes
import MockServerKit
import SignedHTTP
import Testing

/// What no well-behaved client sends: every answer a clear 4xx with the problem body, never a
/// 5xx, never a crash or a hang; the server answers a good request afterwards.
@Suite("HTTP Message Signatures mock: hostile input")
struct HostileInputTests {
    /// `fields` as request headers.
    static func headers(_ fields: [(String, String)]) -> HTTPFields {
        var headers = HTTPFields()
        for (name, value) in fields { headers.append(HTTPField(name: HTTPField.Name(name)!, value: value)) }
        return headers
    }

    /// Checks `reply` is `status` with problem code `code` and a printable-ASCII `X-Mock-Reason`.
    static func expectRefused(_ reply: HTTPSigHarness.Reply, _ status: Int, _ code: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(reply.status == status && reply.code == code, "\(reply.status) \(reply.text)", sourceLocation: sourceLocation)
        let reason = reply.headers[HTTPField.Name("X-Mock-Reason")!] ?? ""
        #expect(!reason.isEmpty && reason.unicodeScalars.allSatisfy { (0x20...0x7E).contains($0.value) }, sourceLocation: sourceLocation)
    }

    @Test("malformed Signature-Input and Signature fields are 400, each with the verifier's code", arguments: [
        (#"sig1=("#, "sig1=:AAAA:", "malformed_signature_input"),
        (#"sig1="@method""#, "sig1=:AAAA:", "malformed_signature_input"),
        (#"sig1=("@method");created="yesterday""#, "sig1=:AAAA:", "malformed_signature_input"),
        (#"sig1=("@method");created=-5"#, "sig1=:AAAA:", "malformed_signature_input"),
        (#"sig1=(@method)"#, "sig1=:AAAA:", "malformed_signature_input"),
        (#"sig1=("@method");created=1800000000"#, "sig1=:!!!not base64!!!:", "malformed_signature"),
        (#"sig1=("@method");created=1800000000"#, "sig1=\"text\"", "malformed_signature"),
        (#"sig1=("@method");created=1800000000"#, "sig2=:AAAA:", "label_mismatch"),
        // Past the policy, the time and the key: the signature base cannot be built.
        (#"sig1=("@method" "@authority" "@path" "@method");created=1800000000;keyid="httpsig-demo-hmac-sha256""#, "sig1=:AAAA:", "duplicate_component"),
        (#"sig1=("@method" "@authority" "@path" "@nonsense");created=1800000000;keyid="httpsig-demo-hmac-sha256""#, "sig1=:AAAA:", "unknown_component"),
        (#"sig1=("@method" "@authority" "@path" "@query-param");created=1800000000;keyid="httpsig-demo-hmac-sha256""#, "sig1=:AAAA:", "invalid_component_parameter"),
        (#"sig1=("@method" "@authority" "@path" "x-missing";sf;bs);created=1800000000;keyid="httpsig-demo-hmac-sha256""#, "sig1=:AAAA:", "invalid_component_parameter"),
        // A control character: the field line does not reach the verifier, so Signature's label has no input.
        ("\u{7F}", "sig1=:AAAA:", "label_mismatch"),
    ])
    func malformed(input: String, signature: String, code: String) async throws {
        try await HTTPSigHarness.withRunning { site in
            let reply = try await site.send(.get, "/api/items", headers: Self.headers([("Signature-Input", input), ("Signature", signature)]))
            Self.expectRefused(reply, 400, code)
        }
    }

    @Test("an unknown alg, a signature of the wrong length, no keyid, no signature at all: 401 with the verifier's code", arguments: [
        (#"sig1=("@method" "@authority" "@path");created=1800000000;keyid="k";alg="rot13""#, "sig1=:AAAA:", "unknown_algorithm"),
        (#"sig1=("@method" "@authority" "@path");created=1800000000"#, "sig1=:AAAA:", "unknown_key"),
        (#"sig1=("@method" "@authority" "@path");created=1800000000;keyid="httpsig-demo-hmac-sha256";alg="ed25519""#, "sig1=:AAAA:", "algorithm_mismatch"),
        (#"sig1=("@method" "@authority" "@path");created=1800000000;keyid="httpsig-demo-hmac-sha256""#, "sig1=:AAAA:", "signature_invalid"),
        (#"sig1=("@method" "@authority" "@path");created=99999999999999;keyid="httpsig-demo-hmac-sha256""#, "sig1=:AAAA:", "created_in_future"),
        (#"sig1=("@method" "@authority" "@path" "x-missing");created=1800000000;keyid="httpsig-demo-hmac-sha256""#, "sig1=:AAAA:", "missing_component"),
    ])
    func refused(input: String, signature: String, code: String) async throws {
        try await HTTPSigHarness.withRunning { site in
            Self.expectRefused(try await site.send(.get, "/api/items", headers: Self.headers([("Signature-Input", input), ("Signature", signature)])), 401, code)
            Self.expectRefused(try await site.send(.get, "/api/items"), 401, "missing_signature")
        }
    }

    @Test("huge fields: past the header limit 431 from the server; within a raised limit 400 from the verifier")
    func huge() async throws {
        let input = "sig1=(" + String(repeating: "\"x-a\" ", count: 6_000) + ");created=1800000000"
        try await HTTPSigHarness.withRunning { site in
            let reply = try await site.send(.get, "/api/items", headers: Self.headers([("Signature-Input", input), ("Signature", "sig1=:AAAA:")]))
            #expect(reply.status == 431)
        }
        try await HTTPSigHarness.withRunning(limits: MockServerLimits(maxHeaderBytes: 1 << 20)) { site in
            let reply = try await site.send(.get, "/api/items", headers: Self.headers([("Signature-Input", input), ("Signature", "sig1=:AAAA:")]))
            Self.expectRefused(reply, 400, "malformed_signature_input")
            let agent = try await site.send(site.signed("GET", "/api/items", headers: ["Signature-Agent": "sig1=\"https://" + String(repeating: "a", count: 9_000) + "\""],
                                                        signer: site.webBotAuthSigner()))
            Self.expectRefused(agent, 400, "malformed_request")
        }
    }

    @Test("10,000 members in Signature-Input or Signature: 400; as 10,000 field lines the server refuses the header section (431); it still answers")
    func manyMembers() async throws {
        let members = (0..<10_000).map { "s\($0)=()" }.joined(separator: ",")
        let signatures = (0..<10_000).map { "s\($0)=:AAAA:" }.joined(separator: ",")
        try await HTTPSigHarness.withRunning(limits: MockServerLimits(maxHeaderBytes: 1 << 20)) { site in
            Self.expectRefused(try await site.send(.get, "/api/items", headers: Self.headers([("Signature-Input", members), ("Signature", "s0=:AAAA:")])), 400, "malformed_signature_input")
            Self.expectRefused(try await site.send(.get, "/api/items", headers: Self.headers([("Signature-Input", "s0=()"), ("Signature", signatures)])), 400, "malformed_signature")
            // As 10,000 separate field lines.
            var lines = HTTPFields()
            for index in 0..<10_000 { lines.append(HTTPField(name: HTTPField.Name("Signature-Input")!, value: "s\(index)=()")) }
            lines.append(HTTPField(name: HTTPField.Name("Signature")!, value: "s0=:AAAA:"))
            #expect(try await site.send(.get, "/api/items", headers: lines).status == 431)
            #expect(try await site.send(site.signed("GET", "/api/items", signer: site.demo.signer(.ed25519))).status == 200)
        }
    }

    @Test("hostile Signature-Agent values under the profile are 400 'malformed request'", arguments: [
        "sig1=12", "sig1=(\"a\" \"b\")", "sig1=\"javascript:alert(1)\"", "=\"https://a\"", "sig1=\"https://a\";type=\"x\"", "sig1=:AAAA:",
        "sig1=\"https://a\";type=unknown", "\"https://a\", \"https://b\"", "sig1=\"\"",
    ])
    func agentValues(value: String) async throws {
        try await HTTPSigHarness.withRunning { site in
            let reply = try await site.send(site.signed("GET", "/api/items", headers: ["Signature-Agent": value], signer: site.webBotAuthSigner(components: [.authority])))
            Self.expectRefused(reply, 400, "malformed_request")
        }
    }

    @Test("bodies that are not an item: 415, 400 and 422 with the problem body", arguments: [
        ("text/plain", "name=x", 415, "unsupported_body"),
        ("application/json", "{", 400, "invalid_body"),
        ("application/json", "[1,2]", 400, "invalid_body"),
        ("application/json", #"{"name": 7}"#, 422, "invalid_fields"),
        ("application/json", #"{"name": ""}"#, 422, "invalid_fields"),
        ("application/json", "{\"name\": \"\(String(repeating: "x", count: 101))\"}", 422, "invalid_fields"),
        ("application/json", #"{"name": "a\u0007b"}"#, 422, "invalid_fields"),
    ])
    func bodies(contentType: String, body: String, status: Int, code: String) async throws {
        try await HTTPSigHarness.withRunning { site in
            let request = try site.signer(contentType: contentType, body: body)
            Self.expectRefused(try await site.send(request), status, code)
        }
    }

    @Test("an unknown item or one that is no number is 404")
    func notFound() async throws {
        try await HTTPSigHarness.withRunning { site in
            for target in ["/api/items/99", "/api/items/abc", "/api/items/99999999999999999999999"] {
                Self.expectRefused(try await site.send(site.signed("GET", target, signer: site.demo.signer(.ed25519))), 404, "not_found")
            }
        }
    }
}

extension HTTPSigHarness {
    /// A `POST /api/items` of `body` as `contentType`, signed with the demo Ed25519 key.
    func signer(contentType: String, body: String) throws -> APIRequest {
        let request = APIRequest(method: "POST", url: url("/api/items"), headers: ["Content-Type": contentType], body: Array(body.utf8))
        return try demo.signer(.ed25519).sign(request, at: clock.now)
    }
}
