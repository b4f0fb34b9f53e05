import _CryptoExtras
import Crypto
import Foundation
import HTTPMessageSignatures
import HTTPMessageSignaturesCrypto
import Testing

/// Sign and verify with every algorithm: generated keys and the Appendix B.1 keys, the
/// signature's form and length, and changed bases and signatures refused.
@Suite("Round trips")
struct RoundTripTests {
    static let algorithms: [HTTPSignatureAlgorithm] = [.ed25519, .ecdsaP256SHA256, .ecdsaP384SHA384, .rsaPSSSHA512, .rsaV15SHA256]

    /// The signature's length for each algorithm (RSA at 2048 bits).
    static func signatureLength(_ algorithm: HTTPSignatureAlgorithm) -> Int {
        switch algorithm {
        case .ecdsaP384SHA384: 96
        case .rsaPSSSHA512, .rsaV15SHA256: 256
        default: 64
        }
    }

    /// Bases like the ones the signer builds, and edge cases: empty, one byte, non-ASCII, long.
    static let bases: [[UInt8]] = [
        [],
        [0x0A],
        Array("\"@method\": GET\n\"@signature-params\": (\"@method\");created=1618884473".utf8),
        Array("\"@query-param\";name=\"q\": caf%C3%A9\n\"@signature-params\": (\"@query-param\";name=\"q\")".utf8),
        Array(repeating: 0x61, count: 100_000),
    ]

    @Test("a generated key signs and its public key verifies, and nothing else does", arguments: algorithms)
    func generatedKeyRoundTrip(algorithm: HTTPSignatureAlgorithm) throws {
        let key = try HTTPSignaturePrivateKey.generate(algorithm, rsaBits: 2048)
        #expect(key.algorithm == algorithm)
        #expect(key.publicKey.algorithm == algorithm)
        let other = try HTTPSignaturePrivateKey.generate(algorithm, rsaBits: 2048)
        for base in Self.bases {
            // Booleans first: a failing #expect would otherwise print every byte of a 100 KB base.
            let signature = try key.signature(for: base)
            let what = "\(base.count)-byte base"
            #expect(signature.count == Self.signatureLength(algorithm), "\(what)")
            let verifies = key.publicKey.isValidSignature(signature, for: base)
            #expect(verifies, "\(what)")
            let otherKeyVerifies = other.publicKey.isValidSignature(signature, for: base)
            #expect(!otherKeyVerifies, "\(what), another key of the same kind")
            let longerVerifies = key.publicKey.isValidSignature(signature, for: base + [0x20])
            #expect(!longerVerifies, "\(what) with a space added")
            if !base.isEmpty {
                let changedVerifies = key.publicKey.isValidSignature(signature, for: base.flipping(base.count - 1))
                #expect(!changedVerifies, "\(what) with its last byte changed")
            }
            for index in [0, signature.count - 1] {
                let tamperedVerifies = key.publicKey.isValidSignature(signature.flipping(index), for: base)
                #expect(!tamperedVerifies, "\(what), signature byte \(index) changed")
            }
        }
        // The public key travels as JWK and PEM and still verifies.
        let base = Self.bases[2]
        let signature = try key.signature(for: base)
        #expect(try HTTPSignaturePublicKey(jwk: key.publicKey.jwk()).isValidSignature(signature, for: base))
        #expect(try HTTPSignaturePublicKey(pemRepresentation: key.publicKey.pemRepresentation, algorithm: algorithm).isValidSignature(signature, for: base))
        // The private key saved as PEM loads back to the same key.
        #expect(try HTTPSignaturePrivateKey(pemRepresentation: key.pemRepresentation, algorithm: algorithm) == key)
    }

    @Test("deterministic algorithms sign the same base identically; ECDSA and PSS do not", arguments: algorithms)
    func determinism(algorithm: HTTPSignatureAlgorithm) throws {
        let key = try HTTPSignaturePrivateKey.generate(algorithm, rsaBits: 2048)
        let base = Self.bases[2]
        let first = try key.signature(for: base)
        let second = try key.signature(for: base)
        let deterministic = algorithm == .ed25519 || algorithm == .rsaV15SHA256
        #expect((first == second) == deterministic)
        #expect(key.publicKey.isValidSignature(second, for: base))
    }

