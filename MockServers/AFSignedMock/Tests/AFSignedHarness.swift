import AFSignedClient
import AFSignedMock
import Foundation
import HTTPTypes
import HummingbirdTesting
import MockServerKit
import MockServerTesting
import NIOCore

/// One AFSigned mock on a manual clock, with the SDK's client on the same clock and raw HTTP
/// helpers for what no well-behaved client sends.
struct AFSignedHarness {
    let server: MockServer
    let clock: ManualClock
    static let start = MockServer.harnessStart

    /// Runs `body` with a fresh mock on a manual clock, and stops the mock however `body` ends.
    static func withRunning<Result>(
        _ options: AFSignedMockOptions = AFSignedMockOptions(),
        limits: MockServerLimits = MockServerLimits(),
        isolation: isolated (any Actor)? = #isolation,
        _ body: (AFSignedHarness) async throws -> Result
    ) async throws -> Result {
        try await MockServer.withRunningOnManualClock(AFSignedMockProvider(options: options), limits: limits, seed: 3) { server, clock in
            try await body(AFSignedHarness(server: server, clock: clock))
        }
    }

    var credentials: [String: String] { server.providers[0].credentials }
    var clientID: String { credentials["clientID"]! }
    var secret: String { credentials["clientSecret"]! }
    var demo: AFSignedCredentials { AFSignedCredentials(clientID: clientID, clientSecret: secret) }
    var now: Int { Int(clock.now.timeIntervalSince1970) }

    /// The SDK's client on the server's clock (shifted by `offset` seconds), without clock-skew
    /// correction.
    func client(
        credentials: AFSignedCredentials? = nil, version: AFSignedVersion = .v2, clientIDField: AFSignedClientIDField = .clientID,
        transport: any HTTPTransport = URLSessionTransport(), offset: TimeInterval = 0,
        nonce: (@Sendable () -> String)? = AFSignedSigner.defaultNonce
    ) -> AFSignedClient {
        let clock = self.clock
        return AFSignedClient(
            configuration: AFSignedConfiguration(baseURL: server.baseURL, credentials: credentials ?? demo, version: version, clientIDField: clientIDField, nonce: nonce),
            http: SignedHTTPClient(transport: transport, correctsClockSkew: false, deviceClock: { clock.now.addingTimeInterval(offset) })
        )
    }

    /// A signer for hand-built requests.
    func signer(version: AFSignedVersion = .v2, clientIDField: AFSignedClientIDField = .clientID, nonce: (@Sendable () -> String)? = nil) -> AFSignedSigner {
        AFSignedSigner(credentials: demo, version: version, clientIDField: clientIDField, nonce: nonce)
    }

    /// `target` (path and query) on this server, signed as of the server's clock: fields in the
    /// query, or in a form body when `form` is given.
    func signed(_ method: String, _ target: String, form: [FormField]? = nil, signer: AFSignedSigner? = nil) throws -> APIRequest {
        let url = URL(string: server.baseURL.absoluteString + target)!
        let request = form.map { APIRequest(method: method, url: url, form: $0) } ?? APIRequest(method: method, url: url)
        return try (signer ?? self.signer()).sign(request, at: clock.now)
    }

    /// A reply: status, headers, raw body and the body parsed as a JSON object (when it is one).
    struct Reply {
        var status: HTTPResponse.Status
        var headers: HTTPFields
        var body: [UInt8]
        var json: [String: Any]? { (try? JSONSerialization.jsonObject(with: Data(body))) as? [String: Any] }
        var error: String? { json?["error"] as? String }
        var fields: [String: String]? { json?["fields"] as? [String: String] }
        var text: String { String(decoding: body, as: UTF8.self) }
        var mockReason: String? { headers[HTTPField.Name("X-Mock-Reason")!] }
        var stringToSign: String? { headers[HTTPField.Name(AFSignedField.stringToSignHeader)!] }
    }

