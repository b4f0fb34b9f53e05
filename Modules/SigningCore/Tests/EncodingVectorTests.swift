import Foundation
import SigningCore
import Testing

@Suite("RFC 4648 §10 Base64 and Base16 vectors")
struct EncodingVectorTests {
    /// RFC 4648 §10: (input, BASE64, BASE16).
    static let rfc4648: [(input: String, base64: String, base16: String)] = [
        ("", "", ""),
        ("f", "Zg==", "66"),
        ("fo", "Zm8=", "666F"),
        ("foo", "Zm9v", "666F6F"),
        ("foob", "Zm9vYg==", "666F6F62"),
        ("fooba", "Zm9vYmE=", "666F6F6261"),
        ("foobar", "Zm9vYmFy", "666F6F626172"),
    ]

    @Test(arguments: rfc4648)
    func base64(_ vector: (input: String, base64: String, base16: String)) throws {
        let bytes = Array(vector.input.utf8)
        #expect(Base64.encode(bytes) == vector.base64)
        #expect(Base64.encode(vector.input.utf8.lazy.map { $0 }) == vector.base64, "a sequence without contiguous storage")
        #expect(try Base64.decode(vector.base64) == bytes)
        let unpadded = String(vector.base64.prefix { $0 != "=" })
        #expect(Base64.encode(bytes, alphabet: .urlSafe, padding: false) == unpadded)
        #expect(try Base64.decode(unpadded, alphabet: .urlSafe) == bytes)
        #expect(try Base64.decode(vector.base64, alphabet: .urlSafe) == bytes, "URL-safe accepts correct padding")
    }

    @Test(arguments: rfc4648)
    func base16(_ vector: (input: String, base64: String, base16: String)) throws {
        let bytes = Array(vector.input.utf8)
        #expect(Hex.encode(bytes, uppercase: true) == vector.base16)
        #expect(Hex.encode(bytes) == vector.base16.lowercased())
        #expect(Hex.encode(vector.input.utf8.lazy.map { $0 }) == vector.base16.lowercased(), "a sequence without contiguous storage")
        #expect(try Hex.decode(vector.base16) == bytes)
        #expect(try Hex.decode(vector.base16.lowercased()) == bytes)
    }

    /// The two alphabets differ exactly in the last two characters (RFC 4648 §4 vs §5).
    @Test func alphabets() throws {
        let bytes: [UInt8] = [0xFB, 0xFF, 0xBF]
        #expect(Base64.encode(bytes) == "+/+/")
        #expect(Base64.encode(bytes, alphabet: .urlSafe) == "-_-_")
        #expect(try Base64.decode("+/+/") == bytes)
        #expect(try Base64.decode("-_-_", alphabet: .urlSafe) == bytes)
        let all = (0...255).map { UInt8($0) }
        #expect(try Base64.decode(Base64.encode(all)) == all)
        #expect(try Base64.decode(Base64.encode(all, alphabet: .urlSafe, padding: false), alphabet: .urlSafe) == all)
        #expect(try Hex.decode(Hex.encode(all)) == all)
        #expect(Hex.encode([0x00, 0x0F, 0xA0, 0xFF]) == "000fa0ff")
        #expect(try Hex.decode("aBcD") == [0xAB, 0xCD])
    }

    /// Digests render in the forms signature schemes transmit.
    @Test func digestRendering() {
        let digest = SHA1.hash("abc")
        #expect(digest.hex == "a9993e364706816aba3e25717850c26c9cd0d89d")
        #expect(digest.description == digest.hex)
        #expect(digest.base64 == "qZk+NkcGgWq6PiVxeFDCbJzQ2J0=")
        #expect(Digest(Array(digest)) == digest)
        #expect(Digest(Array(digest.dropLast())) != digest)
        #expect(Set([digest, SHA1.hash("abc"), SHA1.hash("abd")]).count == 2)
        #expect(ConstantTime.isEqual("abc", "abc") && !ConstantTime.isEqual("abc", "abd") && !ConstantTime.isEqual("ab", "abc"))
    }

    @Test("Base64 and hex agree with Foundation and a byte-by-byte encoder on 3000 random inputs")
    func plainReference() throws {
        var random = SplitMix64(seed: 4648)
        for _ in 0..<3000 {
            let bytes = (0..<Int.random(in: 0...200, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }
            let base64 = Data(bytes).base64EncodedString()
            #expect(Base64.encode(bytes) == base64)
            #expect(try Base64.decode(base64) == bytes)
            let hex = bytes.map { byte in String(byte, radix: 16).count == 1 ? "0" + String(byte, radix: 16) : String(byte, radix: 16) }.joined()
            #expect(Hex.encode(bytes) == hex)
            #expect(try Hex.decode(hex) == bytes)
        }
    }
}
