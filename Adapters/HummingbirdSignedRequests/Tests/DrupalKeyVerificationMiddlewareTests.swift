import DrupalServicesClient
import Foundation
import Hummingbird
import HTTPTypes
import HummingbirdSignedRequests
import HummingbirdTesting
import Logging
import NIOCore
import SignedVerification
import SignedHTTPTesting
import Testing

/// `DrupalKeyVerificationMiddleware` in front of a JSON-RPC endpoint: Drupal's strings as the
/// call's result for each refusal, a store that is down, calls without a key, and hostile bodies.
@Suite("Drupal key verification middleware")
struct DrupalKeyVerificationMiddlewareTests {
    static let apiKey = DrupalAPIKey(key: "site-api-key", domain: "app.example.com")

    /// The endpoint: answers the domain, sessid and arguments verified (or `anonymous` for a
    /// call without a key) as the call's result.
    static func app(store: any ReplayStore = MemoryReplayStore(), logs: LogRecorder = LogRecorder(), maximumBodySize: Int = 1_048_576) -> some ApplicationProtocol {
        let verifier = DrupalKeyVerifier(keys: [.init(apiKey)], replayStore: store)
        let router = Router(context: TestContext.self)
        router.add(middleware: SignedRequestMiddleware(verifier, identity: \TestContext.drupalKey, maximumBodySize: maximumBodySize, now: VerificationTestKit.clock))
        router.post("/services/json-rpc") { _, context in
            guard let verified = context.drupalKey, let domain = verified.domain else { return "anonymous" }
            return "\(domain) \(verified.sessid) \(verified.arguments)"
        }
        return Application(router: router, logger: logs.logger)
    }

    /// `node.get` for node 7, signed with `key` at `time`.
    static func call(key: DrupalAPIKey = apiKey, at time: Date = VerificationTestKit.now, method: String = "node.get", version: JSONRPCVersion = .v1_1, id: JSONValue? = 1) -> JSONRPCRequest {
        DrupalKeySigner(apiKey: key, call: JSONRPCRequest(version: version, method: method, params: [7], id: id), sessid: "session-1").signedCall(at: time)
    }

    static func post(_ body: [UInt8], to client: some TestClientProtocol) async throws -> TestResponse {
        try await client.executeRequest(uri: "/services/json-rpc", method: .post, headers: [.contentType: "application/json"], body: ByteBuffer(bytes: body))
    }

    /// The answer's JSON-RPC envelope.
    static func answer(_ response: TestResponse) throws -> JSONRPCResponse {
        try JSONRPCResponse.parse(Array(buffer: response.body))
    }

    @Test("a signed call passes with the domain, sessid and the method's own arguments in the context")
    func valid() async throws {
        try await Self.app().test(.router) { client in
            let response = try await Self.post(Self.call().encoded(), to: client)
            #expect(response.status == .ok)
            #expect(VerificationTestKit.text(response) == "app.example.com session-1 [7]")
        }
    }

    @Test("a refused call is answered as Drupal answers: HTTP 200, its string as the result, in the call's envelope", arguments: [
        ("wrong key", DrupalKeyVerificationMiddlewareTests.call(key: DrupalAPIKey(key: "wrong", domain: "app.example.com")), DrupalServiceMessage.invalidAPIKey),
        ("unknown domain", DrupalKeyVerificationMiddlewareTests.call(key: DrupalAPIKey(key: "site-api-key", domain: "evil.example")), DrupalServiceMessage.invalidAPIKey),
        ("stale", DrupalKeyVerificationMiddlewareTests.call(at: VerificationTestKit.now.addingTimeInterval(-60)), DrupalServiceMessage.tokenExpired),
    ] as [(String, JSONRPCRequest, String)])
    func refused(name: String, call: JSONRPCRequest, words: String) async throws {
        try await Self.app().test(.router) { client in
            let response = try await Self.post(call.encoded(), to: client)
            #expect(response.status == .ok, "\(name)")
            #expect(try Self.answer(response) == JSONRPCResponse(version: .v1_1, outcome: .result(.string(words)), id: 1), "\(name)")
        }
    }

    @Test("a call whose method was changed after signing is 'Invalid API key.'")
    func tampered() async throws {
        var changed = Self.call()
        changed.method = "node.delete"
        let call = changed
        try await Self.app().test(.router) { client in
            let response = try await Self.post(call.encoded(), to: client)
            #expect(try Self.answer(response).outcome == .result(.string(DrupalServiceMessage.invalidAPIKey)))
        }
    }

