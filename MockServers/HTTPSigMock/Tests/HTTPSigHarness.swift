import Foundation
import HTTPMessageSignatures
import HTTPMessageSignaturesCrypto
import HTTPSigMock
import HTTPTypes
import HummingbirdTesting
import MockServerKit
import MockServerTesting
import NIOCore
import SignedHTTP
import SignedVerification

/// One HTTP Message Signatures mock on a manual clock, with signers on the same clock and raw
/// HTTP helpers for what no well-behaved client sends.
struct HTTPSigHarness {
    let server: MockServer
    let clock: ManualClock

    /// Runs `body` with a fresh mock on a manual clock (recording nonces in `replayStore` when
    /// given), and stops the mock however `body` ends.
    static func withRunning<Result>(
        _ options: HTTPSigMockOptions = HTTPSigMockOptions(),
        limits: MockServerLimits = MockServerLimits(),
        replayStore: (any ReplayStore)? = nil,
        isolation: isolated (any Actor)? = #isolation,
        _ body: (HTTPSigHarness) async throws -> Result
    ) async throws -> Result {
        let provider = HTTPSigMockProvider(options: options)
        guard let replayStore else {
            return try await MockServer.withRunningOnManualClock(provider, limits: limits, seed: 5) { server, clock in
                try await body(HTTPSigHarness(server: server, clock: clock))
            }
        }
        let clock = ManualClock(start: MockServer.harnessStart)
        return try await MockServer.withRunning(provider, configuration: MockServerConfiguration(limits: limits, seed: 5), clock: clock, replayStore: replayStore) { server in
            try await body(HTTPSigHarness(server: server, clock: clock))
        }
    }

    /// The demo keys.
    var demo: HTTPSigMockCredentials { HTTPSigMockProvider().demo }
    /// The ready file's strings.
    var credentials: [String: String] { server.providers[0].credentials }
    /// `127.0.0.1:PORT`.
    var authority: String { "\(server.baseURL.host ?? ""):\(server.baseURL.port ?? 0)" }
    /// The server's clock, in whole seconds.
    var now: Int { Int(clock.now.timeIntervalSince1970) }

    /// `target` (path and query) on this server.
    func url(_ target: String) -> URL { URL(string: server.baseURL.absoluteString + target)! }

    /// `target` signed by `signer` as of the server's clock shifted by `offset` seconds, with
    /// `json` as an `application/json` body when given.
    func signed(_ method: String = "GET", _ target: String, json: String? = nil, headers: HeaderFields = [:], signer: HTTPMessageSigner,
                offset: TimeInterval = 0) throws -> APIRequest {
        var headers = headers
        var body: [UInt8] = []
        if let json {
            headers.append("Content-Type", "application/json")
            body = Array(json.utf8)
        }
        return try signer.sign(APIRequest(method: method, url: url(target), headers: headers, body: body), at: clock.now.addingTimeInterval(offset))
    }

    /// A Web Bot Auth signer: the demo key of `algorithm`, `tag="web-bot-auth"`, `expires` a
    /// minute after `created`, covering `@authority` and `Signature-Agent`'s `sig1` member.
    func webBotAuthSigner(_ algorithm: HTTPSignatureAlgorithm = .ed25519, components: [HTTPSignatureComponent]? = nil,
                          expiresAfter: Duration? = .seconds(60)) -> HTTPMessageSigner {
        demo.signer(algorithm, components: components ?? [.authority, HTTPSignatureComponent.field("signature-agent").member("sig1")],
                    tag: "web-bot-auth", expiresAfter: expiresAfter)
    }

    /// `Signature-Agent: sig1="<this server>"`.
    var agentHeader: HeaderFields { ["Signature-Agent": "sig1=\"\(server.baseURL.absoluteString)\""] }

