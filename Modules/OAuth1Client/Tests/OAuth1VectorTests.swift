import Foundation
import OAuth1Client
import SigningCore
import Testing

/// A published signing example: the request, the secrets and the expected base string and
/// signature.
struct SigningVector: Sendable, CustomTestStringConvertible {
    var name: String
    var method: String
    var url: String
    var authorizationHeader: String
    var contentType: String?
    var body: String
    var consumerSecret: String
    var tokenSecret: String?
    var baseString: String
    var signature: String

    var testDescription: String { name }
}

/// RFC 5849 and Twitter's documentation, as published (signatures corrected by errata where
/// the RFC's printed value is wrong).
let signingVectors: [SigningVector] = [
    // RFC 5849 §3.4.1.1. The RFC prints bYT5CMsGcbgUdFHObYMEfcx6bsw= as the signature; erratum
    // 2550 corrects it to r6/TJjbCOr97/+UU0NsvSne7s5g= for the secrets of §3.1.
    SigningVector(
        name: "RFC 5849 §3.4.1.1",
        method: "POST",
        url: "http://example.com/request?b5=%3D%253D&a3=a&c%40=&a2=r%20b",
        authorizationHeader: """
            OAuth realm="Example", oauth_consumer_key="9djdj82h48djs9d2", oauth_token="kkk9d7dh3k39sjv7", \
            oauth_signature_method="HMAC-SHA1", oauth_timestamp="137131201", oauth_nonce="7d8f3e4a", \
            oauth_signature="r6%2FTJjbCOr97%2F%2BUU0NsvSne7s5g%3D"
            """,
        contentType: "application/x-www-form-urlencoded",
        body: "c2&a3=2+q",
        consumerSecret: "j49sk3j29djd",
        tokenSecret: "dh893hdasih9",
        baseString: "POST&http%3A%2F%2Fexample.com%2Frequest&a2%3Dr%2520b%26a3%3D2%2520q%26a3%3Da%26b5%3D%253D%25253D%26c%2540%3D%26c2%3D%26oauth_consumer_key%3D9djdj82h48djs9d2%26oauth_nonce%3D7d8f3e4a%26oauth_signature_method%3DHMAC-SHA1%26oauth_timestamp%3D137131201%26oauth_token%3Dkkk9d7dh3k39sjv7",
        signature: "r6/TJjbCOr97/+UU0NsvSne7s5g="
    ),
    // RFC 5849 §1.2, temporary credentials request.
    SigningVector(
        name: "RFC 5849 §1.2 initiate",
        method: "POST",
        url: "https://photos.example.net/initiate",
        authorizationHeader: """
            OAuth realm="Photos", oauth_consumer_key="dpf43f3p2l4k3l03", oauth_signature_method="HMAC-SHA1", \
            oauth_timestamp="137131200", oauth_nonce="wIjqoS", oauth_callback="http%3A%2F%2Fprinter.example.com%2Fready", \
            oauth_signature="74KNZJeDHnMBp0EMJ9ZHt%2FXKycU%3D"
            """,
        contentType: nil,
        body: "",
        consumerSecret: "kd94hf93k423kf44",
        tokenSecret: nil,
        baseString: "POST&https%3A%2F%2Fphotos.example.net%2Finitiate&oauth_callback%3Dhttp%253A%252F%252Fprinter.example.com%252Fready%26oauth_consumer_key%3Ddpf43f3p2l4k3l03%26oauth_nonce%3DwIjqoS%26oauth_signature_method%3DHMAC-SHA1%26oauth_timestamp%3D137131200",
        signature: "74KNZJeDHnMBp0EMJ9ZHt/XKycU="
    ),
    // RFC 5849 §1.2, token request with the verifier.
    SigningVector(
        name: "RFC 5849 §1.2 token",
        method: "POST",
        url: "https://photos.example.net/token",
        authorizationHeader: """
            OAuth realm="Photos", oauth_consumer_key="dpf43f3p2l4k3l03", oauth_token="hh5s93j4hdidpola", \
            oauth_signature_method="HMAC-SHA1", oauth_timestamp="137131201", oauth_nonce="walatlh", \
            oauth_verifier="hfdp7dh39dks9884", oauth_signature="gKgrFCywp7rO0OXSjdot%2FIHF7IU%3D"
            """,
        contentType: nil,
        body: "",
        consumerSecret: "kd94hf93k423kf44",
        tokenSecret: "hdhd0244k9j7ao03",
        baseString: "POST&https%3A%2F%2Fphotos.example.net%2Ftoken&oauth_consumer_key%3Ddpf43f3p2l4k3l03%26oauth_nonce%3Dwalatlh%26oauth_signature_method%3DHMAC-SHA1%26oauth_timestamp%3D137131201%26oauth_token%3Dhh5s93j4hdidpola%26oauth_verifier%3Dhfdp7dh39dks9884",
        signature: "gKgrFCywp7rO0OXSjdot/IHF7IU="
    ),
    // RFC 5849 §1.2, protected resource request.
    SigningVector(
        name: "RFC 5849 §1.2 photos",
        method: "GET",
        url: "http://photos.example.net/photos?file=vacation.jpg&size=original",
        authorizationHeader: """
            OAuth realm="Photos", oauth_consumer_key="dpf43f3p2l4k3l03", oauth_token="nnch734d00sl2jdk", \
            oauth_signature_method="HMAC-SHA1", oauth_timestamp="137131202", oauth_nonce="chapoH", \
            oauth_signature="MdpQcU8iPSUjWoN%2FUDMsK2sui9I%3D"
            """,
        contentType: nil,
        body: "",
        consumerSecret: "kd94hf93k423kf44",
        tokenSecret: "pfkkdhi9sl3r4s00",
        baseString: "GET&http%3A%2F%2Fphotos.example.net%2Fphotos&file%3Dvacation.jpg%26oauth_consumer_key%3Ddpf43f3p2l4k3l03%26oauth_nonce%3DchapoH%26oauth_signature_method%3DHMAC-SHA1%26oauth_timestamp%3D137131202%26oauth_token%3Dnnch734d00sl2jdk%26size%3Doriginal",
        signature: "MdpQcU8iPSUjWoN/UDMsK2sui9I="
    ),
    // Twitter developer documentation, "Creating a signature".
    SigningVector(
        name: "Twitter: creating a signature",
        method: "POST",
        url: "https://api.twitter.com/1.1/statuses/update.json?include_entities=true",
        authorizationHeader: """
            OAuth oauth_consumer_key="xvz1evFS4wEEPTGEFPHBog", oauth_nonce="kYjzVBB8Y0ZFabxSWbWovY3uYSQ2pTgmZeNu2VS4cg", \
            oauth_signature="hCtSmYh%2BiHYCEqBWrE7C7hYmtUk%3D", oauth_signature_method="HMAC-SHA1", \
            oauth_timestamp="1318622958", oauth_token="370773112-GmHxMAgYyLbNEtIKZeRNFsMKPR9EyMZeS9weJAEb", oauth_version="1.0"
            """,
        contentType: "application/x-www-form-urlencoded",
        body: "status=Hello%20Ladies%20%2b%20Gentlemen%2c%20a%20signed%20OAuth%20request%21",
        consumerSecret: "kAcSOqF21Fu85e7zjz7ZN2U4ZRhfV3WpwPAoE3Z7kBw",
        tokenSecret: "LswwdoUaIvS8ltyTt5jkRh4J50vUPVVHtR2YPi5kE",
        baseString: "POST&https%3A%2F%2Fapi.twitter.com%2F1.1%2Fstatuses%2Fupdate.json&include_entities%3Dtrue%26oauth_consumer_key%3Dxvz1evFS4wEEPTGEFPHBog%26oauth_nonce%3DkYjzVBB8Y0ZFabxSWbWovY3uYSQ2pTgmZeNu2VS4cg%26oauth_signature_method%3DHMAC-SHA1%26oauth_timestamp%3D1318622958%26oauth_token%3D370773112-GmHxMAgYyLbNEtIKZeRNFsMKPR9EyMZeS9weJAEb%26oauth_version%3D1.0%26status%3DHello%2520Ladies%2520%252B%2520Gentlemen%252C%2520a%2520signed%2520OAuth%2520request%2521",
        signature: "hCtSmYh+iHYCEqBWrE7C7hYmtUk="
    ),
]

