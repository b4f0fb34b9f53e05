import DrupalServicesClient
import Foundation
import SignedHTTP
import SigningCore
import TestSupport
import Testing

@Suite("Drupal key authentication")
struct KeyAuthenticationTests {
    struct Vector: Sendable, CustomTestStringConvertible {
        let key, timestamp, domain, nonce, method, hash: String
        var testDescription: String { "\(method) \(domain)" }
    }

    /// Expected hashes computed independently with Python's `hmac.new(key, input, hashlib.sha256).hexdigest()`.
    static let vectors = [
        Vector(key: "c4c6e43dbf9f55asrerfa12312789", timestamp: "1262304000", domain: "*", nonce: "1804289383", method: "node.get",
               hash: "95adeb13ab79deccabf53d9d34badb89296aef0b581423bb684dc6510cd84462"),
        Vector(key: "0123456789abcdef0123456789abcdef", timestamp: "1700000000", domain: "app.example.com", nonce: "nonce-é", method: "user.login",
               hash: "f343fb1e8c0312176ccf1e73ccaa261c2b6df8eaa86c097bb1e80ae69f5965ea"),
    ]

    @Test(arguments: vectors)
    func hashMatchesPython(_ vector: Vector) {
        let hash = DrupalKeyAuthentication.hash(apiKey: vector.key, timestamp: vector.timestamp, domain: vector.domain, nonce: vector.nonce, method: vector.method)
        #expect(hash == vector.hash)
        let input = DrupalKeyAuthentication.hashInput(timestamp: vector.timestamp, domain: vector.domain, nonce: vector.nonce, method: vector.method)
        #expect(input == "\(vector.timestamp);\(vector.domain);\(vector.nonce);\(vector.method)")
        #expect(DrupalKeyAuthentication.isValid(hash: vector.hash, apiKey: vector.key, input: input))
        #expect(!DrupalKeyAuthentication.isValid(hash: vector.hash.uppercased(), apiKey: vector.key, input: input), "Drupal compares the lowercase hex exactly")
        #expect(!DrupalKeyAuthentication.isValid(hash: vector.hash, apiKey: vector.key + "x", input: input))
    }

    /// The documented `node.get` request, rebuilt from its parts: the same parameter order, hash and
    /// JSON shape as the app developer's hand-written string (whitespace aside).
    @Test func seedRequestReproducedByteForByte() throws {
        let nonce = "1804289383", timestamp = "1262304000", sessid = "9f1c0d6fa3e1b5a8c7d2e4f6a8b0c2d4"
        let signer = DrupalKeySigner(
            apiKey: DrupalAPIKey(key: "c4c6e43dbf9f55asrerfa12312789", domain: "*"),
            call: JSONRPCRequest(version: .v1_1, method: "node.get", params: [1], id: "11"),
            sessid: sessid, nonce: { nonce }
        )
        let request = try signer.sign(APIRequest(method: "POST", url: URL(string: "http://example.com/services/json-rpc")!), at: Date(timeIntervalSince1970: 1_262_304_000.9))
        let hash = "95adeb13ab79deccabf53d9d34badb89296aef0b581423bb684dc6510cd84462"
        // The documented format string, filled in: { "version": "1.1", "method": "node.get", "id": "11", "params": ["%@", "*", "%@", "%@","%@",1]}
        let seed = "{ \"version\": \"1.1\", \"method\": \"node.get\", \"id\": \"11\", \"params\": [\"\(hash)\", \"*\", \"\(timestamp)\", \"\(nonce)\",\"\(sessid)\",1]}"
        #expect(String(decoding: request.body, as: UTF8.self) == seed.filter { $0 != " " })
        #expect(request.method == "POST")
        #expect(request.header("Content-Type") == "application/json; charset=utf-8")
    }

    @Test func leadingArgumentsRoundTrip() throws {
        let arguments = DrupalKeyArguments(hash: "h", domain: "d", timestamp: "1", nonce: "n", sessid: "s")
        let params = arguments.prepended(to: [1, ["title"]])
        #expect(params == ["h", "d", "1", "n", "s", 1, ["title"]])
        let read = try DrupalKeyArguments(leading: params, usesSessid: true)
        #expect(read.hash == "h" && read.domain == "d" && read.timestamp == "1" && read.nonce == "n" && read.sessid == "s")
        #expect(read.count == 5)
        #expect(read.rest == [1, ["title"]])
    }

    @Test func leadingArgumentsReadAsPHPDoes() throws {
        let read = try DrupalKeyArguments(leading: ["h", "d", 1_700_000_000, true], usesSessid: true)
        #expect(read.timestamp == "1700000000")
        #expect(read.nonce == "1")
        #expect(read.sessid == "", "a missing argument reads as the empty string")
        #expect(read.count == 4)
        #expect(throws: DrupalServicesError(code: .invalidArguments, message: "")) {
            try DrupalKeyArguments(leading: ["h", ["d"], "1", "n"], usesSessid: false)
        }
    }

    /// Python's `hmac` recomputes the hash of many random inputs (Unicode, `;`, empty parts).
    @Test(.enabled(if: PythonPeer.executable != nil || TestEnvironment.isCI, "python3 is not installed; the Python hmac cross-check is skipped"))
    func randomInputsMatchPythonHMAC() async throws {
        struct Case: Codable { let key, input: String }
        var generator = SplitMix64(seed: 0xD2_0FA1)
        let alphabet = Array("abcXYZ019;*.-_ éü漢字🙂%+&=\"\\")
        func text(_ maxLength: Int) -> String {
            String((0..<Int(generator.next() % UInt64(maxLength + 1))).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] })
        }
        let cases = (0..<300).map { _ in
            Case(key: text(40), input: DrupalKeyAuthentication.hashInput(timestamp: String(generator.next() % 2_000_000_000), domain: text(12), nonce: text(20), method: text(15)))
        }
        let script = """
            import sys, json, hmac, hashlib
            for line in sys.stdin:
                case = json.loads(line)
                print(json.dumps(hmac.new(case["key"].encode(), case["input"].encode(), hashlib.sha256).hexdigest()))
            """
        let hashes = try await PythonPeer.batch(script: script, cases, as: String.self)
        for (item, expected) in zip(cases, hashes) {
            #expect(DrupalKeyAuthentication.hash(apiKey: item.key, input: item.input) == expected, "\(item.input)")
        }
    }
}
