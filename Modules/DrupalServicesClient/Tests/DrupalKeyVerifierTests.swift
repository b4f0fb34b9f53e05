import DrupalServicesClient
import Foundation
import SignedHTTPTesting
import Testing

/// Drupal key authentication on the server side: Drupal's checks and words, the nonce recorded
/// after the hash (or before, Drupal 6's way), and a replay store that fails closed.
@Suite("Drupal key verifier")
struct DrupalKeyVerifierTests {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)
    static let app = DrupalAPIKey(key: "3f9a6c2e81d04b7d95e2a1c7b0f4d8e6", domain: "app.example.com")
    static let reader = DrupalAPIKey(key: "a7d2e5b0c9f14386e2b7d0a5c8f3e169", domain: "reader.example.com")

    static func verifier(store: any ReplayStore = MemoryReplayStore(), recording: DrupalKeyVerifier.NonceRecording = .afterHash) -> DrupalKeyVerifier {
        DrupalKeyVerifier(keys: [.init(app), .init(reader, methods: ["node.get"])], replayStore: store, nonceRecording: recording)
    }

    static func call(_ method: String = "node.get", key: DrupalAPIKey = app, signingKey: String? = nil, timestamp: Int = 1_800_000_000, nonce: String = "n-1", sessid: String = "s1") -> JSONRPCRequest {
        let hash = DrupalKeyAuthentication.hash(apiKey: signingKey ?? key.key, timestamp: String(timestamp), domain: key.domain, nonce: nonce, method: method)
        let leading = DrupalKeyArguments(hash: hash, domain: key.domain, timestamp: String(timestamp), nonce: nonce, sessid: sessid)
        return JSONRPCRequest(method: method, params: leading.prepended(to: [1]), id: 1)
    }

    /// `body` as a server receives it at the JSON-RPC endpoint.
    static func received(_ body: [UInt8]) -> ReceivedRequest {
        ReceivedRequest(method: "POST", target: "/services/json-rpc", headers: ["Host": "site.example", "Content-Type": "application/json"], body: body)
    }

    static func received(_ call: JSONRPCRequest) -> ReceivedRequest { received(call.encoded()) }

    static func refusal(_ call: JSONRPCRequest, _ verifier: DrupalKeyVerifier = verifier()) async -> DrupalServicesError? {
        await refusal(received(call), verifier)
    }

    static func refusal(_ request: ReceivedRequest, _ verifier: DrupalKeyVerifier = verifier()) async -> DrupalServicesError? {
        do {
            _ = try await verifier.verify(request, now: now)
            return nil
        } catch {
            return error
        }
    }

    @Test("a well-signed call verifies: its domain, sessid and own arguments")
    func accepted() async throws {
        let verified = try await Self.verifier().verify(Self.received(Self.call()), now: Self.now)
        #expect(verified.domain == "app.example.com" && verified.sessid == "s1" && verified.arguments == [1])
        #expect(verified.call == Self.call())
    }

    @Test("system.connect passes without a key, with no domain; a method the verifier is told is open passes too")
    func unauthenticated() async throws {
        let connect = JSONRPCRequest(version: .v2_0, method: "system.connect", params: [], id: 7)
        let verified = try await Self.verifier().verify(Self.received(connect), now: Self.now)
        #expect(verified.domain == nil && verified.call == connect && verified.arguments.isEmpty)
        var closed = Self.verifier()
        closed.unauthenticatedMethods = []
        #expect(await Self.refusal(connect, closed) != nil)
    }

    @Test("a body that is not one call: parse error, batch, not a call — each answered in the dialect and with the id it shows")
    func notOneCall() async throws {
        let verifier = Self.verifier()
        for (body, code, rpc) in [
            ("", DrupalServicesError.Code.invalidJSON, JSONRPCErrorObject.parseError),
            ("{\"method\":", .invalidJSON, JSONRPCErrorObject.parseError),
            ("[{\"method\":\"node.get\",\"id\":1}]", .invalidRequest, JSONRPCErrorObject.invalidRequest),
            ("{\"jsonrpc\":\"2.0\",\"id\":\"x\"}", .invalidRequest, JSONRPCErrorObject.invalidRequest),
            ("42", .invalidRequest, JSONRPCErrorObject.invalidRequest),
        ] {
            let error = try #require(await Self.refusal(Self.received(Array(body.utf8)), verifier), "\(body) passed")
            #expect(error.code == code && error.rpcError?.code == rpc, "\(body): \(error)")
            let refusal = verifier.refusal(error, now: Self.now)
            #expect(refusal.status == 200 && refusal.headers["Content-Type"] == "application/json; charset=utf-8")
            guard case .error(let answered) = try JSONRPCResponse.parse(refusal.body).outcome else {
                Issue.record("\(body): answered without an error object")
                continue
            }
            #expect(answered.code == rpc && answered.message == error.rpcError?.message, "\(body)")
        }
        let noMethod = try #require(await Self.refusal(Self.received(Array(#"{"jsonrpc":"2.0","id":"x"}"#.utf8)), verifier))
        #expect(noMethod.replyAddress == JSONRPCReplyAddress(version: .v2_0, id: "x"))
        let batch = try #require(await Self.refusal(Self.received(Array(#"[{"method":"node.get","id":1}]"#.utf8)), verifier))
        #expect(batch.replyAddress?.version == .v2_0 && batch.replyAddress?.id == nil)
    }

    @Test("a refusal is Drupal's answer: its words as the result in the call's dialect and id, HTTP 200; none for a 2.0 notification; 503 with Retry-After when the store is down")
    func refusalAnswers() async throws {
        let verifier = Self.verifier()
        var expired = Self.call(timestamp: 1_800_000_000 - 31)
        expired.id = "abc"
        let error = try #require(await Self.refusal(expired, verifier))
        let refusal = verifier.refusal(error, now: Self.now)
        #expect(refusal.status == 200)
        #expect(String(decoding: refusal.body, as: UTF8.self) == #"{"result":"Token has expired.","version":"1.1","id":"abc"}"#)
        var notification = Self.call(signingKey: "wrong")
        notification.version = .v2_0
        notification.id = nil
        let quiet = verifier.refusal(try #require(await Self.refusal(notification, verifier)), now: Self.now)
        #expect(quiet.status == 200 && quiet.body.isEmpty && quiet.headers["Content-Type"] == nil)
        let down = Self.verifier(store: UnavailableReplayStore(message: "replay store unavailable: db:5432 timed out"))
        let unavailable = down.refusal(try #require(await Self.refusal(Self.call(), down)), now: Self.now)
        #expect(unavailable.status == 503 && unavailable.headers["Retry-After"] == "1" && unavailable.isUnavailable)
        #expect(!String(decoding: unavailable.body, as: UTF8.self).contains("db:5432"))
        let tooLarge = verifier.refusal(bodyLargerThan: 10)
        #expect(tooLarge.status == 413 && String(decoding: tooLarge.body, as: UTF8.self).contains("larger than 10 bytes"))
    }

    @Test("keys from an async look-up: found, unknown, and a look-up that throws refuses with 503")
    func keyLookUp() async throws {
        struct Down: Error {}
        let found = DrupalKeyVerifier(key: { domain in domain == Self.app.domain ? .init(Self.app) : nil }, replayStore: MemoryReplayStore())
        #expect(try await found.verify(Self.received(Self.call()), now: Self.now).domain == Self.app.domain)
        #expect(await Self.refusal(Self.call(key: Self.reader), found)?.code == .signatureInvalid)
        let failing = DrupalKeyVerifier(key: { _ in throw Down() }, replayStore: MemoryReplayStore())
        let error = try #require(await Self.refusal(Self.call(), failing))
        #expect(error.code == .credentialLookupFailed && error.cause is Down)
        #expect(failing.refusal(error, now: Self.now).status == 503)
    }

    @Test("Drupal's refusals, each with its words: expired, unknown domain, bad hash, replay, method not allowed, no sessid")
    func refusals() async throws {
        let expired = await Self.refusal(Self.call(timestamp: 1_800_000_000 - 31))
        #expect(expired?.code == .timestampRefused && expired?.providerMessage == DrupalServiceMessage.tokenExpired)
        let stranger = await Self.refusal(Self.call(key: DrupalAPIKey(key: "x", domain: "evil.example.com")))
        #expect(stranger?.code == .signatureInvalid && stranger?.message.contains("no API key is registered") == true)
        let badHash = await Self.refusal(Self.call(signingKey: "wrong"))
        #expect(badHash?.code == .signatureInvalid && badHash?.serverSignatureBase == "1800000000;app.example.com;n-1;node.get")
        #expect(badHash.map { !$0.description.contains(Self.app.key) } == true)
        let verifier = Self.verifier()
        #expect(await Self.refusal(Self.call(), verifier) == nil)
        let replay = await Self.refusal(Self.call(), verifier)
        #expect(replay?.code == .nonceUsed && replay?.providerMessage == DrupalServiceMessage.nonceReused)
        #expect(await Self.refusal(Self.call("node.save", key: Self.reader))?.code == .accessDenied)
        #expect(await Self.refusal(Self.call(sessid: ""))?.code == .invalidSessid)
    }

    @Test("after the hash (the default) a bad call uses up nothing; before it (Drupal 6) it uses up its nonce")
    func recordingOrder() async throws {
        let after = Self.verifier()
        #expect(await Self.refusal(Self.call(signingKey: "wrong"), after)?.code == .signatureInvalid)
        #expect(await Self.refusal(Self.call(), after) == nil)
        let before = Self.verifier(recording: .beforeHash)
        #expect(await Self.refusal(Self.call(signingKey: "wrong"), before)?.code == .signatureInvalid)
        #expect(await Self.refusal(Self.call(), before)?.code == .nonceUsed)
    }

    @Test("a replay store that cannot answer refuses the call")
    func unavailable() async throws {
        let error = await Self.refusal(Self.call(), Self.verifier(store: UnavailableReplayStore(message: "replay store unavailable: db:5432 timed out")))
        #expect(error?.code == .replayStoreUnavailable && error?.cause is SignedVerificationError && error?.message.contains("db:5432") == true)
    }

    @Test("PHP's reading of the timestamp: leading digits, empty as 0, too many digits as the largest number")
    func phpInteger() {
        #expect(DrupalKeyVerifier.phpInteger("1262304000abc") == 1_262_304_000)
        #expect(DrupalKeyVerifier.phpInteger("") == 0 && DrupalKeyVerifier.phpInteger(" -5") == -5)
        #expect(DrupalKeyVerifier.phpInteger(String(repeating: "9", count: 40)) == Int.max)
    }
}
