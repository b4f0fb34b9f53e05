#if OAuth1RSA
import Foundation
import OAuth1Client
import SwiftASN1

/// A key file's contents, read far enough to know what it holds before any key is built from
/// it: the PEM label (or DER shape), the algorithm, and the modulus size. Every refusal names
/// what was given and what to do.
struct RSAKeyDocument {
    /// What the bytes hold.
    enum Content {
        /// PKCS #1 `RSAPrivateKey`, or PKCS #8 `PrivateKeyInfo` around one.
        case privateKey
        /// PKCS #1 `RSAPublicKey`, or `SubjectPublicKeyInfo` around one (from a `PUBLIC KEY`
        /// or taken out of a certificate).
        case publicKey
    }

    /// The smallest modulus accepted: what Jira's older setup guides still generate.
    static let minimumBits = 1024
    /// The largest: BoringSSL's own limit, and a bound on what a stranger's key costs to use.
    static let maximumBits = 16_384

    let content: Content
    /// The DER to give swift-crypto: PKCS #1 or PKCS #8 for a private key, `SubjectPublicKeyInfo`
    /// or PKCS #1 for a public one.
    let der: [UInt8]
    let modulusBits: Int

    /// Reads PEM text: the first `-----BEGIN …-----` block.
    init(pem text: String, expecting: Content) throws(OAuth1Error) {
        guard text.contains(where: { !$0.isWhitespace }) else {
            throw Self.error("the key text is empty; give the key file's whole text, from its \"-----BEGIN …-----\" line to its \"-----END …-----\" line")
        }
        if text.contains("Proc-Type: 4,ENCRYPTED") || text.contains("BEGIN ENCRYPTED PRIVATE KEY") {
            throw Self.error("the private key is encrypted with a passphrase; decrypt it first: `openssl pkey -in key.pem -out key-decrypted.pem` (it asks for the passphrase), and keep the result as private as the passphrase")
        }
        guard let start = text.range(of: "-----BEGIN ") else {
            throw Self.error("the text is not PEM: it has no \"-----BEGIN …-----\" line. Give the key file's whole text, or its DER bytes to init(derRepresentation:)")
        }
        // The first block only: a file may hold a certificate chain, or text around the key.
        var block = text[start.lowerBound...]
        if let end = block.range(of: "-----END "), let close = block[end.upperBound...].range(of: "-----") {
            block = block[..<close.upperBound]
        }
        let document: PEMDocument
        do {
            document = try PEMDocument(pemString: String(block))
        } catch {
            throw Self.error("the PEM block cannot be read (a missing END line, a changed label, or Base64 that is cut short or damaged): copy the key file again, whole")
        }
        try self.init(label: document.discriminator, der: document.derBytes, expecting: expecting)
    }

    /// Reads DER bytes, telling PKCS #1, PKCS #8, `SubjectPublicKeyInfo` and certificates apart.
    init(der bytes: [UInt8], expecting: Content) throws(OAuth1Error) {
        guard !bytes.isEmpty else { throw Self.error("the key's DER is empty: no bytes were given") }
        let shape = try Self.shape(of: bytes)
        try self.init(label: shape, der: bytes, expecting: expecting)
    }

