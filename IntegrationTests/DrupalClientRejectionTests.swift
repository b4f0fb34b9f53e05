import DrupalMock
import DrupalServicesClient
import Foundation
import MockServerKit
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What an app sees through DrupalServicesClient, over real HTTP, when the Drupal mock refuses
/// a call: each refusal asserted by its exact `DrupalServicesError.code`, the site's own words,
/// and the mock's reason (`X-Mock-Reason`, the journal). Every case runs twice: faithful (the
/// failure string as an HTTP 200 `result`) and with `strictErrors` (a JSON-RPC error object
/// with the same message); the codes must not differ.
@Suite("DrupalServicesClient rejections against the Drupal mock")
struct DrupalClientRejectionTests {
    /// `strictErrors` off, then on.
    static let modes = [false, true]

    /// Runs `body` with a Drupal mock in the given mode, stopped however `body` ends.
    static func with(
        strict: Bool, _ options: DrupalMockOptions = DrupalMockOptions(),
        isolation: isolated (any Actor)? = #isolation,
        _ body: (DrupalMockSite) async throws -> Void
    ) async throws {
        var options = options
        options.strictErrors = strict
        try await DrupalMockSite.with(options, body)
    }

    /// `error` is the refusal `code` with the site's words `text`, delivered as the mode says,
    /// explained by the mock, and journalled as rejected with that explanation. The refusal is
    /// the last exchange on `wire`, or the one `back` exchanges before it (when the client
    /// checked its session after the refusal).
    static func check(
        _ error: DrupalServicesError, is code: DrupalServicesError.Code, saying text: String, strict: Bool,
        wire: DrupalWire, site: DrupalMockSite, back: Int = 0, sourceLocation: SourceLocation = #_sourceLocation
    ) async {
        #expect(error.code == code, "\(error)", sourceLocation: sourceLocation)
        #expect(error.providerMessage == text, sourceLocation: sourceLocation)
        let exchanges = wire.exchanges
        let index = exchanges.count - 1 - back
        guard exchanges.indices.contains(index) else {
            Issue.record("no exchange \(back) before the last", sourceLocation: sourceLocation)
            return
        }
        let exchange = exchanges[index]
        let answer = wire.answers[index]
        #expect(exchange.response.statusCode == 200, sourceLocation: sourceLocation)
        if strict {
            #expect(error.rpcError?.message == text, sourceLocation: sourceLocation)
            #expect(answer["error"]?["message"] == .string(text), "\(answer)", sourceLocation: sourceLocation)
            #expect(answer["result"] == nil, "\(answer)", sourceLocation: sourceLocation)
        } else {
            #expect(error.rpcError == nil, sourceLocation: sourceLocation)
            #expect(answer["result"] == .string(text), "\(answer)", sourceLocation: sourceLocation)
            #expect(answer["error"] == nil, "\(answer)", sourceLocation: sourceLocation)
        }
        let reason = exchange.response.mockReason
        #expect(reason?.isEmpty == false, "every refusal says why", sourceLocation: sourceLocation)
        #expect(error.mockReason == reason, sourceLocation: sourceLocation)
        let entries = await site.server.journal.entries
        let entry = entries.indices.contains(entries.count - 1 - back) ? entries[entries.count - 1 - back] : nil
        #expect(entry?.verdict == .rejected, sourceLocation: sourceLocation)
        #expect(entry?.reason == reason, sourceLocation: sourceLocation)
    }

    /// The key arguments of the last call on `wire`: hash, domain, timestamp, nonce.
    static func keyArguments(_ wire: DrupalWire) -> [String] {
        (wire.calls.last?["params"]?.arrayValue ?? []).prefix(4).map { $0.stringValue ?? "" }
    }

    // MARK: Key authentication

    @Test("a device clock an hour slow without clock correction: timestampRefused, not retried", arguments: modes)
    func expiredToken(strict: Bool) async throws {
        try await Self.with(strict: strict) { site in
            let wire = DrupalWire()
            let client = try site.client(wire: wire, clock: { Date().addingTimeInterval(-3_600) }, correctsClockSkew: false)
            let error = try await #require(throws: DrupalServicesError.self) { try await client.node(1) }
            await Self.check(error, is: .timestampRefused, saying: DrupalServiceMessage.tokenExpired, strict: strict, wire: wire, site: site)
            #expect(error.mockReason?.hasPrefix("timestamp refused") == true && error.mockReason?.contains("token expiry") == true, "\(error.mockReason ?? "")")
            #expect(wire.methods == ["system.connect", "node.get"])
        }
    }

