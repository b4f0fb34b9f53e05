import Foundation
import OAuth1Client
import SigningCore
import Testing

@Suite("OAuth1Token Codable")
struct OAuth1TokenCodableTests {
    @Test("a Netflix-style access token with extra fields round-trips, order and duplicates kept")
    func roundTrip() throws {
        let token = try OAuth1Token.parse("oauth_token=T%2B1&oauth_token_secret=s%20s&user_id=T1abc&a=1&a=2")
        let data = try JSONEncoder().encode(token)
        let decoded = try JSONDecoder().decode(OAuth1Token.self, from: data)
        #expect(decoded == token)
        #expect(decoded.userID == "T1abc")
        #expect(decoded.additionalFields == [FormField("user_id", "T1abc"), FormField("a", "1"), FormField("a", "2")])
    }

    @Test("a request token keeps its callback confirmation; a bare token encodes without fields")
    func optionalMembers() throws {
        let request = OAuth1Token(token: "t", secret: "s", callbackConfirmed: true)
        #expect(try JSONDecoder().decode(OAuth1Token.self, from: JSONEncoder().encode(request)).callbackConfirmed == true)
        let json = String(decoding: try JSONEncoder().encode(OAuth1Token(token: "t", secret: "s")), as: UTF8.self)
        #expect(!json.contains("fields") && !json.contains("callbackConfirmed"))
    }

    @Test("malformed stored tokens are rejected, not half-read", arguments: [
        #"{"secret":"s"}"#,
        #"{"token":"t"}"#,
        #"{"token":"t","secret":"s","fields":[["only-a-name"]]}"#,
        #"{"token":"t","secret":"s","fields":[["a","b","c"]]}"#,
        #"{"token":1,"secret":"s"}"#,
        "",
        "[]",
    ])
    func malformed(json: String) {
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(OAuth1Token.self, from: Data(json.utf8)) }
    }
}
