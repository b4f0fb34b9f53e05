#if HTTPMessageSignaturesCrypto
import _CryptoExtras
import Crypto
public import Foundation
public import HTTPMessageSignatures
import SigningCore

/// A public key that checks HTTP message signatures made with one of RFC 9421's asymmetric
/// algorithms (§3.3), the algorithm fixed when the key is loaded (§7.3.6): a signature is
/// checked only as this key's ``algorithm``, whatever the message's `alg` says.
///
/// Loads PEM (`PUBLIC KEY` SubjectPublicKeyInfo, RFC 5280 / RFC 8410; `RSA PUBLIC KEY`
/// PKCS #1, RFC 8017), DER and JWK (RFC 7517); writes JWK and PEM, and gives its RFC 7638
/// thumbprint, for a key directory.
///
/// ```swift
/// let key = try HTTPSignaturePublicKey(jwk: #"{"kty":"OKP","crv":"Ed25519","x":"JrQLj5P_89iXES9-vFgrIy29clF9CC_oPPsw3c5D0bs"}"#)
/// key.isValidSignature(signature, for: Array(signatureBase.utf8))
/// ```
public struct HTTPSignaturePublicKey: HTTPMessageVerifyingKey, Hashable, CustomStringConvertible, CustomReflectable {
    private let material: PublicMaterial
    /// The one algorithm a signature checked with this key must use (RFC 9421 §7.3.6).
    public let algorithm: HTTPSignatureAlgorithm
    /// The key's `SubjectPublicKeyInfo` DER (RFC 5280 §4.1.2.7): what equality compares.
    public let derRepresentation: [UInt8]
    /// The RFC 7638 JWK thumbprint: SHA-256 over the key's required JWK members, base64url
    /// without padding (the `keyid` Web Bot Auth and many key directories use).
    public let jwkThumbprint: String

    init(material: PublicMaterial, algorithm: HTTPSignatureAlgorithm) {
        self.material = material
        self.algorithm = algorithm
        derRepresentation = material.spki
        jwkThumbprint = material.thumbprint
    }

    /// Loads a PEM public key: `PUBLIC KEY` (SubjectPublicKeyInfo) or `RSA PUBLIC KEY` (PKCS #1).
    ///
    /// - Parameters:
    ///   - pemRepresentation: the key file's text, from its `-----BEGIN` line to its `-----END`
    ///     line (text around it, CRLF, any line length are accepted).
    ///   - algorithm: required for an RSA key (`.rsaPSSSHA512` or `.rsaV15SHA256`); for other
    ///     keys, when given, it must be the one the key verifies.
    public init(pemRepresentation: String, algorithm: HTTPSignatureAlgorithm? = nil) throws(HTTPMessageSignatureError) {
        try self.init(content: KeyDocument.read(pem: pemRepresentation), algorithm: algorithm)
    }

    /// Loads a DER public key (SubjectPublicKeyInfo or PKCS #1); `algorithm` as for
    /// ``init(pemRepresentation:algorithm:)``.
    public init(derRepresentation: some DataProtocol, algorithm: HTTPSignatureAlgorithm? = nil) throws(HTTPMessageSignatureError) {
        try self.init(content: KeyDocument.read(der: Array(derRepresentation)), algorithm: algorithm)
    }

    /// Loads a public JWK (RFC 7517): `OKP`/`Ed25519` (RFC 8037 §2), `EC` `P-256`/`P-384` or
    /// `RSA` (RFC 7518 §6). The JWK's `alg`, when present, must agree with `algorithm`;
    /// either one settles an RSA key's algorithm. A JWK holding private members (`d`, …) is
    /// refused: a public key must not carry its secret. `use` must be `sig` and `key_ops`
    /// must allow `verify` when present.
    public init(jwk: String, algorithm: HTTPSignatureAlgorithm? = nil) throws(HTTPMessageSignatureError) {
        try self.init(document: JWKDocument(json: jwk), algorithm: algorithm)
    }