    @Test("a timestamp an hour in the future is not rejected, as in Drupal", arguments: modes)
    func futureTimestampAccepted(strict: Bool) async throws {
        try await Self.with(strict: strict) { site in
            let client = try site.client(clock: { Date().addingTimeInterval(3_600) }, correctsClockSkew: false)
            #expect(try await client.node(1).nid == 1)
        }
    }

    @Test("a fixed nonce: the second call is nonceUsed and never resent", arguments: modes)
    func replayedNonce(strict: Bool) async throws {
        try await Self.with(strict: strict) { site in
            let wire = DrupalWire()
            let client = try site.client(wire: wire, nonce: { "fixed-nonce-0123456789abcdef" })
            #expect(try await client.node(1).nid == 1)
            let error = try await #require(throws: DrupalServicesError.self) { try await client.node(1) }
            await Self.check(error, is: .nonceUsed, saying: DrupalServiceMessage.nonceReused, strict: strict, wire: wire, site: site)
            #expect(wire.methods == ["system.connect", "node.get", "node.get"], "the replay was not retried")
            #expect(Set(wire.calls.dropFirst().compactMap { $0["params"]?.arrayValue?[3] }) == ["fixed-nonce-0123456789abcdef"])
        }
    }

    @Test("a nonce is used up by a call refused for its key: the same nonce with the right key is nonceUsed", arguments: modes)
    func nonceUsedUpByRefusedCall(strict: Bool) async throws {
        try await Self.with(strict: strict) { site in
            let key = try site.key()
            let wire = DrupalWire()
            let nonce: @Sendable () -> String = { "used-up-nonce-0123456789" }
            let wrong = try site.client(key: DrupalAPIKey(key: String(repeating: "0", count: 32), domain: key.domain), wire: wire, nonce: nonce)
            let first = try await #require(throws: DrupalServicesError.self) { try await wrong.node(1) }
            #expect(first.code == .signatureInvalid)
            let right = try site.client(wire: wire, nonce: nonce)
            let second = try await #require(throws: DrupalServicesError.self) { try await right.node(1) }
            await Self.check(second, is: .nonceUsed, saying: DrupalServiceMessage.nonceReused, strict: strict, wire: wire, site: site)
        }
    }

    @Test("a wrong key: signatureInvalid; the string the mock hashed (never the key) reaches the error", arguments: modes)
    func wrongKey(strict: Bool) async throws {
        try await Self.with(strict: strict) { site in
            let key = try site.key()
            let wrongKey = String(repeating: "0", count: 32)
            let wire = DrupalWire()
            let client = try site.client(key: DrupalAPIKey(key: wrongKey, domain: key.domain), wire: wire)
            let error = try await #require(throws: DrupalServicesError.self) { try await client.node(1) }
            await Self.check(error, is: .signatureInvalid, saying: DrupalServiceMessage.invalidAPIKey, strict: strict, wire: wire, site: site)

            let sent = Self.keyArguments(wire)
            try #require(sent.count == 4)
            let input = try #require(wire.exchanges.last?.response.header(DrupalKeyAuthentication.hashInputHeaderName))
            #expect(input == DrupalKeyAuthentication.hashInput(timestamp: sent[2], domain: key.domain, nonce: sent[3], method: "node.get"))
            #expect(!input.contains(key.key) && !input.contains(wrongKey))
            // The client carries it into the error, to compare with what was signed.
            #expect(error.serverSignatureBase == input)
            #expect(error.message.contains(input), "\(error.message)")
            #expect(!error.message.contains(wrongKey) && !error.description.contains(wrongKey), "the key is a secret")
        }
    }

    @Test("without diagnosis, Invalid API key. carries no hash input", arguments: modes)
    func wrongKeyWithoutDiagnosis(strict: Bool) async throws {
        var options = DrupalMockOptions()
        options.diagnosis = false
        try await Self.with(strict: strict, options) { site in
            let wire = DrupalWire()
            let client = try site.client(key: DrupalAPIKey(key: String(repeating: "0", count: 32), domain: try site.key().domain), wire: wire)
            let error = try await #require(throws: DrupalServicesError.self) { try await client.node(1) }
            #expect(error.code == .signatureInvalid)
            #expect(wire.exchanges.last?.response.header(DrupalKeyAuthentication.hashInputHeaderName) == nil)
            #expect(error.serverSignatureBase == nil)
        }
    }

