import DrupalServicesClient
import Foundation
import SignedHTTP
import SignedHTTPTesting
import Testing

/// The client against scripted answers: Drupal's failure strings and error objects become
/// codes, clock skew is corrected once, a replayed nonce is never resent.
@Suite("Drupal answers")
struct DrupalAnswerTests {
    static let endpoint = URL(string: "http://drupal.test/services/json-rpc")!
    static let key = DrupalAPIKey(key: "0123456789abcdef0123456789abcdef", domain: "app.example.com")

    /// A client without sessions (no `system.connect` first) answering with `answer`.
    static func client(
        version: JSONRPCVersion = .v1_1,
        clock: @escaping @Sendable () -> Date = { Date() },
        answer: @escaping @Sendable (APIRequest) async throws -> APIResponse
    ) -> DrupalServicesClient {
        DrupalServicesClient(
            configuration: DrupalServicesConfiguration(baseURL: endpoint, apiKey: key, endpointPath: "", usesSessid: false, version: version),
            http: SignedHTTPClient(transport: ClosureTransport(answer), deviceClock: clock)
        )
    }

    static func body(_ json: String, date: Date? = nil) -> APIResponse {
        var headers: HeaderFields = ["Content-Type": "application/json; charset=utf-8"]
        if let date { headers["Date"] = HTTPDate.format(date) }
        return APIResponse(statusCode: 200, headers: headers, body: Array(json.utf8))
    }

    static func call(_ request: APIRequest) throws -> JSONValue {
        try JSONDecoder().decode(JSONValue.self, from: Data(request.body))
    }

    struct Failure: Sendable, CustomTestStringConvertible {
        let text: String
        let code: DrupalServicesError.Code
        var testDescription: String { text }
    }

    static let failures = [
        Failure(text: DrupalServiceMessage.tokenExpired, code: .timestampRefused),
        Failure(text: DrupalServiceMessage.nonceReused, code: .nonceUsed),
        Failure(text: DrupalServiceMessage.invalidAPIKey, code: .signatureInvalid),
        Failure(text: DrupalServiceMessage.keyAccessDenied, code: .accessDenied),
        Failure(text: DrupalServiceMessage.accessDenied, code: .accessDenied),
        Failure(text: DrupalServiceMessage.invalidSessid, code: .invalidSessid),
        Failure(text: DrupalServiceMessage.wrongCredentials, code: .wrongCredentials),
        Failure(text: DrupalServiceMessage.notLoggedIn, code: .notLoggedIn),
        Failure(text: DrupalServiceMessage.nodeNotFound, code: .notFound),
        Failure(text: DrupalServiceMessage.alreadyLoggedIn(as: "demo"), code: .alreadyLoggedIn),
        Failure(text: DrupalServiceMessage.missingArguments(["nid"]), code: .invalidArguments),
        Failure(text: DrupalServiceMessage.methodDoesNotExist("node.nope"), code: .methodNotFound),
    ]

