import OAuth1Client
import SigningCore
import Testing

@Suite("Token responses")
struct OAuth1TokenTests {
    @Test("request-token replies with the callback confirmation and Netflix's extra fields")
    func netflixRequestToken() throws {
        let token = try OAuth1Token.parse(
            "oauth_token=hh5s93j4hdidpola&oauth_token_secret=hdhd0244k9j7ao03&oauth_callback_confirmed=true&application_name=Instant+Test&login_url=https%3A%2F%2Fapi-user.netflix.com%2Foauth%2Flogin%3Foauth_token%3Dhh5s93j4hdidpola\n"
        )
        #expect(token.token == "hh5s93j4hdidpola")
        #expect(token.secret == "hdhd0244k9j7ao03")
        #expect(token.callbackConfirmed == true)
        #expect(token[field: "application_name"] == "Instant Test")
        #expect(token[field: "login_url"] == "https://api-user.netflix.com/oauth/login?oauth_token=hh5s93j4hdidpola")
    }

    @Test("access-token replies keep user_id and screen_name")
    func twitterAccessToken() throws {
        let token = try OAuth1Token.parse(Array("oauth_token=6253282-eWudHldSbIaelX7swmsiHImEL4KinwaGloHANdrY&oauth_token_secret=2EEfA6BG3ly3sR3RjE0IBSnlQu4ZrUzPiYKmrkVU&user_id=6253282&screen_name=twitterapi".utf8))
        #expect(token.userID == "6253282")
        #expect(token.screenName == "twitterapi")
        #expect(token.callbackConfirmed == nil)
        #expect(token.additionalFields == [FormField("user_id", "6253282"), FormField("screen_name", "twitterapi")])
    }

    @Test("oauth_callback_confirmed other than 'true' is false", arguments: ["false", "TRUE", "1", ""])
    func notConfirmed(value: String) throws {
        #expect(try OAuth1Token.parse("oauth_token=t&oauth_token_secret=s&oauth_callback_confirmed=\(value)").callbackConfirmed == false)
    }

    @Test("an empty token secret is allowed (some providers send one)")
    func emptySecret() throws {
        #expect(try OAuth1Token.parse("oauth_token=t&oauth_token_secret=").secret == "")
    }

    @Test("malformed, truncated, duplicated and hostile replies are refused", arguments: [
        "", "   \n", "oauth_token=t", "oauth_token_secret=s", "oauth_token=&oauth_token_secret=s",
        "oauth_token=t&oauth_token=u&oauth_token_secret=s", "oauth_token=t&oauth_token_secret=s&oauth_token_secret=x",
        "oauth_token=t&oauth_token_secret=s&oauth_callback_confirmed=true&oauth_callback_confirmed=true",
        "oauth_token=t%zz&oauth_token_secret=s", "oauth_token=t%C3&oauth_token_secret=s",
        "{\"errors\":[{\"code\":32,\"message\":\"Could not authenticate you.\"}]}", "<html><body>Invalid Signature</body></html>",
        "Invalid Signature", "oauth_token", "&&&", String(repeating: "a", count: 70_000),
    ])
    func refused(body: String) {
        let error = #expect(throws: OAuth1Error.self) { try OAuth1Token.parse(body) }
        #expect(error?.code == .invalidTokenResponse)
    }

    @Test("a non-UTF-8 body is refused")
    func invalidUTF8() {
        #expect(throws: OAuth1Error(code: .invalidTokenResponse, message: "")) { try OAuth1Token.parse([0x6F, 0xFF, 0xFE]) }
    }

    @Test("an error page's start is quoted so the provider's message shows")
    func errorPageQuoted() {
        let error = #expect(throws: OAuth1Error.self) { try OAuth1Token.parse("{\"message\": \"You must authenticate\"}") }
        #expect(error?.message.contains("You must authen") == true)
    }
}
