import Foundation
import HTTPMessageSignatures
import HTTPMessageSignaturesCrypto
import Testing

/// Key text as it arrives in practice (CRLF, one long line, indented in YAML), and hostile
/// input: every truncation of every key, random bytes, deep JSON. Never a crash, never a hang,
/// always `invalidKey`.
@Suite("Robustness")
struct RobustnessTests {
    static let names = ["test-key-rsa", "test-key-rsa-pss", "test-key-ecc-p256", "test-key-ed25519"]

    static func algorithm(_ name: String) -> HTTPSignatureAlgorithm? {
        name.hasPrefix("test-key-rsa") ? .rsaPSSSHA512 : nil
    }

    static func der(_ pem: String) -> [UInt8] {
        Array(Data(base64Encoded: pem.split(separator: "\n").filter { !$0.hasPrefix("-----") }.joined())!)
    }

    @Test("PEM with CRLF, on one line, indented, or with 76-character lines loads", arguments: names)
    func laxPEM(name: String) throws {
        let pem = Vectors.text("\(name).pem")
        let expected = try TestKeys.privateKey(name, Self.algorithm(name))
        let lines = pem.split(separator: "\n").map(String.init)
        let first = lines[0]
        let last = lines[lines.count - 1]
        let body = Array(lines.dropFirst().dropLast().joined())
        var wrapped76: [String] = []
        for start in stride(from: 0, to: body.count, by: 76) {
            wrapped76.append(String(body[start..<min(start + 76, body.count)]))
        }
        let variants: [String] = [
            pem.replacingOccurrences(of: "\n", with: "\r\n"),
            first + "\n" + String(body) + "\n" + last + "\n",
            lines.map { "    " + $0 }.joined(separator: "\n"),
            ([first] + wrapped76 + [last]).joined(separator: "\n"),
        ]
        for variant in variants {
            #expect(try HTTPSignaturePrivateKey(pemRepresentation: variant, algorithm: Self.algorithm(name)) == expected)
        }
    }

    @Test("every truncation of a key's DER is refused with invalidKey", arguments: names)
    func truncations(name: String) {
        let privateDER = Self.der(Vectors.text("\(name).pem"))
        let publicDER = Self.der(Vectors.text("\(name).pub.pem"))
        for count in 0..<privateDER.count {
            expectKeyError(containing: []) { () throws(HTTPMessageSignatureError) in
                _ = try HTTPSignaturePrivateKey(derRepresentation: privateDER.prefix(count), algorithm: Self.algorithm(name))
            }
        }
        for count in 0..<publicDER.count {
            expectKeyError(containing: []) { () throws(HTTPMessageSignatureError) in
                _ = try HTTPSignaturePublicKey(derRepresentation: publicDER.prefix(count), algorithm: Self.algorithm(name))
            }
        }
    }

    @Test("changed bytes in a key's DER load a key or throw invalidKey, never crash", arguments: names)
    func mutations(name: String) {
        var generator = SystemRandomNumberGenerator()
        let privateDER = Self.der(Vectors.text("\(name).pem"))
        let publicDER = Self.der(Vectors.text("\(name).pub.pem"))
        for _ in 0..<300 {
            for (der, isPrivate) in [(privateDER, true), (publicDER, false)] {
                var mutated = der
                for _ in 0..<Int.random(in: 1...3, using: &generator) {
                    mutated[Int.random(in: 0..<mutated.count, using: &generator)] = UInt8.random(in: 0...255, using: &generator)
                }
                do throws(HTTPMessageSignatureError) {
                    if isPrivate {
                        _ = try HTTPSignaturePrivateKey(derRepresentation: mutated, algorithm: Self.algorithm(name))
                    } else {
                        _ = try HTTPSignaturePublicKey(derRepresentation: mutated, algorithm: Self.algorithm(name))
                    }
                } catch {
                    #expect(error.code == .invalidKey)
                    #expect(!error.message.isEmpty)
                }
            }
        }
    }

    @Test("random bytes and random text are refused with invalidKey")
    func randomInput() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2000 {
            let bytes = (0..<Int.random(in: 0...200, using: &generator)).map { _ in UInt8.random(in: 0...255, using: &generator) }
            // Half of them start like a DER SEQUENCE, to get past the first check.
            let der = Bool.random(using: &generator) ? [0x30, UInt8(bytes.count & 0x7F)] + bytes : bytes
            expectKeyError(containing: []) { () throws(HTTPMessageSignatureError) in
                _ = try HTTPSignaturePrivateKey(derRepresentation: der)
            }
            let text = String(decoding: bytes, as: UTF8.self)
            expectKeyError(containing: []) { () throws(HTTPMessageSignatureError) in
                _ = try HTTPSignaturePublicKey(pemRepresentation: "-----BEGIN PUBLIC KEY-----\n" + text + "\n-----END PUBLIC KEY-----\n")
            }
            expectKeyError(containing: []) { () throws(HTTPMessageSignatureError) in
                _ = try HTTPSignaturePublicKey(jwk: text)
            }
        }
    }

    @Test("deeply nested or oversized JSON is refused, not a stack overflow")
    func hostileJSON() {
        let deep = String(repeating: "[", count: 30_000) + String(repeating: "]", count: 30_000)
        expectKeyError(containing: []) { () throws(HTTPMessageSignatureError) in
            _ = try HTTPSignaturePublicKey(jwk: deep)
        }
        let deepObject = String(repeating: #"{"a":"#, count: 30_000) + "1" + String(repeating: "}", count: 30_000)
        expectKeyError(containing: []) { () throws(HTTPMessageSignatureError) in
            _ = try HTTPSignatureJWKSet(json: deepObject)
        }
        let huge = #"{"kty":"OKP","x":""# + String(repeating: "A", count: 70_000) + #""}"#
        expectKeyError(containing: ["a JWK is at most a few kilobytes"]) { () throws(HTTPMessageSignatureError) in
            _ = try HTTPSignaturePublicKey(jwk: huge)
        }
        let hugeSet = #"{"keys":[""# + String(repeating: "A", count: 1_100_000) + #""]}"#
        expectKeyError(containing: ["more than 1048576 is refused"]) { () throws(HTTPMessageSignatureError) in
            _ = try HTTPSignatureJWKSet(json: hugeSet)
        }
    }
}
