import Foundation
import MockServerKit
import OAuth1Client
import OAuth1Mock
import Testing

/// `OAuth1MockOptions`: the README's option names and ranges, through the Swift API and
/// through the JSON `options` object of a config entry.
@Suite("OAuth 1.0a options")
struct OptionsTests {
    /// Decodes `json` as twitter's options object, the way the `mock-servers` config file does.
    static func decode(_ json: String) throws -> OAuth1MockOptions {
        try JSONDecoder().decode(Probe.self, from: Data(json.utf8)).options
    }

    private struct Probe: Decodable {
        var options: OAuth1MockOptions
        init(from decoder: any Decoder) throws {
            options = try OAuth1MockOptions.decode(from: decoder, provider: "twitter")
        }
    }

    @Test("the README's config values, as strings, decode to typed options")
    func readmeValues() throws {
        let options = try Self.decode("""
            {"autoApprove": "true", "exposeBaseString": "true", "timestampWindowSeconds": "300",
             "accessTokenLifetimeSeconds": "3600", "requestTokenLifetimeSeconds": "900",
             "signatureMethods": "HMAC-SHA1,HMAC-SHA256"}
            """)
        #expect(options == OAuth1MockOptions(
            timestampWindowSeconds: 300, exposeBaseString: true, autoApprove: true, requestTokenLifetimeSeconds: 900,
            accessTokenLifetimeSeconds: 3600, signatureMethods: [.hmacSHA1, .hmacSHA256]
        ))
    }

    @Test("JSON numbers, booleans and arrays decode too; absent options keep the defaults")
    func jsonValues() throws {
        let options = try Self.decode(#"{"autoApprove": true, "timestampWindowSeconds": 0, "signatureMethods": ["PLAINTEXT"]}"#)
        #expect(options == OAuth1MockOptions(timestampWindowSeconds: 0, autoApprove: true, signatureMethods: [.plaintext]))
        #expect(try Self.decode("{}") == OAuth1MockOptions())
        #expect(OAuth1MockOptions().signatureMethods == OAuth1SignatureMethod.allCases)
    }

    /// What a registered callback must be, as the error says.
    static let callbackRule = "absolute URIs without a query, such as myapp://oauth or https://app.example/callback ('oob' needs no registration)"

    @Test("registered callbacks: a JSON array, or one string separated by commas or spaces")
    func registeredCallbacks() throws {
        let expected = ["myapp://oauth", "com.example.app:/cb", "https://app.example/callback"]
        #expect(try Self.decode(#"{"registeredCallbacks": ["myapp://oauth", "com.example.app:/cb", "https://app.example/callback"]}"#).registeredCallbacks == expected)
        #expect(try Self.decode(#"{"registeredCallbacks": "myapp://oauth, com.example.app:/cb https://app.example/callback"}"#).registeredCallbacks == expected)
        #expect(try Self.decode("{}").registeredCallbacks.isEmpty)
    }

    @Test("encoding and decoding round-trips")
    func roundTrip() throws {
        let options = OAuth1MockOptions(
            timestampWindowSeconds: 60, autoApprove: true, accessTokenLifetimeSeconds: 10, signatureMethods: [.hmacSHA512],
            registeredCallbacks: ["myapp://oauth", "https://app.example/a,b"]
        )
        let json = String(decoding: try JSONEncoder().encode(options), as: UTF8.self)
        #expect(try Self.decode(json) == options)
    }

    @Test("unknown options and bad values are errors naming the provider, the option and what it accepts", arguments: [
        (#"{"autoapprove": true}"#, "provider twitter, unknown option autoapprove; the options are accessTokenLifetimeSeconds, autoApprove, exposeBaseString, registeredCallbacks, requestTokenLifetimeSeconds, requiresBodyHash, signatureMethods, timestampWindowSeconds"),
        (#"{"timestampWindowSeconds": -5}"#, "provider twitter, option timestampWindowSeconds must be a whole number in 0...86400 (got -5)"),
        (#"{"timestampWindowSeconds": "300s"}"#, #"provider twitter, option timestampWindowSeconds must be a whole number (got "300s")"#),
        (#"{"requestTokenLifetimeSeconds": 0}"#, "provider twitter, option requestTokenLifetimeSeconds must be a whole number in 1...31536000 (got 0)"),
        (#"{"accessTokenLifetimeSeconds": "-1"}"#, "provider twitter, option accessTokenLifetimeSeconds must be a whole number in 1...31536000 (got -1)"),
        (#"{"autoApprove": "sometimes"}"#, #"provider twitter, option autoApprove must be true or false (got "sometimes")"#),
        (#"{"exposeBaseString": 0}"#, "provider twitter, option exposeBaseString must be true or false (got 0)"),
        (#"{"signatureMethods": "HMAC-SHA1,RSA-MD5"}"#, #"provider twitter, option signatureMethods must be one or more of HMAC-SHA1, HMAC-SHA256, HMAC-SHA512, RSA-SHA1, RSA-SHA256, RSA-SHA512, PLAINTEXT (a JSON array or a comma-separated string) (got "RSA-MD5")"#),
        (#"{"signatureMethods": []}"#, "provider twitter, option signatureMethods must be one or more of HMAC-SHA1, HMAC-SHA256, HMAC-SHA512, RSA-SHA1, RSA-SHA256, RSA-SHA512, PLAINTEXT (got none)"),
        (#"{"registeredCallbacks": ["myapp://oauth", "https://app.example/cb?x=1"]}"#, #"provider twitter, option registeredCallbacks must be \#(OptionsTests.callbackRule) (got "https://app.example/cb?x=1")"#),
        (#"{"registeredCallbacks": "oob"}"#, #"provider twitter, option registeredCallbacks must be \#(OptionsTests.callbackRule) (got "oob")"#),
        (#"{"registeredCallbacks": ["/callback"]}"#, #"provider twitter, option registeredCallbacks must be \#(OptionsTests.callbackRule) (got "/callback")"#),
        (#"{"registeredCallbacks": ["myapp://oauth\r\nX: y"]}"#, #"provider twitter, option registeredCallbacks must be \#(OptionsTests.callbackRule) (got "myapp://oauth\r\nX: y")"#),
        (#"{"registeredCallbacks": 7}"#, "provider twitter, option registeredCallbacks must be a JSON array of strings or one string of entries separated by commas or spaces (got 7)"),
    ])
    func badValues(json: String, message: String) {
        do {
            _ = try Self.decode(json)
            Issue.record("\(json) was accepted")
        } catch let error as MockServerError {
            #expect(error.code == .invalidOption)
            #expect(error.message == message)
        } catch {
            Issue.record("unexpected error \(error)")
        }
    }

    @Test("out-of-range options set through the Swift API stop the server from starting", arguments: [
        (OAuth1MockOptions(timestampWindowSeconds: -1), "provider discogs, option timestampWindowSeconds must be a whole number in 0...86400 (got -1)"),
        (OAuth1MockOptions(accessTokenLifetimeSeconds: 0), "provider discogs, option accessTokenLifetimeSeconds must be a whole number in 1...31536000 (got 0)"),
        (OAuth1MockOptions(signatureMethods: []), "provider discogs, option signatureMethods must be one or more of HMAC-SHA1, HMAC-SHA256, HMAC-SHA512, RSA-SHA1, RSA-SHA256, RSA-SHA512, PLAINTEXT (got none)"),
        (OAuth1MockOptions(registeredCallbacks: ["myapp://oauth#top"]), #"provider discogs, option registeredCallbacks must be \#(OptionsTests.callbackRule) (got "myapp://oauth#top")"#),
    ])
    func swiftAPI(options: OAuth1MockOptions, message: String) async {
        do {
            try await MockServer.withRunning(OAuth1MockProvider(flavour: .discogs, options: options)) { _ in
                _ = Issue.record("started with \(options)")
            }
        } catch let error as MockServerError {
            #expect(error.code == .invalidOption)
            #expect(error.message == message)
        } catch {
            Issue.record("unexpected error \(error)")
        }
    }
}
