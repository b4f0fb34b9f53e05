import Foundation
import OAuth1Client
import OAuth1RSA
import SigningCore
import TestSupport
import Testing

extension OAuthlibSigningResult {
    /// The signed request oauthlib answered, or why there is none.
    func request(method: String) throws -> RSAPeerRequest {
        guard let url, error == nil else { throw RSAPeerFailure(description: "oauthlib could not sign: \(error ?? "no URL")") }
        return RSAPeerRequest(method: method, url: url, authorization: authorization, contentType: contentType, body: body ?? "")
    }
}

/// A request for oauthlib's verifier, and the key (by index) whose public half checks it.
struct RSAPeerVerification: Codable, Sendable {
    var key: Int
    var request: RSAPeerRequest
}

/// oauthlib's verdict.
struct RSAPeerVerdict: Codable, Sendable {
    var valid: Bool
    var detail: String?
}

/// Whether python3 with oauthlib and what its RSA methods need (cryptography, PyJWT) is installed.
enum OAuthlibRSA {
    static var isInstalled: Bool { get async { await PythonPeer.hasModules(["oauthlib", "cryptography", "jwt"]) } }
}

@Suite(
    "oauthlib RSA peer",
    .enabled("python3 with oauthlib, cryptography and pyjwt is not installed (pip install -r .ci/requirements.txt); RSA peer tests skipped") { await OAuthlibRSA.isInstalled || TestEnvironment.isCI },
    .heavy
)
struct OAuthlibRSAPeerTests {
    static let methods: [OAuth1SignatureMethod] = [.rsaSHA1, .rsaSHA256, .rsaSHA512]
    static let casesPerMethod = 1000

    static func requirePeer() async throws {
        if await !OAuthlibRSA.isInstalled {
            Issue.record("CI=true but python3 with oauthlib, cryptography and pyjwt is missing: pip install -r .ci/requirements.txt")
            throw PythonPeer.PeerFailure(description: "peer missing")
        }
    }

    /// A fixed seed per method and direction, so every run draws the same requests.
    static func random(_ method: OAuth1SignatureMethod, direction: UInt64, keyCount: Int) -> RSARandomRequests {
        RSARandomRequests(generator: SplitMix64(seed: 0x3443 &* direction &+ UInt64(methods.firstIndex(of: method) ?? 0)), keyCount: keyCount)
    }

    @Test("oauthlib verifies 1000 random requests per method signed here (1024-4096-bit keys, every transmission, JSON bodies with oauth_body_hash), and refuses each tampered", arguments: methods)
    func oauthlibAcceptsUs(_ method: OAuth1SignatureMethod) async throws {
        try await Self.requirePeer()
        let keys = try RSAPeerKeys.generated.get()
        var random = Self.random(method, direction: 1, keyCount: keys.count)
        var checks: [RSAPeerVerification] = []
        var bodyHashes = 0
        var transmissions: Set<String> = []
        var sizes: Set<Int> = []
        for index in 0..<Self.casesPerMethod {
            let peerCase = random.signingCase(method, forOAuthlibServer: true)
            let key = keys[peerCase.key]
            let signed = try peerCase.signWithSwift(key)
            let request = RSAPeerRequest(signed)
            let tampered = try request.tampered(RSAPeerRequest.Tamper.allCases[index % 3], signature: signed.signature)
            // Our own verifier agrees before oauthlib is asked: the request verifies, the tampered one does not.
            #expect(try request.incoming().verify(.publicKey(key.rsaPublic)), "\(peerCase.url) does not verify here")
            #expect(try !tampered.incoming().verify(.publicKey(key.rsaPublic)), "tampered \(tampered.url) verifies here")
            checks.append(RSAPeerVerification(key: peerCase.key, request: request))
            checks.append(RSAPeerVerification(key: peerCase.key, request: tampered))
            if signed.protocolParameters.contains(where: { $0.name == "oauth_body_hash" }) { bodyHashes += 1 }
            transmissions.insert(peerCase.transmission)
            sizes.insert(key.keySizeInBits)
        }
        let verdicts = try await PythonPeer.batch(script: OAuthlibRSAPeerScripts.verify(keys: RSAPeerKeys.json(keys)), checks, as: RSAPeerVerdict.self)
        try #require(verdicts.count == checks.count)
        var refusedOriginals = 0, acceptedTampered = 0
        for (index, (check, verdict)) in zip(checks, verdicts).enumerated() {
            let isOriginal = index.isMultiple(of: 2)
            guard verdict.valid != isOriginal else { continue }
            if isOriginal { refusedOriginals += 1 } else { acceptedTampered += 1 }
            if refusedOriginals + acceptedTampered <= 10 {
                Issue.record("oauthlib \(isOriginal ? "refused" : "accepted tampered") \(check.request.method) \(check.request.url) \(check.request.authorization ?? "") body \(check.request.body): \(verdict.detail ?? "")")
            }
        }
        #expect(refusedOriginals == 0 && acceptedTampered == 0)
        #expect(bodyHashes > 100, "only \(bodyHashes) requests carried oauth_body_hash")
        #expect(transmissions == ["header", "query", "body"] && sizes == Set(RSAPeerKeys.sizes))
    }

