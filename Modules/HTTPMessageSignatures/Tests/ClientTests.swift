import Foundation
import HTTPMessageSignatures
import SignedHTTPTesting
import Testing

/// The client end to end over a closure transport that runs the verifier as a server would,
/// and the refusals that server answers with.
@Suite struct ClientTests {
    /// A server at api.example.com: verifies with `verifier` at `serverTime`, answers 200
    /// signed by the server key (covering the request's method and path), or the refusal.
    static func server(_ verifier: HTTPMessageSignatureVerifier, serverTime: Date = Fixtures.now) -> ClosureTransport {
        ClosureTransport { request in
            let date = HTTPDate.format(serverTime)
            do {
                _ = try await verifier.verify(Fixtures.received(request), now: serverTime)
            } catch let error as HTTPMessageSignatureError {
                let refusal = verifier.refusal(error, now: serverTime)
                var headers = refusal.headers
                headers.append("Date", date)
                return APIResponse(statusCode: refusal.status, headers: headers, body: refusal.body)
            }
            let signer = HTTPMessageSigner(key: Fixtures.otherKey, keyID: "server-key", components: [.status, .contentDigest, .method.fromRequest, .path.fromRequest], nonce: nil)
            let answer = HTTPMessageResponse(status: 200, headers: ["Date": date, "Content-Type": "application/json"], body: Array(#"{"ok":true}"#.utf8), request: HTTPMessageRequest(request))
            let signed = try signer.sign(answer, at: serverTime)
            return APIResponse(statusCode: 200, headers: signed.headers, body: signed.body)
        }
    }

    static func client(_ transport: ClosureTransport, key: HTTPSignatureHMACKey = Fixtures.key, deviceTime: Date = Fixtures.now) -> HTTPMessageSignaturesClient {
        let configuration = HTTPMessageSignaturesConfiguration(
            baseURL: URL(string: "https://api.example.com")!,
            signer: HTTPMessageSigner(key: key, keyID: "client-1"),
            responseVerifier: HTTPMessageSignatureVerifier(keys: ["server-key": Fixtures.otherKey])
        )
        return HTTPMessageSignaturesClient(configuration: configuration, http: SignedHTTPClient(transport: transport, deviceClock: { deviceTime }, sleepClock: ImmediateClock()))
    }

    @Test("send signs, the server verifies, the signed answer is verified")
    func roundTrip() async throws {
        let client = Self.client(Self.server(Fixtures.verifier(replayStore: MemoryReplayStore())))
        let answer = try await client.send("POST", "/items", query: [FormField("color", "blue")], headers: ["Content-Type": "application/json"], body: Array(#"{"name":"pen"}"#.utf8))
        #expect(answer.statusCode == 200)
        #expect(answer.body == Array(#"{"ok":true}"#.utf8))
    }

    @Test("the server's refusal comes back as its code, with the status")
    func refusalRead() async throws {
        let client = Self.client(Self.server(Fixtures.verifier()), key: Fixtures.otherKey)
        do {
            _ = try await client.send("GET", "/items")
            Issue.record("accepted")
        } catch let error as HTTPMessageSignatureError {
            #expect(error.code == .signatureInvalid)
            #expect(error.statusCode == 401)
            #expect(error.serverSignatureBase == nil)
        }
    }

    @Test("a server that reveals its base: serverSignatureBase is filled")
    func revealedBase() async throws {
        var verifier = Fixtures.verifier()
        verifier.revealsSignatureBase = true
        let client = Self.client(Self.server(verifier), key: Fixtures.otherKey)
        do {
            _ = try await client.send("GET", "/items")
            Issue.record("accepted")
        } catch let error as HTTPMessageSignatureError {
            #expect(error.serverSignatureBase?.hasPrefix("\"@method\": GET\n\"@authority\": api.example.com\n\"@path\": /items\n") == true)
        }
    }

    @Test("a device clock an hour fast: created refused, retried once at the server's time")
    func clockSkew() async throws {
        let client = Self.client(Self.server(Fixtures.verifier()), deviceTime: Fixtures.now.addingTimeInterval(3600))
        let answer = try await client.send("GET", "/items")
        #expect(answer.statusCode == 200)
    }

    @Test("an answer whose signature does not verify is refused")
    func unsignedAnswer() async throws {
        let transport = ClosureTransport { _ in APIResponse(statusCode: 200, headers: ["Content-Type": "application/json"], body: Array("{}".utf8)) }
        await #expect(throws: HTTPMessageSignatureError(code: .missingSignature, message: "")) {
            try await Self.client(transport).send("GET", "/items")
        }
    }

    @Test("a transport failure is transportFailed; a 503 without a problem body requestRejected")
    func otherFailures() async throws {
        struct Down: Error {}
        await #expect(throws: HTTPMessageSignatureError(code: .transportFailed, message: "")) {
            try await Self.client(ClosureTransport { _ in throw Down() }).send("GET", "/items")
        }
        await #expect(throws: HTTPMessageSignatureError(code: .requestRejected, message: "")) {
            try await Self.client(ClosureTransport { _ in APIResponse(statusCode: 500) }).send("GET", "/items")
        }
    }

    @Test("refusals: 401 with WWW-Authenticate and Accept-Signature, 400 for malformed fields, 413")
    func refusalShapes() throws {
        var verifier = Fixtures.verifier()
        verifier.realm = "api"
        let invalid = verifier.refusal(HTTPMessageSignatureError(code: .signatureInvalid, message: "no match", serverSignatureBase: "base"), now: Fixtures.now)
        #expect(invalid.status == 401)
        #expect(invalid.headers["WWW-Authenticate"] == #"Signature realm="api", error="signature_invalid""#)
        #expect(invalid.headers["Accept-Signature"] == #"sig1=("@method" "@authority" "@path" "@query");created"#)
        #expect(invalid.headers["Content-Type"] == "application/problem+json")
        #expect(String(decoding: invalid.body, as: UTF8.self) == #"{"code":"signature_invalid","detail":"no match","title":"signature invalid","status":401}"#)
        let malformed = verifier.refusal(HTTPMessageSignatureError(code: .malformedSignatureInput, message: "bad"), now: Fixtures.now)
        #expect(malformed.status == 400)
        #expect(malformed.headers["WWW-Authenticate"] == nil)
        #expect(verifier.refusal(bodyLargerThan: 10).status == 413)
    }

    @Test("keys and signers never show their secret")
    func redaction() {
        let secret = "a 32-byte secret for the tests.."
        let signer = Fixtures.signer()
        for text in [String(describing: Fixtures.key), String(reflecting: Fixtures.key), String(describing: signer), dumped(Fixtures.key), dumped(signer), dumped(Fixtures.verifier())] {
            #expect(!text.contains(secret))
            #expect(!text.contains("secret for"))
        }
        #expect(String(describing: Fixtures.key) == "HTTPSignatureHMACKey(hmac-sha256, secret: <redacted>)")
    }

    private func dumped(_ value: Any) -> String {
        var text = ""
        dump(value, to: &text)
        return text
    }
}
