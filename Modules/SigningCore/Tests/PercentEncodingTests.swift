import SigningCore
import Testing
import TestSupport

@Suite("RFC 3986 / RFC 5849 §3.6 percent-encoding", .heavy)
struct PercentEncodingTests {
    /// (text, encoded): RFC 5849 §3.4.1.3 example parameters, RFC 3986 §2 characters, and the
    /// characters known to break signatures (space, `+`, `*`).
    static let examples: [(text: String, encoded: String)] = [
        ("", ""),
        ("r b", "r%20b"),
        ("=%3D", "%3D%253D"),
        ("c@", "c%40"),
        ("2 q", "2%20q"),
        ("9djdj82h48djs9d2", "9djdj82h48djs9d2"),
        ("http://example.com/request", "http%3A%2F%2Fexample.com%2Frequest"),
        ("ABCXYZabcxyz0189-._~", "ABCXYZabcxyz0189-._~"),
        ("Ladies + Gentlemen", "Ladies%20%2B%20Gentlemen"),
        ("An encoded string!", "An%20encoded%20string%21"),
        ("Dogs, Cats & Mice", "Dogs%2C%20Cats%20%26%20Mice"),
        ("*", "%2A"),
        ("!'()*", "%21%27%28%29%2A"),
        (":/?#[]@!$&'()*+,;=", "%3A%2F%3F%23%5B%5D%40%21%24%26%27%28%29%2A%2B%2C%3B%3D"),
        ("%", "%25"),
        ("À", "%C3%80"),
        ("é", "%C3%A9"),
        ("☃", "%E2%98%83"),
        ("😀", "%F0%9F%98%80"),
        ("\u{0}\n\t\u{7F}", "%00%0A%09%7F"),
    ]

    @Test(arguments: examples)
    func encodeAndDecode(_ example: (text: String, encoded: String)) throws {
        #expect(PercentEncoding.encode(example.text) == example.encoded)
        #expect(try PercentEncoding.decode(example.encoded) == example.text)
        #expect(try PercentEncoding.decodeBytes(example.encoded) == Array(example.text.utf8))

        // The appending and the one-pass writing encoders give the same bytes after a prefix.
        var appended = Array("p=".utf8)
        PercentEncoding.append(example.text, to: &appended)
        #expect(appended == Array("p=".utf8) + Array(example.encoded.utf8))
        let room = 2 + 3 * example.text.utf8.count
        let written = [UInt8](unsafeUninitializedCapacity: room) { buffer, count in
            buffer[0] = UInt8(ascii: "p")
            buffer[1] = UInt8(ascii: "=")
            count = PercentEncoding.write(example.text, to: buffer, at: 2)
        }
        #expect(written == appended)
        let writtenFromBytes = [UInt8](unsafeUninitializedCapacity: room) { buffer, count in
            buffer[0] = UInt8(ascii: "p")
            buffer[1] = UInt8(ascii: "=")
            count = Array(example.text.utf8).withUnsafeBufferPointer { PercentEncoding.write(encoding: $0, to: buffer, at: 2) }
        }
        #expect(writtenFromBytes == appended)

        // Decoding into a buffer the caller keeps appends exactly the decoded bytes.
        var decoded = Array("p=".utf8)
        try Array(example.encoded.utf8).withUnsafeBufferPointer { encoded throws(SigningCoreError) in
            try PercentEncoding.append(decoding: encoded, to: &decoded)
        }
        #expect(decoded == Array("p=".utf8) + Array(example.text.utf8))
    }

    /// The escape search reads eight bytes at a time: an escape, a `+` or a bad `%` is found at
    /// every position of a word and past the last whole word.
    @Test("escapes are found at every position", arguments: 0..<27)
    func escapeAtEveryPosition(position: Int) throws {
        var text = Array(repeating: UInt8(ascii: "a"), count: 27)
        text.replaceSubrange(position..<position + 1, with: Array("+".utf8))
        #expect(try PercentEncoding.decode(String(decoding: text, as: UTF8.self), plusAsSpace: true).utf8.filter { $0 == 0x20 }.count == 1)
        text.replaceSubrange(position..<position + 1, with: Array("%".utf8))
        let error = #expect(throws: SigningCoreError.self) { try PercentEncoding.decode(String(decoding: text, as: UTF8.self)) }
        #expect(error?.offset == position)
        text.replaceSubrange(position..<position + 1, with: Array("%41".utf8))
        #expect(try PercentEncoding.decode(String(decoding: text, as: UTF8.self)).utf8.filter { $0 == UInt8(ascii: "A") }.count == 1)
    }

