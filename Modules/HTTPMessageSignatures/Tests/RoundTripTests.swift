import Foundation
import HTTPMessageSignatures
import Testing

/// Signer to verifier: requests, replays, several signatures, the public URL, and responses
/// signed with components of the request (`req`).
@Suite struct RoundTripTests {
    @Test("a signed request verifies once; its replay is refused (MemoryReplayStore)")
    func requestAndReplay() async throws {
        let store = MemoryReplayStore()
        let verifier = Fixtures.verifier(replayStore: store)
        let signed = try Fixtures.signed()
        #expect(signed.headers["Content-Digest"] == HTTPContentDigest.value(for: Fixtures.request.body))
        #expect(signed.headers["Signature-Input"] == #"sig1=("@method" "@authority" "@path" "@query" "content-digest" "content-type");created=1700000000;keyid="client-1";nonce="nonce-1""#)
        let verified = try await verifier.verify(Fixtures.received(signed), now: Fixtures.now)
        #expect(verified.label == "sig1")
        #expect(verified.keyID == "client-1")
        #expect(verified.components == [.method, .authority, .path, .query, .contentDigest, .contentType])
        #expect(verified.created == Fixtures.signingTime)
        #expect(verified.nonce == "nonce-1")
        #expect(verified.body == .digest)
        await #expect(throws: HTTPMessageSignatureError(code: .nonceUsed, message: "")) {
            try await verifier.verify(Fixtures.received(signed), now: Fixtures.now)
        }
        #expect(await store.count == 1)
    }

    @Test("a signature without nonce is refused only where the verifier requires one, and records nothing")
    func nonceRequired() async throws {
        let signed = try Fixtures.signed(Fixtures.signer(nonce: nil))
        var verifier = Fixtures.verifier(replayStore: MemoryReplayStore())
        verifier.requiresNonce = true
        await #expect(throws: HTTPMessageSignatureError(code: .missingNonce, message: "")) {
            try await verifier.verify(Fixtures.received(signed), now: Fixtures.now)
        }
        let store = MemoryReplayStore()
        let verified = try await Fixtures.verifier(replayStore: store).verify(Fixtures.received(signed), now: Fixtures.now)
        #expect(verified.nonce == nil)
        #expect(await store.count == 0)
    }

    @Test("expires, tag and alg are sent and verified")
    func optionalParameters() async throws {
        let signer = Fixtures.signer(tag: "web-bot-auth", expiresAfter: .seconds(60), includesAlgorithm: true)
        let signed = try Fixtures.signed(signer)
        #expect(signed.headers["Signature-Input"]?.hasSuffix(#";created=1700000000;expires=1700000060;keyid="client-1";nonce="nonce-1";alg="hmac-sha256";tag="web-bot-auth""#) == true)
        let verified = try await Fixtures.verifier(selection: .tag("web-bot-auth")).verify(Fixtures.received(signed), now: Fixtures.now)
        #expect(verified.tag == "web-bot-auth")
        #expect(verified.expires == Date(timeIntervalSince1970: 1_700_000_060))
        await #expect(throws: HTTPMessageSignatureError(code: .signatureExpired, message: "")) {
            try await Fixtures.verifier().verify(Fixtures.received(signed), now: Fixtures.signingTime.addingTimeInterval(200))
        }
    }

    @Test("a signature without expires is refused only where the verifier requires one; its refusal asks for expires")
    func expiresRequired() async throws {
        var verifier = Fixtures.verifier()
        verifier.requiresExpires = true
        let plain = try Fixtures.signed()
        await #expect(throws: HTTPMessageSignatureError(code: .timestampRefused, message: "")) {
            try await verifier.verify(Fixtures.received(plain), now: Fixtures.now)
        }
        let refusal = verifier.refusal(HTTPMessageSignatureError(code: .timestampRefused, message: "no expires"), now: Fixtures.now)
        #expect(refusal.headers["Accept-Signature"] == #"sig1=("@method" "@authority" "@path" "@query");created;expires"#)
        let expiring = try Fixtures.signed(Fixtures.signer(expiresAfter: .seconds(60)))
        let verified = try await verifier.verify(Fixtures.received(expiring), now: Fixtures.now)
        #expect(verified.expires == Date(timeIntervalSince1970: 1_700_000_060))
        _ = try await Fixtures.verifier().verify(Fixtures.received(plain), now: Fixtures.now)
    }

    @Test("two signatures with two keys: each chosen by label or by tag")
    func severalSignatures() async throws {
        let first = try Fixtures.signed(Fixtures.signer(label: "client", tag: "app"))
        let both = try Fixtures.signed(Fixtures.signer(label: "bot", tag: "web-bot-auth", key: Fixtures.otherKey, keyID: "bot-key"), first)
        let signatures = try HTTPSignatureFields.signatures(in: both.headers)
        #expect(signatures.map(\.label) == ["client", "bot"])
        let keys: [String: any HTTPMessageVerifyingKey] = ["client-1": Fixtures.key, "bot-key": Fixtures.otherKey]
        for selection in [HTTPSignatureSelection.label("bot"), .tag("web-bot-auth")] {
            let verified = try await HTTPMessageSignatureVerifier(keys: keys, selection: selection).verify(Fixtures.received(both), now: Fixtures.now)
            #expect(verified.keyID == "bot-key")
        }
        let verified = try await HTTPMessageSignatureVerifier(keys: keys, selection: .label("client")).verify(Fixtures.received(both), now: Fixtures.now)
        #expect(verified.keyID == "client-1")
        await #expect(throws: HTTPMessageSignatureError(code: .missingSignature, message: "")) {
            try await HTTPMessageSignatureVerifier(keys: keys, selection: .tag("other")).verify(Fixtures.received(both), now: Fixtures.now)
        }
    }

    @Test("a key under another keyid: signatureInvalid with the verifier's base")
    func wrongKey() async throws {
        let signed = try Fixtures.signed(Fixtures.signer(key: Fixtures.otherKey))
        do {
            _ = try await Fixtures.verifier().verify(Fixtures.received(signed), now: Fixtures.now)
            Issue.record("verified")
        } catch {
            #expect(error.code == .signatureInvalid)
            #expect(error.serverSignatureBase == """
            "@method": POST
            "@authority": api.example.com
            "@path": /items
            "@query": ?color=blue
            "content-digest": \(HTTPContentDigest.value(for: Fixtures.request.body))
            "content-type": application/json
            "@signature-params": ("@method" "@authority" "@path" "@query" "content-digest" "content-type");created=1700000000;keyid="client-1";nonce="nonce-1"
            """)
        }
    }

    @Test("behind a proxy: the public URL policy gives the URL the client signed")
    func publicURL() async throws {
        var received = Fixtures.received(try Fixtures.signed())
        received.headers["Host"] = "10.0.0.7:8080"
        received.scheme = "http"
        await #expect(throws: HTTPMessageSignatureError(code: .signatureInvalid, message: "")) {
            try await Fixtures.verifier().verify(received, now: Fixtures.now)
        }
        var verifier = Fixtures.verifier()
        verifier.publicURL = .fixed(URL(string: "https://api.example.com")!)
        _ = try await verifier.verify(received, now: Fixtures.now)
    }

    @Test("a response signed with req-bound components verifies against the request sent")
    func responseWithRequestComponents() async throws {
        let request = HTTPMessageRequest(try Fixtures.signed())
        let server = HTTPMessageSigner(
            key: Fixtures.otherKey, keyID: "server-key",
            components: [.status, .contentDigest, .contentType, .method.fromRequest, .authority.fromRequest, .path.fromRequest, .query.fromRequest, .contentDigest.fromRequest, .field("signature").member("sig1").fromRequest],
            label: "reqres", nonce: nil
        )
        let answer = HTTPMessageResponse(status: 201, headers: ["Content-Type": "application/json"], body: Array(#"{"id":7}"#.utf8), request: request)
        let signed = try server.sign(answer, at: Fixtures.signingTime)
        let verifier = HTTPMessageSignatureVerifier(keys: ["server-key": Fixtures.otherKey])
        let verified = try await verifier.verify(signed, now: Fixtures.now)
        #expect(verified.label == "reqres")
        #expect(verified.body == .digest)
        #expect(verified.components.contains(.contentDigest.fromRequest))
        // The same answer read against another request: the signature does not match.
        var other = signed
        other.request?.url = URL(string: "https://api.example.com/items?color=red")!
        await #expect(throws: HTTPMessageSignatureError(code: .signatureInvalid, message: "")) {
            try await verifier.verify(other, now: Fixtures.now)
        }
        // Without the request, a req component has no value.
        other.request = nil
        await #expect(throws: HTTPMessageSignatureError(code: .missingComponent, message: "")) {
            try await verifier.verify(other, now: Fixtures.now)
        }
    }

    @Test("a response's signature must cover @status by default")
    func responseRequirements() async throws {
        let server = HTTPMessageSigner(key: Fixtures.otherKey, keyID: "server-key", components: [.contentType], nonce: nil)
        let signed = try server.sign(HTTPMessageResponse(status: 200, headers: ["Content-Type": "text/plain"]), at: Fixtures.signingTime)
        await #expect(throws: HTTPMessageSignatureError(code: .missingRequiredComponent, message: "")) {
            try await HTTPMessageSignatureVerifier(keys: ["server-key": Fixtures.otherKey]).verify(signed, now: Fixtures.now)
        }
    }

    @Test("a digest covered only as a dictionary member is still checked against the body", arguments: [
        HTTPSignatureComponent.contentDigest.member("sha-256"), HTTPSignatureComponent.contentDigest.structured,
    ])
    func digestMemberChecked(_ covering: HTTPSignatureComponent) async throws {
        let signer = Fixtures.signer(components: [.method, .authority, .path, covering])
        var signed = try Fixtures.signed(signer)
        signed.body = Array(#"{"changed":true}"#.utf8)
        await #expect(throws: HTTPMessageSignatureError(code: .contentDigestMismatch, message: "")) {
            try await Fixtures.verifier(requirements: .none).verify(Fixtures.received(signed), now: Fixtures.now)
        }
    }
}
