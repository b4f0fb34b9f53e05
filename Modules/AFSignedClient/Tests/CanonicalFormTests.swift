import AFSignedClient
import Foundation
import Testing
import TestSupport

/// The version 2 string to sign, pinned by vectors PHP 8.2 computed with the reference backend's verifier
/// logic (`parse_str`, `array_merge`, `ksort`, `urldecode`, `hash_hmac`), and version 4's.
@Suite("AFSigned string to sign", .heavy)
struct CanonicalFormTests {
    struct Vector: Sendable, CustomTestStringConvertible {
        let name: String
        let method: String
        let path: String
        let query: String
        let body: String
        let string: String
        let hmac: String
        var testDescription: String { name }
    }

    /// Each vector's `string` and `hmac` (key `CLIENT_SECRET`) were printed by php-cli 8.2 running
    /// the reference backend's verification over `query` and `body` as PHP parses them.
    static let vectors = [
        Vector(name: "the reference backend's example (auth values left out)", method: "POST", path: "/users", query: "",
               body: "some=parameters&auth_timestamp=1273231888&auth_version=2&auth_key=my_key",
               string: "POST\n/users\nsome=parameters", hmac: "9eff6e06973bac1f9c23be45499e0a10e5f459912492d77cc27b5fa918f9cf68"),
        Vector(name: "the reference backend's site_id call", method: "POST", path: "/users", query: "", body: "site_id=10",
               string: "POST\n/users\nsite_id=10", hmac: "e601514d81135e70a32e9516c1c1df465827adc821a1709bdf1f24aafa4380d5"),
        Vector(name: "an array keeps its order", method: "GET", path: "/users", query: "tags%5B%5D=b&tags%5B%5D=a&name=Ann", body: "",
               string: "GET\n/users\nname=Ann&tags[]=b&tags[]=a", hmac: "bccbd7a5f5ff809ec95f16af7a6b621c778f0bcea309b184f91f9706ee928d42"),
        Vector(name: "a map loses its keys", method: "POST", path: "/users", query: "", body: "user%5Bname%5D=Ann&user%5Bage%5D=7&z=1",
               string: "POST\n/users\nuser[]=Ann&user[]=7&z=1", hmac: "5758fcf8204cea18bfb2eb3513a624fc2b2144420048ec166134b849f964ec26"),
        Vector(name: "an empty value", method: "POST", path: "/users", query: "", body: "empty=&a=1",
               string: "POST\n/users\na=1&empty=", hmac: "e47240c33d04399d8980dbf9166c2cd4d370498f216c5fbe77fb07f4e15d7957"),
        Vector(name: "unicode", method: "POST", path: "/users", query: "", body: "name=J%C3%BCrgen+%E6%9D%B1%E4%BA%AC",
               string: "POST\n/users\nname=Jürgen 東京", hmac: "f7a813759661f710ccf1767e791ce005a8115204ab0e35a4a9c3b6498b8f3ae8"),
        Vector(name: "+, % and = in values are decoded again", method: "POST", path: "/users", query: "", body: "plus=a%2Bb&pct=100%2525&eq=a%3Db%26c%3Dd",
               string: "POST\n/users\neq=a=b&c=d&pct=100%&plus=a b", hmac: "705acaf95529535112510733e1b722db6d5af8039aedb9b90255b795fb1f1284"),
        Vector(name: "numeric names renumbered, sorted before text; the path decoded", method: "POST", path: "/a%20b/c+d", query: "", body: "B=1&a=2&_=3&10=4&9=5",
               string: "POST\n/a b/c d\n0=4&1=5&B=1&_=3&a=2", hmac: "1abec0e834d552d18165a04b84426fb78d8764c787d7ff7bcfe1105a1f405537"),
        Vector(name: "dots and spaces in names become underscores", method: "GET", path: "/users", query: "x.y=1&p+q=2", body: "",
               string: "GET\n/users\np_q=2&x_y=1", hmac: "84dd0060176bce75fb795004ab8839522616b7cb2b1f8104723a8e0c22c2bef9"),
        Vector(name: "no parameters", method: "DELETE", path: "/users/42", query: "", body: "",
               string: "DELETE\n/users/42\n", hmac: "a9c5e58882e21b8d4ff3f26292911f4cf0a7e0a1986e6e2502a3522fe053a4d0"),
    ]

    @Test("version 2 matches PHP's string and HMAC", arguments: vectors)
    func version2(_ vector: Vector) throws {
        let bytes = try AFSignedCanonicalForm.bytes(
            version: .v2, method: vector.method, path: vector.path,
            query: try FormEncoding.parse(vector.query), body: try FormEncoding.parse(vector.body)
        )
        #expect(AFSignedCanonicalForm.text(bytes) == vector.string)
        #expect(HMAC<SHA256>.authenticationCode(for: bytes, key: Array("CLIENT_SECRET".utf8)).hex == vector.hmac)
    }