    private init(label: String, der bytes: [UInt8], expecting: Content) throws(OAuth1Error) {
        switch label {
        case "RSA PRIVATE KEY":
            content = .privateKey
            der = bytes
            modulusBits = try Self.modulusBits(pkcs1: bytes, isPrivate: true)
        case "PRIVATE KEY":
            content = .privateKey
            der = bytes
            modulusBits = try Self.modulusBits(pkcs1: Self.inner(of: bytes, isPrivate: true), isPrivate: true)
        case "RSA PUBLIC KEY":
            content = .publicKey
            der = bytes
            modulusBits = try Self.modulusBits(pkcs1: bytes, isPrivate: false)
        case "PUBLIC KEY":
            content = .publicKey
            der = bytes
            modulusBits = try Self.modulusBits(pkcs1: Self.inner(of: bytes, isPrivate: false), isPrivate: false)
        case "CERTIFICATE", "TRUSTED CERTIFICATE":
            content = .publicKey
            der = try Self.subjectPublicKeyInfo(ofCertificate: bytes)
            modulusBits = try Self.modulusBits(pkcs1: Self.inner(of: der, isPrivate: false), isPrivate: false)
        case "EC PRIVATE KEY", "EC PARAMETERS":
            throw Self.error("this is an elliptic-curve (EC) key; OAuth 1.0a's RSA methods need an RSA key: `openssl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:2048 -out key.pem`")
        case "OPENSSH PRIVATE KEY":
            throw Self.error("this is an OpenSSH private key; convert it to PEM with `ssh-keygen -p -m PEM -f KEYFILE` (an RSA key only)")
        case "DSA PRIVATE KEY":
            throw Self.error("this is a DSA key; OAuth 1.0a's RSA methods need an RSA key")
        case "CERTIFICATE REQUEST", "NEW CERTIFICATE REQUEST":
            throw Self.error("this is a certificate signing request, not a key; give the private key (to sign) or the certificate or public key (to verify)")
        default:
            throw Self.error("a PEM block labelled \"\(label.prefix(40))\" is not a key this library reads; give an RSA PRIVATE KEY, PRIVATE KEY, PUBLIC KEY, RSA PUBLIC KEY or CERTIFICATE")
        }
        guard content == expecting else {
            throw Self.error(expecting == .privateKey
                ? "this is a public key (or a certificate); signing needs the private key it belongs to"
                : "this is a private key; a verifier needs only its public key, which must not hold the private one: `openssl pkey -in key.pem -pubout -out public.pem`")
        }
        guard modulusBits >= Self.minimumBits else {
            throw Self.error("the RSA key is \(modulusBits) bits; keys shorter than \(Self.minimumBits) bits are refused (2048 or more is advised)")
        }
        guard modulusBits <= Self.maximumBits else {
            throw Self.error("the RSA key is \(modulusBits) bits; keys longer than \(Self.maximumBits) bits are refused")
        }
    }

    static func error(_ message: String) -> OAuth1Error {
        OAuth1Error(code: .invalidKey, message: message)
    }

    // MARK: ASN.1

    private static let rsaEncryption: ASN1ObjectIdentifier = [1, 2, 840, 113_549, 1, 1, 1]
    private static let algorithmNames: [ASN1ObjectIdentifier: String] = [
        [1, 2, 840, 10_045, 2, 1]: "an elliptic-curve (EC) key",
        [1, 3, 101, 112]: "an Ed25519 key",
        [1, 3, 101, 113]: "an Ed448 key",
        [1, 3, 101, 110]: "an X25519 key",
        [1, 2, 840, 113_549, 1, 1, 10]: "an RSASSA-PSS key (RSA restricted to PSS, which OAuth 1.0a does not use)",
        [1, 2, 840, 10_040, 4, 1]: "a DSA key",
    ]

    /// The children of a DER `SEQUENCE`.
    private static func children(_ node: ASN1Node, what: String) throws(OAuth1Error) -> [ASN1Node] {
        guard node.identifier == .sequence, case .constructed(let nodes) = node.content else {
            throw error("the key's DER is not \(what); the file is damaged or not a key")
        }
        return Array(nodes)
    }

    private static func parse(_ bytes: some Collection<UInt8>, what: String) throws(OAuth1Error) -> ASN1Node {
        do {
            return try DER.parse(Array(bytes))
        } catch {
            throw Self.error("the key's DER cannot be read as \(what): it is cut short or damaged")
        }
    }