    @Test("the right key with another domain: signatureInvalid, the hashed string shows that domain", arguments: modes)
    func wrongDomain(strict: Bool) async throws {
        try await Self.with(strict: strict) { site in
            let wire = DrupalWire()
            let client = try site.client(key: DrupalAPIKey(key: try site.key().key, domain: "other.example.com"), wire: wire)
            let error = try await #require(throws: DrupalServicesError.self) { try await client.node(1) }
            await Self.check(error, is: .signatureInvalid, saying: DrupalServiceMessage.invalidAPIKey, strict: strict, wire: wire, site: site)
            let sent = Self.keyArguments(wire)
            try #require(sent.count == 4)
            let input = DrupalKeyAuthentication.hashInput(timestamp: sent[2], domain: "other.example.com", nonce: sent[3], method: "node.get")
            #expect(wire.exchanges.last?.response.header(DrupalKeyAuthentication.hashInputHeaderName) == input)
            #expect(error.serverSignatureBase == input)
        }
    }

    @Test("the read-only key reads nodes but node.save and user.login are Access denied. (the key's refusal)", arguments: modes)
    func readOnlyKey(strict: Bool) async throws {
        try await Self.with(strict: strict) { site in
            let wire = DrupalWire()
            let client = try site.client(key: try site.readOnlyKey(), wire: wire)
            #expect(try await client.node(1).nid == 1)
            let save = try await #require(throws: DrupalServicesError.self) { try await client.saveNode(DrupalNode(type: "story", title: "Not allowed")) }
            await Self.check(save, is: .accessDenied, saying: DrupalServiceMessage.keyAccessDenied, strict: strict, wire: wire, site: site)
            let demo = try site.demoLogin()
            let login = try await #require(throws: DrupalServicesError.self) { try await client.login(username: demo.username, password: demo.password) }
            await Self.check(login, is: .accessDenied, saying: DrupalServiceMessage.keyAccessDenied, strict: strict, wire: wire, site: site)
            #expect(wire.methods == ["system.connect", "node.get", "node.save", "user.login"])
        }
    }

    @Test("node.save as the anonymous user: Access denied (the method's own check)", arguments: modes)
    func anonymousSave(strict: Bool) async throws {
        try await Self.with(strict: strict) { site in
            let wire = DrupalWire()
            let client = try site.client(wire: wire)
            let error = try await #require(throws: DrupalServicesError.self) { try await client.saveNode(DrupalNode(type: "story", title: "Anonymous")) }
            await Self.check(error, is: .accessDenied, saying: DrupalServiceMessage.accessDenied, strict: strict, wire: wire, site: site)
        }
    }