    /// A reply: status, headers, raw body and the problem body's members.
    struct Reply {
        var status: Int
        var headers: HTTPFields
        var body: [UInt8]
        var json: [String: Any]? { (try? JSONSerialization.jsonObject(with: Data(body))) as? [String: Any] }
        var code: String? { json?["code"] as? String }
        var text: String { String(decoding: body, as: UTF8.self) }
        var mockReason: String? { headers[HTTPField.Name("X-Mock-Reason")!].map { $0.removingPercentEncoding ?? $0 } }
        var signatureBase: String? { headers[HTTPField.Name("X-Signature-Base")!].map { $0.removingPercentEncoding ?? $0 } }
        var signature: [String: Any]? { json?["signature"] as? [String: Any] }
        /// As the SDK reads it.
        var response: APIResponse {
            var fields = HeaderFields()
            for field in headers { fields.append(field.name.rawName, field.value) }
            return APIResponse(statusCode: status, headers: fields, body: body)
        }
    }

    /// Sends `target` as it is (path and query, percent-encoded by the caller).
    func send(_ method: HTTPRequest.Method, _ target: String, headers: HTTPFields = [:], body: [UInt8]? = nil) async throws -> Reply {
        let response = try await MockHTTP.send(method, target, to: server.baseURL, headers: headers, body: body.map { ByteBuffer(bytes: $0) })
        return Reply(status: response.status.code, headers: response.headers, body: response.body.map { Array(buffer: $0) } ?? [])
    }

    /// Sends `request` (a signed one, perhaps altered) as it is.
    func send(_ request: APIRequest) async throws -> Reply {
        let components = URLComponents(url: request.url, resolvingAgainstBaseURL: false)!
        let target = components.percentEncodedPath + (components.percentEncodedQuery.map { "?" + $0 } ?? "")
        var headers = HTTPFields()
        for field in request.headers { headers.append(HTTPField(name: HTTPField.Name(field.name)!, value: field.value)) }
        return try await send(HTTPRequest.Method(request.method)!, target, headers: headers, body: request.body.isEmpty ? nil : request.body)
    }

    /// The SDK's client from `server.client(HTTPSigMockProvider.self)`, on the server's clock,
    /// without clock-skew correction; signing with `signer` when given.
    func client(signer: HTTPMessageSigner? = nil, transport: any HTTPTransport = URLSessionTransport()) throws -> HTTPMessageSignaturesClient {
        let clock = self.clock
        var client = try server.client(HTTPSigMockProvider.self, http: SignedHTTPClient(transport: transport, correctsClockSkew: false, deviceClock: { clock.now }))
        if let signer { client.configuration.signer = signer }
        return client
    }

    /// The last journal entry's reason.
    func lastReason() async -> String { await server.journal.last?.reason ?? "" }
}

/// Sends through URLSession after changing each request with `rewrite` (tampering in transit),
/// or each response with `answer`, keeping every request it sent.
final class RewritingTransport: HTTPTransport, @unchecked Sendable {
    private let rewrite: @Sendable (APIRequest) -> APIRequest
    private let answer: @Sendable (APIResponse) -> APIResponse
    private let next = URLSessionTransport()
    private let lock = NSLock()
    private var sent: [APIRequest] = []

    init(_ rewrite: @escaping @Sendable (APIRequest) -> APIRequest = { $0 }, answer: @escaping @Sendable (APIResponse) -> APIResponse = { $0 }) {
        self.rewrite = rewrite
        self.answer = answer
    }

    /// The requests sent, as sent.
    var requests: [APIRequest] { lock.withLock { sent } }

    func send(_ request: APIRequest) async throws -> APIResponse {
        let changed = rewrite(request)
        lock.withLock { sent.append(changed) }
        return answer(try await next.send(changed))
    }
}

/// The error `body` throws, as an `HTTPMessageSignatureError`.
func refusal<Result>(_ body: () async throws -> Result) async -> HTTPMessageSignatureError? {
    do {
        _ = try await body()
        return nil
    } catch let error as HTTPMessageSignatureError {
        return error
    } catch {
        return nil
    }
}
