import Foundation
import HTTPMessageSignatures
import TestSupport
import Testing

/// Whether python3 with `http-message-signatures` (the independent peer) is installed.
enum HTTPMessageSignaturesPeer {
    static var isInstalled: Bool { get async { await PythonPeer.hasModules(["http_message_signatures"]) } }

    /// Fails the test under CI=true when the peer is missing (the suite is enabled there).
    static func require() async throws {
        if await !isInstalled {
            Issue.record("CI=true but python3 with http-message-signatures is missing: pip install -r .ci/requirements.txt")
            throw PythonPeer.PeerFailure(description: "peer missing")
        }
    }

    /// The HMAC key of the random cases.
    static let hmac: PeerKey = {
        let secret = Array("the peer tests' hmac-sha256 secret, 48 bytes....".utf8)
        let key = try! HTTPSignatureHMACKey(secret: secret)
        return PeerKey(algorithm: "hmac-sha256", signing: key, verifying: key, secret: Data(secret).base64EncodedString())
    }()

    /// The key of the foreign signature some requests already carry.
    static let foreignKey = try! HTTPSignatureHMACKey(secret: Array("a foreign signer's secret".utf8))
}

/// Differential tests against Python's `http-message-signatures` (RFC 9421), both ways: random
/// requests signed here are verified there and signed there are verified here, with the same
/// signature base byte for byte, and a tampered copy of each is refused by both. One Python
/// process per direction. The random space and the peer's departures from the RFC:
/// ``PeerRequests``.
@Suite(
    "http-message-signatures peer",
    .enabled("python3 with http-message-signatures is not installed (pip install -r .ci/requirements.txt); peer tests skipped") {
        await HTTPMessageSignaturesPeer.isInstalled || TestEnvironment.isCI
    },
    .heavy
)
struct PeerTests {
    static let count = 1000

    /// `count` cases for `op` with `key`, from `seed`.
    static func draws(_ op: String, key: PeerKey, seed: UInt64, count: Int = count) -> [PeerDraw] {
        var random = PeerRequests(generator: SplitMix64(seed: seed))
        return (0..<count).map { _ in random.draw(op: op, key: key, foreignKey: HTTPMessageSignaturesPeer.foreignKey) }
    }

    /// The signature base this package builds for the signature labelled `label` in `request`.
    static func base(of request: HTTPMessageRequest, label: String) throws -> String {
        let signature = try #require(try HTTPSignatureFields.signatures(in: request.headers).first { $0.label == label })
        return try HTTPSignatureBase(parameters: signature.parameters, message: .request(request)).text
    }

    /// Signs each draw here; the peer verifies it and refuses its tampered copy, with the same
    /// base; this package refuses the tampered copy too.
    static func signedHereVerifiedThere(_ draws: [PeerDraw]) async throws -> (checked: Int, failures: [String]) {
        var cases: [PeerCase] = []
        var signedRequests: [HTTPMessageRequest] = []
        for draw in draws {
            let signed = try draw.signer.sign(.request(draw.request), at: draw.createdDate)
            guard case .request(let request) = signed else { throw PythonPeer.PeerFailure(description: "not a request") }
            var peerCase = draw.peerCase
            peerCase.headers = request.headers.fields.map { [$0.name, $0.value] }
            cases.append(peerCase)
            signedRequests.append(request)
        }
        let answers = try await PythonPeer.batch(script: PeerScripts.script, cases, as: PeerAnswer.self)
        var failures: [String] = []
        for ((draw, request), answer) in zip(zip(draws, signedRequests), answers) {
            let ours = try base(of: request, label: draw.peerCase.label)
            var problems: [String] = []
            if answer.valid != true { problems.append("the peer refused it: \(answer.error ?? "")") }
            if answer.base != ours { problems.append("bases differ:\nours:\n\(ours)\ntheirs:\n\(answer.base ?? "(none)")") }
            if answer.tamperedValid != false { problems.append("the peer verified the tampered copy (\(draw.peerCase.tamper))") }
            if let problem = await ourVerdicts(draw, request) { problems.append(problem) }
            if !problems.isEmpty { failures.append(describe(draw, problems)) }
        }
        return (answers.count, failures)
    }

