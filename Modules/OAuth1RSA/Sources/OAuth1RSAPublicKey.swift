#if OAuth1RSA
import _CryptoExtras
import Crypto
public import Foundation
public import OAuth1Client
import SigningCore

/// The public key a verifier (or a mock provider) checks `RSA-SHA*` signatures with.
///
/// Loads `-----BEGIN PUBLIC KEY-----` (`SubjectPublicKeyInfo`), `-----BEGIN RSA PUBLIC KEY-----`
/// (PKCS #1) and the public key of an X.509 `-----BEGIN CERTIFICATE-----` (the certificate is
/// not validated: OAuth 1.0a registers the key, not a chain), 1024 to 16384 bits. Anything else
/// throws an `OAuth1Error` with code `invalidKey` naming the problem.
///
/// ```swift
/// let consumer = OAuth1Consumer(publicKey: try OAuth1RSAPublicKey(pemRepresentation: registeredPEM))
/// ```
public struct OAuth1RSAPublicKey: OAuth1PublicKey, Hashable, CustomReflectable {
    private let key: _RSA.Signing.PublicKey
    /// The lowercase hex SHA-256 of the key's `SubjectPublicKeyInfo` DER.
    public let fingerprint: String

    /// Loads a PEM public key or certificate.
    public init(pemRepresentation: String) throws(OAuth1Error) {
        try self.init(RSAKeyDocument(pem: pemRepresentation, expecting: .publicKey))
    }

    /// Loads a DER public key (`SubjectPublicKeyInfo` or PKCS #1) or certificate.
    public init(derRepresentation: some DataProtocol) throws(OAuth1Error) {
        try self.init(RSAKeyDocument(der: Array(derRepresentation), expecting: .publicKey))
    }

    /// Loads the PEM public key or certificate in the file at `url`.
    public init(contentsOf url: URL) throws(OAuth1Error) {
        try self.init(pemRepresentation: Self.text(of: url, what: "public key"))
    }

    private init(_ document: RSAKeyDocument) throws(OAuth1Error) {
        do {
            self.init(try _RSA.Signing.PublicKey(unsafeDERRepresentation: document.der))
        } catch {
            throw RSAKeyDocument.error("the RSA public key is not valid (its numbers do not make an RSA key); export it again from the private key")
        }
    }

    init(_ key: _RSA.Signing.PublicKey) {
        self.key = key
        fingerprint = Hex.encode(Crypto.SHA256.hash(data: key.derRepresentation))
    }

    /// The key as `-----BEGIN PUBLIC KEY-----` PEM: what a provider's administrator registers
    /// (Jira's application link asks for it).
    public var pemRepresentation: String { key.pemRepresentation }

    /// The modulus size, in bits.
    public var keySizeInBits: Int { key.keySizeInBits }

    public func isValidSignature(_ signature: [UInt8], for message: [UInt8], hash: OAuth1SignatureMethod.Hash) -> Bool {
        guard signature.count == (keySizeInBits + 7) / 8 else { return false }
        let rsaSignature = _RSA.Signing.RSASignature(rawRepresentation: signature)
        return switch hash {
        case .sha1: key.isValidSignature(rsaSignature, for: Insecure.SHA1.hash(data: message), padding: .insecurePKCS1v1_5)
        case .sha256: key.isValidSignature(rsaSignature, for: Crypto.SHA256.hash(data: message), padding: .insecurePKCS1v1_5)
        case .sha512: key.isValidSignature(rsaSignature, for: Crypto.SHA512.hash(data: message), padding: .insecurePKCS1v1_5)
        }
    }

    public static func == (lhs: OAuth1RSAPublicKey, rhs: OAuth1RSAPublicKey) -> Bool { lhs.fingerprint == rhs.fingerprint }

    public func hash(into hasher: inout Hasher) { hasher.combine(fingerprint) }

    /// `OAuth1RSAPublicKey(2048 bits, SHA-256 …)`.
    public var description: String { "OAuth1RSAPublicKey(\(keySizeInBits) bits, SHA-256 \(fingerprint.prefix(16))…)" }

    /// The size and the fingerprint.
    public var customMirror: Mirror {
        Mirror(self, children: ["bits": keySizeInBits, "sha256": fingerprint], displayStyle: .struct)
    }

    /// The UTF-8 text of a key file, or an error naming the file.
    static func text(of url: URL, what: String) throws(OAuth1Error) -> String {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw RSAKeyDocument.error("the \(what) file \(url.path) cannot be read: \((error as NSError).localizedDescription)")
        }
        guard data.count <= 1_048_576 else {
            throw RSAKeyDocument.error("the \(what) file \(url.path) is \(data.count) bytes; a PEM key is a few kilobytes")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw RSAKeyDocument.error("the \(what) file \(url.path) is not text; for DER bytes use init(derRepresentation:)")
        }
        return text
    }
}
#endif
