import Foundation
import HTTPMessageSignatures
import HTTPMessageSignaturesCrypto
import Testing

/// RFC 9421 Appendix B.2: every asymmetric signature the appendix prints, checked against the
/// base it prints with the Appendix B.1 key, and the deterministic Ed25519 one (B.2.6)
/// reproduced byte for byte.
@Suite("RFC 9421 Appendix B")
struct AppendixBTests {
    @Test("the appendix's signature verifies over the appendix's base", arguments: Vectors.appendixB2)
    func appendixSignatureVerifies(vector: Vectors.AppendixB2) throws {
        let key = try HTTPSignaturePublicKey(pemRepresentation: Vectors.text(vector.publicKey), algorithm: vector.httpAlgorithm)
        #expect(key.algorithm == vector.httpAlgorithm)
        #expect(key.isValidSignature(vector.signatureBytes, for: vector.baseBytes))
    }

    @Test("a changed base or signature is refused", arguments: Vectors.appendixB2)
    func tamperedAppendixSignatureIsRefused(vector: Vectors.AppendixB2) throws {
        let key = try HTTPSignaturePublicKey(pemRepresentation: Vectors.text(vector.publicKey), algorithm: vector.httpAlgorithm)
        let base = vector.baseBytes
        let signature = vector.signatureBytes
        // The first and last byte of each, and one in the middle of the base's last line.
        for index in [0, base.count / 2, base.count - 1] {
            #expect(!key.isValidSignature(signature, for: base.flipping(index)), "base byte \(index) flipped")
        }
        for index in [0, signature.count / 2, signature.count - 1] {
            #expect(!key.isValidSignature(signature.flipping(index), for: base), "signature byte \(index) flipped")
        }
        #expect(!key.isValidSignature(signature, for: base + [0x0A]), "a final newline added to the base")
        #expect(!key.isValidSignature(Array(signature.dropLast()), for: base), "a byte short")
        #expect(!key.isValidSignature(signature + [0], for: base), "a byte long")
        #expect(!key.isValidSignature([], for: base), "empty")
    }

    @Test("B.2.6: the ed25519 signature is reproduced exactly, from the PEM and from the JWK")
    func ed25519SignatureIsReproduced() throws {
        let vector = try #require(Vectors.appendixB2.first { $0.section == "B.2.6" })
        let expected = "wqcAqbmYJ2ji2glfAMaRy4gruYYnx2nEFN2HN6jrnDnQCK1u02Gb04v9EDgwUPiu4A0w6vuQv5lIp5WPpBKRCw=="
        #expect(vector.signature == expected)
        let fromPEM = try TestKeys.privateKey("test-key-ed25519")
        let fromJWK = try HTTPSignaturePrivateKey(jwk: Vectors.text("test-key-ed25519.jwk.json"))
        for key in [fromPEM, fromJWK] {
            #expect(key.algorithm == .ed25519)
            #expect(Data(try key.signature(for: vector.baseBytes)).base64EncodedString() == expected)
        }
    }

    @Test("B.2.4: the ECDSA signature is raw r‖s; its DER encoding is refused")
    func ecdsaDEREncodingIsRefused() throws {
        let vector = try #require(Vectors.appendixB2.first { $0.section == "B.2.4" })
        let key = try TestKeys.publicKey("test-key-ecc-p256")
        let raw = vector.signatureBytes
        #expect(raw.count == 64)
        let der = Self.derECDSASignature(r: Array(raw[..<32]), s: Array(raw[32...]))
        #expect(der.first == 0x30 && der.count > 64)
        #expect(!key.isValidSignature(der, for: vector.baseBytes))
        #expect(key.isValidSignature(raw, for: vector.baseBytes))
    }

    @Test("B.2.5 through an oct JWK: the hmac-sha256 signature is reproduced exactly")
    func hmacFromOctJWK() throws {
        // B.1.5's test-shared-secret, as base64url for the JWK's "k".
        let secret = "uzvJfB4u3N0Jy4T7NZ75MDVcr8zSTInedJtkgcu46YW4XByzNJjxBdtjUkdJPBtbmHhIDi6pcl8jsasjlTMtDQ=="
        let k = secret.replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
        let key = try HTTPSignatureJWK.hmacKey(fromJWK: #"{"kty":"oct","kid":"test-shared-secret","alg":"HS256","k":"\#(k)"}"#)
        let signature = try key.signature(for: Vectors.bytes("b2.5.base.txt"))
        #expect(Data(signature).base64EncodedString() == "pxcQw6G3AjtMBQjwo8XzkZf/bws5LelbaMk5rGIGtE8=")
    }

    @Test("the B.1 private keys' public halves are the B.1 public keys")
    func privateKeysMatchPublicKeys() throws {
        let pairs: [(String, HTTPSignatureAlgorithm)] = [
            ("test-key-rsa", .rsaV15SHA256), ("test-key-rsa-pss", .rsaPSSSHA512), ("test-key-ecc-p256", .ecdsaP256SHA256), ("test-key-ed25519", .ed25519),
        ]
        for (name, algorithm) in pairs {
            let privateKey = try TestKeys.privateKey(name, algorithm)
            let publicKey = try TestKeys.publicKey(name, algorithm)
            #expect(privateKey.publicKey == publicKey, "\(name)")
            #expect(privateKey.algorithm == algorithm)
        }
    }

    /// `ECDSA-Sig-Value ::= SEQUENCE { r INTEGER, s INTEGER }` (RFC 3279 §2.2.3).
    static func derECDSASignature(r: [UInt8], s: [UInt8]) -> [UInt8] {
        func integer(_ bytes: [UInt8]) -> [UInt8] {
            var value = Array(bytes.drop { $0 == 0 })
            if value.isEmpty || value[0] & 0x80 != 0 { value.insert(0, at: 0) }
            return [0x02, UInt8(value.count)] + value
        }
        let body = integer(r) + integer(s)
        return [0x30, UInt8(body.count)] + body
    }
}
