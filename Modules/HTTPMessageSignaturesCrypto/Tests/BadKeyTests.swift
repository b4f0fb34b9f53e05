import _CryptoExtras
import Crypto
import Foundation
import HTTPMessageSignatures
import HTTPMessageSignaturesCrypto
import Testing

/// Every bad key input: its exact error code, and the words naming what is wrong and what to
/// do (errors compare by code only, so each message is checked for them).
@Suite("Bad key input")
struct BadKeyTests {
    /// What to load the input as.
    enum Loader: Sendable {
        case privatePEM(HTTPSignatureAlgorithm?)
        case publicPEM(HTTPSignatureAlgorithm?)
        case privateDER(HTTPSignatureAlgorithm?)
        case publicDER(HTTPSignatureAlgorithm?)
        case privateJWK(HTTPSignatureAlgorithm?)
        case publicJWK(HTTPSignatureAlgorithm?)
        case thumbprint
        case hmacJWK
        case jwkSet
        case generate(HTTPSignatureAlgorithm, bits: Int)
    }

    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let loader: Loader
        let input: String
        let fragments: [String]
        var testDescription: String { name }

        init(_ name: String, _ loader: Loader, _ input: String, _ fragments: String...) {
            self.name = name
            self.loader = loader
            self.input = input
            self.fragments = fragments
        }

        func run() throws(HTTPMessageSignatureError) {
            switch loader {
            case .privatePEM(let algorithm): _ = try HTTPSignaturePrivateKey(pemRepresentation: input, algorithm: algorithm)
            case .publicPEM(let algorithm): _ = try HTTPSignaturePublicKey(pemRepresentation: input, algorithm: algorithm)
            case .privateDER(let algorithm): _ = try HTTPSignaturePrivateKey(derRepresentation: Self.hex(input), algorithm: algorithm)
            case .publicDER(let algorithm): _ = try HTTPSignaturePublicKey(derRepresentation: Self.hex(input), algorithm: algorithm)
            case .privateJWK(let algorithm): _ = try HTTPSignaturePrivateKey(jwk: input, algorithm: algorithm)
            case .publicJWK(let algorithm): _ = try HTTPSignaturePublicKey(jwk: input, algorithm: algorithm)
            case .thumbprint: _ = try HTTPSignatureJWK.thumbprint(ofJWK: input)
            case .hmacJWK: _ = try HTTPSignatureJWK.hmacKey(fromJWK: input)
            case .jwkSet: _ = try HTTPSignatureJWKSet(json: input)
            case .generate(let algorithm, let bits): _ = try HTTPSignaturePrivateKey.generate(algorithm, rsaBits: bits)
            }
        }

