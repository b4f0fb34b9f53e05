import DrupalServicesClient
import Foundation
import Testing

@Suite("JSON-RPC envelope")
struct JSONRPCEnvelopeTests {
    private func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    @Test func requestsInBothDialects() {
        #expect(text(JSONRPCRequest(version: .v1_1, method: "system.connect", id: 1).encoded()) == #"{"version":"1.1","method":"system.connect","id":1,"params":[]}"#)
        #expect(text(JSONRPCRequest(version: .v2_0, method: "node.get", params: [1, ["title"]], id: "a").encoded())
            == #"{"jsonrpc":"2.0","method":"node.get","id":"a","params":[1,["title"]]}"#)
        let notification = JSONRPCRequest(version: .v2_0, method: "system.log", params: ["x/y"], id: nil)
        #expect(notification.isNotification)
        #expect(text(notification.encoded()) == #"{"jsonrpc":"2.0","method":"system.log","params":["x/y"]}"#)
    }

    @Test func responsesInDrupalsMemberOrder() {
        #expect(text(JSONRPCResponse(version: .v1_1, outcome: .result("Token has expired."), id: 1).encoded())
            == #"{"result":"Token has expired.","version":"1.1","id":1}"#)
        #expect(text(JSONRPCResponse(version: .v2_0, outcome: .result(true), id: "x").encoded()) == #"{"jsonrpc":"2.0","result":true,"id":"x"}"#)
        let error = JSONRPCErrorObject(code: JSONRPCErrorObject.methodNotFound, message: "Method nope does not exist")
        #expect(text(JSONRPCResponse(version: .v1_1, outcome: .error(error), id: 2).encoded())
            == #"{"error":{"code":-32601,"message":"Method nope does not exist","name":"JSONRPCError"},"version":"1.1","id":2}"#)
        #expect(text(JSONRPCResponse(version: .v2_0, outcome: .error(error), id: nil).encoded())
            == #"{"jsonrpc":"2.0","error":{"code":-32601,"message":"Method nope does not exist"},"id":null}"#)
    }

    @Test func responsesRoundTrip() throws {
        let values: [JSONRPCResponse] = [
            JSONRPCResponse(version: .v1_1, outcome: .result(["sessid": "abc", "user": ["uid": "0"]]), id: 7),
            JSONRPCResponse(version: .v2_0, outcome: .error(JSONRPCErrorObject(code: 401, message: "Invalid API key.")), id: "q"),
            JSONRPCResponse(version: .v1_1, outcome: .result(.null), id: 3),
        ]
        for value in values {
            var expected = value
            if case .error(let object) = value.outcome { expected.outcome = .error(object.written(for: value.version)) }
            #expect(try JSONRPCResponse.parse(value.encoded()) == expected)
        }
    }