@Suite("Published vectors")
struct OAuth1VectorTests {
    @Test("the verifier rebuilds the published base string and accepts the signature", arguments: signingVectors)
    func incomingRequest(vector: SigningVector) throws {
        let request = try OAuth1IncomingRequest(
            method: vector.method,
            url: try #require(URL(string: vector.url)),
            authorizationHeader: vector.authorizationHeader,
            contentType: vector.contentType,
            body: Array(vector.body.utf8)
        )
        #expect(request.baseString == vector.baseString)
        #expect(request.signature == vector.signature)
        #expect(try request.expectedSignature(consumerSecret: vector.consumerSecret, tokenSecret: vector.tokenSecret) == vector.signature)
        #expect(request.verify(consumerSecret: vector.consumerSecret, tokenSecret: vector.tokenSecret))
        #expect(!request.verify(consumerSecret: vector.consumerSecret + "x", tokenSecret: vector.tokenSecret))
    }

    @Test("the signature of the published base string", arguments: signingVectors)
    func signature(vector: SigningVector) throws {
        let signature = try OAuth1Signature.compute(
            method: .hmacSHA1, baseString: vector.baseString, consumerSecret: vector.consumerSecret, tokenSecret: vector.tokenSecret
        )
        #expect(signature == vector.signature)
    }

