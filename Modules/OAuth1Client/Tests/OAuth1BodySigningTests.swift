import Foundation
import OAuth1Client
import SignedHTTPTesting
import SigningCore
import Testing

/// How a body that is not a form is signed: through `oauth_body_hash` (hashed with the
/// method's hash), left out, or hashed even when empty; a form is always signed field by field.
/// The verifier recomputes the hash from the body and, when told, requires it.
@Suite("OAuth 1.0a body signing")
struct OAuth1BodySigningTests {
    static let credentials = OAuth1Credentials(consumerKey: "ck", consumerSecret: "cs", token: "tk", tokenSecret: "ts")
    static let json = Array(#"{"fields": {"summary": "Ünïcødé & reserved"}}"#.utf8)
    static let multipart = Array("--b\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a.txt\"\r\n\r\nhello\r\n--b--\r\n".utf8)

    static func sign(_ body: [UInt8], contentType: String?, policy: OAuth1BodySigning, method: OAuth1SignatureMethod = .hmacSHA1) throws -> OAuth1SignedRequest {
        var headers = HeaderFields()
        if let contentType { headers["Content-Type"] = contentType }
        let signer = OAuth1Signer(credentials: credentials, signatureMethod: method, bodySigning: policy)
        return try signer.sign(OAuth1Request(method: "POST", url: URL(string: "https://api.example.com/items?x=1")!, headers: headers, body: body))
    }

    static func bodyHash(_ signed: OAuth1SignedRequest) -> String? {
        signed.protocolParameters.first { $0.name == "oauth_body_hash" }?.value
    }

    @Test("each policy, for JSON, multipart, an empty body and a form", arguments: [
        (OAuth1BodySigning.unsigned, false, false, false),
        (.bodyHash, true, true, false),
        (.bodyHashAlways, true, true, true),
    ])
    func policies(policy: OAuth1BodySigning, hashesJSON: Bool, hashesMultipart: Bool, hashesEmpty: Bool) throws {
        #expect((Self.bodyHash(try Self.sign(Self.json, contentType: "application/json", policy: policy)) != nil) == hashesJSON)
        #expect((Self.bodyHash(try Self.sign(Self.multipart, contentType: "multipart/form-data; boundary=b", policy: policy)) != nil) == hashesMultipart)
        #expect((Self.bodyHash(try Self.sign([], contentType: nil, policy: policy)) != nil) == hashesEmpty)
        let form = try Self.sign(Array("a=1&b=%C3%A9".utf8), contentType: "application/x-www-form-urlencoded", policy: policy)
        #expect(Self.bodyHash(form) == nil, "a form is signed field by field, never hashed")
        #expect(form.baseString.contains("b%3D%25C3%25A9"))
    }

    @Test("the hash follows the method: SHA-1, SHA-256, SHA-512", arguments: [
        (OAuth1SignatureMethod.hmacSHA1, SHA1.hash(json).base64),
        (.hmacSHA256, SHA256.hash(json).base64),
        (.hmacSHA512, SHA512.hash(json).base64),
        (.plaintext, SHA1.hash(json).base64),
    ])
    func hashFollowsMethod(method: OAuth1SignatureMethod, expected: String) throws {
        #expect(Self.bodyHash(try Self.sign(Self.json, contentType: "application/json", policy: .bodyHash, method: method)) == expected)
    }

    @Test("the empty body's hash is the hash of nothing (the extension's §3.2)")
    func emptyBody() throws {
        #expect(Self.bodyHash(try Self.sign([], contentType: nil, policy: .bodyHashAlways, method: .hmacSHA256)) == SHA256.hash([UInt8]()).base64)
    }

    static func received(_ signed: OAuth1SignedRequest, body: [UInt8]? = nil) -> ReceivedRequest {
        var headers = signed.request.headers
        headers["Host"] = "api.example.com"
        return ReceivedRequest(method: "POST", target: "/items?x=1", headers: headers, body: body ?? signed.request.body, scheme: "https")
    }

    static func verifier(requiresBodyHash: Bool) -> OAuth1Verifier {
        OAuth1Verifier(
            consumerSecret: { $0 == "ck" ? "cs" : nil },
            tokens: .required { token, _ in token == "tk" ? "ts" : nil },
            requiresBodyHash: requiresBodyHash,
            replayStore: MemoryReplayStore()
        )
    }

    static let now = Date()

    @Test("the verifier recomputes the hash: a changed body is refused, naming the hash")
    func changedBody() async throws {
        let signed = try Self.sign(Self.json, contentType: "application/json", policy: .bodyHash, method: .hmacSHA256)
        let verifier = Self.verifier(requiresBodyHash: false)
        let changed = Self.json.map { $0 == UInt8(ascii: "&") ? UInt8(ascii: "+") : $0 }
        let error = await #expect(throws: OAuth1Error.self) { try await verifier.verify(Self.received(signed, body: changed), now: Self.now) }
        #expect(error?.code == .signatureInvalid)
        #expect(error?.message.contains("oauth_body_hash does not match the body") == true, "\(error?.message ?? "")")
        #expect(error?.message.contains("SHA-256") == true)
        _ = try await verifier.verify(Self.received(signed), now: Self.now)
    }

    @Test("requiresBodyHash: a body left out of the signature is refused as missing oauth_body_hash; a hashed one passes, and so does a request without a body")
    func required() async throws {
        let verifier = Self.verifier(requiresBodyHash: true)
        let unsigned = try Self.sign(Self.json, contentType: "application/json", policy: .unsigned)
        let error = await #expect(throws: OAuth1Error.self) { try await verifier.verify(Self.received(unsigned), now: Self.now) }
        #expect(error?.code == .missingParameter)
        #expect(error?.message.contains("oauth_body_hash") == true)
        _ = try await verifier.verify(Self.received(try Self.sign(Self.json, contentType: "application/json", policy: .bodyHash)), now: Self.now)
        _ = try await verifier.verify(Self.received(try Self.sign([], contentType: nil, policy: .bodyHashAlways)), now: Self.now)
        // No body, no hash: nothing could be covered, and nothing is refused (a GET).
        _ = try await verifier.verify(Self.received(try Self.sign([], contentType: nil, policy: .bodyHash)), now: Self.now)
        let form = try Self.sign(Array("a=1".utf8), contentType: "application/x-www-form-urlencoded", policy: .bodyHash)
        _ = try await verifier.verify(Self.received(form), now: Self.now)
    }

    @Test("a provider's policy reaches the signer, and send(_:with:bodySigning:) overrides it per request")
    func providerPolicy() async throws {
        let recorder = RecordingTransport { _ in OAuth1Response(statusCode: 200) }
        var provider = OAuth1Provider.twitter
        provider.bodySigning = .unsigned
        let client = OAuth1Client(provider: provider, consumerKey: "ck", consumerSecret: "cs", http: SignedHTTPClient(transport: recorder))
        #expect(client.signer().bodySigning == .unsigned)
        let request = OAuth1Request(method: "POST", url: URL(string: "https://api.example.com/items")!, headers: ["Content-Type": "application/json"], body: Self.json)
        let token = OAuth1Token(token: "tk", secret: "ts")
        _ = try await client.send(request, with: token)
        _ = try await client.send(request, with: token, bodySigning: .bodyHash)
        let headers = recorder.requests.map { $0.header("Authorization") ?? "" }
        #expect(headers.count == 2)
        #expect(!headers[0].contains("oauth_body_hash"))
        #expect(headers[1].contains("oauth_body_hash=\"\(PercentEncoding.encode(SHA1.hash(Self.json).base64))\""))
    }
}

extension OAuth1BodySigningTests {
    @Test("the diagnosis of a body changed after signing names the body hash, not the secrets")
    func diagnosisNamesBody() throws {
        let signed = try Self.sign(Self.json, contentType: "application/json", policy: .bodyHash, method: .hmacSHA256)
        let incoming = try OAuth1IncomingRequest(
            method: "POST", url: signed.request.url, authorizationHeader: signed.authorizationHeader, contentType: "application/json", body: Self.json + [0x20]
        )
        let diagnosis = incoming.diagnose(consumerSecret: "cs", tokenSecret: "ts")
        #expect(!diagnosis.isValid)
        #expect(diagnosis.verdict == .signerMistake)
        #expect(diagnosis.mistakes == [
            "the signature verifies, but oauth_body_hash does not match the body: the body changed after signing, or the signer hashed other bytes, or with another hash than HMAC-SHA256's SHA-256",
        ])
    }
}
