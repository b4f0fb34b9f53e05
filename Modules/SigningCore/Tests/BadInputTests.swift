import SigningCore
import Testing

/// One malformed input for a decoder and the error it must produce.
struct BadInput: Sendable, CustomTestStringConvertible {
    let input: String
    let code: SigningCoreError.Code
    let offset: Int?
    let why: String

    init(_ input: String, _ code: SigningCoreError.Code, at offset: Int?, _ why: String) {
        self.input = input
        self.code = code
        self.offset = offset
        self.why = why
    }

    var testDescription: String { "\(why): \(input.debugDescription)" }
}

/// Runs `decode` and checks it throws exactly the expected code and offset with a message.
private func expectFailure<T>(_ bad: BadInput, _ decode: (String) throws(SigningCoreError) -> T) {
    do {
        let result = try decode(bad.input)
        Issue.record("\(bad.why): \(bad.input.debugDescription) decoded to \(result) instead of failing")
    } catch {
        #expect(error.code == bad.code, "\(error)")
        #expect(error.offset == bad.offset, "\(error)")
        #expect(!error.message.isEmpty)
        #expect(error.description.contains(error.message))
    }
}

@Suite("Decoders reject bad input with the right code and offset")
struct BadInputTests {
    static let hexCases: [BadInput] = [
        BadInput("a", .invalidHex, at: 1, "truncated"),
        BadInput("abc", .invalidHex, at: 3, "odd length"),
        BadInput("zz", .invalidHex, at: 0, "not a digit"),
        BadInput("0g", .invalidHex, at: 1, "not a digit"),
        BadInput("0x00", .invalidHex, at: 1, "prefix"),
        BadInput("00 1", .invalidHex, at: 2, "whitespace"),
        BadInput("00\n1", .invalidHex, at: 2, "newline"),
        BadInput("é00", .invalidHex, at: 0, "non-ASCII"),
        BadInput("00\u{0}0", .invalidHex, at: 2, "NUL"),
        BadInput("０１", .invalidHex, at: 0, "full-width digits"),
    ]

    @Test(arguments: hexCases)
    func hex(_ bad: BadInput) { expectFailure(bad) { text throws(SigningCoreError) in try Hex.decode(text) } }

    static let base64StandardCases: [BadInput] = [
        BadInput("Z", .invalidBase64, at: 1, "truncated"),
        BadInput("Zg", .invalidBase64, at: 2, "missing padding"),
        BadInput("Zg=", .invalidBase64, at: 3, "short padding"),
        BadInput("Zm9vYg=", .invalidBase64, at: 7, "truncated padding"),
        BadInput("Z===", .invalidBase64, at: 1, "three '='"),
        BadInput("====", .invalidBase64, at: 0, "only padding"),
        BadInput("Zg==Zg==", .invalidBase64, at: 2, "padding in the middle"),
        BadInput("Z=g=", .invalidBase64, at: 1, "'=' inside"),
        BadInput("Zh==", .invalidBase64, at: 1, "non-zero unused bits"),
        BadInput("Zm9=", .invalidBase64, at: 2, "non-zero unused bits"),
        BadInput("Zm9!", .invalidBase64, at: 3, "bad character"),
        BadInput("Zm 9", .invalidBase64, at: 2, "space"),
        BadInput("Zm9v\r\nYm", .invalidBase64, at: 4, "line break"),
        BadInput("-_-_", .invalidBase64, at: 0, "URL-safe character in standard text"),
        BadInput("Zé=", .invalidBase64, at: 1, "non-ASCII"),
        BadInput("Zm9v\u{0}A==", .invalidBase64, at: 4, "NUL"),
    ]

    @Test(arguments: base64StandardCases)
    func base64Standard(_ bad: BadInput) {
        expectFailure(bad) { text throws(SigningCoreError) in try Base64.decode(text) }
    }

    static let base64URLSafeCases: [BadInput] = [
        BadInput("Z", .invalidBase64, at: 0, "a single character"),
        BadInput("Zm9vY", .invalidBase64, at: 4, "a dangling character"),
        BadInput("Zg=", .invalidBase64, at: 3, "padding present but short"),
        BadInput("Zg===", .invalidBase64, at: 5, "padding too long"),
        BadInput("+/+/", .invalidBase64, at: 0, "standard character in URL-safe text"),
        BadInput("Zh", .invalidBase64, at: 1, "non-zero unused bits"),
        BadInput("Zm9v.A", .invalidBase64, at: 4, "bad character"),
        BadInput("Zg=A", .invalidBase64, at: 2, "'=' inside"),
    ]

