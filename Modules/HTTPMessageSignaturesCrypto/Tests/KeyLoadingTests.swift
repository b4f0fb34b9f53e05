import Foundation
import HTTPMessageSignatures
import HTTPMessageSignaturesCrypto
import Testing

/// Loading the RFC 9421 Appendix B.1 keys in every form, exporting them, and the JWK
/// thumbprints of RFC 7638 and RFC 8037.
@Suite("Key loading and export")
struct KeyLoadingTests {
    /// The B.1 keys, the algorithm each is loaded for, and the PEM label of each private file.
    static let keys: [(name: String, algorithm: HTTPSignatureAlgorithm, privateLabel: String)] = [
        ("test-key-rsa", .rsaV15SHA256, "RSA PRIVATE KEY"),
        ("test-key-rsa-pss", .rsaPSSSHA512, "PRIVATE KEY"),
        ("test-key-ecc-p256", .ecdsaP256SHA256, "EC PRIVATE KEY"),
        ("test-key-ed25519", .ed25519, "PRIVATE KEY"),
    ]

    @Test("each B.1 key loads from PEM, DER and its own exports, to the same key", arguments: keys.map(\.name))
    func loadsInEveryForm(name: String) throws {
        let entry = try #require(Self.keys.first { $0.name == name })
        let privatePEM = Vectors.text("\(name).pem")
        #expect(privatePEM.contains("BEGIN \(entry.privateLabel)-----"))
        let privateKey = try HTTPSignaturePrivateKey(pemRepresentation: privatePEM, algorithm: entry.algorithm)
        let publicKey = try TestKeys.publicKey(name, entry.algorithm)

        // DER: the bytes inside the PEM files.
        let privateDER = try #require(Data(base64Encoded: privatePEM.split(separator: "\n").filter { !$0.hasPrefix("-----") }.joined()))
        #expect(try HTTPSignaturePrivateKey(derRepresentation: privateDER, algorithm: entry.algorithm) == privateKey)
        #expect(try HTTPSignaturePublicKey(derRepresentation: publicKey.derRepresentation, algorithm: entry.algorithm) == publicKey)

        // The exports load back to the same keys.
        #expect(try HTTPSignaturePrivateKey(pemRepresentation: privateKey.pemRepresentation, algorithm: entry.algorithm) == privateKey)
        #expect(try HTTPSignaturePublicKey(pemRepresentation: publicKey.pemRepresentation, algorithm: entry.algorithm) == publicKey)
        #expect(try HTTPSignaturePublicKey(jwk: publicKey.jwk(), algorithm: entry.algorithm) == publicKey)
        #expect(try HTTPSignaturePublicKey(jwk: publicKey.jwk()) == publicKey, "the exported alg settles the algorithm")

        // A signature by the reloaded private key verifies with the original public key.
        let base = Array("\"@method\": POST\n\"@signature-params\": (\"@method\")".utf8)
        let reloaded = try HTTPSignaturePrivateKey(pemRepresentation: privateKey.pemRepresentation, algorithm: entry.algorithm)
        #expect(publicKey.isValidSignature(try reloaded.signature(for: base), for: base))
    }

    @Test("the public key PEM export is the B.1 SubjectPublicKeyInfo, byte for byte")
    func publicPEMExportMatchesAppendix() throws {
        for name in ["test-key-rsa-pss", "test-key-ecc-p256", "test-key-ed25519"] {
            let key = try TestKeys.publicKey(name, name == "test-key-rsa-pss" ? .rsaPSSSHA512 : nil)
            #expect(key.pemRepresentation == Vectors.text("\(name).pub.pem"), "\(name)")
        }
    }

    @Test("B.1.1's PKCS #1 RSA PUBLIC KEY exports as the equivalent SubjectPublicKeyInfo")
    func pkcs1PublicKeyExportsAsSPKI() throws {
        let key = try TestKeys.publicKey("test-key-rsa", .rsaV15SHA256)
        #expect(key.pemRepresentation.hasPrefix("-----BEGIN PUBLIC KEY-----\nMIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAhAKYdtoeoy8zcAcR874L"))
        #expect(try HTTPSignaturePublicKey(pemRepresentation: key.pemRepresentation, algorithm: .rsaV15SHA256) == key)
    }

