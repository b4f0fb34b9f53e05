import DrupalMock
import DrupalServicesClient
import Foundation
import HTTPTypes
import HummingbirdTesting
import MockServerKit
import MockServerTesting
import NIOCore
import Testing

/// The JSON-RPC server: dialects, ids, notifications, batches and protocol errors.
@Suite("Drupal mock JSON-RPC envelope")
struct EnvelopeTests {
    @Test("1.1 and 2.0 answers in Drupal's member order, ids echoed as sent", arguments: [
        (JSONRPCVersion.v1_1, JSONValue.string("11"), #"{"result":"#, #","version":"1.1","id":"11"}"#),
        (.v1_1, .int(7), #"{"result":"#, #","version":"1.1","id":7}"#),
        (.v2_0, .string("a"), #"{"jsonrpc":"2.0","result":"#, #","id":"a"}"#),
        (.v2_0, .null, #"{"jsonrpc":"2.0","result":"#, #","id":null}"#),
    ])
    func dialects(version: JSONRPCVersion, id: JSONValue, prefix: String, suffix: String) async throws {
        try await DrupalHarness.withRunning { site in
            let reply = try await site.post(DrupalHarness.envelope("system.connect", [], id: id, version: version))
            #expect(reply.text.hasPrefix(prefix) && reply.text.hasSuffix(suffix), "\(reply.text)")
            #expect(reply.headers[.contentType] == "application/json; charset=utf-8")
        }
    }

    @Test("a 2.0 notification is run and answered with an empty body; a 1.1 call without id is answered without one")
    func notifications() async throws {
        try await DrupalHarness.withRunning { site in
            let sessid = try await site.login()
            let note = try await site.post(DrupalHarness.envelope("user.logout", site.keyArguments("user.logout", sessid: sessid), id: nil, version: .v2_0))
            #expect(note.status == .ok && note.body.isEmpty)
            #expect(try await site.call("user.logout", [], sessid: sessid).result == .string(DrupalServiceMessage.notLoggedIn))
            let failedNote = try await site.post(DrupalHarness.envelope("nope.nope", [], id: nil, version: .v2_0))
            #expect(failedNote.status == .ok && failedNote.body.isEmpty)
            let old = try await site.post(DrupalHarness.envelope("system.connect", [], id: nil))
            #expect(old.json?["id"] == nil && old.json?["version"] == "1.1" && old.result?["sessid"] != nil)
        }
    }

    @Test("a batch answers each call in order, leaves out notifications, and refuses empty or oversized batches")
    func batches() async throws {
        try await DrupalHarness.withRunning { site in
            let sessid = try await site.connect()
            let batch: JSONValue = [
                DrupalHarness.envelope("node.get", site.keyArguments("node.get", sessid: sessid) + [1], id: "a", version: .v2_0),
                DrupalHarness.envelope("node.get", site.keyArguments("node.get", sessid: sessid) + [999], id: "b", version: .v2_0),
                DrupalHarness.envelope("node.get", site.keyArguments("node.get", sessid: sessid) + [1], id: nil, version: .v2_0),
                "not a request",
                DrupalHarness.envelope("system.connect", [], id: 5),
            ]
            let reply = try await site.post(batch)
            let answers = try #require(reply.json?.arrayValue)
            #expect(answers.count == 4)
            #expect(answers[0]["id"] == "a" && answers[0]["result"]?["nid"] == "1")
            #expect(answers[1]["id"] == "b" && answers[1]["result"] == .string(DrupalServiceMessage.nodeNotFound))
            #expect(answers[2]["error"]?["code"] == .int(JSONRPCErrorObject.invalidRequest))
            #expect(answers[3]["id"] == 5 && answers[3]["version"] == "1.1")
            #expect(await site.lastReason().contains("batch of 5 calls, 2 refused"))
            #expect(reply.mockReason?.hasPrefix("batch of 5 calls, 2 refused (first: ") == true)
            #expect(await site.server.journal.last?.verdict == .accepted)
            let allRefused = try await site.post([DrupalHarness.envelope("nope.a", []), DrupalHarness.envelope("nope.b", [])])
            #expect(allRefused.mockReason?.contains("2 refused") == true)
            #expect(await site.server.journal.last?.verdict == .rejected)

            let empty = try await site.post(Array("[]".utf8))
            #expect(empty.json?["error"]?["code"] == .int(JSONRPCErrorObject.invalidRequest) && empty.json?["jsonrpc"] == "2.0")
            #expect(empty.json?["error"]?["message"] == "Invalid Request")
            let huge = try await site.post(.array(Array(repeating: DrupalHarness.envelope("system.connect", []), count: 101)))
            #expect(huge.json?["error"]?["code"] == .int(JSONRPCErrorObject.invalidRequest) && huge.json?["jsonrpc"] == "2.0")
            #expect(huge.json?["error"]?["message"] == "Invalid Request: the batch holds 101 calls; the limit is 100", "\(huge.text)")
            #expect(huge.mockReason?.contains("the batch holds 101 calls; the limit is 100; split it into batches of at most 100") == true, "\(huge.mockReason ?? "")")
            let full = try await site.post(.array(Array(repeating: DrupalHarness.envelope("system.connect", [], id: 1), count: 100)))
            #expect(full.json?.arrayValue?.count == 100)
            let notes = try await site.post([DrupalHarness.envelope("system.connect", [], id: nil, version: .v2_0)])
            #expect(notes.status == .ok && notes.body.isEmpty)
        }
    }

    /// A body that is not JSON, named so that test output stays short, with the reason the mock
    /// gives for it.
    struct Malformed: CustomTestStringConvertible, Sendable {
        let name: String
        let body: [UInt8]
        let reason: String
        var testDescription: String { name }

        static let all = [
            Malformed(name: "not JSON", body: Array("{not json".utf8), reason: "the body is not valid JSON"),
            Malformed(name: "empty", body: [], reason: "the body is empty"),
            Malformed(name: "blank", body: Array("   ".utf8), reason: "the body is not valid JSON"),
            Malformed(name: "not UTF-8", body: [0xFF, 0xFE, 0x7B, 0x7D], reason: "the body is not UTF-8"),
            Malformed(name: "truncated with a NUL", body: Array(#"{"method":"node.get","params":["\#u{0}"]"#.utf8), reason: "the body is not valid JSON"),
            Malformed(name: "100 000 nested arrays", body: Array(String(repeating: "[", count: 100_000).utf8), reason: "the body is not valid JSON"),
            Malformed(name: "5 000 nested objects", body: Array((String(repeating: "{\"a\":", count: 5_000) + "1" + String(repeating: "}", count: 5_000)).utf8), reason: "the body is not valid JSON"),
            Malformed(name: "500 nested arrays (JSON's parser takes 512)", body: Array(("[" + String(repeating: "[", count: 499) + String(repeating: "]", count: 499) + "]").utf8), reason: "nested more than \(JSONValue.maximumDepth) levels deep"),
            Malformed(name: "a number out of range", body: Array(#"{"version":"1.1","method":"node.get","id":1,"params":[1e999999]}"#.utf8), reason: "the body is not valid JSON"),
        ]
    }

    @Test("bodies that are not JSON get JSON-RPC's parse error (-32700, not -32600) saying why, never a crash or a 500", arguments: Malformed.all)
    func parseErrors(malformed: Malformed) async throws {
        try await DrupalHarness.withRunning { site in
            let reply = try await site.post(malformed.body)
            #expect(reply.status == .ok)
            #expect(reply.json?["error"]?["code"] == .int(JSONRPCErrorObject.parseError), "\(reply.text)")
            #expect(reply.json?["error"]?["message"] == "Parse error", "\(reply.text)")
            #expect(reply.mockReason?.contains(malformed.reason) == true, "\(reply.mockReason ?? "")")
            #expect(await site.server.journal.last?.verdict == .rejected)
        }
    }

    @Test("requests that are JSON but not calls get -32600 or -32602 with their id echoed", arguments: [
        (#"{"version":"1.1","id":9}"#, JSONRPCErrorObject.invalidRequest),
        (#"{"version":"1.1","method":7,"id":9}"#, JSONRPCErrorObject.invalidRequest),
        (#"{"jsonrpc":"1.0","method":"node.get","id":9}"#, JSONRPCErrorObject.invalidRequest),
        (#"{"version":"1.1","method":"node.get","id":9,"params":{"nid":1}}"#, JSONRPCErrorObject.invalidParams),
        (#"{"version":"1.1","method":"node.get","id":9,"params":"1"}"#, JSONRPCErrorObject.invalidParams),
        ("42", JSONRPCErrorObject.invalidRequest),
        ("null", JSONRPCErrorObject.invalidRequest),
    ])
    func invalidRequests(body: String, code: Int) async throws {
        try await DrupalHarness.withRunning { site in
            let reply = try await site.post(Array(body.utf8))
            #expect(reply.status == .ok)
            #expect(reply.json?["error"]?["code"] == .int(code), "\(reply.text)")
            if body.hasPrefix("{") { #expect(reply.json?["id"] == 9) }
        }
    }

    @Test("a wrong type in every argument position is -32602 naming the argument", arguments: [
        ("node.get", 0, "hash"), ("node.get", 1, "domain_name"), ("node.get", 2, "domain_time_stamp"), ("node.get", 3, "nonce"), ("node.get", 4, "sessid"),
        ("node.get", 5, "nid"), ("node.get", 6, "fields"), ("user.login", 5, "username"), ("user.login", 6, "password"),
        ("node.save", 5, "node"), ("node.delete", 5, "nid"),
    ])
    func wrongTypes(method: String, position: Int, name: String) async throws {
        try await DrupalHarness.withRunning { site in
            let sessid = try await site.connect()
            var params = site.keyArguments(method, sessid: sessid) + [1, ["title"]]
            if method == "user.login" { params = site.keyArguments(method, sessid: sessid) + ["demo", "x"] }
            if method == "node.save" { params = site.keyArguments(method, sessid: sessid) + [["title": "x"]] }
            params[position] = method == "node.save" || (method == "node.get" && position == 6) ? [["a": 1], 2] : ["nested": ["deep": true]]
            let reply = try await site.post(DrupalHarness.envelope(method, params))
            #expect(reply.status == .ok)
            #expect(reply.json?["error"]?["code"] == .int(JSONRPCErrorObject.invalidParams), "\(reply.text)")
            #expect(reply.json?["error"]?["message"]?.stringValue?.contains(name) == true, "\(reply.text)")
        }
    }

    @Test("a node field that is an array, a huge body, a GET, and an unknown path: clear answers, no 500")
    func hostile() async throws {
        try await DrupalHarness.withRunning(limits: MockServerLimits(maxBodyBytes: 64 * 1024)) { site in
            let sessid = try await site.login()
            let nested = try await site.call("node.save", [["title": ["x"]]], sessid: sessid)
            #expect(nested.json?["error"]?["code"] == .int(JSONRPCErrorObject.invalidParams))
            let big = try await site.post(Array(repeating: UInt8(ascii: " "), count: 100 * 1024))
            #expect(big.status == .contentTooLarge)
            #expect(big.json?["error"]?["code"] == .int(JSONRPCErrorObject.invalidRequest))
            let get = try await MockHTTP.send(.get, DrupalMockProvider.endpointPath, to: site.server.baseURL)
            #expect(get.status == .methodNotAllowed)
            let unknown = try await MockHTTP.send(.post, "/services/xmlrpc", to: site.server.baseURL)
            #expect(unknown.status == .notFound)
            let text = try await site.post(Array(#"{"version":"1.1","method":"user.login","id":1,"params":["a","b","c","d","e"]}"#.utf8))
            #expect(text.status == .ok)
        }
    }

    @Test("passwords never reach the journal, the reasons or the answers")
    func secrets() async throws {
        try await DrupalHarness.withRunning { site in
            let sessid = try await site.connect()
            _ = try await site.call("user.login", ["demo", "hunter2-secret"], sessid: sessid)
            _ = try await site.login()
            for entry in await site.server.journal.entries {
                let dump = "\(entry)"
                #expect(!dump.contains("hunter2") && !dump.contains(site.credentials["password"]!) && !dump.contains(site.apiKey))
            }
        }
    }
}
