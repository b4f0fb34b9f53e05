#if canImport(HTTPMessageSignaturesCrypto)
import Foundation
import HTTPMessageSignatures
import HTTPMessageSignaturesCrypto
import TestSupport
import Testing

extension HTTPMessageSignaturesPeer {
    /// One key per asymmetric algorithm, made for this run (RSA: 2048 bits) and handed to the
    /// peer as PKCS #8 and SubjectPublicKeyInfo PEM. The requests are drawn from fixed seeds; the
    /// keys need not be fixed, since each side checks the other's signatures, never bytes.
    static let asymmetricKeys: [PeerKey] = [HTTPSignatureAlgorithm.ed25519, .ecdsaP256SHA256, .ecdsaP384SHA384, .rsaPSSSHA512, .rsaV15SHA256].map { algorithm in
        let key = try! HTTPSignaturePrivateKey.generate(algorithm, rsaBits: 2048)
        return PeerKey(
            algorithm: algorithm.name, signing: key, verifying: key.publicKey,
            privatePEM: key.pemRepresentation, publicPEM: key.publicKey.pemRepresentation
        )
    }
}

/// The random requests of ``PeerTests`` for the five asymmetric algorithms of RFC 9421 §3.3
/// (HTTPMessageSignaturesCrypto): 500 per algorithm each way, all of one direction in one
/// Python process, so 1,000 per algorithm in all.
@Suite(
    "http-message-signatures peer: ed25519, ecdsa-p256-sha256, ecdsa-p384-sha384, rsa-pss-sha512, rsa-v1_5-sha256",
    .enabled("python3 with http-message-signatures is not installed (pip install -r .ci/requirements.txt); peer tests skipped") {
        await HTTPMessageSignaturesPeer.isInstalled || TestEnvironment.isCI
    },
    .heavy
)
struct PeerCryptoTests {
    static let perAlgorithm = 500

    /// `perAlgorithm` cases for each key, each key's from its own seed.
    static func draws(_ op: String, seed: UInt64) -> [PeerDraw] {
        HTTPMessageSignaturesPeer.asymmetricKeys.enumerated().flatMap { index, key in
            PeerTests.draws(op, key: key, seed: seed + UInt64(index), count: perAlgorithm)
        }
    }

    /// The failures, at most 8 recorded, and a count per algorithm of the cases checked.
    static func report(_ draws: [PeerDraw], _ result: (checked: Int, failures: [String])) {
        for failure in result.failures.prefix(8) { Issue.record(Comment(rawValue: failure)) }
        #expect(result.checked == draws.count)
        #expect(result.failures.count == 0)
        let algorithms = Dictionary(grouping: draws, by: \.peerCase.alg).mapValues(\.count)
        #expect(algorithms == ["ed25519": perAlgorithm, "ecdsa-p256-sha256": perAlgorithm, "ecdsa-p384-sha384": perAlgorithm, "rsa-pss-sha512": perAlgorithm, "rsa-v1_5-sha256": perAlgorithm])
    }

    @Test("500 random requests per algorithm signed here verify with the peer (same base), and their tampered copies are refused by both")
    func signedHere() async throws {
        try await HTTPMessageSignaturesPeer.require()
        let draws = Self.draws("verify", seed: 0x3_9421)
        Self.report(draws, try await PeerTests.signedHereVerifiedThere(draws))
    }

    @Test("500 random requests per algorithm signed by the peer verify here (same base), and their tampered copies are refused by both")
    func signedThere() async throws {
        try await HTTPMessageSignaturesPeer.require()
        let draws = Self.draws("sign", seed: 0x3_9530)
        Self.report(draws, try await PeerTests.signedThereVerifiedHere(draws))
    }
}
#endif