    @Test("keys PHP cannot order consistently (9 < 10 < \"1z\" < 9) are refused, not guessed")
    func ambiguousOrder() throws {
        // array_merge renumbers numeric names 0, 1, …; with eleven of them 9 and 10 both exist.
        let numbered = (0...10).map { FormField(String($0), "v") }
        let error = #expect(throws: AFSignedError.self) {
            try AFSignedCanonicalForm.bytes(version: .v2, method: "POST", path: "/", query: [], body: numbered + [FormField("1z", "c")])
        }
        #expect(error?.code == .unsignableParameters)
        #expect(throws: Never.self) {
            try AFSignedCanonicalForm.bytes(version: .v2, method: "POST", path: "/", query: [], body: numbered + [FormField("z1", "c")])
        }
    }

    // PHP keeps these names as strings (only canonical integers become integer keys) but
    // compares them as numbers; it turns dots into underscores, so `1.5` is not one.
    @Test("numeric names that stay strings (9e0 < 10e0 < \"1z\" < 9e0) are refused too", arguments: [
        (["9e0", "10e0", "1z"], false), (["9e0", "10e0", "z1"], true), (["1.5", "10", "1z"], true), (["07", "7e0", "7"], true),
    ])
    func ambiguousNumericStrings(names: [String], signable: Bool) {
        let fields = names.map { FormField($0, "v") }
        let result = Result { () throws(AFSignedError) in try AFSignedCanonicalForm.bytes(version: .v2, method: "POST", path: "/", query: [], body: fields) }
        if signable {
            #expect(throws: Never.self) { try result.get() }
        } else {
            #expect((try? result.get()) == nil)
        }
    }

    @Test("PHP's 1000 fields, all numbers or all names, sort in one pass; their order is PHP's")
    func manyFields() throws {
        let numbers = (0..<1000).reversed().map { FormField(String($0), "v") }
        let names = (0..<1000).reversed().map { FormField("n\($0)", "v") }
        let sortedNumbers = AFSignedCanonicalForm.text(try AFSignedCanonicalForm.bytes(version: .v2, method: "POST", path: "/", query: [], body: numbers))
        // array_merge renumbers integer names from 0 in the order sent.
        #expect(sortedNumbers.hasPrefix("POST\n/\n0=v&1=v&2=v&"))
        let sortedNames = AFSignedCanonicalForm.text(try AFSignedCanonicalForm.bytes(version: .v2, method: "POST", path: "/", query: [], body: names))
        #expect(sortedNames.hasPrefix("POST\n/\nn0=v&n1=v&n10=v&n100=v&n101=v&"))
        // Numbers PHP keeps as strings (`0e1`, `2e1`, …) among names: every pair is checked.
        let mixed = (0..<1000).map { FormField($0 % 2 == 0 ? "\($0)e1" : "n\($0)", "v") }
        #expect(throws: Never.self) { try AFSignedCanonicalForm.bytes(version: .v2, method: "POST", path: "/", query: [], body: mixed) }
    }

    // Found by fuzz-afsigned: JSONSerialization's sorted keys compare as the locale does, which
    // ignores control characters and U+FFFD, so such keys came out in dictionary order and a
    // freshly signed request could fail to verify.
    @Test("version 4: an object's keys are sorted by their bytes, control characters escaped")
    func version4KeysByBytes() async throws {
        let fields = [FormField("a[\u{FFFD}]", "2"), FormField("a[b]", "3/é"), FormField("a[\u{1B}\u{FFFD}]", "1"), FormField("a[\u{FFFD}\u{FFFD}]", "4\n\"")]
        let expected = "{\"\\u001b\u{FFFD}\":\"1\",\"b\":\"3/é\",\"\u{FFFD}\":\"2\",\"\u{FFFD}\u{FFFD}\":\"4\\n\\\"\"}"
        for order in [fields, fields.reversed()] {
            let bytes = try AFSignedCanonicalForm.bytes(version: .v4, method: "POST", path: "/", query: [], body: Array(order))
            #expect(AFSignedCanonicalForm.text(bytes) == "POST\n/\na=" + PercentEncoding.encode(expected))
        }
        let signer = AFSignedSigner(credentials: AFSignedCredentials(clientID: "c", clientSecret: "s"), version: .v4)
        let signed = try signer.sign(APIRequest(method: "POST", url: URL(string: "https://api.example.com/")!, form: fields), at: Date(timeIntervalSince1970: 1_700_000_000))
        let verifier = AFSignedVerifier(credentials: [AFSignedCredentials(clientID: "c", clientSecret: "s")], version: .v4)
        await #expect(throws: Never.self) { try await verifier.verifySignature(try AFSignedIncomingRequest(signed), now: Date(timeIntervalSince1970: 1_700_000_000)) }
    }

    @Test("version 4: RFC 3986, sorted by bytes, arrays and maps as JSON, nothing decoded")
    func version4() throws {
        let fields = [FormField("b", "a+b %"), FormField("tags[]", "x"), FormField("tags[]", "y"), FormField("user[name]", "Ann"), FormField("A", "1"), FormField("auth_x", "left out")]
        let bytes = try AFSignedCanonicalForm.bytes(version: .v4, method: "POST", path: "/users/a%20b", query: [], body: fields)
        #expect(AFSignedCanonicalForm.text(bytes) == "POST\n/users/a%20b\nA=1&b=a%2Bb%20%25&tags=%5B%22x%22%2C%22y%22%5D&user=%7B%22name%22%3A%22Ann%22%7D")
        let plus = try AFSignedCanonicalForm.bytes(version: .v4, method: "GET", path: "/", query: [FormField("q", "a b")], body: [])
        let encodedPlus = try AFSignedCanonicalForm.bytes(version: .v4, method: "GET", path: "/", query: [FormField("q", "a+b")], body: [])
        #expect(plus != encodedPlus)
    }
}