    /// Decoding into a kept buffer refuses what ``PercentEncoding/decodeBytes(_:plusAsSpace:)``
    /// refuses, at the same offset, and leaves the buffer as it was.
    @Test("append(encoding:) agrees with a byte-by-byte encoder: short inputs (encoded on the stack), long ones, runs of unreserved bytes", arguments: [0, 1, 7, 8, 9, 17, 255, 256, 257, 4_000])
    func appendEncodingAgrees(length: Int) {
        var generator = SplitMix64(seed: UInt64(length))
        let unreserved = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~".utf8)
        let digits = Array("0123456789ABCDEF".utf8)
        for round in 0..<50 {
            // Mostly unreserved bytes (the eight-at-a-time path), the rest any byte at all.
            let input = (0..<length).map { _ in
                UInt8.random(in: 0..<10, using: &generator) < 8 - round % 8 ? unreserved.randomElement(using: &generator)! : UInt8.random(in: 0...255, using: &generator)
            }
            var output: [UInt8] = [1, 2]
            input.withUnsafeBufferPointer { PercentEncoding.append(encoding: $0, to: &output) }
            let expected = input.flatMap { unreserved.contains($0) ? [$0] : [UInt8(ascii: "%"), digits[Int($0 >> 4)], digits[Int($0 & 15)]] }
            #expect(output == [1, 2] + expected)
        }
    }

    @Test("append(decoding:) agrees with decodeBytes on 20000 random inputs, errors included")
    func appendDecodingAgrees() {
        var generator = SplitMix64(seed: 7)
        let pieces = ["a", "+", "%", "%2", "%20", "%2b", "%zz", "%C3%A9", "%FF", "é", " ", "~", "%%"]
        for _ in 0..<20_000 {
            let text = (0..<Int.random(in: 0...8, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
            let plusAsSpace = Bool.random(using: &generator)
            var output: [UInt8] = [1, 2, 3]
            let appended = Array(text.utf8).withUnsafeBufferPointer { input in
                Result { () throws(SigningCoreError) in try PercentEncoding.append(decoding: input, plusAsSpace: plusAsSpace, to: &output) }
            }
            switch (Result { () throws(SigningCoreError) in try PercentEncoding.decodeBytes(text, plusAsSpace: plusAsSpace) }, appended) {
            case (.success(let bytes), .success):
                #expect(output == [1, 2, 3] + bytes, "\(text)")
            case (.failure(let expected), .failure(let error)):
                #expect(error.code == expected.code && error.offset == expected.offset, "\(text)")
                #expect(output == [1, 2, 3], "a failed decoding must leave the buffer as it was: \(text)")
            default:
                Issue.record("append(decoding:) and decodeBytes disagree on '\(text)'")
            }
        }
    }

    /// Decoding accepts lowercase hex and leaves `+` alone unless asked (URI paths, headers).
    @Test func decodingRules() throws {
        #expect(try PercentEncoding.decode("%2a%2A") == "**")
        #expect(try PercentEncoding.decode("%c3%a9") == "é")
        #expect(try PercentEncoding.decode("a+b") == "a+b")
        #expect(try PercentEncoding.decode("a+b", plusAsSpace: true) == "a b")
        #expect(try PercentEncoding.decode("a%2Bb", plusAsSpace: true) == "a+b")
        #expect(try PercentEncoding.decodeBytes("%FF%00") == [0xFF, 0x00])
    }

    /// A custom allowed set leaves exactly its characters unescaped.
    @Test func customAllowedSet() {
        let path = PercentEncoding.AllowedSet("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~/")
        #expect(PercentEncoding.encode("/a b/c+d", allowing: path) == "/a%20b/c%2Bd")
        #expect(path.contains(UInt8(ascii: "/")) && !path.contains(UInt8(ascii: " ")) && !path.contains(0xC3))
        #expect(!PercentEncoding.AllowedSet.unreserved.contains(UInt8(ascii: "*")))
    }

    /// `contains` answers for all 256 byte values exactly as the set's characters say.
    @Test func containsEveryByte() {
        let characters = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~".utf8)
        for value in UInt8.min...UInt8.max {
            #expect(PercentEncoding.AllowedSet.unreserved.contains(value) == characters.contains(value), "byte \(value)")
        }
        let edges = PercentEncoding.AllowedSet("\u{0}?@\u{7F}")
        #expect((UInt8.min...UInt8.max).filter(edges.contains) == [0x00, 0x3F, 0x40, 0x7F])
    }

    /// Every byte value round-trips, and only the 66 unreserved characters stay themselves.
    @Test func everyByte() throws {
        var unescaped = 0
        for value in UInt8(0)...UInt8(127) {
            let text = String(decoding: [value], as: UTF8.self)
            let encoded = PercentEncoding.encode(text)
            if encoded == text { unescaped += 1 } else { #expect(encoded.count == 3 && encoded.first == "%") }
            #expect(try PercentEncoding.decode(encoded) == text)
        }
        #expect(unescaped == 66)
    }
}
