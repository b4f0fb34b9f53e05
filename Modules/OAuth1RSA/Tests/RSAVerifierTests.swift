import Foundation
import OAuth1Client
import OAuth1RSA
import Testing

/// `OAuth1Verifier` with consumers that sign with RSA keys: the method must fit the consumer's
/// key, the token secret takes no part but the token must be known, a wrong key is refused
/// with the server's base string, and the diagnosis blames the keys.
@Suite("OAuth 1.0a verifier with RSA consumers")
struct RSAVerifierTests {
    static let key = try! OAuth1RSAPrivateKey.generate(bits: 1024)
    static let otherKey = try! OAuth1RSAPrivateKey.generate(bits: 1024)
    static let now = Date(timeIntervalSince1970: 1_800_000_000)

    static func verifier(methods: Set<OAuth1SignatureMethod> = OAuth1Verifier.defaultSignatureMethods) -> OAuth1Verifier {
        OAuth1Verifier(
            consumer: { name in
                switch name {
                case "rsa-app": OAuth1Consumer(publicKey: key.rsaPublic)
                case "hmac-app": OAuth1Consumer(secret: "cs")
                default: nil
                }
            },
            tokens: .required { token, _ in token == "tk" ? "ts" : nil },
            signatureMethods: methods,
            replayStore: MemoryReplayStore()
        )
    }

    static func received(consumer: String = "rsa-app", key: OAuth1RSAPrivateKey? = key, method: OAuth1SignatureMethod = .rsaSHA1,
                         token: String = "tk", tokenSecret: String = "ts", nonce: String = "n1") throws -> ReceivedRequest {
        var credentials = OAuth1Credentials(consumerKey: consumer, consumerSecret: "cs", token: token, tokenSecret: tokenSecret)
        credentials.privateKey = key
        let signer = OAuth1Signer(credentials: credentials, signatureMethod: method, clock: { now }, nonce: { nonce })
        let signed = try signer.sign(OAuth1Request(url: URL(string: "https://jira.example.com/rest/api/2/search?jql=project%20%3D%20OPS")!))
        var headers = signed.request.headers
        headers["Host"] = "jira.example.com"
        return ReceivedRequest(method: "GET", target: "/rest/api/2/search?jql=project%20%3D%20OPS", headers: headers, body: [], scheme: "https")
    }

    static func refusal(_ request: ReceivedRequest, _ verifier: OAuth1Verifier = verifier()) async -> OAuth1Error? {
        do {
            _ = try await verifier.verify(request, now: now)
            return nil
        } catch {
            return error
        }
    }

    @Test("RSA-SHA1 and RSA-SHA256 verify by default; RSA-SHA512 once enabled", arguments: [OAuth1SignatureMethod.rsaSHA1, .rsaSHA256, .rsaSHA512])
    func methods(method: OAuth1SignatureMethod) async throws {
        let byDefault = await Self.refusal(try Self.received(method: method))
        #expect((byDefault == nil) == (method != .rsaSHA512), "\(byDefault?.message ?? "accepted")")
        let verified = try await Self.verifier(methods: [method]).verify(try Self.received(method: method, nonce: "n2"), now: Self.now)
        #expect(verified.consumerKey == "rsa-app" && verified.token == "tk")
    }

    @Test("the token secret takes no part in an RSA signature, but an unknown token is refused")
    func tokens() async throws {
        #expect(await Self.refusal(try Self.received(tokenSecret: "anything")) == nil)
        #expect(await Self.refusal(try Self.received(token: "unknown", nonce: "n2"))?.code == .tokenRejected)
    }

    @Test("a method that does not fit the consumer's key is refused, naming what fits")
    func methodMustFitKey() async throws {
        let hmacByRSAConsumer = await Self.refusal(try Self.received(key: nil, method: .hmacSHA1))
        #expect(hmacByRSAConsumer?.code == .unsupportedSignatureMethod)
        #expect(hmacByRSAConsumer?.message == "this consumer is registered with an RSA public key, which cannot check HMAC-SHA1; sign with RSA-SHA1 or RSA-SHA256")
        let rsaByHMACConsumer = await Self.refusal(try Self.received(consumer: "hmac-app"))
        #expect(rsaByHMACConsumer?.code == .unsupportedSignatureMethod)
        #expect(rsaByHMACConsumer?.message == "this consumer is registered with a shared secret, which cannot check RSA-SHA1; sign with HMAC-SHA1 or HMAC-SHA256")
    }

