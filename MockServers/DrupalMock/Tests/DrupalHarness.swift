import DrupalMock
import DrupalServicesClient
import Foundation
import HTTPTypes
import HummingbirdTesting
import MockServerKit
import MockServerTesting
import NIOCore

/// One Drupal mock on a manual clock, with raw JSON-RPC helpers: the tests build the wire
/// format themselves so that what the site accepts is pinned independently of the client.
struct DrupalHarness {
    let server: MockServer
    let clock: ManualClock
    static let start = MockServer.harnessStart

    /// Runs `body` with a fresh mock on a manual clock, and stops the mock however `body` ends.
    static func withRunning<Result>(
        _ options: DrupalMockOptions = DrupalMockOptions(),
        limits: MockServerLimits = MockServerLimits(),
        isolation: isolated (any Actor)? = #isolation,
        _ body: (DrupalHarness) async throws -> Result
    ) async throws -> Result {
        try await MockServer.withRunningOnManualClock(DrupalMockProvider(options: options), limits: limits, seed: 7) { server, clock in
            try await body(DrupalHarness(server: server, clock: clock))
        }
    }

    var credentials: [String: String] { server.providers[0].credentials }
    var apiKey: String { credentials["apiKey"]! }
    var domain: String { credentials["domain"]! }
    var now: Int { Int(clock.now.timeIntervalSince1970) }

    /// A reply: status, headers, raw body and the body parsed as JSON (when it is).
    struct Reply {
        var status: HTTPResponse.Status
        var headers: HTTPFields
        var body: [UInt8]
        var json: JSONValue? { try? JSONDecoder().decode(JSONValue.self, from: Data(body)) }
        var result: JSONValue? { json?["result"] }
        var error: JSONValue? { json?["error"] }
        var text: String { String(decoding: body, as: UTF8.self) }
        var mockReason: String? { headers[HTTPField.Name("X-Mock-Reason")!] }
    }

    /// POSTs `body` to the endpoint.
    func post(_ body: [UInt8], headers: HTTPFields = [:], path: String = DrupalMockProvider.endpointPath) async throws -> Reply {
        var headers = headers
        if headers[.contentType] == nil { headers[.contentType] = "application/json; charset=utf-8" }
        let response = try await MockHTTP.send(.post, path, to: server.baseURL, headers: headers, body: ByteBuffer(bytes: body))
        return Reply(status: response.status, headers: response.headers, body: response.body.map { Array(buffer: $0) } ?? [])
    }

    func post(_ envelope: JSONValue, headers: HTTPFields = [:]) async throws -> Reply {
        try await post(Array(envelope.jsonText.utf8), headers: headers)
    }

    /// The leading arguments: hash, domain, timestamp, nonce, then sessid when given.
    func keyArguments(_ method: String, sessid: String?, timestamp: Int? = nil, nonce: String = UUID().uuidString,
                      key: String? = nil, domain: String? = nil) -> [JSONValue] {
        let domain = domain ?? self.domain
        let timestamp = String(timestamp ?? now)
        let hash = DrupalKeyAuthentication.hash(apiKey: key ?? apiKey, timestamp: timestamp, domain: domain, nonce: nonce, method: method)
        var arguments: [JSONValue] = [.string(hash), .string(domain), .string(timestamp), .string(nonce)]
        if let sessid { arguments.append(.string(sessid)) }
        return arguments
    }

    /// A 1.1 envelope.
    static func envelope(_ method: String, _ params: [JSONValue], id: JSONValue? = "1", version: JSONRPCVersion = .v1_1) -> JSONValue {
        var members: [String: JSONValue] = ["method": .string(method), "params": .array(params)]
        if version == .v2_0 { members["jsonrpc"] = "2.0" } else { members["version"] = "1.1" }
        if let id { members["id"] = id }
        return .object(members)
    }

    /// Calls `method` with key arguments and `sessid`, returning the reply.
    func call(_ method: String, _ arguments: [JSONValue] = [], sessid: String?, headers: HTTPFields = [:]) async throws -> Reply {
        try await post(Self.envelope(method, keyArguments(method, sessid: sessid) + arguments), headers: headers)
    }

    /// `system.connect`: the anonymous sessid.
    func connect() async throws -> String {
        let reply = try await post(Self.envelope("system.connect", []))
        return reply.result?["sessid"]?.stringValue ?? ""
    }

    /// Connects and logs in as `username`, returning the logged-in sessid.
    func login(_ username: String? = nil, _ password: String? = nil) async throws -> String {
        let sessid = try await connect()
        let reply = try await call("user.login", [.string(username ?? credentials["username"]!), .string(password ?? credentials["password"]!)], sessid: sessid)
        return reply.result?["sessid"]?.stringValue ?? ""
    }

    func lastReason() async -> String { await server.journal.last?.reason ?? "" }
}