        static func hex(_ text: String) -> [UInt8] { (try? Hex.decode(text)) ?? [] }
    }

    // MARK: Inputs

    static let rsaPEM = Vectors.text("test-key-rsa.pem")
    static let rsaPublicPEM = Vectors.text("test-key-rsa.pub.pem")
    static let pssPEM = Vectors.text("test-key-rsa-pss.pem")
    static let ecPEM = Vectors.text("test-key-ecc-p256.pem")
    static let ecPublicPEM = Vectors.text("test-key-ecc-p256.pub.pem")
    static let edPEM = Vectors.text("test-key-ed25519.pem")
    static let edPublicPEM = Vectors.text("test-key-ed25519.pub.pem")
    static let rsa1024PEM = (try? _RSA.Signing.PrivateKey(unsafeKeySize: .init(bitCount: 1024)).pkcs8PEMRepresentation) ?? ""
    static let rsa1024Public = try? _RSA.Signing.PrivateKey(unsafeKeySize: .init(bitCount: 1024)).publicKey
    static let p521PEM = P521.Signing.PrivateKey().pemRepresentation
    /// PKCS #8 around an X25519 key (OID 1.3.101.110).
    static let x25519PKCS8 = "302e020100300506032b656e04220420" + String(repeating: "11", count: 32)
    static let edX = "JrQLj5P_89iXES9-vFgrIy29clF9CC_oPPsw3c5D0bs"
    static let edD = "n4Ni-HpISpVObnQMW0wOhCKROaIKqKtW_2ZYb2p9KcU"
    static let ecX = "qIVYZVLCrPZHGHjP17CTW0_-D9Lfw0EkjqF7xB4FivA"
    static let ecY = "Mc4nN9LTDOBhfoUeg8Ye9WedFRhnZXZJA12Qp0zZ6F0"
    static let rfc7638 = Vectors.text("rfc7638-3.1-rsa.jwk.json")
    static var rsa1024JWK: String {
        guard let primitives = try? rsa1024Public?.getKeyPrimitives() else { return "" }
        let n = Base64.encode(primitives.modulus, alphabet: .urlSafe, padding: false)
        return #"{"kty":"RSA","alg":"PS512","n":"\#(n)","e":"AQAB"}"#
    }

    static let cases: [Case] = [
        // PEM
        Case("empty text", .privatePEM(nil), "  \n", "the key text is empty"),
        Case("not PEM", .privatePEM(nil), "hello", "not PEM", "BEGIN"),
        Case("encrypted PKCS #8", .privatePEM(nil), "-----BEGIN ENCRYPTED PRIVATE KEY-----\nMIIB\n-----END ENCRYPTED PRIVATE KEY-----\n", "encrypted with a passphrase", "openssl pkey"),
        Case("encrypted traditional PEM", .privatePEM(nil), "-----BEGIN RSA PRIVATE KEY-----\nProc-Type: 4,ENCRYPTED\nDEK-Info: AES-128-CBC,00\n\nAAAA\n-----END RSA PRIVATE KEY-----\n", "encrypted with a passphrase"),
        Case("damaged Base64", .privatePEM(nil), "-----BEGIN PRIVATE KEY-----\nMC4CAQAw!!!\n-----END PRIVATE KEY-----\n", "cannot be read"),
        Case("cut short", .privatePEM(nil), String(edPEM.prefix(40)), "cannot be read"),
        Case("a certificate", .publicPEM(nil), "-----BEGIN CERTIFICATE-----\nMAA=\n-----END CERTIFICATE-----\n", "X.509 certificate", "openssl x509"),
        Case("an OpenSSH key", .privatePEM(nil), "-----BEGIN OPENSSH PRIVATE KEY-----\nMAA=\n-----END OPENSSH PRIVATE KEY-----\n", "OpenSSH", "ssh-keygen"),
        Case("an unknown label", .privatePEM(nil), "-----BEGIN PGP PRIVATE KEY BLOCK-----\nMAA=\n-----END PGP PRIVATE KEY BLOCK-----\n", "labelled \"PGP PRIVATE KEY BLOCK\""),
        Case("damaged DER in a known label", .privatePEM(nil), "-----BEGIN PRIVATE KEY-----\nMAMCAQA=\n-----END PRIVATE KEY-----\n", "not a PKCS #8 private key"),
        Case("a public key to sign with", .privatePEM(nil), edPublicPEM, "this is a public key", "private key it belongs to"),
        Case("a private key to verify with", .publicPEM(nil), edPEM, "this is a private key", "openssl pkey -in key.pem -pubout"),
        Case("RSA without an algorithm", .privatePEM(nil), rsaPEM, "rsa-pss-sha512 or rsa-v1_5-sha256", "never both", "algorithm: .rsaPSSSHA512 or .rsaV15SHA256"),
        Case("RSA public key without an algorithm", .publicPEM(nil), rsaPublicPEM, "never both"),
        Case("RSA key for ed25519", .privatePEM(.ed25519), rsaPEM, "ed25519 needs an Ed25519 key", "2048-bit RSA key"),
        Case("RSASSA-PSS key for PKCS #1 v1.5", .privatePEM(.rsaV15SHA256), pssPEM, "RSASSA-PSS key", "restricted to PSS"),
        Case("RSA key of 1024 bits", .privatePEM(.rsaPSSSHA512), rsa1024PEM, "1024 bits", "shorter than 2048", "openssl genpkey"),
        Case("P-256 key for P-384", .privatePEM(.ecdsaP384SHA384), ecPEM, "ecdsa-p384-sha384 needs a P-384 EC key", "this is a P-256 EC key"),
        Case("P-256 public key for ed25519", .publicPEM(.ed25519), ecPublicPEM, "ed25519 needs an Ed25519 key", "P-256 EC key"),
        Case("Ed25519 key for ECDSA", .privatePEM(.ecdsaP256SHA256), edPEM, "needs a P-256 EC key", "an Ed25519 key"),
        Case("a P-521 key", .privatePEM(nil), p521PEM, "P-521", "P-256 (ecdsa-p256-sha256) or P-384"),
        Case("an asymmetric key for hmac-sha256", .privatePEM(.hmacSHA256), edPEM, "hmac-sha256 (RFC 9421 §3.3.3) uses a shared secret", "HTTPSignatureHMACKey"),
        // DER
        Case("empty DER", .privateDER(nil), "", "DER is empty"),
        Case("garbage DER", .privateDER(nil), "0102030405", "cannot be read"),
        Case("an X25519 key", .privateDER(nil), x25519PKCS8, "X25519", "key agreement"),
        Case("an integer, not a key", .publicDER(nil), "020101", "not a key"),
        // JWK: shape
        Case("JWK not JSON", .privateJWK(nil), "{kty: OKP}", "not JSON"),
        Case("JWK an array", .publicJWK(nil), "[]", "not an object"),
        Case("JWK set given as a JWK", .publicJWK(nil), #"{"keys":[]}"#, "JWK set", "HTTPSignatureJWKSet"),
        Case("JWK without kty", .publicJWK(nil), #"{"crv":"Ed25519","x":"\#(edX)"}"#, "no \"kty\""),
        Case("JWK kty not a string", .publicJWK(nil), #"{"kty":1}"#, "\"kty\" member is not a string"),
        Case("JWK unknown kty", .publicJWK(nil), #"{"kty":"foo"}"#, "\"kty\" is \"foo\"", "\"OKP\""),
        Case("JWK x not base64url", .publicJWK(nil), #"{"kty":"OKP","crv":"Ed25519","x":"JrQLj5P/89iXES9+vFgrIy29clF9CC/oPPsw3c5D0bs"}"#, "\"x\" is not base64url"),
        Case("JWK key_ops not strings", .publicJWK(nil), #"{"kty":"OKP","crv":"Ed25519","x":"\#(edX)","key_ops":[1]}"#, "\"key_ops\" is not an array of strings"),
        // JWK: curves and sizes
        Case("OKP JWK without crv", .publicJWK(nil), #"{"kty":"OKP","x":"\#(edX)"}"#, "no \"crv\"", "\"Ed25519\""),
        Case("OKP JWK on X25519", .publicJWK(nil), #"{"kty":"OKP","crv":"X25519","x":"\#(edX)"}"#, "\"crv\" is \"X25519\"", "key agreement"),
        Case("OKP JWK on Ed448", .publicJWK(nil), #"{"kty":"OKP","crv":"Ed448","x":"\#(edX)"}"#, "\"crv\" is \"Ed448\"", "Ed25519 only"),
        Case("EC JWK on P-521", .publicJWK(nil), #"{"kty":"EC","crv":"P-521","x":"\#(ecX)","y":"\#(ecY)"}"#, "\"crv\" is \"P-521\"", "P-256 and P-384 only"),
        Case("EC JWK with a short x", .publicJWK(nil), #"{"kty":"EC","crv":"P-256","x":"AQID","y":"\#(ecY)"}"#, "3 and 32 bytes", "leading zeros kept"),
        Case("EC JWK on the wrong curve for its size", .publicJWK(nil), #"{"kty":"EC","crv":"P-384","x":"\#(ecX)","y":"\#(ecY)"}"#, "on P-384 each is 48 bytes"),
        Case("EC JWK point not on the curve", .publicJWK(nil), #"{"kty":"EC","crv":"P-256","x":"\#(ecX)","y":"\#(ecX)"}"#, "not a point on P-256"),
        Case("Ed25519 JWK x of 31 bytes", .publicJWK(nil), #"{"kty":"OKP","crv":"Ed25519","x":"\#(String(repeating: "A", count: 42))"}"#, "31 bytes; it must be 32"),
        Case("EC JWK without y", .publicJWK(nil), #"{"kty":"EC","crv":"P-256","x":"\#(ecX)"}"#, "no \"y\""),
        Case("RSA JWK of 1024 bits", .publicJWK(nil), rsa1024JWK, "1024 bits", "shorter than 2048"),
        // JWK: alg and use
        Case("alg for another kind of key", .publicJWK(nil), #"{"kty":"OKP","crv":"Ed25519","x":"\#(edX)","alg":"ES256"}"#, "\"alg\" is \"ES256\" (ecdsa-p256-sha256)", "holds an Ed25519 key"),
        Case("alg disagreeing with the request", .publicJWK(.rsaV15SHA256), rfc7638.replacingOccurrences(of: "RS256", with: "PS512"), "\"alg\" is \"PS512\" (rsa-pss-sha512) but rsa-v1_5-sha256 was asked for", "§7.3.6"),
        Case("alg no RFC 9421 algorithm uses", .publicJWK(nil), rfc7638.replacingOccurrences(of: "RS256", with: "RS512"), "\"alg\" is \"RS512\"", "PS512 or RS256"),
        Case("RSA JWK with neither alg nor algorithm", .publicJWK(nil), rfc7638.replacingOccurrences(of: #""alg": "RS256","#, with: ""), "never both"),
        Case("use enc", .publicJWK(nil), #"{"kty":"OKP","crv":"Ed25519","x":"\#(edX)","use":"enc"}"#, "\"use\" is \"enc\"", "\"sig\""),
        Case("key_ops without verify", .publicJWK(nil), #"{"kty":"OKP","crv":"Ed25519","x":"\#(edX)","key_ops":["sign"]}"#, "does not allow \"verify\""),
        Case("key_ops without sign", .privateJWK(nil), #"{"kty":"OKP","crv":"Ed25519","x":"\#(edX)","d":"\#(edD)","key_ops":["verify"]}"#, "does not allow \"sign\""),
        // JWK: public or private
        Case("a private JWK to verify with", .publicJWK(nil), #"{"kty":"OKP","crv":"Ed25519","x":"\#(edX)","d":"\#(edD)"}"#, "holds a private key (\"d\")", "remove the private members"),
        Case("a private RSA JWK to verify with", .publicJWK(.rsaPSSSHA512), #"{"kty":"RSA","n":"AQAB","e":"AQAB","d":"AQAB","p":"AQAB","q":"AQAB"}"#, "\"d\", \"p\", \"q\""),
        Case("a public JWK to sign with", .privateJWK(nil), #"{"kty":"OKP","crv":"Ed25519","x":"\#(edX)"}"#, "public key (it has no \"d\")", "private JWK"),
        Case("d not the key's", .privateJWK(nil), #"{"kty":"OKP","crv":"Ed25519","x":"11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo","d":"\#(edD)"}"#, "does not belong to its public members"),
        Case("Ed25519 d of 16 bytes", .privateJWK(nil), #"{"kty":"OKP","crv":"Ed25519","x":"\#(edX)","d":"AAAAAAAAAAAAAAAAAAAAAA"}"#, "\"d\" is 16 bytes"),
        Case("EC d of the wrong size", .privateJWK(nil), #"{"kty":"EC","crv":"P-256","x":"\#(ecX)","y":"\#(ecY)","d":"AQID"}"#, "\"d\" is 3 bytes", "32 bytes"),
        Case("RSA private JWK without primes", .privateJWK(.rsaPSSSHA512), #"{"kty":"RSA","n":"AQAB","e":"AQAB","d":"AQAB"}"#, "not \"p\" and \"q\""),
        Case("multi-prime RSA JWK", .privateJWK(.rsaPSSSHA512), #"{"kty":"RSA","n":"AQAB","e":"AQAB","d":"AQAB","oth":[]}"#, "multi-prime"),
        Case("an oct JWK to sign with", .privateJWK(nil), #"{"kty":"oct","k":"AQAB","d":"x"}"#, "symmetric (\"oct\")", "HTTPSignatureJWK.hmacKey"),
        Case("an oct JWK to verify with", .publicJWK(nil), #"{"kty":"oct","k":"AQAB"}"#, "never a public key"),
        // Thumbprints and oct keys
        Case("thumbprint of an oct JWK", .thumbprint, #"{"kty":"oct","k":"AQAB"}"#, "symmetric (\"oct\")"),
        Case("oct: an asymmetric JWK", .hmacJWK, #"{"kty":"OKP","crv":"Ed25519","x":"\#(edX)"}"#, "not \"oct\"", "HTTPSignaturePublicKey(jwk:)"),
        Case("oct: another alg", .hmacJWK, #"{"kty":"oct","k":"AQAB","alg":"HS512"}"#, "\"alg\" is \"HS512\"", "\"HS256\" or none"),
        Case("oct: no k", .hmacJWK, #"{"kty":"oct"}"#, "no \"k\""),
        Case("oct: empty k", .hmacJWK, #"{"kty":"oct","k":""}"#, "\"k\" is empty"),
        Case("oct: use enc", .hmacJWK, #"{"kty":"oct","k":"AQAB","use":"enc"}"#, "\"use\" is \"enc\""),
        // Sets
        Case("set: not JSON", .jwkSet, "{", "not JSON"),
        Case("set: no keys", .jwkSet, #"{"kty":"OKP"}"#, "\"keys\" array"),
        Case("set: keys not an array", .jwkSet, #"{"keys":{}}"#, "\"keys\" is not an array"),
        Case("set: a kid twice", .jwkSet, #"{"keys":[{"kty":"OKP","crv":"Ed25519","x":"\#(edX)","kid":"a"},{"kty":"OKP","crv":"Ed25519","x":"11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo","kid":"a"}]}"#, "two keys with \"kid\" \"a\""),
        Case("set: too many keys", .jwkSet, #"{"keys":[\#(Array(repeating: "{}", count: 1001).joined(separator: ","))]}"#, "1001 keys"),
        // Generation
        Case("generate a 1024-bit RSA key", .generate(.rsaPSSSHA512, bits: 1024), "", "1024 bits"),
        Case("generate an hmac-sha256 key pair", .generate(.hmacSHA256, bits: 0), "", "no key pair to generate"),
    ]

    @Test("refused with invalidKey and a message naming the problem", arguments: cases)
    func refused(_ testCase: Case) {
        expectKeyError(.invalidKey, containing: testCase.fragments) { () throws(HTTPMessageSignatureError) in
            try testCase.run()
        }
    }

    @Test("the same inputs fixed are accepted (the refusals are not of everything)")
    func fixedInputsLoad() throws {
        _ = try HTTPSignaturePrivateKey(pemRepresentation: Self.rsaPEM, algorithm: .rsaPSSSHA512)
        _ = try HTTPSignaturePrivateKey(pemRepresentation: Self.pssPEM, algorithm: .rsaPSSSHA512)
        _ = try HTTPSignaturePublicKey(jwk: Self.rfc7638, algorithm: .rsaV15SHA256)
        _ = try HTTPSignaturePublicKey(jwk: Self.rfc7638.replacingOccurrences(of: #""alg": "RS256","#, with: ""), algorithm: .rsaPSSSHA512)
        _ = try HTTPSignaturePublicKey(jwk: #"{"kty":"OKP","crv":"Ed25519","x":"\#(Self.edX)","use":"sig","key_ops":["verify"],"alg":"Ed25519"}"#)
        _ = try HTTPSignaturePrivateKey(jwk: #"{"kty":"OKP","crv":"Ed25519","x":"\#(Self.edX)","d":"\#(Self.edD)","key_ops":["sign"],"alg":"EdDSA"}"#)
        _ = try HTTPSignaturePublicKey(jwk: #"{"kty":"EC","crv":"P-256","x":"\#(Self.ecX)","y":"\#(Self.ecY)","alg":"ecdsa-p256-sha256"}"#)
        _ = try HTTPSignatureJWK.hmacKey(fromJWK: #"{"kty":"oct","k":"AQAB","alg":"hmac-sha256","use":"sig"}"#)
    }
}