    /// Found by fuzz-jsonrpc-response (Fuzz/Regressions/fuzz-jsonrpc-response): `"id": null`
    /// was read as the id `.null`, so a 2.0 answer without an id, encoded (`"id":null`) and
    /// read back, came back different.
    @Test func nullIDIsNoID() throws {
        let answer = try JSONRPCResponse.parse(Array(#"{"jsonrpc":"2.0","result":1,"id":null}"#.utf8))
        #expect(answer.id == nil)
        let withoutID = try JSONRPCResponse.parse(Array(#"{"jsonrpc":"2.0","result":1}"#.utf8))
        #expect(try JSONRPCResponse.parse(withoutID.encoded()) == withoutID)
    }

    struct BadAnswer: Sendable, CustomTestStringConvertible {
        let body: String
        let reason: String
        var testDescription: String { reason }
    }

    @Test(arguments: [
        BadAnswer(body: "", reason: "empty"),
        BadAnswer(body: "<html>Fatal error</html>", reason: "HTML"),
        BadAnswer(body: "[1,2]", reason: "an array"),
        BadAnswer(body: #"{"version":"1.1","id":1}"#, reason: "neither result nor error"),
        BadAnswer(body: #"{"error":"boom","id":1}"#, reason: "an error that is no object"),
        BadAnswer(body: #"{"error":{"message":"no code"}}"#, reason: "an error without a code"),
        BadAnswer(body: String(repeating: "[", count: 100_000), reason: "deep nesting"),
    ])
    func malformedAnswersAreInvalidResponses(_ answer: BadAnswer) {
        #expect(throws: DrupalServicesError(code: .invalidResponse, message: "")) {
            try JSONRPCResponse.parse(Array(answer.body.utf8))
        }
    }

    /// A body of nested brackets within Foundation's own limit (512) but deeper than
    /// ``JSONValue/maximumDepth``: refused with a reason that names the depth, at every entry
    /// point that reads untrusted JSON. (Decoding cost grows with the depth's square: the
    /// fuzzer found 400 levels holding a debug build for 10 s.)
    @Test(arguments: ["[", #"{"a":"#])
    func nestingBeyondTheLimitIsRefused(_ opener: String) throws {
        let closer = opener == "[" ? "]" : "}"
        func nested(_ depth: Int) -> [UInt8] {
            Array((#"{"result":"# + String(repeating: opener, count: depth - 1) + "1" + String(repeating: closer, count: depth - 1) + "}").utf8)
        }
        // The answer object is level 1, so `maximumDepth` levels in all still parse.
        #expect(throws: Never.self) { try JSONRPCResponse.parse(nested(JSONValue.maximumDepth)) }
        for depth in [JSONValue.maximumDepth + 1, 500] {
            let error = #expect(throws: DrupalServicesError.self) { try JSONRPCResponse.parse(nested(depth)) }
            #expect(error?.code == .invalidResponse)
            #expect(error?.message.contains("nested more than \(JSONValue.maximumDepth) levels deep") == true, "\(error?.message ?? "")")
        }
        // A server decodes the request's body as a `JSONValue` first (the Drupal mock, the
        // Hummingbird key-authentication middleware).
        let request = Array(#"{"method":"m","params":"#.utf8) + nested(500) + Array("}".utf8)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(JSONValue.self, from: Data(request)) }
    }

    @Test func nonUTF8AnswerIsInvalid() {
        #expect(throws: DrupalServicesError(code: .invalidResponse, message: "")) {
            try JSONRPCResponse.parse([0x7B, 0xFF, 0xFE, 0x7D])
        }
    }

    @Test func serverSideParsing() throws {
        let request = try JSONRPCRequest.parse(["jsonrpc": "2.0", "method": "node.get", "params": [1], "id": 5])
        #expect(request == JSONRPCRequest(version: .v2_0, method: "node.get", params: [1], id: 5))
        #expect(try JSONRPCRequest.parse(["method": "system.connect"]).version == .v1_1)
        #expect(try JSONRPCRequest.parse(["method": "system.connect"]).isNotification)
        let invalid: [(JSONValue, Int)] = [
            ([1, 2], JSONRPCErrorObject.invalidRequest),
            ("text", JSONRPCErrorObject.invalidRequest),
            (["params": []], JSONRPCErrorObject.invalidRequest),
            (["method": 12], JSONRPCErrorObject.invalidRequest),
            (["method": ""], JSONRPCErrorObject.invalidRequest),
            (["method": "m", "jsonrpc": "3.0"], JSONRPCErrorObject.invalidRequest),
            (["method": "m", "id": ["x": 1]], JSONRPCErrorObject.invalidRequest),
            (["method": "m", "params": ["nid": 1]], JSONRPCErrorObject.invalidParams),
            (["method": "m", "params": "1"], JSONRPCErrorObject.invalidParams),
        ]
        for (value, code) in invalid {
            do {
                _ = try JSONRPCRequest.parse(value)
                Issue.record("accepted \(value)")
            } catch {
                #expect(error.rpcError?.code == code, "\(value)")
            }
        }
    }

    @Test func jsonValueReadsDrupalNumbers() throws {
        let value = try JSONDecoder().decode(JSONValue.self, from: Data(#"{"nid":"12","uid":3,"score":1.5,"big":1e30,"ok":true,"none":null}"#.utf8))
        #expect(value["nid"]?.intValue == 12)
        #expect(value["uid"] == .int(3))
        #expect(value["score"] == .double(1.5))
        #expect(value["big"]?.intValue == nil)
        #expect(value["ok"] == .bool(true))
        #expect(value["none"]?.isNull == true)
        #expect(value["missing"] == nil)
    }
}
