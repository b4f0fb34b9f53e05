import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import OAuth1Client
import SigningCore
import Testing

@Suite("Signer")
struct OAuth1SignerTests {
    static func twitterSigner(transmission: OAuth1Transmission = .header) -> OAuth1Signer {
        OAuth1Signer(
            credentials: OAuth1Credentials(
                consumerKey: "xvz1evFS4wEEPTGEFPHBog", consumerSecret: "kAcSOqF21Fu85e7zjz7ZN2U4ZRhfV3WpwPAoE3Z7kBw",
                token: "370773112-GmHxMAgYyLbNEtIKZeRNFsMKPR9EyMZeS9weJAEb", tokenSecret: "LswwdoUaIvS8ltyTt5jkRh4J50vUPVVHtR2YPi5kE"
            ),
            transmission: transmission,
            clock: { Date(timeIntervalSince1970: 1_318_622_958) },
            nonce: { "kYjzVBB8Y0ZFabxSWbWovY3uYSQ2pTgmZeNu2VS4cg" }
        )
    }

    static let twitterRequest = OAuth1Request(
        method: "POST",
        url: URL(string: "https://api.twitter.com/1.1/statuses/update.json?include_entities=true")!,
        form: [FormField("status", "Hello Ladies + Gentlemen, a signed OAuth request!")]
    )

    @Test("reproduces Twitter's documented signature; value and URLRequest signing agree")
    func twitter() throws {
        let signed = try Self.twitterSigner().sign(Self.twitterRequest)
        #expect(signed.signature == "hCtSmYh+iHYCEqBWrE7C7hYmtUk=")
        #expect(signed.baseString == signingVectors[4].baseString)
        let header = try #require(signed.authorizationHeader)
        #expect(signed.request.header("authorization") == header)
        #expect(header.contains("oauth_signature=\"hCtSmYh%2BiHYCEqBWrE7C7hYmtUk%3D\""))

        var urlRequest = URLRequest(url: Self.twitterRequest.url)
        urlRequest.httpMethod = "POST"
        urlRequest.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
        urlRequest.httpBody = Data(Self.twitterRequest.body)
        urlRequest.timeoutInterval = 12
        let signedURLRequest = try Self.twitterSigner().sign(urlRequest)
        #expect(signedURLRequest.value(forHTTPHeaderField: "Authorization") == header)
        #expect(signedURLRequest.timeoutInterval == 12)
        #expect(signedURLRequest.httpBody == Data(Self.twitterRequest.body))
    }

