import AFSignedClient
import Foundation
import Testing

/// The verifier's checks, in the reference backend's order and words, and its defences.
@Suite("AFSigned verifier")
struct VerifierTests {
    static let credentials = AFSignedCredentials(clientID: "CLIENT_ID", clientSecret: "CLIENT_SECRET")
    static let now = Date(timeIntervalSince1970: 1_700_000_000)

    static func signed(_ fields: [FormField] = [FormField("site_id", "10")], at date: Date = now, nonce: String? = nil, secret: String = "CLIENT_SECRET") throws -> AFSignedIncomingRequest {
        let signer = AFSignedSigner(credentials: AFSignedCredentials(clientID: "CLIENT_ID", clientSecret: secret), nonce: nonce.map { value -> @Sendable () -> String in { value } })
        let request = try signer.sign(APIRequest(method: "POST", url: URL(string: "https://api.example.com/users")!, form: fields), at: date)
        return try AFSignedIncomingRequest(request)
    }

    static func error(_ request: AFSignedIncomingRequest, verifier: AFSignedVerifier = AFSignedVerifier(credentials: [credentials]), at date: Date = now) async -> AFSignedError? {
        do {
            _ = try await verifier.verify(request, now: date)
            return nil
        } catch {
            return error
        }
    }

    static func replacing(_ name: String, with value: String?, in request: AFSignedIncomingRequest) -> AFSignedIncomingRequest {
        var copy = request
        copy.body = request.body.filter { $0.name != name } + (value.map { [FormField(name, $0)] } ?? [])
        return copy
    }

    @Test("each failure in the reference backend's words, in the reference backend's order", arguments: [
        ("auth_version", "3", AFSignedError.Code.incorrectVersion, "Incorrect client version"),
        ("auth_version", nil, .incorrectVersion, "Incorrect client version"),
        ("auth_client_id", "someone", .incorrectClientID, "Incorrect client id"),
        ("auth_client_id", nil, .incorrectClientID, "Incorrect client id"),
        ("auth_timestamp", "1699956800", .timestampRefused, "Incorrect auth timestamp"),
        ("auth_timestamp", "1700043200", .timestampRefused, "Incorrect auth timestamp"),
        ("auth_timestamp", "17e8", .timestampRefused, "Incorrect auth timestamp"),
        ("auth_timestamp", "", .timestampRefused, "Incorrect auth timestamp"),
        ("auth_signature", String(repeating: "0", count: 64), .signatureInvalid, "Incorrect auth signature"),
        ("auth_signature", nil, .signatureInvalid, "Incorrect auth signature"),
    ] as [(String, String?, AFSignedError.Code, String)])
    func failures(name: String, value: String?, code: AFSignedError.Code, words: String) async throws {
        let error = await Self.error(Self.replacing(name, with: value, in: try Self.signed()))
        #expect(error?.code == code)
        #expect(error?.providerMessage == words)
        #expect(error?.message.contains("CLIENT_SECRET") == false)
    }

    @Test("the window's edges: 12 hours minus a second either way verify, 12 hours do not")
    func window() async throws {
        for (offset, accepted) in [(-43_199.0, true), (43_199, true), (-43_200, false), (43_200, false)] {
            let error = await Self.error(try Self.signed(at: Self.now.addingTimeInterval(offset)))
            #expect((error == nil) == accepted, "offset \(offset): \(String(describing: error))")
        }
        let tight = AFSignedVerifier(credentials: [Self.credentials], timestampWindow: .seconds(30))
        #expect(await Self.error(try Self.signed(at: Self.now.addingTimeInterval(-31)), verifier: tight)?.code == .timestampRefused)
    }

    @Test("a bad signature names the string the server signed; a tampered value, a wrong secret")
    func signature() async throws {
        let tampered = Self.replacing("site_id", with: "11", in: try Self.signed())
        let error = await Self.error(tampered)
        #expect(error?.code == .signatureInvalid)
        #expect(error?.serverSignatureBase == "POST\n/users\nsite_id=11")
        #expect(await Self.error(try Self.signed(secret: "wrong"))?.code == .signatureInvalid)
        // Upper-case hex is the same signature.
        var upper = try Self.signed()
        upper.body = upper.body.map { $0.name == "auth_signature" ? FormField($0.name, $0.value.uppercased()) : $0 }
        #expect(await Self.error(upper) == nil)
    }

