import OAuth1Client
import SigningCore
import Testing

@Suite("Authorization header")
struct OAuth1AuthorizationHeaderTests {
    @Test("parses names and values, percent-decoding both; realm apart")
    func parse() throws {
        let (realm, parameters) = try OAuth1AuthorizationHeader.parse(
            "oauth  realm=\"Photos\",oauth_consumer_key=\"dpf43f3p2l4k3l03\" ,\toauth_signature=\"tR3%2BTy81lMeYAr%2FFid0kMTYa%2FWM%3D\", x%40y=\"a+b%20c\""
        )
        #expect(realm == "Photos")
        #expect(parameters == [
            FormField("oauth_consumer_key", "dpf43f3p2l4k3l03"),
            FormField("oauth_signature", "tR3+Ty81lMeYAr/Fid0kMTYa/WM="),
            FormField("x@y", "a+b c"),
        ])
    }

    @Test("a scheme with no parameters gives none")
    func bareScheme() throws {
        let (realm, parameters) = try OAuth1AuthorizationHeader.parse("OAuth")
        #expect(realm == nil)
        #expect(parameters.isEmpty)
    }

    @Test("serialise then parse gives back the same values", arguments: [
        ("Photos", [FormField("oauth_callback", "http://printer.example.com/ready?x=1&y=é"), FormField("oauth_nonce", "a b+c*%")]),
        ("http://sp.example.com/", [FormField("oauth_token", "")]),
        ("we\"ird\\ %realm é", [FormField("oauth_signature", "r6/TJjbCOr97/+UU0NsvSne7s5g=")]),
    ])
    func roundTrip(realm: String, parameters: [FormField]) throws {
        let header = OAuth1AuthorizationHeader.serialize(realm: realm, parameters: parameters)
        let parsed = try OAuth1AuthorizationHeader.parse(header)
        #expect(parsed.realm == realm)
        #expect(parsed.parameters == parameters)
    }

    @Test("serialises like RFC 5849 §3.5.1")
    func serialize() {
        let header = OAuth1AuthorizationHeader.serialize(
            realm: "Example",
            parameters: [FormField("oauth_consumer_key", "0685bd9184jfhq22"), FormField("oauth_signature", "wOJIO9A2W5mFwDgiDvZbTSMK/PY=")]
        )
        #expect(header == "OAuth realm=\"Example\", oauth_consumer_key=\"0685bd9184jfhq22\", oauth_signature=\"wOJIO9A2W5mFwDgiDvZbTSMK%2FPY%3D\"")
        #expect(OAuth1AuthorizationHeader.serialize(parameters: [FormField("a", "1")]) == "OAuth a=\"1\"")
    }

    @Test("malformed, truncated and hostile headers are refused with a clear error", arguments: [
        "",
        "   ",
        "Bearer abc",
        "OAuthx a=\"1\"",
        "OAuth a=1",
        "OAuth a=\"1",
        "OAuth a=\"1\" b=\"2\"",
        "OAuth a=\"1\",",
        "OAuth a=\"1\",,b=\"2\"",
        "OAuth ,a=\"1\"",
        "OAuth a = \"1\"",
        "OAuth a=\"x\\\"y\"",
        "OAuth a=\"line\nbreak\"",
        "OAuth a=\"nul\u{0}\"",
        "OAuth a=\"%zz\"",
        "OAuth a=\"%4\"",
        "OAuth a=\"%FF\"",
        "OAuth a%ZZ=\"1\"",
        "OAuth =\"1\"",
        "OAuth a=\"1\"; b=\"2\"",
        "OAuth a=\"1\"\"",
        "OAuth é=\"1\"",
    ])
    func malformed(header: String) {
        #expect(throws: OAuth1Error(code: .invalidAuthorizationHeader, message: "")) {
            try OAuth1AuthorizationHeader.parse(header)
        }
    }

    @Test("a parameter given twice is refused", arguments: [
        "OAuth a=\"1\", a=\"2\"",
        "OAuth realm=\"x\", realm=\"y\"",
        "OAuth oauth_nonce=\"1\", oauth%5Fnonce=\"2\"",
        "OAuth a%C3%A9=\"1\", a%c3%a9=\"2\"",
        "OAuth " + (0..<40).map { "p\($0)=\"\($0)\"" }.joined(separator: ", ") + ", p3=\"again\"",
    ])
    func duplicated(header: String) {
        #expect(throws: OAuth1Error(code: .duplicateParameter, message: "")) {
            try OAuth1AuthorizationHeader.parse(header)
        }
    }

    /// Names are compared as bytes, as oauthlib compares them: `é` precomposed and `e` with a
    /// combining accent are two names, however alike Swift's `String` finds them.
    @Test("names that are equal only as Unicode text are two names", arguments: [4, 40])
    func namesAreBytes(count: Int) throws {
        let others = (0..<count).map { "p\($0)=\"\($0)\"" }.joined(separator: ", ")
        let parsed = try OAuth1AuthorizationHeader.parse("OAuth \(others), oauth_x%C3%A9=\"1\", oauth_xe%CC%81=\"2\"")
        #expect(parsed.parameters.suffix(2).map(\.value) == ["1", "2"])
        #expect(parsed.parameters.count == count + 2)
    }

    @Test("huge input is refused before parsing; long valid input below the limit parses")
    func huge() throws {
        let huge = "OAuth a=\"" + String(repeating: "x", count: OAuth1AuthorizationHeader.maximumLength) + "\""
        let error = #expect(throws: OAuth1Error.self) { try OAuth1AuthorizationHeader.parse(huge) }
        #expect(error?.code == .invalidAuthorizationHeader)
        #expect(error?.message.contains("65536") == true)

        let many = "OAuth " + (0..<2000).map { "p\($0)=\"\($0)\"" }.joined(separator: ", ")
        #expect(try OAuth1AuthorizationHeader.parse(many).parameters.count == 2000)
    }

    @Test("error messages name the problem without echoing values")
    func messages() {
        let error = #expect(throws: OAuth1Error.self) { try OAuth1AuthorizationHeader.parse("OAuth oauth_signature=secret-value") }
        #expect(error?.message.contains("oauth_signature") == true)
        #expect(error?.message.contains("secret-value") == false)
    }
}