    @Test("another key's signature is refused with the server's base string, and the diagnosis says the keys differ")
    func wrongKey() async throws {
        let request = try Self.received(key: Self.otherKey)
        let error = try #require(await Self.refusal(request))
        #expect(error.code == .signatureInvalid)
        let baseString = try #require(error.serverSignatureBase)
        #expect(baseString.hasPrefix("GET&https%3A%2F%2Fjira.example.com%2Frest%2Fapi%2F2%2Fsearch&jql%3Dproject%2520%253D%2520OPS%26oauth_consumer_key%3Drsa-app"))

        let incoming = try OAuth1IncomingRequest(
            method: "GET", url: URL(string: "https://jira.example.com/rest/api/2/search?jql=project%20%3D%20OPS")!,
            authorizationHeader: request.headers["Authorization"], contentType: nil, body: []
        )
        #expect(incoming.verify(.publicKey(Self.otherKey.rsaPublic)))
        #expect(!incoming.verify(.publicKey(Self.key.rsaPublic)))
        #expect(!incoming.verify(.secrets(consumerSecret: "cs", tokenSecret: "ts")), "secrets never check an RSA signature")
        let diagnosis = incoming.diagnose(.publicKey(Self.key.rsaPublic), theirBaseString: baseString)
        #expect(diagnosis.verdict == .secretsDiffer)
        #expect(diagnosis.summary.first?.contains("the keys differ") == true, "\(diagnosis.summary)")
    }

    @Test("a signature made with RSA-SHA256 but declared RSA-SHA1 is named by the diagnosis")
    func wrongHashNamed() throws {
        let url = URL(string: "https://jira.example.com/rest/api/2/myself")!
        let credentials = OAuth1Credentials(consumerKey: "rsa-app", privateKey: Self.key)
        let signed = try OAuth1Signer(credentials: credentials, signatureMethod: .rsaSHA1, clock: { Self.now }, nonce: { "n" }).sign(OAuth1Request(url: url))
        let wrong = try OAuth1Signature.compute(method: .rsaSHA256, baseString: signed.baseString, privateKey: Self.key)
        let header = try #require(signed.authorizationHeader).replacingOccurrences(
            of: "oauth_signature=\"\(PercentEncoding.encode(signed.signature))\"", with: "oauth_signature=\"\(PercentEncoding.encode(wrong))\""
        )
        let incoming = try OAuth1IncomingRequest(method: "GET", url: url, authorizationHeader: header, contentType: nil, body: [])
        let diagnosis = incoming.diagnose(.publicKey(Self.key.rsaPublic))
        #expect(diagnosis.mistakes == ["the signature was computed with RSA-SHA256 although the request declares RSA-SHA1"])
    }

    @Test("credentials holding a private key print and dump its size and fingerprint, never the key")
    func redaction() throws {
        let credentials = OAuth1Credentials(consumerKey: "rsa-app", privateKey: Self.key, token: "tk", tokenSecret: "ts")
        let pemBody = Self.key.pemRepresentation.split(separator: "\n").dropFirst().dropLast().joined()
        var dumped = ""
        dump(credentials, to: &dumped)
        var dumpedKey = ""
        dump(Self.key, to: &dumpedKey)
        let signer = OAuth1Signer(credentials: credentials, signatureMethod: .rsaSHA1)
        for text in [credentials.description, credentials.debugDescription, dumped, dumpedKey, "\(signer)", String(reflecting: Self.key)] {
            #expect(!text.contains(pemBody.prefix(40)), "\(text)")
            #expect(!text.contains("ts") || !text.contains("tokenSecret: ts"))
        }
        #expect(credentials.description.contains("1024 bits"))
        #expect(credentials == OAuth1Credentials(consumerKey: "rsa-app", privateKey: try OAuth1RSAPrivateKey(pemRepresentation: Self.key.pemRepresentation), token: "tk", tokenSecret: "ts"))
        #expect(credentials != OAuth1Credentials(consumerKey: "rsa-app", privateKey: Self.otherKey, token: "tk", tokenSecret: "ts"))
    }

    @Test("an RSA method without a private key says how to give one")
    func missingKey() throws {
        let signer = OAuth1Signer(credentials: OAuth1Credentials(consumerKey: "rsa-app", consumerSecret: ""), signatureMethod: .rsaSHA1)
        let error = #expect(throws: OAuth1Error.self) { try signer.sign(OAuth1Request(url: URL(string: "https://jira.example.com/")!)) }
        #expect(error?.message.contains("OAuth1RSAPrivateKey(pemRepresentation:)") == true)
    }
}