    /// Sends `target` as it is (path and query, percent-encoded by the caller).
    func send(_ method: HTTPRequest.Method, _ target: String, headers: HTTPFields = [:], body: [UInt8]? = nil) async throws -> Reply {
        let response = try await MockHTTP.send(method, target, to: server.baseURL, headers: headers, body: body.map { ByteBuffer(bytes: $0) })
        return Reply(status: response.status, headers: response.headers, body: response.body.map { Array(buffer: $0) } ?? [])
    }

    /// Sends `request` (a signed one, perhaps altered) as it is.
    func send(_ request: APIRequest) async throws -> Reply {
        let components = URLComponents(url: request.url, resolvingAgainstBaseURL: false)!
        let target = components.percentEncodedPath + (components.percentEncodedQuery.map { "?" + $0 } ?? "")
        var headers = HTTPFields()
        for field in request.headers { headers.append(HTTPField(name: HTTPField.Name(field.name)!, value: field.value)) }
        return try await send(HTTPRequest.Method(request.method)!, target, headers: headers, body: request.body.isEmpty ? nil : request.body)
    }

    /// A form body's headers.
    static var formHeaders: HTTPFields {
        var headers = HTTPFields()
        headers[.contentType] = "application/x-www-form-urlencoded"
        return headers
    }

    /// The auth fields of version 2 for a request with `fields`, signed as of `timestamp`.
    func authFields(_ method: String, _ path: String, query: [FormField] = [], body: [FormField] = [], timestamp: Int? = nil) throws -> [FormField] {
        let auth = [FormField("auth_version", "2"), FormField("auth_client_id", clientID), FormField("auth_timestamp", String(timestamp ?? now))]
        let bytes = try AFSignedCanonicalForm.bytes(version: .v2, method: method, path: path, query: query + auth, body: body)
        return auth + [FormField("auth_signature", HMAC<SHA256>(key: Array(secret.utf8)).authenticationCode(for: bytes).hex)]
    }

    /// Every journal entry as text: method, path, parameters, reason.
    func journalText() async -> String {
        await server.journal.entries.map { "\($0.method) \($0.path) \($0.parameters) \($0.reason)" }.joined(separator: "\n")
    }

    func lastReason() async -> String { await server.journal.last?.reason ?? "" }
}

/// Sends through URLSession after changing each request with `rewrite` (tampering in transit),
/// keeping every request it sent.
final class RewritingTransport: HTTPTransport, @unchecked Sendable {
    private let rewrite: @Sendable (APIRequest) -> APIRequest
    private let next = URLSessionTransport()
    private let lock = NSLock()
    private var sent: [APIRequest] = []

    init(_ rewrite: @escaping @Sendable (APIRequest) -> APIRequest = { $0 }) {
        self.rewrite = rewrite
    }

    /// The requests sent, as sent.
    var requests: [APIRequest] { lock.withLock { sent } }

    func send(_ request: APIRequest) async throws -> APIResponse {
        let changed = rewrite(request)
        lock.withLock { sent.append(changed) }
        return try await next.send(changed)
    }
}

/// A user as the API answers it.
struct UserJSON: Decodable, Equatable {
    var id: Int
    var name: String
    var email: String
    var created_at: String
}

/// A page of `GET /users`.
struct UserPageJSON: Decodable {
    var users: [UserJSON]
    var page: Int
    var per_page: Int
    var total: Int
    var total_pages: Int
}

extension AFSignedClient {
    /// The mock's answer to the request ``AFSignedClient/send(_:_:parameters:)`` would send,
    /// whatever its status: these tests read the mock's refusals off the wire, where an app
    /// gets them as `AFSignedError`s.
    func answer(_ method: String, _ path: String, parameters: [AFSignedParameter] = []) async throws -> APIResponse {
        try await http.send(try request(method, path, parameters: parameters), signer: signer).response
    }

    /// The mock's answer to the request ``AFSignedClient/send(_:_:json:)`` would send, whatever its status.
    func answer(_ method: String, _ path: String, json body: some Encodable) async throws -> APIResponse {
        try await http.send(try request(method, path, json: body), signer: signer).response
    }
}