    @Test("the same signed call twice: the second is Drupal's nonce refusal")
    func replayed() async throws {
        let body = Self.call().encoded()
        try await Self.app().test(.router) { client in
            #expect(VerificationTestKit.text(try await Self.post(body, to: client)).hasPrefix("app.example.com"))
            let replay = try await Self.post(body, to: client)
            #expect(try Self.answer(replay).outcome == .result(.string(DrupalServiceMessage.nonceReused)))
        }
    }

    @Test("system.connect needs no key: it passes with the call and no domain in the context")
    func unauthenticated() async throws {
        try await Self.app().test(.router) { client in
            let response = try await Self.post(JSONRPCRequest(method: "system.connect", id: 1).encoded(), to: client)
            #expect(VerificationTestKit.text(response) == "anonymous")
        }
    }

    @Test("a replay store that cannot answer is 503 with Retry-After, never a pass, and the store's reason goes to the log, not the answer")
    func storeDown() async throws {
        let logs = LogRecorder()
        try await Self.app(store: UnavailableReplayStore(message: "\(VerificationTestKit.databaseHost) did not answer within 2 s"), logs: logs).test(.router) { client in
            let response = try await Self.post(Self.call().encoded(), to: client)
            #expect(response.status == .serviceUnavailable)
            #expect(response.headers[.retryAfter] == "1")
            #expect(try Self.answer(response).outcome == .result(.string(DrupalServiceMessage.serviceUnavailable)))
            #expect(!VerificationTestKit.text(response).contains(VerificationTestKit.databaseHost))
        }
        // The operator learns why, at error level.
        #expect(logs.entries.contains { $0.level == .error && $0.message.contains("drupal request refused (replay store unavailable)") && $0.message.contains(VerificationTestKit.databaseHost) })
    }

    @Test("a refused JSON-RPC 2.0 notification gets no answer, only the status")
    func notification() async throws {
        try await Self.app().test(.router) { client in
            let call = Self.call(key: DrupalAPIKey(key: "wrong", domain: "app.example.com"), version: .v2_0, id: nil)
            let response = try await Self.post(call.encoded(), to: client)
            #expect(response.status == .ok)
            #expect(response.body.readableBytes == 0)
        }
    }

    @Test("a body over the limit is 413 with a JSON-RPC error object")
    func oversized() async throws {
        try await Self.app(maximumBodySize: 1_024).test(.router) { client in
            var call = Self.call()
            call.params.append(.string(String(repeating: "x", count: 2_048)))
            let response = try await Self.post(call.encoded(), to: client)
            #expect(response.status == .contentTooLarge)
            guard case .error(let error) = try Self.answer(response).outcome else {
                Issue.record("413 without an error object")
                return
            }
            #expect(error.code == JSONRPCErrorObject.invalidRequest)
        }
    }

    @Test("a body that is not one call is a JSON-RPC error object, never a 500", arguments: [
        ("not JSON", "{\"method\": \u{0}", JSONRPCErrorObject.parseError),
        ("a batch", "[{\"version\":\"1.1\",\"method\":\"node.get\",\"id\":1,\"params\":[]}]", JSONRPCErrorObject.invalidRequest),
        ("no method", "{\"version\":\"1.1\",\"id\":1,\"params\":[]}", JSONRPCErrorObject.invalidRequest),
        ("an object as the hash", "{\"version\":\"1.1\",\"method\":\"node.get\",\"id\":1,\"params\":[{\"a\":1},\"d\",\"1\",\"n\",\"s\",7]}", JSONRPCErrorObject.invalidParams),
        ("NUL bytes in the arguments", "{\"version\":\"1.1\",\"method\":\"node.get\",\"id\":1,\"params\":[\"\\u0000\",\"\\u0000\",\"\\u0000\",\"\\u0000\",\"s\",7]}", nil),
    ] as [(String, String, Int?)])
    func hostile(name: String, body: String, code: Int?) async throws {
        try await Self.app().test(.router) { client in
            let response = try await Self.post(Array(body.utf8), to: client)
            #expect(response.status == .ok, "\(name)")
            let outcome = try Self.answer(response).outcome
            if let code {
                guard case .error(let error) = outcome else {
                    Issue.record("\(name): no error object")
                    return
                }
                #expect(error.code == code, "\(name)")
            } else {
                #expect(outcome == .result(.string(DrupalServiceMessage.tokenExpired)), "\(name)")
            }
        }
    }
}
