#if HTTPMessageSignaturesCrypto
import _CryptoExtras
import Crypto
public import Foundation
public import HTTPMessageSignatures
import SigningCore

/// A private key that signs HTTP message signature bases with one of RFC 9421's asymmetric
/// algorithms (§3.3): `ed25519` (§3.3.6), `ecdsa-p256-sha256` (§3.3.4),
/// `ecdsa-p384-sha384` (§3.3.5), `rsa-pss-sha512` (§3.3.1) or `rsa-v1_5-sha256` (§3.3.2),
/// by swift-crypto (BoringSSL on Linux).
///
/// The algorithm is fixed when the key is loaded and never changes (RFC 9421 §7.3.6): an
/// Ed25519 or EC key's type decides it, an RSA key's holder chooses PSS or PKCS #1 v1.5 with
/// `algorithm:` (or the JWK's `alg`), and a key stored as RSASSA-PSS signs PSS only.
///
/// Loads PEM (`PRIVATE KEY` PKCS #8, `RSA PRIVATE KEY` PKCS #1, `EC PRIVATE KEY` SEC 1), DER
/// and JWK (RFC 7517). RSA keys of 2048 to 16384 bits. Anything else throws an
/// `HTTPMessageSignatureError` with code `invalidKey` naming the problem and the fix.
///
/// ```swift
/// let key = try HTTPSignaturePrivateKey(pemRepresentation: pem)                       // Ed25519 or EC
/// let rsa = try HTTPSignaturePrivateKey(pemRepresentation: rsaPEM, algorithm: .rsaPSSSHA512)
/// let signature = try key.signature(for: Array(signatureBase.utf8))
/// ```
///
/// `description`, `debugDescription` and the mirror show the algorithm and the public key's
/// RFC 7638 thumbprint only, never the key.
public struct HTTPSignaturePrivateKey: HTTPMessageSigningKey, Hashable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    private let material: PrivateMaterial
    /// The one algorithm this key signs with.
    public let algorithm: HTTPSignatureAlgorithm
    /// The public half, to publish (``HTTPSignaturePublicKey/jwk(keyID:includeAlgorithm:)``,
    /// ``HTTPSignaturePublicKey/pemRepresentation``) or give a verifier.
    public let publicKey: HTTPSignaturePublicKey

    /// Loads a PEM private key: `PRIVATE KEY` (PKCS #8, RFC 5208 / RFC 8410), `RSA PRIVATE KEY`
    /// (PKCS #1, RFC 8017) or `EC PRIVATE KEY` (SEC 1, RFC 5915).
    ///
    /// - Parameters:
    ///   - pemRepresentation: the key file's text, from its `-----BEGIN` line to its `-----END`
    ///     line (text around it, CRLF, any line length are accepted).
    ///   - algorithm: required for an RSA key (`.rsaPSSSHA512` or `.rsaV15SHA256`); for other
    ///     keys, when given, it must be the one the key signs with.
    public init(pemRepresentation: String, algorithm: HTTPSignatureAlgorithm? = nil) throws(HTTPMessageSignatureError) {
        try self.init(content: KeyDocument.read(pem: pemRepresentation), algorithm: algorithm)
    }

    /// Loads a DER private key (PKCS #8, PKCS #1 or SEC 1); `algorithm` as for
    /// ``init(pemRepresentation:algorithm:)``.
    public init(derRepresentation: some DataProtocol, algorithm: HTTPSignatureAlgorithm? = nil) throws(HTTPMessageSignatureError) {
        try self.init(content: KeyDocument.read(der: Array(derRepresentation)), algorithm: algorithm)
    }

    /// Loads a private JWK (RFC 7517): `OKP`/`Ed25519` (RFC 8037 §2), `EC` `P-256`/`P-384` or
    /// `RSA` with `p` and `q` (RFC 7518 §6). The JWK's `alg`, when present, must agree with
    /// `algorithm`; either one settles an RSA key's algorithm. `use` must be `sig` and
    /// `key_ops` must allow `sign` when present.
    public init(jwk: String, algorithm: HTTPSignatureAlgorithm? = nil) throws(HTTPMessageSignatureError) {
        let document = try JWKDocument(json: jwk)
        guard document.members["d"] != nil else {
            throw KeyEncoding.error(
                document.kty == "oct"
                    ? "this is a symmetric (\"oct\") JWK: its secret is for hmac-sha256; read it with HTTPSignatureJWK.hmacKey(fromJWK:)"
                    : "this JWK is a public key (it has no \"d\"); signing needs the private JWK it was taken from"
            )
        }
        try document.checkUse(operation: "sign")
        let material = try document.privateMaterial()
        try self.init(material: material, algorithm: material.publicMaterial.bind(requested: algorithm, declared: document.alg))
    }

    /// A new random key for `algorithm`, for tests, demos and key rotation (RSA: `rsaBits`,
    /// 2048 to 16384, 3072 by default).
    public static func generate(_ algorithm: HTTPSignatureAlgorithm, rsaBits: Int = 3072) throws(HTTPMessageSignatureError) -> HTTPSignaturePrivateKey {
        let material: PrivateMaterial
        switch algorithm {
        case .ed25519: material = .ed25519(Curve25519.Signing.PrivateKey())
        case .ecdsaP256SHA256: material = .p256(P256.Signing.PrivateKey())
        case .ecdsaP384SHA384: material = .p384(P384.Signing.PrivateKey())
        case .rsaPSSSHA512, .rsaV15SHA256:
            try KeyDocument.checkRSASize(rsaBits)
            do {
                material = .rsa(try _RSA.Signing.PrivateKey(keySize: .init(bitCount: rsaBits)), pssOnly: false)
            } catch {
                throw HTTPMessageSignatureError(code: .invalidKey, message: "generating a \(rsaBits)-bit RSA key failed (\(type(of: error)))")
            }
        default:
            throw KeyEncoding.error("\(algorithm.name) has no key pair to generate: hmac-sha256 (RFC 9421 §3.3.3) uses a shared secret of random bytes")
        }
        return HTTPSignaturePrivateKey(material: material, algorithm: algorithm)
    }

    private init(content: KeyDocument.Content, algorithm: HTTPSignatureAlgorithm?) throws(HTTPMessageSignatureError) {
        switch content {
        case .publicKey:
            throw KeyEncoding.error("this is a public key; signing needs the private key it belongs to")
        case .privateKey(let material):
            try self.init(material: material, algorithm: material.publicMaterial.bind(requested: algorithm, declared: nil))
        }
    }

    private init(material: PrivateMaterial, algorithm: HTTPSignatureAlgorithm) {
        self.material = material
        self.algorithm = algorithm
        publicKey = HTTPSignaturePublicKey(material: material.publicMaterial, algorithm: algorithm)
    }

    /// The key as PKCS #8 PEM (`-----BEGIN PRIVATE KEY-----`, RFC 5208 / RFC 8410): to save a
    /// generated key. An RSA key is written as `rsaEncryption` whatever it was loaded as, so
    /// reload it with the same `algorithm:`.
    public var pemRepresentation: String {
        switch material {
        case .rsa(let key, _): key.pkcs8PEMRepresentation
        case .p256(let key): key.pemRepresentation
        case .p384(let key): key.pemRepresentation
        case .ed25519(let key): KeyEncoding.pem(label: "PRIVATE KEY", der: KeyEncoding.ed25519PKCS8Prefix + Array(key.rawRepresentation))
        }
    }

    /// The signature of `base` (the signature base's bytes, RFC 9421 §2.5) as the `Signature`
    /// field carries it (§3.3): Ed25519's 64 bytes (§3.3.6), ECDSA's raw `r‖s` of 64 or 96
    /// bytes (§3.3.4–3.3.5), RSA's modulus-sized bytes (PSS with SHA-512, MGF1-SHA-512 and a
    /// 64-byte salt, §3.3.1; PKCS #1 v1.5 with SHA-256, §3.3.2).
    ///
    /// Ed25519 and RSA PKCS #1 v1.5 are deterministic; ECDSA and RSA-PSS give a different
    /// signature each time, every one valid.
    ///
    /// - Throws: `signingFailed` if swift-crypto refuses to sign (not expected with a key this
    ///   type loaded).
    public func signature(for base: [UInt8]) throws(HTTPMessageSignatureError) -> [UInt8] {
        do {
            switch (material, algorithm) {
            case (.ed25519(let key), _):
                return Array(try key.signature(for: base))
            case (.p256(let key), _):
                return Array(try key.signature(for: base).rawRepresentation)
            case (.p384(let key), _):
                return Array(try key.signature(for: base).rawRepresentation)
            case (.rsa(let key, _), .rsaPSSSHA512):
                return Array(try key.signature(for: Crypto.SHA512.hash(data: base), padding: .PSS).rawRepresentation)
            case (.rsa(let key, _), _):
                return Array(try key.signature(for: Crypto.SHA256.hash(data: base), padding: .insecurePKCS1v1_5).rawRepresentation)
            }
        } catch {
            throw HTTPMessageSignatureError(code: .signingFailed, message: "swift-crypto could not sign with the \(algorithm.name) key (\(type(of: error))); load the key again")
        }
    }

    /// Keys are equal when their algorithms and public halves are.
    public static func == (lhs: HTTPSignaturePrivateKey, rhs: HTTPSignaturePrivateKey) -> Bool { lhs.publicKey == rhs.publicKey }

    /// Hashes what `==` compares.
    public func hash(into hasher: inout Hasher) { hasher.combine(publicKey) }

    /// `HTTPSignaturePrivateKey(ed25519, JWK thumbprint …)`: never the key.
    public var description: String { "HTTPSignaturePrivateKey(\(algorithm.name), JWK thumbprint \(publicKey.jwkThumbprint))" }

    /// The same as ``description``.
    public var debugDescription: String { description }

    /// The algorithm and the public key's thumbprint only.
    public var customMirror: Mirror {
        Mirror(self, children: ["algorithm": algorithm.name, "publicKeyThumbprint": publicKey.jwkThumbprint], displayStyle: .struct)
    }
}
#endif
