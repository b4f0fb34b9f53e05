import SigningCore
import Testing
import TestSupport

/// 10 MiB inputs, valid and hostile. Each decoder makes a bounded number of passes over its
/// input, so these finish within the normal test run; a decoder that rescanned its input per
/// byte or per field (quadratic) would need ~10¹⁴ steps here and never finish. No timing is
/// measured: completing is the proof.
@Suite("10 MiB inputs decode in linear time", .heavy)
struct HugeInputTests {
    static let size = 10 * 1024 * 1024

    /// Expects `decode` to fail on `input` with `code` at `offset`.
    private func expectFailure<T>(
        _ input: String, _ code: SigningCoreError.Code, at offset: Int,
        _ decode: (String) throws(SigningCoreError) -> T
    ) {
        do {
            _ = try decode(input)
            Issue.record("a malformed \(input.utf8.count)-byte input decoded without error")
        } catch {
            #expect(error.code == code, "\(error)")
            #expect(error.offset == offset, "\(error)")
            #expect(error.message.count < 200, "messages must not echo the input")
        }
    }

    @Test func hex() throws {
        let valid = String(repeating: "a5", count: Self.size / 2)
        let decoded = try Hex.decode(valid)
        #expect(decoded.count == Self.size / 2 && decoded.first == 0xA5 && decoded[Self.size / 4] == 0xA5 && decoded.last == 0xA5)
        expectFailure(String(repeating: "0", count: Self.size - 2) + "0g", .invalidHex, at: Self.size - 1) { text throws(SigningCoreError) in try Hex.decode(text) }
        expectFailure(String(repeating: "0", count: Self.size + 1), .invalidHex, at: Self.size + 1) { text throws(SigningCoreError) in try Hex.decode(text) }
    }

    @Test func base64() throws {
        let decoded = try Base64.decode(String(repeating: "QUJD", count: Self.size / 4))
        #expect(decoded.count == Self.size / 4 * 3 && decoded.last == UInt8(ascii: "C"))
        let urlSafe = try Base64.decode(String(repeating: "-_", count: Self.size / 2) + "-w", alphabet: .urlSafe)
        #expect(urlSafe.count == (Self.size + 2) * 6 / 8)
        expectFailure(String(repeating: "A", count: Self.size - 4) + "AA!=", .invalidBase64, at: Self.size - 2) { text throws(SigningCoreError) in try Base64.decode(text) }
        expectFailure(String(repeating: "=", count: Self.size), .invalidBase64, at: 0) { text throws(SigningCoreError) in try Base64.decode(text) }
        expectFailure("A" + String(repeating: "=", count: Self.size - 1), .invalidBase64, at: 1) { text throws(SigningCoreError) in try Base64.decode(text, alphabet: .urlSafe) }
    }

    @Test func percentEncoding() throws {
        let escapes = try PercentEncoding.decode(String(repeating: "%25", count: Self.size / 3))
        #expect(escapes.utf8.count == Self.size / 3 && escapes.hasPrefix("%%") && escapes.hasSuffix("%%"))
        let snowmen = try PercentEncoding.decode(String(repeating: "%E2%98%83+", count: Self.size / 10), plusAsSpace: true)
        #expect(snowmen.unicodeScalars.count == Self.size / 10 * 2)
        let plain = String(repeating: "a", count: Self.size)
        #expect(try PercentEncoding.decode(plain) == plain)
        #expect(PercentEncoding.encode(String(repeating: "☃", count: Self.size / 3)).utf8.count == Self.size / 3 * 9)
        expectFailure(String(repeating: "%", count: Self.size), .invalidPercentEncoding, at: 0) { text throws(SigningCoreError) in try PercentEncoding.decode(text) }
        expectFailure(plain + "%4", .invalidPercentEncoding, at: Self.size) { text throws(SigningCoreError) in try PercentEncoding.decode(text) }
        expectFailure(String(repeating: "%41", count: Self.size / 3) + "%FF", .invalidUTF8, at: Self.size / 3 * 3) { text throws(SigningCoreError) in try PercentEncoding.decode(text) }
    }

    @Test func formEncoding() throws {
        let fieldCount = Self.size / 4
        let fields = try FormEncoding.parse(String(repeating: "a=b&", count: fieldCount))
        #expect(fields.count == fieldCount && fields.last == FormField("a", "b"))
        #expect(try FormEncoding.parse(String(repeating: "&", count: Self.size)).isEmpty)
        let equals = try FormEncoding.parse(String(repeating: "=", count: Self.size))
        #expect(equals.count == 1 && equals[0].name.isEmpty && equals[0].value.utf8.count == Self.size - 1)
        let longValue = try FormEncoding.parse("k=" + String(repeating: "+", count: Self.size))
        #expect(longValue.count == 1 && longValue[0].value.utf8.count == Self.size)
        let serialized = FormEncoding.serialize(fields.prefix(1000))
        #expect(serialized.utf8.count == 1000 * 4 - 1)
        expectFailure(String(repeating: "a=b&", count: fieldCount) + "c=%", .invalidPercentEncoding, at: Self.size + 2) { text throws(SigningCoreError) in try FormEncoding.parse(text) }
    }

    /// Hashing 10 MiB in one call and in 1-byte-short-of-a-block pieces agrees.
    @Test func hashing() {
        let message = [UInt8](repeating: 0x61, count: Self.size)
        var hasher = SHA256()
        var start = 0
        while start < message.count {
            let end = min(start + 63, message.count)
            hasher.update(message[start..<end])
            start = end
        }
        #expect(hasher.finalize() == SHA256.hash(message))
    }
}
