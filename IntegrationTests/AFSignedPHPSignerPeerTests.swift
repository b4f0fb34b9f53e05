import AFSignedClient
import Foundation
import Testing
import TestSupport

/// The other direction of the PHP peer: requests signed by the reference backend's own PHP logic
/// (`Peers/afsigned_signer.php`, run by php-cli) verify with ``AFSignedVerifier`` — through
/// `verify(_: ReceivedRequest, now:)`, as a backend receives them — and, tampered, do not.
/// Skips without php; fails under CI (`.ci/run` installs php-cli).
@Suite("AFSigned verifier against requests signed by the reference PHP backend", .heavy)
struct AFSignedPHPSignerPeerTests {
    struct SigningCase: Codable {
        var method: String
        var path: String
        var query: String
        var body: String
        var secret: String
    }

    struct Signature: Codable {
        var signature: String
        var string: String
    }

    static let secret = "CLIENT_SECRET-\(UUID().uuidString)"
    static let now = Date(timeIntervalSince1970: 1_800_000_000)

    /// Random flat and list parameters, split between the query and a form body.
    static func cases(count: Int) -> [SigningCase] {
        var random = AFSignedPHPPeerTests.RandomRequests(random: SplitMix64(seed: 27))
        return (0..<count).map { index in
            var query: [FormField] = []
            var body: [FormField] = []
            let method = random.method()
            for parameter in random.parameters() {
                let fields: [FormField] = switch parameter.value {
                case .text(let text): [FormField(parameter.name, text)]
                case .list(let items): items.map { FormField(parameter.name + "[]", $0) }
                case .map: []
                }
                if method == "GET" || index % 2 == 0 { query += fields } else { body += fields }
            }
            query += [FormField("auth_version", "2"), FormField("auth_client_id", "CLIENT_ID"), FormField("auth_timestamp", "1800000000"), FormField("auth_nonce", "n\(index)")]
            return SigningCase(method: method, path: random.path(), query: FormEncoding.serialize(query), body: FormEncoding.serialize(body), secret: secret)
        }
    }

    static func received(_ signingCase: SigningCase, signature: String) -> ReceivedRequest {
        var headers: HeaderFields = ["Host": "api.example.com"]
        if !signingCase.body.isEmpty { headers["Content-Type"] = "application/x-www-form-urlencoded" }
        let target = signingCase.path + "?" + signingCase.query + "&auth_signature=" + signature
        return ReceivedRequest(method: signingCase.method, target: target, headers: headers, body: Array(signingCase.body.utf8))
    }

    @Test(
        "1000 random requests signed by PHP verify; tampered, each is refused",
        .enabled(if: TestEnvironment.isCI || AFSignedPHPPeerTests.php != nil, "php-cli is not installed (apt-get install php-cli); this skip is a failure when CI=true")
    )
    func phpSignedRequestsVerify() async throws {
        let php = try #require(AFSignedPHPPeerTests.php, "php-cli is required under CI=true (apt-get install php-cli)")
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Peers/afsigned_signer.php")
        let cases = Self.cases(count: 1000)
        let input = try cases.map { String(decoding: try JSONEncoder().encode($0), as: UTF8.self) }.joined(separator: "\n") + "\n"
        let result = try await ChildProcess.run(php, [script.path], input: Data(input.utf8))
        try #require(result.status == 0, "php failed: \(result.errorOutput)")
        let signatures = try result.output.split(separator: "\n").map { try JSONDecoder().decode(Signature.self, from: Data($0.utf8)) }
        try #require(signatures.count == cases.count)

        let verifier = AFSignedVerifier(credentials: [AFSignedCredentials(clientID: "CLIENT_ID", clientSecret: Self.secret)], replayStore: MemoryReplayStore())
        var unsignable = 0
        for (index, (signingCase, signed)) in zip(cases, signatures).enumerated() {
            let request = Self.received(signingCase, signature: signed.signature)
            do {
                let verified = try await verifier.verify(request, now: Self.now)
                #expect(verified.nonce == "n\(index)")
            } catch where error.code == .unsignableParameters {
                unsignable += 1
                continue
            } catch {
                let theirs = String(decoding: Data(base64Encoded: signed.string) ?? Data(), as: UTF8.self)
                Issue.record("case \(index) refused: \(error.message); PHP signed \(theirs.debugDescription)")
                continue
            }
            var tampered = request
            tampered.target += "&injected=1"
            await #expect(throws: AFSignedError.self, "case \(index) verified after tampering") { try await verifier.verify(tampered, now: Self.now) }
            // The same request again is a replay.
            await #expect(throws: AFSignedError.self, "case \(index) replayed") { try await verifier.verify(request, now: Self.now) }
        }
        #expect(unsignable < 10, "\(unsignable) cases were unsignable")
    }
}
