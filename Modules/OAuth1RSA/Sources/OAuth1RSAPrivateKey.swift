#if OAuth1RSA
import _CryptoExtras
import Crypto
public import Foundation
public import OAuth1Client

/// An RSA private key for OAuth 1.0a's `RSA-SHA1`, `RSA-SHA256` and `RSA-SHA512` (RFC 5849
/// §3.4.3): RSASSA-PKCS1-v1_5, by swift-crypto (BoringSSL on Linux).
///
/// Loads PKCS #1 (`-----BEGIN RSA PRIVATE KEY-----`) and PKCS #8 (`-----BEGIN PRIVATE KEY-----`)
/// keys of 1024 to 16384 bits. Jira's setup guides still generate 1024-bit keys, so they load;
/// 2048 bits or more is advised. Anything else (an encrypted key, an EC or Ed25519 key, a public
/// key, a damaged file) throws an `OAuth1Error` with code `invalidKey` naming the problem and
/// the fix.
///
/// ```swift
/// let key = try OAuth1RSAPrivateKey(pemRepresentation: String(contentsOfFile: "jira_privatekey.pem", encoding: .utf8))
/// let configuration = OAuth1Configuration(provider: .jira(baseURL: jiraURL), consumerKey: "my-app", privateKey: key)
/// ```
///
/// `description`, `debugDescription` and the mirror show the size and the public key's
/// fingerprint only, never the key.
public struct OAuth1RSAPrivateKey: OAuth1PrivateKey, Hashable, CustomDebugStringConvertible, CustomReflectable {
    private let key: _RSA.Signing.PrivateKey
    private let rsaPublicKey: OAuth1RSAPublicKey

    /// Loads a PEM private key (`RSA PRIVATE KEY` or `PRIVATE KEY`).
    public init(pemRepresentation: String) throws(OAuth1Error) {
        try self.init(RSAKeyDocument(pem: pemRepresentation, expecting: .privateKey))
    }

    /// Loads a DER private key (PKCS #1 or PKCS #8).
    public init(derRepresentation: some DataProtocol) throws(OAuth1Error) {
        try self.init(RSAKeyDocument(der: Array(derRepresentation), expecting: .privateKey))
    }

    /// Loads the PEM private key in the file at `url`.
    public init(contentsOf url: URL) throws(OAuth1Error) {
        try self.init(pemRepresentation: OAuth1RSAPublicKey.text(of: url, what: "private key"))
    }

    private init(_ document: RSAKeyDocument) throws(OAuth1Error) {
        do {
            key = try _RSA.Signing.PrivateKey(unsafeDERRepresentation: document.der)
        } catch {
            throw RSAKeyDocument.error("the RSA private key is not valid (its numbers do not make an RSA key); generate a new one")
        }
        rsaPublicKey = OAuth1RSAPublicKey(key.publicKey)
    }

    /// A new random key of `bits` bits (1024 to 16384; 2048 by default), for tests and demos.
    public static func generate(bits: Int = 2048) throws(OAuth1Error) -> OAuth1RSAPrivateKey {
        guard (RSAKeyDocument.minimumBits...RSAKeyDocument.maximumBits).contains(bits) else {
            throw RSAKeyDocument.error("an RSA key of \(bits) bits cannot be generated here; choose \(RSAKeyDocument.minimumBits) to \(RSAKeyDocument.maximumBits) (2048 or more is advised)")
        }
        do {
            return try OAuth1RSAPrivateKey(derRepresentation: _RSA.Signing.PrivateKey(unsafeKeySize: .init(bitCount: bits)).derRepresentation)
        } catch {
            throw RSAKeyDocument.error("generating a \(bits)-bit RSA key failed: \(error)")
        }
    }

    /// The key as PKCS #8 PEM (`-----BEGIN PRIVATE KEY-----`): to save it, or to print a demo key.
    public var pemRepresentation: String { key.pkcs8PEMRepresentation }

    /// The modulus size, in bits.
    public var keySizeInBits: Int { key.keySizeInBits }

    /// The public half, to register with the provider or give a verifier.
    public var publicKey: any OAuth1PublicKey { rsaPublicKey }

    /// The public half, typed.
    public var rsaPublic: OAuth1RSAPublicKey { rsaPublicKey }

    public func signature(for message: [UInt8], hash: OAuth1SignatureMethod.Hash) throws(OAuth1Error) -> [UInt8] {
        do {
            let signature = switch hash {
            case .sha1: try key.signature(for: Insecure.SHA1.hash(data: message), padding: .insecurePKCS1v1_5)
            case .sha256: try key.signature(for: SHA256.hash(data: message), padding: .insecurePKCS1v1_5)
            case .sha512: try key.signature(for: SHA512.hash(data: message), padding: .insecurePKCS1v1_5)
            }
            return Array(signature.rawRepresentation)
        } catch {
            throw OAuth1Error(code: .invalidKey, message: "the RSA private key could not sign (\(type(of: error))); load the key again")
        }
    }

    /// Keys are equal when their public halves are.
    public static func == (lhs: OAuth1RSAPrivateKey, rhs: OAuth1RSAPrivateKey) -> Bool { lhs.rsaPublicKey == rhs.rsaPublicKey }

    public func hash(into hasher: inout Hasher) { hasher.combine(rsaPublicKey) }

    /// `OAuth1RSAPrivateKey(2048 bits, public key SHA-256 …)`: never the key.
    public var description: String { "OAuth1RSAPrivateKey(\(keySizeInBits) bits, public key SHA-256 \(rsaPublicKey.fingerprint.prefix(16))…)" }

    /// The same as ``description``.
    public var debugDescription: String { description }

    /// The size and the fingerprint only.
    public var customMirror: Mirror {
        Mirror(self, children: ["bits": keySizeInBits, "publicKeySHA256": rsaPublicKey.fingerprint], displayStyle: .struct)
    }
}
#endif
