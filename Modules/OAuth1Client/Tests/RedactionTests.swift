import Foundation
import OAuth1Client
import SigningCore
import Testing

/// Every type that holds a secret, printed every way Swift prints things: no secret appears.
@Suite("Secrets never printed")
struct RedactionTests {
    static let consumerSecret = "CONSUMER-SECRET-c0ns"
    static let token = "ACCESS-TOKEN-t0k3n"
    static let tokenSecret = "TOKEN-SECRET-s3cr"
    /// The secrets proper. The token itself travels in the clear (RFC 5849 §3.1) and stays
    /// visible in base strings, the first thing to read when a signature fails; the types
    /// that hold it as a credential hide it too.
    static let secrets = [consumerSecret, tokenSecret, "CONSUMER-SECRET", "TOKEN-SECRET"]

    static let credentials = OAuth1Credentials(consumerKey: "public-key", consumerSecret: consumerSecret, token: token, tokenSecret: tokenSecret)

    static func signed(_ transmission: OAuth1Transmission) -> OAuth1SignedRequest {
        let signer = OAuth1Signer(credentials: credentials, signatureMethod: .plaintext, transmission: transmission)
        return try! signer.sign(OAuth1Request(method: "POST", url: URL(string: "https://api.example.com/1/update?x=1")!, form: [FormField("status", "hi")]))
    }

    /// A name and the value to print.
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let value: any Sendable
        var hidesToken = false
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "OAuth1Token", value: OAuth1Token(token: token, secret: tokenSecret, additionalFields: [FormField("user_id", "42")]), hidesToken: true),
        Case(name: "OAuth1Credentials", value: credentials, hidesToken: true),
        Case(name: "OAuth1Signer", value: OAuth1Signer(credentials: credentials), hidesToken: true),
        Case(name: "OAuth1Client", value: OAuth1Client(provider: .twitter, consumerKey: "public-key", consumerSecret: consumerSecret)),
        Case(name: "OAuth1Configuration", value: OAuth1Configuration(provider: .twitter, consumerKey: "public-key", consumerSecret: consumerSecret)),
        Case(name: "OAuth1SignedRequest (PLAINTEXT, header)", value: signed(.header)),
        Case(name: "OAuth1SignedRequest (PLAINTEXT, query)", value: signed(.query)),
        Case(name: "OAuth1SignedRequest (PLAINTEXT, form body)", value: signed(.formBody)),
        Case(name: "APIRequest (PLAINTEXT Authorization header)", value: signed(.header).request),
        Case(name: "HeaderFields", value: signed(.header).request.headers),
        Case(name: "HMAC<SHA256>", value: HMAC<SHA256>(key: Array(consumerSecret.utf8))),
        Case(name: "HMAC<SHA1>", value: HMAC<SHA1>(key: Array(tokenSecret.utf8))),
    ]

    @Test("description, debugDescription, interpolation, reflection and dump hide every secret", arguments: cases)
    func hidden(_ test: Case) {
        var dumped = ""
        dump(test.value, to: &dumped)
        let renderings = [String(describing: test.value), String(reflecting: test.value), "\(test.value)", "\([test.value])", dumped]
        for rendering in renderings {
            for secret in Self.secrets + (test.hidesToken ? [Self.token] : []) {
                #expect(!rendering.contains(secret), "\(test.name) reveals a secret: \(rendering)")
            }
        }
        #expect(dumped.contains("redacted"), "\(test.name): \(dumped)")
    }

    @Test("an HMAC-SHA1 signed request still shows its signature and base string for debugging")
    func hmacStaysDebuggable() throws {
        let signed = try OAuth1Signer(credentials: Self.credentials).sign(OAuth1Request(url: URL(string: "https://e.com/a")!))
        #expect(signed.description.contains(signed.signature))
        #expect(signed.description.contains(signed.baseString))
    }
}