    @Test("reproduces RFC 5849 §1.2's Authorization header byte for byte")
    func rfcHeader() throws {
        let signer = OAuth1Signer(
            credentials: OAuth1Credentials(consumerKey: "dpf43f3p2l4k3l03", consumerSecret: "kd94hf93k423kf44", token: "nnch734d00sl2jdk", tokenSecret: "pfkkdhi9sl3r4s00"),
            transmission: .authorizationHeader(realm: "Photos"),
            includesVersion: false,
            clock: { Date(timeIntervalSince1970: 137_131_202) },
            nonce: { "chapoH" }
        )
        let signed = try signer.sign(OAuth1Request(url: URL(string: "http://photos.example.net/photos?file=vacation.jpg&size=original")!))
        #expect(signed.authorizationHeader == """
            OAuth realm="Photos", oauth_consumer_key="dpf43f3p2l4k3l03", oauth_token="nnch734d00sl2jdk", \
            oauth_signature_method="HMAC-SHA1", oauth_timestamp="137131202", oauth_nonce="chapoH", \
            oauth_signature="MdpQcU8iPSUjWoN%2FUDMsK2sui9I%3D"
            """)
    }

    /// The header, query and body copy the protocol parameters as they were encoded for the
    /// base string; the bytes must be those of encoding them afresh.
    @Test("protocol parameters are written as encoding them afresh would, for every transmission", arguments:
        [OAuth1Transmission.header, .authorizationHeader(realm: "R é\""), .query, .formBody])
    func reusedEncoding(transmission: OAuth1Transmission) throws {
        let form = [FormField("status", "a b+c% é"), FormField("oauth", "")]
        let request = OAuth1Request(method: "POST", url: URL(string: "https://api.example.com/a?q=caf%C3%A9&x=%2525#f")!, form: form)
        let signed = try Self.twitterSigner(transmission: transmission).sign(
            request, callback: "https://app.example/cb?x=1&y=é", verifier: "v&1", extraProtocolParameters: [FormField("oauth_session_handle", "h/=")]
        )
        #expect(signed.protocolParameters.last?.name == "oauth_signature")
        let pairs = signed.protocolParameters.map { PercentEncoding.encode($0.name) + "=" + PercentEncoding.encode($0.value) }.joined(separator: "&")
        switch transmission {
        case .authorizationHeader(let realm):
            #expect(signed.authorizationHeader == OAuth1AuthorizationHeader.serialize(realm: realm, parameters: signed.protocolParameters))
        case .query:
            #expect(signed.request.url.absoluteString == "https://api.example.com/a?q=caf%C3%A9&x=%2525&" + pairs + "#f")
        case .formBody:
            #expect(String(decoding: signed.request.body, as: UTF8.self) == FormEncoding.serialize(form) + "&" + pairs)
        }
    }

    @Test("the verifier accepts what the signer produces, for every method and transmission", arguments:
        OAuth1SignatureMethod.allCases.filter { $0.key != .rsaKeyPair }, [OAuth1Transmission.header, .authorizationHeader(realm: "R é\""), .query, .formBody])
    func roundTrip(method: OAuth1SignatureMethod, transmission: OAuth1Transmission) throws {
        var signer = Self.twitterSigner(transmission: transmission)
        signer.signatureMethod = method
        let request = OAuth1Request(
            method: "post",
            url: URL(string: "HTTPS://Api.Example.COM:443/a%20b/c?q=a+b&q=%2A&empty=&u=%C3%A9#frag")!,
            form: [FormField("x", "1 2"), FormField("x", "+"), FormField("y", "")]
        )
        let signed = try signer.sign(request, callback: "https://app.example/cb?x=1", verifier: "v&1", extraProtocolParameters: [FormField("oauth_session_handle", "h")])
        let incoming = try OAuth1IncomingRequest(
            method: signed.request.method, url: signed.request.url, authorizationHeader: signed.request.header("Authorization"),
            contentType: signed.request.header("Content-Type"), body: signed.request.body
        )
        #expect(incoming.baseString == signed.baseString)
        #expect(incoming.signature == signed.signature)
        #expect(incoming.callback == "https://app.example/cb?x=1")
        #expect(incoming.verifier == "v&1")
        #expect(incoming.protocolParameter("oauth_session_handle") == "h")
        #expect(incoming.verify(consumerSecret: signer.credentials.consumerSecret, tokenSecret: signer.credentials.tokenSecret))
        #expect(signed.request.url.fragment == "frag")
    }

    @Test("non-form bodies get oauth_body_hash, which the verifier checks")
    func bodyHash() throws {
        let signer = Self.twitterSigner()
        let body = Array("{\"a\":1}".utf8)
        let signed = try signer.sign(OAuth1Request(method: "PUT", url: URL(string: "https://e.com/x")!, headers: ["content-type": "application/json"], body: body))
        #expect(signed.protocolParameters.contains(FormField("oauth_body_hash", OAuth1BodyHash.compute(body, method: .hmacSHA1))))
        let incoming = try OAuth1IncomingRequest(method: "PUT", url: signed.request.url, authorizationHeader: signed.authorizationHeader,
                                                 contentType: "application/json", body: body)
        #expect(incoming.verify(consumerSecret: signer.credentials.consumerSecret, tokenSecret: signer.credentials.tokenSecret))
        var withoutHash = signer
        withoutHash.bodySigning = .unsigned
        #expect(try withoutHash.sign(OAuth1Request(method: "PUT", url: URL(string: "https://e.com/x")!, body: body)).protocolParameters.allSatisfy { $0.name != "oauth_body_hash" })
    }

    @Test("the same inputs give the same signature; a different nonce a different one")
    func deterministic() throws {
        let first = try Self.twitterSigner().sign(Self.twitterRequest)
        let second = try Self.twitterSigner().sign(Self.twitterRequest)
        #expect(first == second)
        var other = Self.twitterSigner()
        other.nonce = { "another" }
        #expect(try other.sign(Self.twitterRequest).signature != first.signature)
    }

    @Test("the default nonce is 30 alphanumerics and changes every time")
    func defaultNonce() throws {
        let signer = OAuth1Signer(credentials: OAuth1Credentials(consumerKey: "k", consumerSecret: "s"))
        let nonces = try (0..<3).map { _ in
            try #require(try signer.sign(OAuth1Request(url: URL(string: "https://e.com/")!)).protocolParameters.first { $0.name == "oauth_nonce" }?.value)
        }
        #expect(Set(nonces).count == 3)
        #expect(nonces.allSatisfy { $0.count == 30 && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } })
    }

    @Test("bad signing requests are refused", arguments: [
        (OAuth1Request(url: URL(string: "https://e.com/?oauth_nonce=1")!), [FormField](), OAuth1Error.Code.duplicateParameter),
        (OAuth1Request(url: URL(string: "https://e.com/")!), [FormField("x_other", "1")], .invalidParameter),
        (OAuth1Request(url: URL(string: "https://e.com/")!), [FormField("oauth_nonce", "1")], .invalidParameter),
        (OAuth1Request(url: URL(string: "https://e.com/")!), [FormField("oauth_x", "1"), FormField("oauth_x", "2")], .invalidParameter),
        (OAuth1Request(url: URL(string: "mailto:a@b.c")!), [FormField](), .invalidURL),
        (OAuth1Request(method: "POST", url: URL(string: "https://e.com/")!, form: [FormField("a", "1")]).withBody("a=%zz"), [FormField](), .invalidParameter),
    ])
    func refused(request: OAuth1Request, extra: [FormField], code: OAuth1Error.Code) {
        let error = #expect(throws: OAuth1Error.self) { try Self.twitterSigner().sign(request, extraProtocolParameters: extra) }
        #expect(error?.code == code)
    }

    @Test("an oauth_* field already in the request is signed where the protocol parameters go, else refused as the verifier would", arguments:
        [OAuth1Transmission.header, .query, .formBody], [true, false])
    func requestProtocolField(transmission: OAuth1Transmission, inQuery: Bool) throws {
        let url = URL(string: inQuery ? "https://e.com/p?a=1&oauth_session_handle=h" : "https://e.com/p?a=1")!
        let form = [FormField("b", "2")] + (inQuery ? [] : [FormField("oauth_session_handle", "h")])
        let request = OAuth1Request(method: "POST", url: url, form: form)
        let signer = Self.twitterSigner(transmission: transmission)
        let samePlace = (transmission == .query && inQuery) || (transmission == .formBody && !inQuery)
        guard samePlace else {
            let error = #expect(throws: OAuth1Error.self) { try signer.sign(request) }
            #expect(error?.code == .parametersInSeveralLocations)
            #expect(error?.message.contains("'oauth_session_handle'") == true, "\(error?.message ?? "")")
            #expect(error?.message.contains("extraProtocolParameters") == true, "\(error?.message ?? "")")
            // What the verifier says of the same request signed the way the message suggests.
            let moved = OAuth1Request(method: "POST", url: URL(string: "https://e.com/p?a=1")!, form: [FormField("b", "2")])
            let signed = try signer.sign(moved, extraProtocolParameters: [FormField("oauth_session_handle", "h")])
            let incoming = try OAuth1IncomingRequest(
                method: signed.request.method, url: signed.request.url, authorizationHeader: signed.request.header("Authorization"),
                contentType: signed.request.header("Content-Type"), body: signed.request.body
            )
            #expect(incoming.protocolParameter("oauth_session_handle") == "h")
            #expect(incoming.verify(consumerSecret: signer.credentials.consumerSecret, tokenSecret: signer.credentials.tokenSecret))
            return
        }
        let signed = try signer.sign(request)
        let incoming = try OAuth1IncomingRequest(
            method: signed.request.method, url: signed.request.url, authorizationHeader: signed.request.header("Authorization"),
            contentType: signed.request.header("Content-Type"), body: signed.request.body
        )
        #expect(incoming.protocolParameter("oauth_session_handle") == "h")
        #expect(incoming.verify(consumerSecret: signer.credentials.consumerSecret, tokenSecret: signer.credentials.tokenSecret))
        // The same name again, as an extra parameter, would reach the verifier twice.
        let twice = #expect(throws: OAuth1Error.self) { try signer.sign(request, extraProtocolParameters: [FormField("oauth_session_handle", "h")]) }
        #expect(twice?.code == .duplicateParameter)
    }

    @Test("form transmission refuses a JSON body")
    func formTransmissionNeedsForm() {
        let request = OAuth1Request(method: "POST", url: URL(string: "https://e.com/")!, headers: ["Content-Type": "application/json"], body: Array("{}".utf8))
        #expect(throws: OAuth1Error(code: .invalidParameter, message: "")) { try Self.twitterSigner(transmission: .formBody).sign(request) }
    }

    @Test("credentials and tokens never show their secrets")
    func redaction() {
        let credentials = OAuth1Credentials(consumerKey: "key", consumerSecret: "SECRET1", token: "TOKEN1", tokenSecret: "SECRET2")
        #expect(!credentials.description.contains("SECRET") && !credentials.description.contains("TOKEN1"))
        let token = OAuth1Token(token: "TOKEN1", secret: "SECRET2", additionalFields: [FormField("user_id", "42")])
        #expect(!token.description.contains("SECRET") && !token.description.contains("TOKEN1"))
    }
}

extension OAuth1Request {
    func withBody(_ text: String) -> OAuth1Request {
        var copy = self
        copy.body = Array(text.utf8)
        return copy
    }
}