    /// The peer signs each draw (and checks its own signature and the tampered copy); this
    /// package verifies it with the same base and refuses the tampered copy.
    static func signedThereVerifiedHere(_ draws: [PeerDraw]) async throws -> (checked: Int, failures: [String]) {
        let answers = try await PythonPeer.batch(script: PeerScripts.script, draws.map(\.peerCase), as: PeerAnswer.self)
        var failures: [String] = []
        for (draw, answer) in zip(draws, answers) {
            guard let headers = answer.headers, let theirs = answer.base else {
                failures.append(describe(draw, ["the peer could not sign it: \(answer.error ?? "")"]))
                continue
            }
            var request = draw.request
            request.headers = HeaderFields(headers.map { .init(name: $0[0], value: $0[1]) })
            var problems: [String] = []
            if answer.valid != true { problems.append("the peer refused its own signature: \(answer.error ?? "")") }
            if answer.tamperedValid != false { problems.append("the peer verified its tampered copy (\(draw.peerCase.tamper))") }
            do {
                let ours = try base(of: request, label: draw.peerCase.label)
                if ours != theirs { problems.append("bases differ:\nours:\n\(ours)\ntheirs:\n\(theirs)") }
            } catch {
                problems.append("this package cannot build the base: \(error)")
            }
            if let problem = await ourVerdicts(draw, request) { problems.append(problem) }
            if !problems.isEmpty { failures.append(describe(draw, problems)) }
        }
        return (answers.count, failures)
    }

    /// This package's verifier accepts `request` and refuses its tampered copy; `nil` when so.
    static func ourVerdicts(_ draw: PeerDraw, _ request: HTTPMessageRequest) async -> String? {
        do {
            let verified = try await draw.verifier.verify(request, now: draw.nowDate)
            guard verified.components == draw.components, verified.label == draw.peerCase.label || draw.peerCase.tag != nil else {
                return "this package verified other components: \(verified.components)"
            }
        } catch {
            return "this package refused it: \(error.code): \(error.message)"
        }
        do {
            _ = try await draw.verifier.verify(draw.tampered(request), now: draw.nowDate)
            return "this package verified the tampered copy (\(draw.peerCase.tamper))"
        } catch {
            return nil
        }
    }

    static func describe(_ draw: PeerDraw, _ problems: [String]) -> String {
        let peerCase = draw.peerCase
        return """
            \(peerCase.method) \(peerCase.url) covering \(peerCase.components.joined(separator: " ")) [label \(peerCase.label), digest \(peerCase.digest)]
            headers: \(peerCase.headers)
            \(problems.joined(separator: "\n"))
            """
    }

    /// `request` signed here over `components` (`created` 1700000000), as a `verify` case.
    static func handmade(_ request: HTTPMessageRequest, _ components: [HTTPSignatureComponent]) throws -> (peerCase: PeerCase, base: String) {
        let key = HTTPMessageSignaturesPeer.hmac
        let signer = HTTPMessageSigner(key: key.signing, keyID: "k", components: components, nonce: nil)
        let signed = try signer.sign(.request(request), at: Date(timeIntervalSince1970: 1_700_000_000))
        let peerCase = PeerCase(
            op: "verify", alg: key.algorithm, secret: key.secret, method: request.method, url: request.url.absoluteString,
            headers: signed.headers.fields.map { [$0.name, $0.value] }, body: Data(request.body).base64EncodedString(),
            components: components.map(\.description), label: "sig1", keyid: "k", created: 1_700_000_000, includeAlg: false, digest: "none",
            now: 1_700_000_010, tamper: PeerTamper(kind: "method", value: "TAMPERED")
        )
        guard case .request(let message) = signed else { throw PythonPeer.PeerFailure(description: "not a request") }
        return (peerCase, try base(of: message, label: "sig1"))
    }

    @Test("the peer's deviations that restrict the random space: it refuses a lowercase method (RFC 9421 §2.2.1 signs it as sent) and signs @target-uri as spelled")
    func deviations() async throws {
        try await HTTPMessageSignaturesPeer.require()
        let lowercase = try Self.handmade(HTTPMessageRequest(method: "patch", url: URL(string: "https://example.com/p")!), [.method, .path])
        let spelling = try Self.handmade(HTTPMessageRequest(method: "GET", url: URL(string: "HTTPS://Example.COM:443/p")!), [.targetURI])
        let answers = try await PythonPeer.batch(script: PeerScripts.script, [lowercase.peerCase, spelling.peerCase], as: PeerAnswer.self)
        #expect(lowercase.base == "\"@method\": patch\n\"@path\": /p\n\"@signature-params\": (\"@method\" \"@path\");created=1700000000;keyid=\"k\"")
        #expect(answers[0].valid == false)
        #expect(answers[0].error?.contains("HTTP request method must be an uppercase string") == true, "\(answers[0].error ?? "")")
        // This package normalises @target-uri as @authority (lowercase scheme and host, no default
        // port); the peer signs the URL's spelling (resolvers.py, get_target_uri).
        #expect(spelling.base.hasPrefix("\"@target-uri\": https://example.com/p\n"))
        #expect(answers[1].base?.hasPrefix("\"@target-uri\": HTTPS://Example.COM:443/p\n") == true, "\(answers[1].base ?? "")")
        #expect(answers[1].valid == false)
    }