    @Test("1000 random requests per method signed by oauthlib (1024-4096-bit keys, every transmission, JSON bodies): our base string and signature, verified with the public key, refused tampered", arguments: methods)
    func weAcceptOAuthlib(_ method: OAuth1SignatureMethod) async throws {
        try await Self.requirePeer()
        let keys = try RSAPeerKeys.generated.get()
        var random = Self.random(method, direction: 2, keyCount: keys.count)
        let cases = (0..<Self.casesPerMethod).map { _ in random.signingCase(method, forOAuthlibServer: false) }
        let results = try await PythonPeer.batch(script: OAuthlibRSAPeerScripts.sign(keys: RSAPeerKeys.json(keys)), cases, as: OAuthlibSigningResult.self)
        try #require(results.count == cases.count)
        var failures = 0, bodyHashes = 0
        for (index, (peerCase, result)) in zip(cases, results).enumerated() where failures < 10 {
            let key = keys[peerCase.key]
            let theirs = try result.request(method: peerCase.method)
            let incoming = try theirs.incoming()
            let ours = try peerCase.signWithSwift(key)
            // RSASSA-PKCS1-v1_5 is deterministic: the same base string gives the same signature.
            let agrees = ours.baseString == result.baseString && incoming.baseString == result.baseString
                && incoming.signature == ours.signature && incoming.verify(.publicKey(key.rsaPublic))
            if !agrees {
                failures += 1
                Issue.record("""
                    mismatch for \(peerCase.method) \(peerCase.url) [\(peerCase.signatureMethod), \(peerCase.transmission), \(key.keySizeInBits) bits]
                    ours:   \(ours.baseString)
                    theirs: \(result.baseString ?? "")
                    signatures: ours \(ours.signature), theirs \(incoming.signature)
                    """)
                continue
            }
            if incoming.bodyHash != nil { bodyHashes += 1 }
            let tampered = try theirs.tampered(RSAPeerRequest.Tamper.allCases[index % 3], signature: incoming.signature)
            if try tampered.incoming().verify(.publicKey(key.rsaPublic)) {
                failures += 1
                Issue.record("tampered \(tampered.method) \(tampered.url) \(tampered.authorization ?? "") body \(tampered.body) verifies")
            }
        }
        #expect(failures == 0)
        #expect(bodyHashes > 100, "only \(bodyHashes) requests carried oauth_body_hash")
    }

    @Test("oauthlib's own oauth_body_hash (always SHA-1) is refused under RSA-SHA256 and RSA-SHA512 and accepted under RSA-SHA1", arguments: methods)
    func sha1BodyHashFitsOnlyRSASHA1(_ method: OAuth1SignatureMethod) async throws {
        try await Self.requirePeer()
        let keys = try RSAPeerKeys.generated.get()
        let key = keys[0]
        let body = #"{"fields":{"summary":"Bug"}}"#
        let peerCase = RSAPeerCase(
            method: "POST", url: "https://jira.example.com/rest/api/2/issue", contentType: "application/json", body: body,
            consumerKey: "jira-app", token: "TokenTokenTokenToken", callback: nil, verifier: nil, realm: nil, signatureMethod: method.rawValue,
            transmission: "header", nonce: "NonceNonceNonceNonce", timestamp: "1700000000", key: 0, sha1BodyHash: true
        )
        let result = try #require(try await PythonPeer.batch(script: OAuthlibRSAPeerScripts.sign(keys: RSAPeerKeys.json(keys)), [peerCase], as: OAuthlibSigningResult.self).first)
        let request = try result.request(method: peerCase.method)
        let incoming = try request.incoming()
        let fits = method.hash == .sha1
        #expect(incoming.bodyHash == SHA1.hash(Array(body.utf8)).base64)
        #expect(incoming.bodyHashMatches == fits)
        #expect(incoming.verify(.publicKey(key.rsaPublic)) == fits)

        let verifier = OAuth1Verifier(
            consumer: { $0 == peerCase.consumerKey ? OAuth1Consumer(publicKey: key.rsaPublic) : nil },
            tokens: .required { _, _ in "" },
            signatureMethods: Set(Self.methods),
            replayStore: MemoryReplayStore()
        )
        let received = ReceivedRequest(
            method: "POST", target: "/rest/api/2/issue",
            headers: ["Host": "jira.example.com", "Authorization": request.authorization ?? "", "Content-Type": "application/json"],
            body: Array(request.body.utf8), scheme: "https"
        )
        let now = Date(timeIntervalSince1970: 1_700_000_000)
        if fits {
            _ = try await verifier.verify(received, now: now)
        } else {
            let error = await #expect(throws: OAuth1Error(code: .signatureInvalid, message: "")) { try await verifier.verify(received, now: now) }
            #expect(error?.message.contains("oauth_body_hash does not match the body") == true && error?.message.contains(method.hash.description) == true)
        }
    }
}
