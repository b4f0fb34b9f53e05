import Foundation
import HTTPMessageSignatures
import HTTPMessageSignaturesCrypto
import Testing

/// JWK sets (RFC 7517 §5): reading a key directory, what is skipped and why, look-ups by
/// `kid` and by thumbprint, and the set this package publishes.
@Suite("JWK sets")
struct JWKSetTests {
    static let edPublic = #"{"kty":"OKP","crv":"Ed25519","kid":"test-key-ed25519","x":"JrQLj5P_89iXES9-vFgrIy29clF9CC_oPPsw3c5D0bs"}"#
    static let ecPublic = #"{"kty":"EC","crv":"P-256","kid":"test-key-ecc-p256","x":"qIVYZVLCrPZHGHjP17CTW0_-D9Lfw0EkjqF7xB4FivA","y":"Mc4nN9LTDOBhfoUeg8Ye9WedFRhnZXZJA12Qp0zZ6F0"}"#
    static let rfc8037Public = #"{"kty":"OKP","crv":"Ed25519","x":"11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo"}"#

    @Test("a directory's usable keys are read; the others are skipped with the reason")
    func readsAndSkips() throws {
        let rsa = Vectors.text("rfc7638-3.1-rsa.jwk.json")
        let rsaWithoutAlg = rsa.replacingOccurrences(of: #""alg": "RS256","#, with: "").replacingOccurrences(of: "2011-04-29", with: "rsa-no-alg")
        let json = """
            {"keys": [
              \(Self.edPublic),
              {"kty":"EC","crv":"P-521","kid":"p521","x":"AA","y":"AA"},
              \(Self.ecPublic),
              {"kty":"oct","kid":"secret","k":"AQAB"},
              \(rsa),
              {"kty":"OKP","crv":"Ed25519","kid":"private","x":"JrQLj5P_89iXES9-vFgrIy29clF9CC_oPPsw3c5D0bs","d":"n4Ni-HpISpVObnQMW0wOhCKROaIKqKtW_2ZYb2p9KcU"},
              "not an object",
              \(rsaWithoutAlg),
              {"kty":"OKP","crv":"Ed25519","kid":"for-encryption","use":"enc","x":"JrQLj5P_89iXES9-vFgrIy29clF9CC_oPPsw3c5D0bs"},
              \(Self.rfc8037Public)
            ]}
            """
        let set = try HTTPSignatureJWKSet(json: json)
        #expect(set.keys.map(\.keyID) == ["test-key-ed25519", "test-key-ecc-p256", "2011-04-29", nil])
        #expect(set.keys.map(\.key.algorithm) == [.ed25519, .ecdsaP256SHA256, .rsaV15SHA256, .ed25519])
        #expect(set.skipped.map(\.index) == [1, 3, 5, 6, 7, 8])
        #expect(set.skipped.map(\.keyID) == ["p521", "secret", "private", nil, "rsa-no-alg", "for-encryption"])
        let reasons = set.skipped.map(\.reason.message)
        let expected = ["\"crv\" is \"P-521\"", "symmetric (\"oct\")", "holds a private key", "not a JSON object", "never both", "\"use\" is \"enc\""]
        for (reason, fragment) in zip(reasons, expected) {
            #expect(reason.contains(fragment), "\(reason)")
        }
        #expect(set.skipped.allSatisfy { $0.reason.code == .invalidKey })

        #expect(set.key(forKeyID: "test-key-ed25519") == (try TestKeys.publicKey("test-key-ed25519")))
        #expect(set.key(forKeyID: "test-key-ecc-p256") == (try TestKeys.publicKey("test-key-ecc-p256")))
        #expect(set.key(forKeyID: "p521") == nil)
        #expect(set.key(forKeyID: "private") == nil)
        #expect(set.key(withThumbprint: "kPrK_qmxVWaYVA9wwBF6Iuo3vVzz7TxHCTwXBygrS4k") == (try HTTPSignaturePublicKey(jwk: Self.rfc8037Public)))
        #expect(set.key(withThumbprint: "NzbLsXh8uDCcd-6MNwXF4W_7noWXFZAfHkxZsRGC9Xs")?.algorithm == .rsaV15SHA256)
        #expect(set.key(withThumbprint: "nope") == nil)
    }

    @Test("RSA keys without alg take the algorithm the reader names")
    func rsaAlgorithmForKeysWithoutAlg() throws {
        let rsaWithoutAlg = Vectors.text("rfc7638-3.1-rsa.jwk.json").replacingOccurrences(of: #""alg": "RS256","#, with: "")
        let set = try HTTPSignatureJWKSet(json: #"{"keys":[\#(rsaWithoutAlg)]}"#, rsaAlgorithm: .rsaPSSSHA512)
        #expect(set.skipped.isEmpty)
        #expect(set.keys.first?.key.algorithm == .rsaPSSSHA512)
        // A key whose alg says otherwise keeps its own.
        let withAlg = try HTTPSignatureJWKSet(json: #"{"keys":[\#(Vectors.text("rfc7638-3.1-rsa.jwk.json"))]}"#, rsaAlgorithm: .rsaPSSSHA512)
        #expect(withAlg.keys.first?.key.algorithm == .rsaV15SHA256)
    }

    @Test("an empty set is a set")
    func emptySet() throws {
        let set = try HTTPSignatureJWKSet(json: #"{"keys":[]}"#)
        #expect(set.keys.isEmpty && set.skipped.isEmpty)
        #expect(set.json == #"{"keys":[]}"#)
    }

    @Test("the published set is exact JSON, and reads back to the same keys")
    func publishedSetRoundTrips() throws {
        let ed = try TestKeys.publicKey("test-key-ed25519")
        let ec = try TestKeys.publicKey("test-key-ecc-p256")
        let rsa = try TestKeys.publicKey("test-key-rsa-pss", .rsaPSSSHA512)
        let set = HTTPSignatureJWKSet(keys: [
            .init(keyID: "test-key-ed25519", key: ed), .init(keyID: "test-key-ecc-p256", key: ec), .init(keyID: nil, key: rsa),
        ])
        #expect(
            set.json.hasPrefix(
                #"{"keys":[{"kty":"OKP","crv":"Ed25519","x":"JrQLj5P_89iXES9-vFgrIy29clF9CC_oPPsw3c5D0bs","kid":"test-key-ed25519","alg":"EdDSA"},{"kty":"EC","crv":"P-256","x":"qIVYZVLCrPZHGHjP17CTW0_-D9Lfw0EkjqF7xB4FivA","y":"Mc4nN9LTDOBhfoUeg8Ye9WedFRhnZXZJA12Qp0zZ6F0","kid":"test-key-ecc-p256","alg":"ES256"},{"kty":"RSA","e":"AQAB","n":"r4tmm3r20Wd_PbqvP1s2"#
            )
        )
        #expect(set.json.hasSuffix(#"","alg":"PS512"}]}"#))
        let read = try HTTPSignatureJWKSet(json: set.json)
        #expect(read.skipped.isEmpty)
        #expect(read.keys == set.keys)
    }

    @Test("a kid with quotes, backslashes and control characters is escaped in the JSON")
    func keyIDIsEscaped() throws {
        let key = try TestKeys.publicKey("test-key-ed25519")
        let kid = "a\"b\\c\nd\u{1}é"
        let jwk = key.jwk(keyID: kid, includeAlgorithm: false)
        #expect(jwk.hasSuffix(#","kid":"a\"b\\c\nd\u0001é"}"#))
        let set = try HTTPSignatureJWKSet(json: #"{"keys":[\#(jwk)]}"#)
        #expect(set.keys.first?.keyID == kid)
    }
}