    @Test("one RSA key loaded for PSS and for PKCS #1 v1.5: neither accepts the other's signature")
    func rsaPaddingsAreNotInterchangeable() throws {
        let pss = try TestKeys.privateKey("test-key-rsa", .rsaPSSSHA512)
        let pkcs1 = try TestKeys.privateKey("test-key-rsa", .rsaV15SHA256)
        #expect(pss != pkcs1)
        #expect(pss.publicKey != pkcs1.publicKey)
        #expect(pss.publicKey.derRepresentation == pkcs1.publicKey.derRepresentation)
        let base = Self.bases[2]
        let pssSignature = try pss.signature(for: base)
        let pkcs1Signature = try pkcs1.signature(for: base)
        #expect(pss.publicKey.isValidSignature(pssSignature, for: base))
        #expect(pkcs1.publicKey.isValidSignature(pkcs1Signature, for: base))
        #expect(!pss.publicKey.isValidSignature(pkcs1Signature, for: base))
        #expect(!pkcs1.publicKey.isValidSignature(pssSignature, for: base))
    }

    @Test("rsa-pss-sha512 uses SHA-512, MGF1-SHA-512 and a 64-byte salt (RFC 9421 §3.3.1)")
    func pssParameters() throws {
        let key = try TestKeys.privateKey("test-key-rsa-pss")
        let base = Self.bases[2]
        let signature = try key.signature(for: base)
        // swift-crypto's PSS with a SHA-512 digest is exactly these parameters (salt = digest
        // length); a PSS-SHA-256 verification must fail.
        let raw = try _RSA.Signing.PublicKey(pemRepresentation: Vectors.text("test-key-rsa-pss.pub.pem"))
        let rsaSignature = _RSA.Signing.RSASignature(rawRepresentation: signature)
        #expect(raw.isValidSignature(rsaSignature, for: SHA512.hash(data: base), padding: .PSS))
        #expect(!raw.isValidSignature(rsaSignature, for: SHA256.hash(data: base), padding: .PSS))
    }

    @Test("rsa-v1_5-sha256 is deterministic PKCS #1 v1.5 over SHA-256 (RFC 9421 §3.3.2)")
    func pkcs1Parameters() throws {
        let key = try TestKeys.privateKey("test-key-rsa", .rsaV15SHA256)
        let base = Self.bases[2]
        let raw = try _RSA.Signing.PrivateKey(pemRepresentation: Vectors.text("test-key-rsa.pem"))
        let expected = try raw.signature(for: SHA256.hash(data: base), padding: .insecurePKCS1v1_5)
        #expect(try key.signature(for: base) == Array(expected.rawRepresentation))
    }

    @Test("ECDSA signatures are raw r‖s that swift-crypto reads as such (RFC 9421 §3.3.4–3.3.5)")
    func ecdsaRawForm() throws {
        let p256 = try HTTPSignaturePrivateKey.generate(.ecdsaP256SHA256)
        let p384 = try HTTPSignaturePrivateKey.generate(.ecdsaP384SHA384)
        let base = Self.bases[2]
        let s256 = try p256.signature(for: base)
        let s384 = try p384.signature(for: base)
        let key256 = try P256.Signing.PublicKey(derRepresentation: p256.publicKey.derRepresentation)
        let key384 = try P384.Signing.PublicKey(derRepresentation: p384.publicKey.derRepresentation)
        #expect(key256.isValidSignature(try P256.Signing.ECDSASignature(rawRepresentation: s256), for: base))
        #expect(key384.isValidSignature(try P384.Signing.ECDSASignature(rawRepresentation: s384), for: base))
        // The DER form of a valid signature, and a P-384-length signature to a P-256 key, fail.
        let der256 = Array(try P256.Signing.ECDSASignature(rawRepresentation: s256).derRepresentation)
        #expect(!p256.publicKey.isValidSignature(der256, for: base))
        let der384 = Array(try P384.Signing.ECDSASignature(rawRepresentation: s384).derRepresentation)
        #expect(!p384.publicKey.isValidSignature(der384, for: base))
        #expect(!p256.publicKey.isValidSignature(s384, for: base))
        #expect(!p384.publicKey.isValidSignature(s256 + s256.prefix(32), for: base))
    }

    @Test("a signature made by one algorithm never verifies under a key of another", arguments: algorithms)
    func crossAlgorithm(algorithm: HTTPSignatureAlgorithm) throws {
        let signer = try HTTPSignaturePrivateKey.generate(algorithm, rsaBits: 2048)
        let base = Self.bases[2]
        let signature = try signer.signature(for: base)
        for other in Self.algorithms where other != algorithm {
            let verifier = try HTTPSignaturePrivateKey.generate(other, rsaBits: 2048).publicKey
            #expect(!verifier.isValidSignature(signature, for: base), "\(algorithm) signature under a \(other) key")
        }
    }
}