    init(document: JWKDocument, algorithm: HTTPSignatureAlgorithm?) throws(HTTPMessageSignatureError) {
        let secrets = document.privateMembersPresent
        if document.kty == "oct" {
            throw KeyEncoding.error("this is a symmetric (\"oct\") JWK: its secret is for hmac-sha256 and is never a public key; read it with HTTPSignatureJWK.hmacKey(fromJWK:)")
        }
        guard secrets.isEmpty else {
            throw KeyEncoding.error(
                "this JWK holds a private key (\(secrets.map { "\"\($0)\"" }.joined(separator: ", "))); a verifier needs only the public JWK: remove the private members, or publish HTTPSignaturePrivateKey.publicKey.jwk()"
            )
        }
        try document.checkUse(operation: "verify")
        let material = try document.publicMaterial()
        try self.init(material: material, algorithm: material.bind(requested: algorithm, declared: document.alg))
    }

    private init(content: KeyDocument.Content, algorithm: HTTPSignatureAlgorithm?) throws(HTTPMessageSignatureError) {
        switch content {
        case .privateKey:
            throw KeyEncoding.error(
                "this is a private key; a verifier needs only its public key, which must not hold the private one: `openssl pkey -in key.pem -pubout -out public.pem`"
            )
        case .publicKey(let material):
            try self.init(material: material, algorithm: material.bind(requested: algorithm, declared: nil))
        }
    }

    /// The key as `-----BEGIN PUBLIC KEY-----` PEM (SubjectPublicKeyInfo, RFC 7468 §13).
    public var pemRepresentation: String { KeyEncoding.pem(label: "PUBLIC KEY", der: derRepresentation) }

    /// The key as a JWK (RFC 7517 §4): `kty` and the key's members (RFC 8037 §2, RFC 7518
    /// §6.2.1, §6.3.1), then `kid` when given and `alg` (its JOSE name: `EdDSA`, `ES256`,
    /// `ES384`, `PS512`, `RS256`) unless `includeAlgorithm` is false. One line, no whitespace.
    ///
    /// Leave `alg` in for an RSA key: without it a reader cannot know PSS from PKCS #1 v1.5.
    public func jwk(keyID: String? = nil, includeAlgorithm: Bool = true) -> String {
        let keyMembers = material.thumbprintMembers
        let kty = keyMembers.first { $0.0 == "kty" }?.1 ?? ""
        var members = [("kty", KeyEncoding.jsonString(kty))]
        members += keyMembers.filter { $0.0 != "kty" }.map { ($0.0, KeyEncoding.jsonString($0.1)) }
        if let keyID { members.append(("kid", KeyEncoding.jsonString(keyID))) }
        if includeAlgorithm { members.append(("alg", KeyEncoding.jsonString(JWKAlgorithm.jwkName(algorithm)))) }
        return "{" + members.map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",") + "}"
    }

    /// Whether `signature` signs `base` with this key under ``algorithm`` (RFC 9421 §3.3):
    /// Ed25519's 64 bytes; ECDSA only as raw `r‖s` of exactly 64 (P-256) or 96 (P-384) bytes,
    /// so a DER-encoded ECDSA signature is refused (§3.3.4–3.3.5); RSA only at the modulus'
    /// length, PSS with SHA-512, MGF1-SHA-512 and a 64-byte salt (§3.3.1) or PKCS #1 v1.5 with
    /// SHA-256 (§3.3.2).
    public func isValidSignature(_ signature: [UInt8], for base: [UInt8]) -> Bool {
        switch (material, algorithm) {
        case (.ed25519(let key), _):
            return signature.count == 64 && key.isValidSignature(signature, for: base)
        case (.p256(let key), _):
            guard signature.count == 64, let ecdsa = try? P256.Signing.ECDSASignature(rawRepresentation: signature) else { return false }
            return key.isValidSignature(ecdsa, for: base)
        case (.p384(let key), _):
            guard signature.count == 96, let ecdsa = try? P384.Signing.ECDSASignature(rawRepresentation: signature) else { return false }
            return key.isValidSignature(ecdsa, for: base)
        case (.rsa(let key, _), .rsaPSSSHA512):
            guard signature.count == (key.keySizeInBits + 7) / 8 else { return false }
            return key.isValidSignature(_RSA.Signing.RSASignature(rawRepresentation: signature), for: Crypto.SHA512.hash(data: base), padding: .PSS)
        case (.rsa(let key, _), _):
            guard signature.count == (key.keySizeInBits + 7) / 8 else { return false }
            return key.isValidSignature(_RSA.Signing.RSASignature(rawRepresentation: signature), for: Crypto.SHA256.hash(data: base), padding: .insecurePKCS1v1_5)
        }
    }

    /// Keys are equal when their algorithms and SubjectPublicKeyInfo are.
    public static func == (lhs: HTTPSignaturePublicKey, rhs: HTTPSignaturePublicKey) -> Bool {
        lhs.algorithm == rhs.algorithm && lhs.derRepresentation == rhs.derRepresentation
    }

    /// Hashes what `==` compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(algorithm)
        hasher.combine(derRepresentation)
    }

    /// `HTTPSignaturePublicKey(ed25519, JWK thumbprint …)`.
    public var description: String { "HTTPSignaturePublicKey(\(algorithm.name), JWK thumbprint \(jwkThumbprint))" }

    /// The algorithm and the thumbprint.
    public var customMirror: Mirror {
        Mirror(self, children: ["algorithm": algorithm.name, "jwkThumbprint": jwkThumbprint], displayStyle: .struct)
    }
}
#endif
