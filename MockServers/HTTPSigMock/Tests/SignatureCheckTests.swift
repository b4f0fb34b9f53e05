import Foundation
import HTTPMessageSignatures
import HTTPMessageSignaturesCrypto
import HTTPSigMock
import HTTPTypes
import MockServerKit
import SignedHTTP
import SignedHTTPTesting
import Testing

/// The default policy: what a signature must cover, how old it may be, the demo keys, nonces,
/// and each refusal's code, `X-Mock-Reason` and `X-Signature-Base`.
@Suite("HTTP Message Signatures mock: default policy")
struct SignatureCheckTests {
    @Test("a request signed with the demo key of every algorithm is accepted: GET with a query, POST with a JSON body", arguments: HTTPSignatureAlgorithm.all)
    func everyAlgorithm(algorithm: HTTPSignatureAlgorithm) async throws {
        try await HTTPSigHarness.withRunning { site in
            let signer = site.demo.signer(algorithm)
            let list = try await site.send(site.signed("GET", "/api/items?q=tea", signer: signer))
            #expect(list.status == 200, "\(list.text) \(list.mockReason ?? "")")
            #expect(list.json?["total"] as? Int == 1)
            #expect(list.signature?["algorithm"] as? String == algorithm.name)
            #expect(list.signature?["keyid"] as? String == signer.keyID && list.signature?["profile"] as? String == "default")
            let created = try await site.send(site.signed("POST", "/api/items", json: #"{"name":"Rooibos"}"#, signer: signer))
            #expect(created.status == 201, "\(created.text) \(created.mockReason ?? "")")
            #expect(created.json?["created_by"] as? String == signer.keyID && created.json?["name"] as? String == "Rooibos")
            #expect(created.headers[.location] == "/api/items/4")
            #expect(await site.lastReason() == "created item 4 (\(algorithm.name) key \(signer.keyID!.prefix(60)), default)")
        }
    }

    @Test("the ready file's keys are the typed demo keys: keyids are JWK thumbprints, PEM is PKCS #8, the secret is Base64")
    func readyFileKeys() async throws {
        try await HTTPSigHarness.withRunning { site in
            let strings = site.credentials
            let demo = try site.server.demo(HTTPSigMockProvider.self)
            #expect(strings["ed25519KeyId"] == demo.ed25519.key.publicKey.jwkThumbprint)
            for (prefix, agent, algorithm) in [("ed25519", demo.ed25519, nil), ("ecdsaP256", demo.ecdsaP256, nil), ("ecdsaP384", demo.ecdsaP384, nil),
                                               ("rsaPss", demo.rsaPSS, HTTPSignatureAlgorithm.rsaPSSSHA512), ("rsaV15", demo.rsaV15, .rsaV15SHA256)] {
                let pem = try #require(strings[prefix + "PrivateKey"])
                #expect(pem.hasPrefix("-----BEGIN PRIVATE KEY-----"), "\(prefix)")
                let key = try HTTPSignaturePrivateKey(pemRepresentation: pem, algorithm: algorithm)
                #expect(key == agent.key && strings[prefix + "KeyId"] == key.publicKey.jwkThumbprint, "\(prefix)")
            }
            let secret = try HTTPSignatureHMACKey(base64: try #require(strings["hmacSecret"]))
            let base = Array("a signature base".utf8)
            #expect(try secret.signature(for: base) == demo.hmacKey.signature(for: base))
            #expect(strings["hmacKeyId"] == demo.hmacKeyID)
            let server = try HTTPSignaturePublicKey(pemRepresentation: try #require(strings["serverPublicKey"]))
            #expect(server == demo.serverPublicKey && strings["serverKeyId"] == server.jwkThumbprint)
            #expect(strings.count == 14)
            // The same keys in every run: the Ed25519 thumbprint is pinned.
            #expect(HTTPSigMockProvider().demoCredentials == strings)
            #expect(!"\(demo)".contains("PRIVATE") && "\(demo)".contains(demo.ed25519.keyID) && "\(demo)".contains("<redacted>"))
            var dumped = ""
            dump(demo, to: &dumped)
            #expect(!dumped.contains("PRIVATE") && !dumped.contains(strings["hmacSecret"]!) && dumped.contains("<redacted>"))
        }
    }

    @Test("the SDK client from server.client signs with the demo Ed25519 key and reads the items")
    func sdkClient() async throws {
        try await HTTPSigHarness.withRunning { site in
            let api = try site.client()
            let list = try await api.send("GET", "/api/items", query: [FormField("q", "café")])
            let json = try #require(try JSONSerialization.jsonObject(with: Data(list.body)) as? [String: Any])
            #expect(json["total"] as? Int == 1)
            #expect((json["signature"] as? [String: Any])?["keyid"] as? String == site.demo.ed25519.keyID)
            let created = try await api.send("POST", "/api/items", headers: ["Content-Type": "application/json"], body: Array(#"{"name":"Sencha"}"#.utf8))
            #expect(created.statusCode == 201)
        }
    }

    @Test("a request changed after signing is 'signature invalid' with the server's signature base")
    func tampered() async throws {
        try await HTTPSigHarness.withRunning { site in
            var request = try site.signed("GET", "/api/items?q=tea", signer: site.demo.signer(.ed25519, nonce: { "n-1" }))
            request.url = site.url("/api/items?q=coffee")
            let reply = try await site.send(request)
            #expect(reply.status == 401 && reply.code == "signature_invalid")
            #expect(reply.mockReason == "signature invalid: default policy: signature sig1 (64 bytes, ed25519) does not match the signature base the verifier built over its covered components; compare it with the base you signed")
            #expect(reply.signatureBase == """
                "@method": GET
                "@authority": \(site.authority)
                "@path": /api/items
                "@query": ?q=coffee
                "@signature-params": ("@method" "@authority" "@path" "@query");created=1800000000;keyid="\(site.demo.ed25519.keyID)";nonce="n-1"
                """)
            #expect(reply.json?["signature_base"] as? String == reply.signatureBase)
            #expect(reply.headers[.wwwAuthenticate] == #"Signature realm="httpsig mock", error="signature_invalid""#)
            #expect(reply.headers[HTTPField.Name("Accept-Signature")!] == #"sig1=("@method" "@authority" "@path" "@query");created"#)
            // The journal keeps the base, and never the Signature.
            let entry = try #require(await site.server.journal.last)
            #expect(entry.diagnosis?.text == reply.signatureBase && entry.diagnosis?.headerName == "X-Signature-Base")
            #expect(entry.received.headers[HTTPField.Name("Signature")!] == MockSecrets.redacted)
            // The SDK's client reads the base back.
            let error = await refusal { try await site.client(transport: RewritingTransport { var changed = $0; changed.url = site.url("/api/items?q=x"); return changed }).send("GET", "/api/items", query: [FormField("q", "tea")]) }
            #expect(error?.code == .signatureInvalid && error?.statusCode == 401 && error?.serverSignatureBase?.contains("\"@query\": ?q=x") == true)
        }
    }

    @Test("a body changed after signing is 'content digest mismatch': the verifier recomputes Content-Digest")
    func tamperedBody() async throws {
        try await HTTPSigHarness.withRunning { site in
            var request = try site.signed("POST", "/api/items", json: #"{"name":"Oolong"}"#, signer: site.demo.signer(.ecdsaP256SHA256))
            request.body = Array(#"{"name":"Hacked"}"#.utf8)
            let reply = try await site.send(request)
            #expect(reply.status == 401 && reply.code == "content_digest_mismatch")
            #expect(reply.mockReason?.hasPrefix("content digest mismatch: default policy: Content-Digest sha-256 is ") == true)
            #expect(reply.signatureBase == nil)
        }
    }

    @Test("a replayed request (with a nonce) is 'nonce used'; without a nonce it is accepted within the window")
    func replayed() async throws {
        try await HTTPSigHarness.withRunning { site in
            let request = try site.signed("GET", "/api/items", signer: site.demo.signer(.ed25519, nonce: { "once-only" }))
            #expect(try await site.send(request).status == 200)
            let again = try await site.send(request)
            #expect(again.status == 401 && again.code == "nonce_used")
            #expect(again.mockReason == "nonce used: default policy: nonce \"once-only\" was already used with keyid \"\(site.demo.ed25519.keyID)\"; every request needs a new one")
            #expect(again.signatureBase == nil)
            let bare = try site.signed("GET", "/api/items", signer: site.demo.signer(.hmacSHA256, nonce: nil))
            #expect(try await site.send(bare).status == 200)
            #expect(try await site.send(bare).status == 200)
        }
    }

    @Test("with requiresNonce a signature without a nonce is 'missing nonce'")
    func nonceRequired() async throws {
        try await HTTPSigHarness.withRunning(HTTPSigMockOptions(requiresNonce: true)) { site in
            let reply = try await site.send(site.signed("GET", "/api/items", signer: site.demo.signer(.ed25519, nonce: nil)))
            #expect(reply.status == 401 && reply.code == "missing_nonce")
            #expect(try await site.send(site.signed("GET", "/api/items", signer: site.demo.signer(.ed25519))).status == 200)
        }
    }

    @Test("created older than the window (300 s + 60 s skew) is 'timestamp refused'; the clock moves with the ManualClock", arguments: [
        (-360.0, 200), (-361.0, 401), (60.0, 200), (61.0, 401),
    ])
    func window(offset: TimeInterval, status: Int) async throws {
        try await HTTPSigHarness.withRunning { site in
            let reply = try await site.send(site.signed("GET", "/api/items", signer: site.demo.signer(.ed25519), offset: offset))
            #expect(reply.status == status, "\(offset): \(reply.mockReason ?? "")")
            if status == 401 {
                #expect(reply.code == (offset < 0 ? "timestamp_refused" : "created_in_future"))
            }
        }
    }

    @Test("a request signed now and sent after the window is 'timestamp refused'; one past its expires is 'signature expired'")
    func expired() async throws {
        try await HTTPSigHarness.withRunning(HTTPSigMockOptions(windowSeconds: 600)) { site in
            let stale = try site.signed("GET", "/api/items", signer: site.demo.signer(.ed25519))
            site.clock.advance(by: 661)
            let old = try await site.send(stale)
            #expect(old.status == 401 && old.code == "timestamp_refused")
            #expect(old.mockReason == "timestamp refused: default policy: created 1800000000 is 661 s old (server clock 1800000661); signatures are accepted for 600 s (+60 s skew)")
            try await HTTPSigHarness.withRunning { fresh in
                let expiring = try fresh.signed("GET", "/api/items", signer: fresh.demo.signer(.ed25519, expiresAfter: .seconds(10)))
                fresh.clock.advance(by: 71)
                let reply = try await fresh.send(expiring)
                #expect(reply.status == 401 && reply.code == "signature_expired")
                #expect(reply.mockReason == "signature expired: default policy: the signature expired at 1800000010, 61 s before the verifier's clock (1800000071)")
            }
        }
    }

    @Test("a wrong key: another key under a demo keyid is 'signature invalid' with the base; an unknown keyid is 'unknown key'")
    func wrongKey() async throws {
        try await HTTPSigHarness.withRunning { site in
            let impostor = HTTPMessageSigner(key: try HTTPSignaturePrivateKey.generate(.ed25519), keyID: site.demo.ed25519.keyID)
            let forged = try await site.send(site.signed("GET", "/api/items", signer: impostor))
            #expect(forged.status == 401 && forged.code == "signature_invalid")
            #expect(forged.signatureBase?.hasPrefix("\"@method\": GET\n\"@authority\": \(site.authority)\n\"@path\": /api/items\n") == true)
            let wrongSecret = HTTPMessageSigner(key: try HTTPSignatureHMACKey(secret: Array("not the demo secret".utf8)), keyID: site.demo.hmacKeyID)
            #expect(try await site.send(site.signed("GET", "/api/items", signer: wrongSecret)).code == "signature_invalid")
            let unknown = HTTPMessageSigner(key: try HTTPSignaturePrivateKey.generate(.ed25519), keyID: "someone-else")
            let reply = try await site.send(site.signed("GET", "/api/items", signer: unknown))
            #expect(reply.status == 401 && reply.code == "unknown_key")
            #expect(reply.mockReason == "unknown key: default policy: keyid \"someone-else\" is not among this server's demo keys; the demo keys' keyids are in the ready file (asymmetric keys by their RFC 7638 JWK thumbprint)")
        }
    }

    @Test("a body not covered through content-digest is 'missing required component'")
    func uncoveredBody() async throws {
        try await HTTPSigHarness.withRunning { site in
            let signer = site.demo.signer(.ed25519, components: [.method, .authority, .path])
            let reply = try await site.send(site.signed("POST", "/api/items", json: #"{"name":"Chai"}"#, signer: signer))
            #expect(reply.status == 401 && reply.code == "missing_required_component")
            #expect(reply.mockReason == "missing required component: default policy: signature sig1 does not cover \"content-digest\" (the message has content), which the verifier requires")
            #expect(reply.headers[HTTPField.Name("Accept-Signature")!] == #"sig1=("@method" "@authority" "@path" "content-digest");created"#)
        }
    }

    @Test("a required component not covered is 'missing required component', naming it", arguments: [
        ("/api/items", [HTTPSignatureComponent.method, .path], "\"@authority\""),
        ("/api/items", [HTTPSignatureComponent.authority, .path], "\"@method\""),
        ("/api/items?q=tea", [HTTPSignatureComponent.method, .authority, .path], "\"@query\" (the request has a query)"),
    ])
    func missingComponent(target: String, components: [HTTPSignatureComponent], missing: String) async throws {
        try await HTTPSigHarness.withRunning { site in
            let reply = try await site.send(site.signed("GET", target, signer: site.demo.signer(.ed25519, components: components)))
            #expect(reply.status == 401 && reply.code == "missing_required_component")
            #expect(reply.mockReason == "missing required component: default policy: signature sig1 does not cover \(missing), which the verifier requires")
        }
    }

    @Test("@target-uri stands for @authority, @path and @query; requiredComponents from the options")
    func requiredComponents() async throws {
        try await HTTPSigHarness.withRunning { site in
            let reply = try await site.send(site.signed("GET", "/api/items?q=tea", signer: site.demo.signer(.ed25519, components: [.method, .targetURI])))
            #expect(reply.status == 200)
        }
        try await HTTPSigHarness.withRunning(HTTPSigMockOptions(requiredComponents: ["@method", "@target-uri", "user-agent"])) { site in
            let plain = try await site.send(site.signed("GET", "/api/items", signer: site.demo.signer(.ed25519)))
            #expect(plain.code == "missing_required_component" && plain.mockReason?.contains("does not cover \"@target-uri\"") == true)
            let full = site.demo.signer(.ed25519, components: [.method, .targetURI, .field("user-agent")])
            #expect(try await site.send(site.signed("GET", "/api/items", headers: ["User-Agent": "tests"], signer: full)).status == 200)
        }
    }

    @Test("algorithms from the options: a demo key of another algorithm is 'unknown key'")
    func algorithms() async throws {
        try await HTTPSigHarness.withRunning(HTTPSigMockOptions(algorithms: [.ed25519, .hmacSHA256])) { site in
            #expect(try await site.send(site.signed("GET", "/api/items", signer: site.demo.signer(.hmacSHA256))).status == 200)
            let reply = try await site.send(site.signed("GET", "/api/items", signer: site.demo.signer(.rsaPSSSHA512)))
            #expect(reply.status == 401 && reply.code == "unknown_key")
            #expect(reply.mockReason == "unknown key: default policy: keyid \"\(site.demo.rsaPSS.keyID)\" is the demo rsa-pss-sha512 key, and this server accepts ed25519, hmac-sha256 only (option algorithms)")
        }
    }

    @Test("a replay store that cannot answer: 503 with Retry-After, 'replay store unavailable'")
    func storeDown() async throws {
        try await HTTPSigHarness.withRunning(replayStore: UnavailableReplayStore()) { site in
            let reply = try await site.send(site.signed("GET", "/api/items", signer: site.demo.signer(.ed25519)))
            #expect(reply.status == 503 && reply.code == "replay_store_unavailable")
            #expect(reply.headers[.retryAfter] == "1")
            #expect(reply.json?["detail"] as? String == "the server could not check the request just now; try again shortly")
            // Without a nonce nothing is recorded, so nothing is refused.
            #expect(try await site.send(site.signed("GET", "/api/items", signer: site.demo.signer(.ed25519, nonce: nil))).status == 200)
        }
    }

    @Test("with diagnosis off a bad signature's answer shows no signature base; the journal keeps it")
    func diagnosisOff() async throws {
        try await HTTPSigHarness.withRunning(HTTPSigMockOptions(diagnosis: false)) { site in
            var request = try site.signed("GET", "/api/items", signer: site.demo.signer(.ed25519))
            request.url = site.url("/api/items/1")
            let reply = try await site.send(request)
            #expect(reply.code == "signature_invalid" && reply.signatureBase == nil && reply.json?["signature_base"] == nil)
            #expect(await site.server.journal.last?.diagnosis?.text.contains("\"@path\": /api/items/1") == true)
        }
    }
}