    @Test("the RFC's printed signature for §3.4.1.1 is the erratum's wrong value")
    func rfcPrintedSignatureIsWrong() throws {
        let vector = signingVectors[0]
        let signature = try OAuth1Signature.compute(
            method: .hmacSHA1, baseString: vector.baseString, consumerSecret: vector.consumerSecret, tokenSecret: vector.tokenSecret
        )
        #expect(signature != "bYT5CMsGcbgUdFHObYMEfcx6bsw=")
    }

    static let baseStringURIs: [(String, String)] = [
        ("HTTP://EXAMPLE.COM:80/r%20v/X?id=123", "http://example.com/r%20v/X"),
        ("https://www.example.net:8080/?q=1", "https://www.example.net:8080/"),
        ("http://www.example.com:80/", "http://www.example.com/"),
        ("http://www.example.com", "http://www.example.com/"),
        ("https://Example.COM:443/Path?x#frag", "https://example.com/Path"),
        ("http://example.com:443/", "http://example.com:443/"),
        ("https://example.com:80/", "https://example.com:80/"),
        ("http://user:pass@example.com/a", "http://example.com/a"),
        ("http://[::1]:8080/a", "http://[::1]:8080/a"),
        ("http://127.0.0.1:80/a;p", "http://127.0.0.1/a;p"),
        ("HTTPS://EXAMPLE.COM:443", "https://example.com/"),
        ("HtTp://Example.Com:8080/A%2Fb", "http://example.com:8080/A%2Fb"),
        ("http://[::1]/a", "http://[::1]/a"),
        ("http://ex_ample.com~:81", "http://ex_ample.com~:81/"),
    ]

    @Test("RFC 5849 §3.4.1.2 base string URIs and oauthlib's normalisation cases", arguments: baseStringURIs)
    func baseStringURI(url: String, expected: String) throws {
        #expect(try OAuth1BaseString.baseStringURI(try #require(URL(string: url))) == expected)
    }