    /// The PKCS #1 key inside PKCS #8 `PrivateKeyInfo` or `SubjectPublicKeyInfo`, once its
    /// algorithm is known to be RSA.
    private static func inner(of bytes: [UInt8], isPrivate: Bool) throws(OAuth1Error) -> [UInt8] {
        let what = isPrivate ? "a PKCS #8 private key" : "a SubjectPublicKeyInfo public key"
        let parts = try children(parse(bytes, what: what), what: what)
        // PrivateKeyInfo: version, algorithm, OCTET STRING key; SPKI: algorithm, BIT STRING key.
        let algorithmIndex = isPrivate ? 1 : 0
        guard parts.count > algorithmIndex + 1 else { throw error("the key's DER is not \(what); the file is damaged") }
        let algorithm = try children(parts[algorithmIndex], what: "an algorithm identifier")
        guard let oidNode = algorithm.first, let oid = try? ASN1ObjectIdentifier(derEncoded: oidNode) else {
            throw error("the key's algorithm identifier cannot be read; the file is damaged")
        }
        guard oid == rsaEncryption else {
            throw error("this is \(algorithmNames[oid] ?? "a key of algorithm \(oid)"); OAuth 1.0a's RSA methods need an RSA key")
        }
        let key = parts[algorithmIndex + 1]
        do {
            return isPrivate ? Array(try ASN1OctetString(derEncoded: key).bytes) : Array(try ASN1BitString(derEncoded: key).bytes)
        } catch {
            throw Self.error("the key's DER is not \(what); the file is damaged")
        }
    }

    /// The modulus size of a PKCS #1 `RSAPrivateKey` (version, n, …) or `RSAPublicKey` (n, e).
    private static func modulusBits(pkcs1 bytes: [UInt8], isPrivate: Bool) throws(OAuth1Error) -> Int {
        let what = isPrivate ? "a PKCS #1 RSA private key" : "a PKCS #1 RSA public key"
        let parts = try children(parse(bytes, what: what), what: what)
        let index = isPrivate ? 1 : 0
        guard parts.count >= (isPrivate ? 9 : 2), let modulus = try? ArraySlice<UInt8>(derEncoded: parts[index]) else {
            throw error("the key's DER is not \(what); the file is damaged")
        }
        let significant = modulus.drop { $0 == 0 }
        guard let first = significant.first else { return 0 }
        return significant.count * 8 - first.leadingZeroBitCount
    }

    /// The `SubjectPublicKeyInfo` DER of an X.509 certificate: the seventh field of
    /// `tbsCertificate` (the sixth when the optional version is absent).
    private static func subjectPublicKeyInfo(ofCertificate bytes: [UInt8]) throws(OAuth1Error) -> [UInt8] {
        let certificate = try children(parse(bytes, what: "an X.509 certificate"), what: "an X.509 certificate")
        guard let tbs = certificate.first else { throw error("the certificate is empty; the file is damaged") }
        let fields = try children(tbs, what: "a certificate's tbsCertificate")
        let hasVersion = fields.first.map { $0.identifier.tagClass == .contextSpecific && $0.identifier.tagNumber == 0 } ?? false
        let index = hasVersion ? 6 : 5
        guard fields.count > index else { throw error("the certificate has no subject public key; the file is damaged") }
        return Array(fields[index].encodedBytes)
    }

    /// The PEM label DER `bytes` would have: a certificate, PKCS #8, SPKI or PKCS #1.
    private static func shape(of bytes: [UInt8]) throws(OAuth1Error) -> String {
        let parts = try children(parse(bytes, what: "a key"), what: "a key")
        guard let first = parts.first else { throw error("the DER holds an empty sequence, not a key") }
        if first.identifier == .sequence {
            // Certificate (tbsCertificate, algorithm, signature) or SPKI (algorithm, key).
            return parts.count == 3 ? "CERTIFICATE" : "PUBLIC KEY"
        }
        guard first.identifier == .integer else { throw error("the DER is not a key this library reads") }
        if parts.count == 2 { return "RSA PUBLIC KEY" }
        if parts.count >= 3, parts[1].identifier == .sequence { return "PRIVATE KEY" }
        return "RSA PRIVATE KEY"
    }
}

#endif