    @Test("a failure string on HTTP 200 (faithful)", arguments: failures)
    func failureStrings(_ failure: Failure) async throws {
        let text = String(decoding: try JSONEncoder().encode(failure.text), as: UTF8.self)
        let client = Self.client { request in
            Self.body(#"{"result":\#(text),"version":"1.1","id":\#(try Self.call(request)["id"]!.jsonText)}"#)
        }
        let error = try await #require(throws: DrupalServicesError.self) { try await client.call("node.get", [1]) }
        #expect(error.code == failure.code)
        #expect(error.providerMessage == failure.text)
        #expect(error.message.contains(failure.text))
    }

    @Test("the same failure as an error object (strict)", arguments: failures)
    func failureObjects(_ failure: Failure) async throws {
        let text = String(decoding: try JSONEncoder().encode(failure.text), as: UTF8.self)
        let client = Self.client(version: .v2_0) { request in
            Self.body(#"{"jsonrpc":"2.0","error":{"code":401,"message":\#(text)},"id":\#(try Self.call(request)["id"]!.jsonText)}"#)
        }
        let error = try await #require(throws: DrupalServicesError.self) { try await client.call("node.get", [1]) }
        #expect(error.code == failure.code)
        #expect(error.rpcError?.code == 401)
    }

    @Test("an unknown message in an error object: serviceFailure for an application code, rpcError for a reserved one")
    func unknownErrorObjects() async throws {
        for (code, expected) in [(406, DrupalServicesError.Code.serviceFailure), (-32000, .rpcError), (-32099, .rpcError)] {
            let client = Self.client(version: .v2_0) { request in
                Self.body(#"{"jsonrpc":"2.0","error":{"code":\#(code),"message":"Title field is required."},"id":\#(try Self.call(request)["id"]!.jsonText)}"#)
            }
            let error = try await #require(throws: DrupalServicesError.self) { try await client.call("node.save", [[:]]) }
            #expect(error.code == expected, "code \(code)")
            #expect(error.providerMessage == "Title field is required.")
        }
    }

    @Test("Invalid API key. with X-Drupal-Hash-Input: the error shows the string the server hashed")
    func serverSignatureBase() async throws {
        let client = Self.client { request in
            var response = Self.body(#"{"result":"Invalid API key.","version":"1.1","id":\#(try Self.call(request)["id"]!.jsonText)}"#)
            response.headers[DrupalKeyAuthentication.hashInputHeaderName] = "1700000000;app.example.com;abc;node.get"
            return response
        }
        let error = try await #require(throws: DrupalServicesError.self) { try await client.call("node.get", [1]) }
        #expect(error.code == .signatureInvalid)
        #expect(error.serverSignatureBase == "1700000000;app.example.com;abc;node.get")
        #expect(error.message.contains("the server hashed “1700000000;app.example.com;abc;node.get”"))
        #expect(!error.message.contains(Self.key.key))
    }

    @Test func unknownStringIsAResultForGenericCallsButAFailureForTypedOnes() async throws {
        let client = Self.client { request in
            Self.body(#"{"result":"Title field is required.","version":"1.1","id":\#(try Self.call(request)["id"]!.jsonText)}"#)
        }
        #expect(try await client.call("custom.echo") == "Title field is required.")
        let error = try await #require(throws: DrupalServicesError.self) { try await client.node(1) }
        #expect(error.code == .serviceFailure)
        #expect(error.providerMessage == "Title field is required.")
    }

    @Test func skewedClockIsCorrectedOnceWithAFreshNonce() async throws {
        let serverNow = Date()
        let sent = Recorder()
        let client = Self.client(clock: { Date().addingTimeInterval(-120) }) { request in
            let params = try Self.call(request)["params"]!.arrayValue!
            await sent.add(params)
            let timestamp = Int(params[2].stringValue!)!
            let expired = timestamp + 30 < Int(Date().timeIntervalSince1970)
            return Self.body(expired ? #"{"result":"Token has expired.","version":"1.1","id":1}"# : #"{"result":{"nid":"1","title":"Hello"},"version":"1.1","id":1}"#, date: serverNow)
        }
        let node = try await client.node(1)
        #expect(node.title == "Hello")
        let attempts = await sent.items
        try #require(attempts.count == 2)
        #expect(attempts[0][3] != attempts[1][3], "the retry carries a new nonce")
        let corrected = Int(attempts[1][2].stringValue!)!
        #expect(abs(corrected - Int(serverNow.timeIntervalSince1970)) <= 2, "the retry is signed at the server's time")
        #expect(await client.http.serverClock.offset.map { abs($0 - 120) < 3 } == true)
    }

    @Test func replayedNonceIsNeverResent() async throws {
        let sent = Recorder()
        let client = Self.client { request in
            await sent.add(try Self.call(request)["params"]!.arrayValue!)
            return Self.body(#"{"result":"Token has been used previously for a request. Re-try with another nonce key.","version":"1.1","id":1}"#, date: Date())
        }
        let error = try await #require(throws: DrupalServicesError.self) { try await client.node(1) }
        #expect(error.code == .nonceUsed)
        #expect(await sent.items.count == 1)
    }

    @Test func httpErrorStatusIsRejected() async throws {
        let client = Self.client { _ in APIResponse(statusCode: 503, headers: ["X-Mock-Reason": "fault"], body: Array("Service Unavailable".utf8)) }
        let error = try await #require(throws: DrupalServicesError.self) { try await client.call("node.get", [1]) }
        #expect(error.code == .requestRejected)
        #expect(error.statusCode == 503)
        #expect(error.mockReason == "fault")
    }

    @Test func transportFailureKeepsItsCause() async throws {
        let client = Self.client { _ in throw URLError(.timedOut) }
        let error = try await #require(throws: DrupalServicesError.self) { try await client.call("node.get", [1]) }
        #expect(error.code == .transportFailed)
        #expect((error.cause as? URLError)?.code == .timedOut)
    }

    @Test func wrongTypeNamesTheMember() async throws {
        let client = Self.client { _ in Self.body(#"{"result":{"nid":{"value":1},"title":"x"},"version":"1.1","id":1}"#) }
        let error = try await #require(throws: DrupalServicesError.self) { try await client.node(1) }
        #expect(error.code == .decodingFailed)
        #expect(error.message.contains("result.nid"), "\(error.message)")
    }

    @Test func nodeDecodesDrupalStrings() async throws {
        let client = Self.client { _ in
            Self.body(#"{"result":{"nid":"7","uid":"2","status":"1","promote":"0","created":"1262304000","title":"Ünïcode","taxonomy":{"3":{"name":"News"}}},"version":"1.1","id":1}"#)
        }
        let node = try await client.node(7)
        #expect(node.nid == 7 && node.uid == 2 && node.status == true && node.promote == false)
        #expect(node.created == Date(timeIntervalSince1970: 1_262_304_000))
        #expect(node.title == "Ünïcode")
        #expect(node.otherFields["taxonomy"]?["3"]?["name"] == "News")
        #expect(node.body == nil, "a member the answer lacks is nil")
    }

    @Test func answerForAnotherIDIsRefused() async throws {
        let client = Self.client { _ in Self.body(#"{"result":true,"version":"1.1","id":999}"#) }
        let error = try await #require(throws: DrupalServicesError.self) { try await client.call("node.delete", [1]) }
        #expect(error.code == .invalidResponse)
    }

    @Test func notificationHasNoID() async throws {
        let sent = Recorder()
        let client = Self.client(version: .v2_0) { request in
            await sent.add([try Self.call(request)])
            return APIResponse(statusCode: 200)
        }
        try await client.notify("watchdog.send", ["hello"])
        let call = try #require(await sent.items.first?.first)
        #expect(call["id"] == nil)
        #expect(call["jsonrpc"] == "2.0")
        #expect(call["params"]?.arrayValue?.last == "hello")
    }
}

/// Collects what a scripted transport saw.
actor Recorder {
    private(set) var items: [[JSONValue]] = []
    func add(_ item: [JSONValue]) { items.append(item) }
}