    @Test(arguments: base64URLSafeCases)
    func base64URLSafe(_ bad: BadInput) {
        expectFailure(bad) { text throws(SigningCoreError) in try Base64.decode(text, alphabet: .urlSafe) }
    }

    static let percentCases: [BadInput] = [
        BadInput("%", .invalidPercentEncoding, at: 0, "bare '%'"),
        BadInput("%4", .invalidPercentEncoding, at: 0, "truncated escape"),
        BadInput("abc%4", .invalidPercentEncoding, at: 3, "truncated escape at the end"),
        BadInput("%zz", .invalidPercentEncoding, at: 0, "not hex"),
        BadInput("%4z", .invalidPercentEncoding, at: 0, "second digit not hex"),
        BadInput("a%%41", .invalidPercentEncoding, at: 1, "'%%'"),
        BadInput("100%", .invalidPercentEncoding, at: 3, "literal percent sign"),
        BadInput("%20%2", .invalidPercentEncoding, at: 3, "truncated after a good escape"),
        BadInput("%+1", .invalidPercentEncoding, at: 0, "sign instead of a digit"),
        BadInput("%C3", .invalidUTF8, at: 0, "truncated UTF-8"),
        BadInput("ok%E2%98", .invalidUTF8, at: 2, "truncated three-byte sequence"),
        BadInput("%FF", .invalidUTF8, at: 0, "0xFF is never UTF-8"),
        BadInput("a%80", .invalidUTF8, at: 1, "lone continuation byte"),
        BadInput("%C0%AF", .invalidUTF8, at: 0, "overlong encoding"),
        BadInput("xy%ED%A0%80", .invalidUTF8, at: 2, "UTF-16 surrogate"),
        BadInput("é%E9", .invalidUTF8, at: 2, "Latin-1 escape after UTF-8 text"),
    ]

    @Test(arguments: percentCases)
    func percent(_ bad: BadInput) {
        expectFailure(bad) { text throws(SigningCoreError) in try PercentEncoding.decode(text) }
    }

    static let formCases: [BadInput] = [
        BadInput("a=%zz", .invalidPercentEncoding, at: 2, "bad escape in a value"),
        BadInput("%zz=1", .invalidPercentEncoding, at: 0, "bad escape in a name"),
        BadInput("abc=1&x%=2", .invalidPercentEncoding, at: 7, "bad escape in the second name"),
        BadInput("a=1&bb=2&c=%4", .invalidPercentEncoding, at: 11, "truncated escape at the end"),
        BadInput("a=1&&b=x%", .invalidPercentEncoding, at: 8, "after an empty segment"),
        BadInput("a=1&b=%C3", .invalidUTF8, at: 6, "truncated UTF-8 in a value"),
        BadInput("a=1&b%FF=2", .invalidUTF8, at: 5, "invalid UTF-8 in a name"),
        BadInput("k=v+%E9", .invalidUTF8, at: 4, "Latin-1 form data"),
    ]

    @Test(arguments: formCases)
    func form(_ bad: BadInput) {
        expectFailure(bad) { text throws(SigningCoreError) in try FormEncoding.parse(text) }
    }

    /// Empty input is valid for every decoder and decodes to nothing.
    @Test func emptyInput() throws {
        #expect(try Hex.decode("") == [])
        #expect(try Base64.decode("") == [])
        #expect(try Base64.decode("", alphabet: .urlSafe) == [])
        #expect(try PercentEncoding.decode("") == "")
        #expect(try PercentEncoding.decodeBytes("", plusAsSpace: true) == [])
        #expect(try FormEncoding.parse("") == [])
    }

    /// Messages say what to do and name the position; they never echo long input back.
    @Test func messages() {
        let secret = String(repeating: "s", count: 64) + "%zz"
        do {
            _ = try PercentEncoding.decode(secret)
            Issue.record("decoded malformed input")
        } catch {
            #expect(error.description.hasPrefix("invalid percent-encoding at byte 64: "))
            #expect(!error.description.contains(String(repeating: "s", count: 64)))
            #expect(error.message.contains("%25"))
        }
        #expect(SigningCoreError(code: .invalidHex, message: "x") == SigningCoreError(code: .invalidHex, message: "y", offset: 3))
        #expect(SigningCoreError(code: .invalidHex, message: "x") != SigningCoreError(code: .invalidBase64, message: "x"))
        #expect(SigningCoreError(code: .invalidUTF8, message: "bad").description == "invalid UTF-8: bad")
    }
}
