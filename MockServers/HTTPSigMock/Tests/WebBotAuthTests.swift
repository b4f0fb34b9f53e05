import Foundation
import HTTPMessageSignatures
import HTTPMessageSignaturesCrypto
import HTTPSigMock
import HTTPTypes
import MockServerKit
import SignedHTTP
import Testing

/// The Web Bot Auth profile: the key directory and its own signatures, and requests tagged
/// `web-bot-auth` judged by the profile's rules instead of the default policy.
@Suite("HTTP Message Signatures mock: Web Bot Auth")
struct WebBotAuthTests {
    static let directoryPath = "/.well-known/http-message-signatures-directory"

    @Test("the key directory is a JWK set of the agents' keys, its media type, each key's signature verified by the SDK")
    func directory() async throws {
        try await HTTPSigHarness.withRunning { site in
            let reply = try await site.send(.get, Self.directoryPath)
            #expect(reply.status == 200)
            #expect(reply.headers[.contentType] == "application/http-message-signatures-directory+json")
            #expect(reply.headers[.cacheControl] == "max-age=86400")
            let set = try HTTPSignatureJWKSet(json: reply.text)
            #expect(set.skipped.isEmpty)
            #expect(set.keys.map(\.keyID) == site.demo.agentKeys.map(\.keyID))
            #expect(set.keys.map(\.key) == site.demo.agentKeys.map(\.key.publicKey))
            #expect(set.key(withThumbprint: site.credentials["ed25519KeyId"]!) == site.demo.ed25519.key.publicKey)
            let response = HTTPMessageResponse(reply.response, request: HTTPMessageRequest(method: "GET", url: site.url(Self.directoryPath)))
            for entry in set.keys {
                // Each key the directory lists signed it: verified with that key, found by its label.
                var verifier = HTTPMessageSignatureVerifier(keys: [entry.keyID!: entry.key], selection: .label(entry.key.algorithm.name))
                verifier.responseRequirements = HTTPSignatureRequirements(components: [HTTPSignatureComponent.authority.fromRequest], queryWhenPresent: false)
                let verified = try await verifier.verify(response, now: site.clock.now)
                #expect(verified.tag == "http-message-signatures-directory" && verified.keyID == entry.keyID)
                #expect(verified.components == [HTTPSignatureComponent.authority.fromRequest, .contentDigest] && verified.body == .digest)
                #expect(verified.expires!.timeIntervalSince(verified.created!) == 86_400)
                // Bound to the authority it was fetched from.
                let elsewhere = HTTPMessageResponse(reply.response, request: HTTPMessageRequest(method: "GET", url: URL(string: "https://elsewhere.example" + Self.directoryPath)!))
                #expect(await refusal { try await verifier.verify(elsewhere, now: site.clock.now) }?.code == .signatureInvalid)
            }
            #expect(await site.lastReason() == "served the key directory (5 keys)")
        }
    }

    @Test("the directory lists the allowed algorithms' keys only, and is not served with the profile off")
    func directoryOptions() async throws {
        try await HTTPSigHarness.withRunning(HTTPSigMockOptions(algorithms: [.ed25519, .hmacSHA256])) { site in
            let set = try HTTPSignatureJWKSet(json: try await site.send(.get, Self.directoryPath).text)
            #expect(set.keys.map(\.keyID) == [site.demo.ed25519.keyID])
        }
        try await HTTPSigHarness.withRunning(HTTPSigMockOptions(webBotAuth: false)) { site in
            let reply = try await site.send(.get, Self.directoryPath)
            #expect(reply.status == 404)
        }
    }

    @Test("a Web Bot Auth request is accepted under the profile: @authority and Signature-Agent covered, created and expires", arguments: [
        HTTPSignatureAlgorithm.ed25519, .ecdsaP256SHA256, .ecdsaP384SHA384, .rsaPSSSHA512, .rsaV15SHA256,
    ])
    func accepted(algorithm: HTTPSignatureAlgorithm) async throws {
        try await HTTPSigHarness.withRunning { site in
            let reply = try await site.send(site.signed("GET", "/api/items?q=tea", headers: site.agentHeader, signer: site.webBotAuthSigner(algorithm)))
            #expect(reply.status == 200, "\(reply.mockReason ?? "")")
            #expect(reply.signature?["profile"] as? String == "web-bot-auth" && reply.signature?["tag"] as? String == "web-bot-auth")
            #expect(reply.signature?["agent"] as? String == site.server.baseURL.absoluteString)
            #expect(await site.lastReason() == "listed 1 items (\(algorithm.name) key \(site.demo.signer(algorithm).keyID!), web-bot-auth, agent \(site.server.baseURL.absoluteString))")
        }
    }