    @Test("with a replay store: a nonce is required and used once per client; without, the reference backend's behaviour")
    func nonces() async throws {
        let verifier = AFSignedVerifier(credentials: [Self.credentials], replayStore: MemoryReplayStore())
        #expect(await Self.error(try Self.signed(nonce: "once"), verifier: verifier) == nil)
        let replay = await Self.error(try Self.signed(nonce: "once"), verifier: verifier)
        #expect(replay?.code == .nonceUsed && replay?.providerMessage == "Incorrect auth nonce")
        #expect(await Self.error(try Self.signed(), verifier: verifier)?.code == .nonceUsed)
        // A replay with a bad signature is refused for the signature and does not use the nonce.
        #expect(await Self.error(try Self.signed(nonce: "fresh", secret: "wrong"), verifier: verifier)?.code == .signatureInvalid)
        #expect(await Self.error(try Self.signed(nonce: "fresh"), verifier: verifier) == nil)
        // Without a store the same request verifies twice.
        #expect(await Self.error(try Self.signed(nonce: "once")) == nil)
    }

    @Test("a request dated ahead of the clock cannot be replayed once its first use is a window old")
    func futureTimestampReplay() async throws {
        let verifier = AFSignedVerifier(credentials: [Self.credentials], timestampWindow: .seconds(100), replayStore: MemoryReplayStore())
        let ahead = try Self.signed(at: Self.now.addingTimeInterval(99), nonce: "ahead")
        #expect(await Self.error(ahead, verifier: verifier, at: Self.now) == nil)
        // 100 s later the timestamp is still inside the window; the nonce must still be known.
        #expect(await Self.error(ahead, verifier: verifier, at: Self.now.addingTimeInterval(100))?.code == .nonceUsed)
    }

    @Test("verifySignature checks all but the nonce; verify adds the nonce")
    func signatureWithoutNonce() async throws {
        let verifier = AFSignedVerifier(credentials: [Self.credentials], replayStore: MemoryReplayStore())
        let withoutNonce = try Self.signed()
        #expect(try await verifier.verifySignature(withoutNonce, now: Self.now).clientID == "CLIENT_ID")
        #expect(await Self.error(withoutNonce, verifier: verifier)?.code == .nonceUsed)
        let withNonce = try Self.signed(nonce: "once")
        #expect(try await verifier.verifySignature(withNonce, now: Self.now).nonce == "once")
        #expect(try await verifier.verifySignature(withNonce, now: Self.now).nonce == "once")
        #expect(await Self.error(withNonce, verifier: verifier) == nil)
        #expect(await Self.error(withNonce, verifier: verifier)?.code == .nonceUsed)
        let wrongSecret = try Self.signed(secret: "other")
        await #expect(throws: AFSignedError.self) { try await verifier.verifySignature(wrongSecret, now: Self.now) }
    }

    @Test("a form body that is not UTF-8 is malformed, not read with replacement characters")
    func nonUTF8Body() throws {
        var request = APIRequest(method: "POST", url: URL(string: "https://api.example.com/users")!, form: [FormField("a", "b")])
        request.body = [0x61, 0x3D, 0xFF, 0xFE]
        let error = #expect(throws: AFSignedError.self) { try AFSignedIncomingRequest(request) }
        #expect(error?.code == .malformedRequest)
    }

    @Test("hostile auth values: sent twice, huge, or in the wrong place get a clear error", arguments: [
        "twice", "huge", "control",
    ])
    func hostile(kind: String) async throws {
        var request = try Self.signed()
        switch kind {
        case "twice": request.query.append(FormField("auth_timestamp", "1700000000"))
        case "huge": request = Self.replacing("auth_client_id", with: String(repeating: "x", count: 100_000), in: request)
        default: request = Self.replacing("auth_version", with: "2\u{0}\r\n", in: request)
        }
        let error = await Self.error(request)
        #expect(error != nil)
        if kind != "control" { #expect(error?.code == .malformedRequest) }
        #expect((error?.message.count ?? 0) < 1000)
    }

    @Test("the keys set up from the secrets never appear in descriptions or dumps")
    func redaction() {
        let verifier = AFSignedVerifier(credentials: [Self.credentials])
        var dumped = ""
        dump(verifier, to: &dumped)
        for text in ["\(verifier)", String(reflecting: verifier), dumped] {
            #expect(!text.contains("CLIENT_SECRET") && !text.contains("HMAC") && !text.contains("SHA256") && text.contains("<redacted>"), "\(text)")
        }
    }
}