    @Test("demo may not load admin's unpublished node, delete or edit admin's node; each denial keeps the session", arguments: modes)
    func notTheAuthor(strict: Bool) async throws {
        try await Self.with(strict: strict) { site in
            let wire = DrupalWire()
            let client = try site.client(wire: wire)
            let demo = try site.demoLogin()
            try await client.login(username: demo.username, password: demo.password)
            let session = try #require(await client.session)
            let original = try await client.node(1)

            let unpublished = try await #require(throws: DrupalServicesError.self) { try await client.node(3) }
            // The client asks the site whether the session is still demo's (it is) after each denial.
            await Self.check(unpublished, is: .accessDenied, saying: DrupalServiceMessage.accessDenied, strict: strict, wire: wire, site: site, back: 1)
            let delete = try await #require(throws: DrupalServicesError.self) { try await client.deleteNode(1) }
            await Self.check(delete, is: .accessDenied, saying: DrupalServiceMessage.accessDenied, strict: strict, wire: wire, site: site, back: 1)
            var hijacked = original
            hijacked.title = "Hijacked"
            let edit = try await #require(throws: DrupalServicesError.self) { try await client.saveNode(hijacked) }
            await Self.check(edit, is: .accessDenied, saying: DrupalServiceMessage.accessDenied, strict: strict, wire: wire, site: site, back: 1)

            #expect(try await client.node(1).title == original.title, "node 1 is unchanged")
            let after = try #require(await client.session)
            #expect(after.sessid == session.sessid && after.user.uid == 2, "the session is still demo's")
            #expect(wire.methods == [
                "system.connect", "user.login", "node.get", "node.get", "system.connect", "node.delete", "system.connect", "node.save", "system.connect", "node.get",
            ])
        }
    }

    @Test("node.save without a title: the site's own words and serviceFailure in both modes (a string, or an error object with an application code)", arguments: modes)
    func untitledNode(strict: Bool) async throws {
        try await Self.with(strict: strict) { site in
            let wire = DrupalWire()
            let client = try site.client(wire: wire)
            let demo = try site.demoLogin()
            try await client.login(username: demo.username, password: demo.password)
            let error = try await #require(throws: DrupalServicesError.self) { try await client.saveNode(DrupalNode(type: "story", body: "No title")) }
            #expect(error.providerMessage == "Title field is required.")
            #expect(error.code == .serviceFailure)
            if strict {
                #expect(error.rpcError?.message == "Title field is required.")
                #expect(error.rpcError?.code == 406)
            } else {
                #expect(error.rpcError == nil)
            }
            #expect(wire.methods == ["system.connect", "user.login", "node.save"])
        }
    }

    @Test("a client without sessid against a site with sessions: invalidSessid, or the nid read as the sessid", arguments: modes)
    func missingSessid(strict: Bool) async throws {
        try await Self.with(strict: strict) { site in
            let wire = DrupalWire()
            let client = try site.client(usesSessid: false, wire: wire)
            let logout = try await #require(throws: DrupalServicesError.self) { try await client.call("user.logout") }
            await Self.check(logout, is: .invalidSessid, saying: DrupalServiceMessage.invalidSessid, strict: strict, wire: wire, site: site)
            // With an argument, the argument takes the sessid's place and the nid is missing.
            let node = try await #require(throws: DrupalServicesError.self) { try await client.node(1) }
            await Self.check(node, is: .invalidArguments, saying: DrupalServiceMessage.missingArguments(["nid"]), strict: strict, wire: wire, site: site)
            #expect(wire.methods == ["user.logout", "node.get"], "no system.connect without sessions")
        }
    }

    // MARK: Methods and arguments

    @Test("an unknown method: methodNotFound", arguments: modes)
    func unknownMethod(strict: Bool) async throws {
        try await Self.with(strict: strict) { site in
            let wire = DrupalWire()
            let client = try site.client(wire: wire)
            let error = try await #require(throws: DrupalServicesError.self) { try await client.call("node.frobnicate", [1]) }
            await Self.check(error, is: .methodNotFound, saying: DrupalServiceMessage.methodDoesNotExist("node.frobnicate"), strict: strict, wire: wire, site: site)
        }
    }

    @Test("node.get without its nid: invalidArguments, Missing required arguments: nid", arguments: modes)
    func missingArguments(strict: Bool) async throws {
        try await Self.with(strict: strict) { site in
            let wire = DrupalWire()
            let client = try site.client(wire: wire)
            let error = try await #require(throws: DrupalServicesError.self) { try await client.call("node.get") }
            await Self.check(error, is: .invalidArguments, saying: DrupalServiceMessage.missingArguments(["nid"]), strict: strict, wire: wire, site: site)
        }
    }

    @Test("node.get with an object as its nid: invalidArguments, JSON-RPC error -32602", arguments: modes)
    func wrongArgumentType(strict: Bool) async throws {
        try await Self.with(strict: strict) { site in
            let wire = DrupalWire()
            let client = try site.client(wire: wire)
            let error = try await #require(throws: DrupalServicesError.self) { try await client.call("node.get", [["nid": 1]]) }
            #expect(error.code == .invalidArguments)
            #expect(error.rpcError?.code == JSONRPCErrorObject.invalidParams)
            #expect(wire.answers.last?["error"]?["code"] == .int(JSONRPCErrorObject.invalidParams))
            #expect(wire.exchanges.last?.response.mockReason?.isEmpty == false)
            #expect(await site.server.journal.entries.last?.verdict == .rejected)
        }
    }

    // MARK: The JSON-RPC envelope, sent raw

    /// POSTs `body` to the site's endpoint with URLSession; returns the status, the answer's
    /// bytes and its `X-Mock-Reason`.
    static func post(_ body: String, to site: DrupalMockSite) async throws -> (status: Int, body: Data, reason: String?) {
        var request = URLRequest(url: site.endpoint)
        request.httpMethod = "POST"
        request.setValue("application/json; charset=utf-8", forHTTPHeaderField: "Content-Type")
        request.httpBody = Data(body.utf8)
        let session = URLSession(configuration: .ephemeral)
        defer { session.finishTasksAndInvalidate() }
        let (data, response) = try await session.data(for: request)
        let http = try #require(response as? HTTPURLResponse)
        return (http.statusCode, data, http.value(forHTTPHeaderField: APIResponse.mockReasonHeaderName))
    }

    static func json(_ data: Data) throws -> JSONValue {
        try JSONDecoder().decode(JSONValue.self, from: data)
    }

    @Test("a body that is not JSON: HTTP 200 with a -32700 parse error", arguments: modes)
    func malformedJSON(strict: Bool) async throws {
        try await Self.with(strict: strict) { site in
            let answer = try await Self.post(#"{"version": "1.1", "method": "node.get", "id": 1, "params": ["#, to: site)
            #expect(answer.status == 200)
            // No id could be read, so a 1.1 answer has none.
            #expect(try Self.json(answer.body) == [
                "error": ["name": "JSONRPCError", "code": .int(JSONRPCErrorObject.parseError), "message": "Parse error"],
                "version": "1.1",
            ], "\(String(decoding: answer.body, as: UTF8.self))")
            #expect(answer.reason?.isEmpty == false)
            #expect(await site.server.journal.entries.last?.verdict == .rejected)
        }
    }

    @Test("a batch gets an array with one answer per call that has an id; notifications get none", arguments: modes)
    func batch(strict: Bool) async throws {
        try await Self.with(strict: strict) { site in
            let answer = try await Self.post("""
                [{"version":"1.1","method":"system.connect","id":1,"params":[]},
                 {"jsonrpc":"2.0","method":"system.connect","id":"two","params":[]},
                 {"jsonrpc":"2.0","method":"system.connect","params":[]},
                 {"jsonrpc":"2.0","method":"node.get","id":3,"params":"not a list"}]
                """, to: site)
            #expect(answer.status == 200)
            let entries = try #require(try Self.json(answer.body).arrayValue, "\(String(decoding: answer.body, as: UTF8.self))")
            try #require(entries.count == 3)
            // Each answer in its call's dialect with its id; the notification's is left out.
            #expect(entries[0].objectValue.map { Set($0.keys) } == ["result", "version", "id"])
            #expect(entries[0]["version"] == "1.1")
            #expect(entries[0]["id"] == 1)
            #expect(entries[0]["result"]?["sessid"]?.stringValue?.isEmpty == false)
            #expect(entries[0]["result"]?["user"] == ["uid": 0, "hostname": "127.0.0.1", "roles": ["1": "anonymous user"], "session": "", "cache": 0])
            #expect(entries[1].objectValue.map { Set($0.keys) } == ["jsonrpc", "result", "id"])
            #expect(entries[1]["jsonrpc"] == "2.0")
            #expect(entries[1]["id"] == "two")
            #expect(entries[1]["result"]?["sessid"]?.stringValue?.isEmpty == false)
            #expect(entries[1]["result"]?["sessid"] != entries[0]["result"]?["sessid"])
            #expect(entries[2] == [
                "jsonrpc": "2.0", "error": ["code": .int(JSONRPCErrorObject.invalidParams), "message": #"Invalid params: "params" must be an array"#], "id": 3,
            ])
        }
    }

    @Test("an empty batch: a single -32600 invalid request", arguments: modes)
    func emptyBatch(strict: Bool) async throws {
        try await Self.with(strict: strict) { site in
            let answer = try await Self.post("[]", to: site)
            #expect(answer.status == 200)
            #expect(try Self.json(answer.body) == [
                "jsonrpc": "2.0", "error": ["code": .int(JSONRPCErrorObject.invalidRequest), "message": "Invalid Request"], "id": nil,
            ], "\(String(decoding: answer.body, as: UTF8.self))")
            #expect(answer.reason?.isEmpty == false)
            #expect(await site.server.journal.entries.last?.verdict == .rejected)
        }
    }

    @Test("a JSON-RPC 2.0 notification gets HTTP 200 and an empty body, even when the call fails", arguments: modes)
    func notification(strict: Bool) async throws {
        try await Self.with(strict: strict) { site in
            let connect = try await Self.post(#"{"jsonrpc":"2.0","method":"system.connect","params":[]}"#, to: site)
            #expect(connect.status == 200)
            #expect(connect.body.isEmpty, "\(String(decoding: connect.body, as: UTF8.self))")
            let failing = try await Self.post(#"{"jsonrpc":"2.0","method":"node.get","params":["no-hash","app.example.com","0","n",""]}"#, to: site)
            #expect(failing.status == 200)
            #expect(failing.body.isEmpty, "\(String(decoding: failing.body, as: UTF8.self))")
        }
    }
}