    @Test("Signature-Agent is optional; its earlier form (one String, covered whole) is accepted; a body is still covered through content-digest")
    func agentForms() async throws {
        try await HTTPSigHarness.withRunning { site in
            let bare = try await site.send(site.signed("GET", "/api/items", signer: site.webBotAuthSigner(components: [.authority])))
            #expect(bare.status == 200 && bare.signature?["agent"] == nil)
            let old = try await site.send(site.signed("GET", "/api/items", headers: ["Signature-Agent": #""https://agent.example""#],
                                                      signer: site.webBotAuthSigner(components: [.authority, .field("signature-agent")])))
            #expect(old.status == 200 && old.signature?["agent"] as? String == "https://agent.example")
            let post = try await site.send(site.signed("POST", "/api/items", json: #"{"name":"Genmaicha"}"#, headers: site.agentHeader,
                                                       signer: site.webBotAuthSigner(components: [.authority, .field("signature-agent").member("sig1"), .contentDigest])))
            #expect(post.status == 201)
            let uncovered = try await site.send(site.signed("POST", "/api/items", json: #"{"name":"Kukicha"}"#, headers: site.agentHeader, signer: site.webBotAuthSigner()))
            #expect(uncovered.code == "missing_required_component" && uncovered.mockReason?.contains("\"content-digest\"") == true)
        }
    }

    @Test("each profile rule broken is refused, saying which", arguments: [
        ("no expires", 401, "invalid_signature_parameters", "Web Bot Auth profile: web-bot-auth signature sig1 has no expires; Web Bot Auth requires created and expires (draft-meunier-webbotauth-httpsig-protocol)"),
        ("a day and a second", 401, "invalid_signature_parameters", "Web Bot Auth profile: web-bot-auth signature sig1 is valid for 86401 s (expires − created); this site accepts at most 86400 s (the draft recommends at most 24 hours)"),
        ("no @authority", 401, "missing_required_component", "Web Bot Auth profile: signature sig1 does not cover \"@authority\", which the verifier requires"),
        ("Signature-Agent not covered", 401, "missing_required_component", "Web Bot Auth profile: signature sig1 does not cover Signature-Agent, which the request sends; Web Bot Auth requires one of its members covered, as \"signature-agent\";key=\"sig1\""),
        ("Signature-Agent not a URI", 400, "malformed_request", "Web Bot Auth profile: Signature-Agent member sig1 is \"agent.example\", not an https, http or data URI (draft-meunier-webbotauth-httpsig-directory)"),
        ("the HMAC key", 401, "unknown_key", "Web Bot Auth profile: keyid \"httpsig-demo-hmac-sha256\" is not among this site's key directory (/.well-known/http-message-signatures-directory); the demo keys' keyids are in the ready file (asymmetric keys by their RFC 7638 JWK thumbprint)"),
        ("created too old", 401, "timestamp_refused", "Web Bot Auth profile: created 1799999000 is 1000 s old (server clock 1800000000); signatures are accepted for 300 s (+60 s skew)"),
    ])
    func ruleBroken(rule: String, status: Int, code: String, reason: String) async throws {
        try await HTTPSigHarness.withRunning { site in
            var headers = site.agentHeader
            var signer = site.webBotAuthSigner()
            var offset: TimeInterval = 0
            switch rule {
            case "no expires": signer.expiresAfter = nil
            case "a day and a second": signer.expiresAfter = .seconds(86_401)
            case "no @authority": signer.components = [.method, .path, HTTPSignatureComponent.field("signature-agent").member("sig1")]
            case "Signature-Agent not covered": signer.components = [.authority]
            case "Signature-Agent not a URI": headers = ["Signature-Agent": #"sig1="agent.example""#]
            case "the HMAC key": signer = site.demo.signer(.hmacSHA256, components: signer.components, tag: "web-bot-auth", expiresAfter: .seconds(60))
            default: offset = -1000
            }
            let reply = try await site.send(site.signed("GET", "/api/items", headers: headers, signer: signer, offset: offset))
            #expect(reply.status == status && reply.code == code, "\(rule): \(reply.text)")
            #expect(reply.mockReason == code.replacingOccurrences(of: "_", with: " ") + ": " + reason, "\(rule)")
            if status == 401 {
                // What the profile asks of this request: Signature-Agent's member too, since it is sent.
                #expect(reply.headers[HTTPField.Name("Accept-Signature")!] == #"sig1=("@authority" "signature-agent";key="sig1");created;expires;tag="web-bot-auth""#)
            }
        }
    }

    @Test("with the profile off a web-bot-auth request is judged by the default policy; a second signature does not escape the profile")
    func profileOff() async throws {
        try await HTTPSigHarness.withRunning(HTTPSigMockOptions(webBotAuth: false)) { site in
            let reply = try await site.send(site.signed("GET", "/api/items", headers: site.agentHeader, signer: site.webBotAuthSigner()))
            #expect(reply.code == "missing_required_component")
            #expect(reply.mockReason == "missing required component: default policy: signature sig1 does not cover \"@method\", which the verifier requires")
        }
        try await HTTPSigHarness.withRunning { site in
            // A default-policy signature first, a web-bot-auth one without expires second: the profile judges.
            let plain = try site.signed("GET", "/api/items", signer: site.demo.signer(.hmacSHA256))
            var bot = site.webBotAuthSigner(components: [.authority])
            bot.label = "bot"
            bot.expiresAfter = nil
            let both = try bot.sign(plain, at: site.clock.now)
            let reply = try await site.send(both)
            #expect(reply.code == "invalid_signature_parameters" && reply.mockReason?.contains("signature bot has no expires") == true)
        }
    }

    @Test("a web-bot-auth nonce is accepted once")
    func replay() async throws {
        try await HTTPSigHarness.withRunning { site in
            var signer = site.webBotAuthSigner()
            signer.nonce = { "bot-nonce" }
            let request = try site.signed("GET", "/api/items", headers: site.agentHeader, signer: signer)
            #expect(try await site.send(request).status == 200)
            let again = try await site.send(request)
            #expect(again.code == "nonce_used" && again.mockReason?.hasPrefix("nonce used: Web Bot Auth profile: nonce \"bot-nonce\" was already used") == true)
        }
    }
}
