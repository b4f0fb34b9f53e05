import DrupalServicesClient
import Foundation
import Testing

/// Drupal key authentication on the server side: Drupal's checks and words, the nonce recorded
/// after the hash (or before, Drupal 6's way), and a replay store that fails closed.
@Suite("Drupal key verifier")
struct DrupalKeyVerifierTests {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)
    static let app = DrupalAPIKey(key: "3f9a6c2e81d04b7d95e2a1c7b0f4d8e6", domain: "app.example.com")
    static let reader = DrupalAPIKey(key: "a7d2e5b0c9f14386e2b7d0a5c8f3e169", domain: "reader.example.com")

    struct UnavailableStore: ReplayStore {
        func insertIfAbsent(_ key: ReplayKey, until expiry: Date, now: Date) async throws(SignedVerificationError) -> Bool {
            throw SignedVerificationError(code: .replayStoreUnavailable, message: "replay store unavailable: db:5432 timed out")
        }
    }

    static func verifier(store: any ReplayStore = MemoryReplayStore(), recording: DrupalKeyVerifier.NonceRecording = .afterHash) -> DrupalKeyVerifier {
        DrupalKeyVerifier(keys: [.init(app), .init(reader, methods: ["node.get"])], replayStore: store, nonceRecording: recording)
    }

    static func call(_ method: String = "node.get", key: DrupalAPIKey = app, signingKey: String? = nil, timestamp: Int = 1_800_000_000, nonce: String = "n-1", sessid: String = "s1") -> JSONRPCRequest {
        let hash = DrupalKeyAuthentication.hash(apiKey: signingKey ?? key.key, timestamp: String(timestamp), domain: key.domain, nonce: nonce, method: method)
        let leading = DrupalKeyArguments(hash: hash, domain: key.domain, timestamp: String(timestamp), nonce: nonce, sessid: sessid)
        return JSONRPCRequest(method: method, params: leading.prepended(to: [1]), id: 1)
    }

    static func refusal(_ call: JSONRPCRequest, _ verifier: DrupalKeyVerifier = verifier()) async -> DrupalServicesError? {
        do {
            _ = try await verifier.verify(call, now: now)
            return nil
        } catch {
            return error
        }
    }

    @Test("a well-signed call verifies: its domain, sessid and own arguments")
    func accepted() async throws {
        let verified = try await Self.verifier().verify(Self.call(), now: Self.now)
        #expect(verified.domain == "app.example.com" && verified.sessid == "s1" && verified.arguments == [1])
    }

    @Test("Drupal's refusals, each with its words: expired, unknown domain, bad hash, replay, method not allowed, no sessid")
    func refusals() async throws {
        let expired = await Self.refusal(Self.call(timestamp: 1_800_000_000 - 31))
        #expect(expired?.code == .timestampRefused && expired?.providerMessage == DrupalServiceMessage.tokenExpired)
        let stranger = await Self.refusal(Self.call(key: DrupalAPIKey(key: "x", domain: "evil.example.com")))
        #expect(stranger?.code == .invalidAPIKey && stranger?.message.contains("no API key is registered") == true)
        let badHash = await Self.refusal(Self.call(signingKey: "wrong"))
        #expect(badHash?.code == .invalidAPIKey && badHash?.serverHashInput == "1800000000;app.example.com;n-1;node.get")
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
        #expect(await Self.refusal(Self.call(signingKey: "wrong"), after)?.code == .invalidAPIKey)
        #expect(await Self.refusal(Self.call(), after) == nil)
        let before = Self.verifier(recording: .beforeHash)
        #expect(await Self.refusal(Self.call(signingKey: "wrong"), before)?.code == .invalidAPIKey)
        #expect(await Self.refusal(Self.call(), before)?.code == .nonceUsed)
    }

    @Test("a replay store that cannot answer refuses the call")
    func unavailable() async throws {
        let error = await Self.refusal(Self.call(), Self.verifier(store: UnavailableStore()))
        #expect(error?.code == .replayStoreUnavailable && error?.cause is SignedVerificationError && error?.message.contains("db:5432") == true)
    }

    @Test("PHP's reading of the timestamp: leading digits, empty as 0, too many digits as the largest number")
    func phpInteger() {
        #expect(DrupalKeyVerifier.phpInteger("1262304000abc") == 1_262_304_000)
        #expect(DrupalKeyVerifier.phpInteger("") == 0 && DrupalKeyVerifier.phpInteger(" -5") == -5)
        #expect(DrupalKeyVerifier.phpInteger(String(repeating: "9", count: 40)) == Int.max)
    }
}