    @Test("the B.1.3 and B.1.4 JWKs are the PEM keys, and their public JWK exports are exact")
    func appendixJWKsMatchPEM() throws {
        let ecJWK = try HTTPSignaturePrivateKey(jwk: Vectors.text("test-key-ecc-p256.jwk.json"))
        #expect(ecJWK == (try TestKeys.privateKey("test-key-ecc-p256")))
        #expect(ecJWK.algorithm == .ecdsaP256SHA256)
        #expect(
            ecJWK.publicKey.jwk(keyID: "test-key-ecc-p256")
                == #"{"kty":"EC","crv":"P-256","x":"qIVYZVLCrPZHGHjP17CTW0_-D9Lfw0EkjqF7xB4FivA","y":"Mc4nN9LTDOBhfoUeg8Ye9WedFRhnZXZJA12Qp0zZ6F0","kid":"test-key-ecc-p256","alg":"ES256"}"#
        )
        let edJWK = try HTTPSignaturePrivateKey(jwk: Vectors.text("test-key-ed25519.jwk.json"))
        #expect(edJWK == (try TestKeys.privateKey("test-key-ed25519")))
        #expect(
            edJWK.publicKey.jwk(keyID: "test-key-ed25519", includeAlgorithm: false)
                == #"{"kty":"OKP","crv":"Ed25519","x":"JrQLj5P_89iXES9-vFgrIy29clF9CC_oPPsw3c5D0bs","kid":"test-key-ed25519"}"#
        )
    }

    @Test("an RSASSA-PSS key (B.1.2) signs rsa-pss-sha512 without being told")
    func rsassaPSSKeyImpliesPSS() throws {
        let key = try TestKeys.privateKey("test-key-rsa-pss")
        #expect(key.algorithm == .rsaPSSSHA512)
        // Its public key is published as rsaEncryption (B.1.2), so the verifier is told.
        #expect(try TestKeys.publicKey("test-key-rsa-pss", .rsaPSSSHA512) == key.publicKey)
    }

    @Test("RFC 7638 §3.1: the thumbprint of the example RSA key")
    func rfc7638Thumbprint() throws {
        let jwk = Vectors.text("rfc7638-3.1-rsa.jwk.json")
        #expect(try HTTPSignatureJWK.thumbprint(ofJWK: jwk) == "NzbLsXh8uDCcd-6MNwXF4W_7noWXFZAfHkxZsRGC9Xs")
        // The JWK says alg RS256, which settles the algorithm.
        let key = try HTTPSignaturePublicKey(jwk: jwk)
        #expect(key.algorithm == .rsaV15SHA256)
        #expect(key.jwkThumbprint == "NzbLsXh8uDCcd-6MNwXF4W_7noWXFZAfHkxZsRGC9Xs")
        #expect(try HTTPSignaturePublicKey(jwk: key.jwk(keyID: "2011-04-29")) == key)
    }

    @Test("RFC 8037 A.1–A.4: the Ed25519 JWKs, their thumbprint, and the A.4 signature exactly")
    func rfc8037() throws {
        let privateKey = try HTTPSignaturePrivateKey(jwk: Vectors.text("rfc8037-a1-private.jwk.json"))
        let publicKey = try HTTPSignaturePublicKey(jwk: Vectors.text("rfc8037-a2-public.jwk.json"))
        #expect(privateKey.publicKey == publicKey)
        #expect(publicKey.jwkThumbprint == "kPrK_qmxVWaYVA9wwBF6Iuo3vVzz7TxHCTwXBygrS4k")
        #expect(try HTTPSignatureJWK.thumbprint(ofJWK: Vectors.text("rfc8037-a1-private.jwk.json")) == "kPrK_qmxVWaYVA9wwBF6Iuo3vVzz7TxHCTwXBygrS4k")
        #expect(publicKey.jwk(includeAlgorithm: false) == #"{"kty":"OKP","crv":"Ed25519","x":"11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo"}"#)
        // A.4: the JWS signing input, and the signature in base64url.
        let input = Array("eyJhbGciOiJFZERTQSJ9.RXhhbXBsZSBvZiBFZDI1NTE5IHNpZ25pbmc".utf8)
        let signature = try privateKey.signature(for: input)
        #expect(
            Base64.encode(signature, alphabet: .urlSafe, padding: false)
                == "hgyY0il_MGCjP0JzlnLWG1PPOt7-09PGcvMg3AIbQR6dWbhijcNR4ki4iylGjg5BhVsPt9g7sVvpAr_MuM0KAg"
        )
        #expect(publicKey.isValidSignature(signature, for: input))
    }

    @Test("the thumbprint ignores kid, alg and use, and changes with the key")
    func thumbprintMembers() throws {
        let bare = #"{"kty":"OKP","crv":"Ed25519","x":"11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo"}"#
        let dressed = #"{"use":"sig","x":"11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo","alg":"EdDSA","kid":"k","crv":"Ed25519","kty":"OKP"}"#
        #expect(try HTTPSignatureJWK.thumbprint(ofJWK: bare) == HTTPSignatureJWK.thumbprint(ofJWK: dressed))
        let other = try TestKeys.publicKey("test-key-ed25519")
        #expect(other.jwkThumbprint != "kPrK_qmxVWaYVA9wwBF6Iuo3vVzz7TxHCTwXBygrS4k")
        #expect(try HTTPSignatureJWK.thumbprint(ofJWK: other.jwk()) == other.jwkThumbprint)
        // An EC key's thumbprint hashes crv, kty, x, y in that order (RFC 7638 §3.2).
        let ec = try TestKeys.publicKey("test-key-ecc-p256")
        let canonical = #"{"crv":"P-256","kty":"EC","x":"qIVYZVLCrPZHGHjP17CTW0_-D9Lfw0EkjqF7xB4FivA","y":"Mc4nN9LTDOBhfoUeg8Ye9WedFRhnZXZJA12Qp0zZ6F0"}"#
        #expect(ec.jwkThumbprint == Base64.encode(SHA256.hash(canonical), alphabet: .urlSafe, padding: false))
    }

    @Test("a PEM with text around it, or an EC PARAMETERS block first, loads")
    func pemWithSurroundings() throws {
        let ecPEM = Vectors.text("test-key-ecc-p256.pem")
        let withParameters = "-----BEGIN EC PARAMETERS-----\nBggqhkjOPQMBBw==\n-----END EC PARAMETERS-----\n" + ecPEM
        #expect(try HTTPSignaturePrivateKey(pemRepresentation: withParameters) == (try TestKeys.privateKey("test-key-ecc-p256")))
        let withText = "Bag Attributes\n    friendlyName: test\n" + Vectors.text("test-key-ed25519.pem") + "\ntrailing words\n"
        #expect(try HTTPSignaturePrivateKey(pemRepresentation: withText) == (try TestKeys.privateKey("test-key-ed25519")))
    }

    @Test("keys never print their secret: description, debugDescription, dump, interpolation")
    func privateKeysAreRedacted() throws {
        let cases: [(HTTPSignaturePrivateKey, [String])] = [
            (try TestKeys.privateKey("test-key-ed25519"), ["n4Ni-HpISpVObnQMW0wOhCKROaIKqKtW_2ZYb2p9KcU", "9f8362f87a484a954e6e740c5b4c0e84", "MC4CAQAwBQYDK2VwBCIEIJ"]),
            (try TestKeys.privateKey("test-key-ecc-p256"), ["UpuF81l-kOxbjf7T4mNSv0r5tN67Gim7rnf6EFpcYDs", "529b85f3597e90ec", "MHcCAQEEIFKbhfNZ"]),
            (try TestKeys.privateKey("test-key-rsa", .rsaV15SHA256), ["MIIEqAIBAAKCAQEA", "b2Lvjg", "6fc966e4"]),
        ]
        for (key, secrets) in cases {
            var dumped = ""
            dump(key, to: &dumped)
            let printed = [key.description, key.debugDescription, dumped, "\(key)", String(reflecting: key)]
            for text in printed {
                #expect(text.contains(key.publicKey.jwkThumbprint), "\(text)")
                for secret in secrets {
                    #expect(!text.localizedCaseInsensitiveContains(secret), "\(text)")
                }
            }
            #expect(key.description == "HTTPSignaturePrivateKey(\(key.algorithm.name), JWK thumbprint \(key.publicKey.jwkThumbprint))")
        }
    }
}