    @Test("obsolete line folding: the field value is unfolded to one space, as the peer does (RFC 9421 §2.1 step 3, RFC 9112 §5.2: obs-fold = OWS CRLF RWS)")
    func obsoleteFolding() async throws {
        try await HTTPMessageSignaturesPeer.require()
        let request = HTTPMessageRequest(method: "GET", url: URL(string: "https://example.com/")!, headers: ["X-Folded": "a \r\n  b\r\n\tc"])
        let folded = try Self.handmade(request, [.field("x-folded")])
        let answers = try await PythonPeer.batch(script: PeerScripts.script, [folded.peerCase], as: PeerAnswer.self)
        #expect(answers[0].base?.hasPrefix("\"x-folded\": a b c\n") == true, "\(answers[0].base ?? "")")
        #expect(folded.base.hasPrefix("\"x-folded\": a b c\n"), "\(folded.base)")
        #expect(answers[0].valid == true, "\(answers[0].error ?? "")")
    }

    @Test("hmac-sha256: 1000 random requests signed here verify with the peer (same base), and their tampered copies are refused by both")
    func hmacSignedHere() async throws {
        try await HTTPMessageSignaturesPeer.require()
        let (checked, failures) = try await Self.signedHereVerifiedThere(Self.draws("verify", key: HTTPMessageSignaturesPeer.hmac, seed: 0x9421))
        for failure in failures.prefix(8) { Issue.record(Comment(rawValue: failure)) }
        #expect(checked == Self.count)
        #expect(failures.count == 0)
    }

    @Test("hmac-sha256: 1000 random requests signed by the peer verify here (same base), and their tampered copies are refused by both")
    func hmacSignedThere() async throws {
        try await HTTPMessageSignaturesPeer.require()
        let (checked, failures) = try await Self.signedThereVerifiedHere(Self.draws("sign", key: HTTPMessageSignaturesPeer.hmac, seed: 0x9530))
        for failure in failures.prefix(8) { Issue.record(Comment(rawValue: failure)) }
        #expect(checked == Self.count)
        #expect(failures.count == 0)
    }
}

/// The random space really holds what the peer tests claim, and the peer's departures from
/// RFC 9421 that restrict it (``PeerRequests``) are still there.
@Suite("http-message-signatures peer: the random space and the peer's deviations")
struct PeerSpaceTests {
    @Test("the 2000 hmac-sha256 draws cover every derived component, sf, key, bs, repeated and empty fields, both digest modes, UTF-8 queries and foreign signatures")
    func coverage() {
        let draws = PeerTests.draws("verify", key: HTTPMessageSignaturesPeer.hmac, seed: 0x9421) + PeerTests.draws("sign", key: HTTPMessageSignaturesPeer.hmac, seed: 0x9530)
        var counts: [String: Int] = [:]
        for draw in draws {
            let peerCase = draw.peerCase
            var seen = Set<String>()
            for component in draw.components {
                seen.insert(component.isDerived ? component.name : "field")
                for parameter in component.parameters { seen.insert(";" + parameter.keyName) }
                let lines = peerCase.headers.filter { $0[0].lowercased() == component.name }
                if lines.count > 1 { seen.insert("repeated field") }
                if lines.contains(where: { $0[1].trimmingCharacters(in: .whitespaces).isEmpty }) { seen.insert("empty field") }
                if lines.contains(where: { $0[1] != $0[1].trimmingCharacters(in: .whitespaces) }) { seen.insert("field with outer whitespace") }
            }
            seen.insert("digest " + peerCase.digest)
            if peerCase.url.contains("%C3") || peerCase.url.contains("%E2") || peerCase.url.contains("%F0") { seen.insert("UTF-8 query or path") }
            if peerCase.url.range(of: "%[0-9a-f][a-f]|%[a-f][0-9a-f]", options: .regularExpression) != nil { seen.insert("lowercase escapes") }
            if peerCase.headers.contains(where: { $0[0] == "Signature" }) { seen.insert("foreign signature") }
            if peerCase.expires != nil { seen.insert("expires") }
            if peerCase.nonce != nil { seen.insert("nonce") }
            if peerCase.tag != nil { seen.insert("tag") }
            if peerCase.includeAlg { seen.insert("alg") }
            seen.insert("tamper " + peerCase.tamper.kind)
            for key in seen { counts[key, default: 0] += 1 }
        }
        let expected = [
            "@method", "@target-uri", "@authority", "@scheme", "@request-target", "@path", "@query", "@query-param", "field", ";sf", ";key", ";bs",
            ";name", "repeated field", "empty field", "field with outer whitespace", "digest none", "digest add", "digest existing",
            "UTF-8 query or path", "lowercase escapes", "foreign signature", "expires", "nonce", "tag", "alg",
            "tamper method", "tamper url", "tamper header", "tamper body",
        ]
        for key in expected {
            #expect(counts[key, default: 0] >= 40, "only \(counts[key, default: 0]) of 2000 draws have \(key)")
        }
    }
}