    @Test("the signer writes the same base string URI into the base string", arguments: baseStringURIs)
    func signedBaseStringURI(url: String, expected: String) throws {
        let signer = OAuth1Signer(credentials: OAuth1Credentials(consumerKey: "k", consumerSecret: "s"), clock: { Date(timeIntervalSince1970: 1) }, nonce: { "n" })
        let signed = try signer.sign(OAuth1Request(method: "GET", url: try #require(URL(string: url))))
        #expect(signed.baseString.hasPrefix("GET&\(PercentEncoding.encode(expected))&"))
    }

    @Test("URLs without host are refused", arguments: ["mailto:someone@example.com", "file:///etc/passwd"])
    func invalidBaseStringURI(url: String) throws {
        #expect(throws: OAuth1Error(code: .invalidURL, message: "")) {
            try OAuth1BaseString.baseStringURI(try #require(URL(string: url)))
        }
    }

    @Test("oauthlib's HMAC-SHA1 and PLAINTEXT vectors (tests/oauth1/rfc5849/test_signatures.py)", arguments: [
        (OAuth1SignatureMethod.hmacSHA1, "Uau4O9Kpd2k6rvh7UZN/RN+RG7Y="),
        (.plaintext, "ECrDNoq1VYzzzzzzzzzyAK7TwZNtPnkqatqZZZZ&just-a-string%20%20%20%20asdasd"),
    ])
    func oauthlibSignatures(method: OAuth1SignatureMethod, expected: String) throws {
        let baseString = "POST&http%253A%2F%2Fexample.com%2Frequest%253Fb5%253D%25253D%2525253D%2526a3%253Da%2526c%252540%253D%2526a2%253Dr%252520b&OAuth%2520realm%253D%2522Example%2522%252Coauth_consumer_key%253D%25229djdj82h48djs9d2%2522%252Coauth_token%253D%2522kkk9d7dh3k39sjv7%2522%252Coauth_signature_method%253D%2522HMAC-SHA1%2522%252Coauth_timestamp%253D%2522137131201%2522%252Coauth_nonce%253D%25227d8f3e4a%2522%252Coauth_signature%253D%2522bYT5CMsGcbgUdFHObYMEfcx6bsw%25253D%2522"
        let signature = try OAuth1Signature.compute(
            method: method, baseString: baseString, consumerSecret: "ECrDNoq1VYzzzzzzzzzyAK7TwZNtPnkqatqZZZZ", tokenSecret: "just-a-string    asdasd"
        )
        #expect(signature == expected)
    }

    @Test("oauthlib's collect_parameters example: query with '+', header, form body")
    func oauthlibCollectedParameters() throws {
        let request = try OAuth1IncomingRequest(
            method: "POST",
            url: try #require(URL(string: "http://example.com/request?b5=%3D%253D&a3=a&c%40=&a2=r%20b&c2=&a3=2+q")),
            authorizationHeader: """
                OAuth realm="Example",
                    oauth_consumer_key="9djdj82h48djs9d2",
                    oauth_token="kkk9d7dh3k39sjv7",
                    oauth_signature_method="HMAC-SHA1",
                    oauth_timestamp="137131201",
                    oauth_nonce="7d8f3e4a",
                    oauth_signature="djosJKDKJSD8743243%2Fjdk33klY%3D"
                """.replacingOccurrences(of: "\n", with: ""),
            contentType: "application/x-www-form-urlencoded; charset=utf-8",
            body: Array("content=This+is+being+the+body+of+things".utf8)
        )
        let expected: [FormField] = [
            FormField("b5", "=%3D"), FormField("a3", "a"), FormField("c@", ""), FormField("a2", "r b"), FormField("c2", ""),
            FormField("a3", "2 q"), FormField("oauth_nonce", "7d8f3e4a"), FormField("oauth_timestamp", "137131201"),
            FormField("oauth_consumer_key", "9djdj82h48djs9d2"), FormField("oauth_signature_method", "HMAC-SHA1"),
            FormField("oauth_token", "kkk9d7dh3k39sjv7"), FormField("content", "This is being the body of things"),
        ]
        #expect(Set(request.signatureParameters) == Set(expected))
        #expect(request.signatureParameters.count == expected.count)
        #expect(request.realm == "Example")
    }

    @Test("normalised parameters sort by encoded name then encoded value, keeping duplicates")
    func normalizedParameters() {
        let parameters = [
            FormField("a", "z"), FormField("a", "Z"), FormField("a", ""), FormField("c@", "1"), FormField("c2", "1"),
            FormField("b", "é"), FormField("a", "z"), FormField("+", "*"),
        ]
        #expect(OAuth1BaseString.normalizedParameters(parameters) == "%2B=%2A&a=&a=Z&a=z&a=z&b=%C3%A9&c%40=1&c2=1")
        #expect(OAuth1BaseString.normalizedParameters([]) == "")
    }

    @Test("make leaves out oauth_signature but signs a query field named realm")
    func makeExclusions() throws {
        let url = try #require(URL(string: "http://example.com/r"))
        let base = try OAuth1BaseString.make(
            method: "get", url: url,
            parameters: [FormField("realm", "q"), FormField("oauth_signature", "x"), FormField("oauth_nonce", "n")]
        )
        #expect(base == "GET&http%3A%2F%2Fexample.com%2Fr&oauth_nonce%3Dn%26realm%3Dq")
    }

    @Test("signature methods round-trip their names", arguments: OAuth1SignatureMethod.allCases)
    func signatureMethodNames(method: OAuth1SignatureMethod) {
        #expect(OAuth1SignatureMethod(rawValue: method.rawValue) == method)
        #expect(OAuth1SignatureMethod(rawValue: method.rawValue.lowercased()) == nil)
    }

    @Test("HMAC-SHA256 and HMAC-SHA512 sign with the same key construction")
    func otherHMACs() throws {
        let key = OAuth1Signature.key(consumerSecret: "c s", tokenSecret: "t&s")
        #expect(key == "c%20s&t%26s")
        #expect(try OAuth1Signature.compute(method: .hmacSHA256, baseString: "base", consumerSecret: "c s", tokenSecret: "t&s")
            == HMAC<SHA256>(key: key).authenticationCode(for: "base").base64)
        #expect(try OAuth1Signature.compute(method: .hmacSHA512, baseString: "base", consumerSecret: "c s", tokenSecret: "t&s")
            == HMAC<SHA512>(key: key).authenticationCode(for: "base").base64)
        #expect(try OAuth1Signature.compute(method: .plaintext, baseString: "ignored", consumerSecret: "c s", tokenSecret: nil) == "c%20s&")
    }
}
