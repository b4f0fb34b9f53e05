import Crypto
import Foundation
import HTTPMessageSignatures
import HTTPMessageSignaturesCrypto
import SwiftASN1
import Testing

/// Private JWKs of every key type, built from keys loaded otherwise, load to the same keys.
@Suite("Private JWKs")
struct PrivateJWKTests {
    static func b64(_ bytes: some Sequence<UInt8>) -> String { Base64.encode(bytes, alphabet: .urlSafe, padding: false) }

    /// The RSA JWK members (RFC 7518 §6.3) of B.1.1's PKCS #1 key: n, e, d, p, q, dp, dq, qi.
    static func rsaMembers() throws -> [String: String] {
        let pem = try PEMDocument(pemString: Vectors.text("test-key-rsa.pem"))
        guard case .constructed(let nodes) = try DER.parse(pem.derBytes).content else { throw Failure() }
        let integers = try nodes.map { try ArraySlice<UInt8>(derEncoded: $0) }
        let names = ["version", "n", "e", "d", "p", "q", "dp", "dq", "qi"]
        var members: [String: String] = [:]
        for (name, value) in zip(names, integers) where name != "version" {
            members[name] = b64(value.drop { $0 == 0 })
        }
        return members
    }

    struct Failure: Error {}

    static func json(_ members: [String: String]) -> String {
        "{" + members.sorted { $0.key < $1.key }.map { "\"\($0.key)\":\"\($0.value)\"" }.joined(separator: ",") + "}"
    }

    @Test("B.1.1 as a private RSA JWK is the PEM key, and signs the same PKCS #1 v1.5 bytes")
    func rsaPrivateJWK() throws {
        var members = try Self.rsaMembers()
        members["kty"] = "RSA"
        members["kid"] = "test-key-rsa"
        let fromJWK = try HTTPSignaturePrivateKey(jwk: Self.json(members), algorithm: .rsaV15SHA256)
        let fromPEM = try TestKeys.privateKey("test-key-rsa", .rsaV15SHA256)
        #expect(fromJWK == fromPEM)
        let base = Array("\"@method\": POST\n\"@signature-params\": (\"@method\")".utf8)
        #expect(try fromJWK.signature(for: base) == fromPEM.signature(for: base))
        // "alg": "RS256" settles the algorithm without the argument.
        members["alg"] = "RS256"
        #expect(try HTTPSignaturePrivateKey(jwk: Self.json(members)).algorithm == .rsaV15SHA256)
        // The public JWK it exports is the RSA public key of B.1.1.
        #expect(fromJWK.publicKey == (try TestKeys.publicKey("test-key-rsa", .rsaV15SHA256)))
    }

    @Test("an RSA JWK whose primes are not the modulus' is refused")
    func rsaPrivateJWKWithWrongPrime() throws {
        var members = try Self.rsaMembers()
        members["kty"] = "RSA"
        members["q"] = members["p"]
        let json = Self.json(members)
        expectKeyError(containing: ["do not make an RSA private key"]) { () throws(HTTPMessageSignatureError) in
            _ = try HTTPSignaturePrivateKey(jwk: json, algorithm: .rsaPSSSHA512)
        }
    }

    @Test("P-256 and P-384 private JWKs load to the key they were made from", arguments: [HTTPSignatureAlgorithm.ecdsaP256SHA256, .ecdsaP384SHA384])
    func ecPrivateJWK(algorithm: HTTPSignatureAlgorithm) throws {
        let (crv, d, point): (String, [UInt8], [UInt8])
        if algorithm == .ecdsaP256SHA256 {
            let key = P256.Signing.PrivateKey()
            (crv, d, point) = ("P-256", Array(key.rawRepresentation), Array(key.publicKey.rawRepresentation))
        } else {
            let key = P384.Signing.PrivateKey()
            (crv, d, point) = ("P-384", Array(key.rawRepresentation), Array(key.publicKey.rawRepresentation))
        }
        let half = point.count / 2
        let jwk = Self.json(["kty": "EC", "crv": crv, "d": Self.b64(d), "x": Self.b64(point[..<half]), "y": Self.b64(point[half...])])
        let key = try HTTPSignaturePrivateKey(jwk: jwk)
        #expect(key.algorithm == algorithm)
        #expect(try HTTPSignatureJWK.thumbprint(ofJWK: jwk) == key.publicKey.jwkThumbprint)
        let base = Array("\"@status\": 200".utf8)
        #expect(key.publicKey.isValidSignature(try key.signature(for: base), for: base))
        #expect(try HTTPSignaturePrivateKey(pemRepresentation: key.pemRepresentation) == key)
    }
}
