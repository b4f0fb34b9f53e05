#if HTTPMessageSignaturesCrypto
import _CryptoExtras
import Crypto
import Foundation
import HTTPMessageSignatures
import SigningCore
import SwiftASN1

/// A key file read far enough to know what it holds, then loaded by swift-crypto: PEM
/// (RFC 7468) or DER holding PKCS #8 (RFC 5208, RFC 8410 for Ed25519), `SubjectPublicKeyInfo`
/// (RFC 5280), PKCS #1 (RFC 8017 Appendix A.1) or SEC 1 (RFC 5915). Every refusal names what
/// was given and what to do.
enum KeyDocument {
    enum Content {
        case privateKey(PrivateMaterial)
        case publicKey(PublicMaterial)
    }

    /// Reads PEM text: the first key block (an `EC PARAMETERS` block before it is skipped, as
    /// `openssl ecparam -genkey` writes one).
    static func read(pem text: String) throws(HTTPMessageSignatureError) -> Content {
        guard text.contains(where: { !$0.isWhitespace }) else {
            throw KeyEncoding.error("the key text is empty; give the key file's whole text, from its \"-----BEGIN …-----\" line to its \"-----END …-----\" line")
        }
        guard text.utf8.count <= 1_048_576 else {
            throw KeyEncoding.error("the key text is \(text.utf8.count) bytes; a PEM key is a few kilobytes")
        }
        if text.contains("Proc-Type: 4,ENCRYPTED") || text.contains("BEGIN ENCRYPTED PRIVATE KEY") {
            throw KeyEncoding.error(
                "the private key is encrypted with a passphrase; decrypt it first: `openssl pkey -in key.pem -out key-decrypted.pem` (it asks for the passphrase), and keep the result as private as the passphrase"
            )
        }
        var rest = text[...]
        while true {
            let (label, der, after) = try pemBlock(in: rest)
            if label == "EC PARAMETERS" {
                rest = rest[after...]
                continue
            }
            return try read(label: label, der: der)
        }
    }

    /// The first PEM block of `text` (RFC 7468 §2, read laxly as §3 allows: any line length,
    /// indentation, CRLF, RFC 1421 header lines skipped): its label, its bytes, and where the
    /// text after it starts.
    private static func pemBlock(in text: Substring) throws(HTTPMessageSignatureError) -> (String, [UInt8], Substring.Index) {
        guard let begin = text.range(of: "-----BEGIN ") else {
            throw KeyEncoding.error("the text is not PEM: it has no \"-----BEGIN …-----\" line. Give the key file's whole text, or its DER bytes to init(derRepresentation:)")
        }
        guard let labelEnd = text[begin.upperBound...].range(of: "-----"),
            !text[begin.upperBound..<labelEnd.lowerBound].contains(where: \.isNewline)
        else {
            throw KeyEncoding.error("the PEM block's BEGIN line is cut short; copy the key file again, whole")
        }
        let label = String(text[begin.upperBound..<labelEnd.lowerBound])
        let endMarker = "-----END \(label)-----"
        guard let end = text[labelEnd.upperBound...].range(of: endMarker) else {
            throw KeyEncoding.error(
                "the PEM block cannot be read: it has no \"\(endMarker.prefix(60))\" line (the file is cut short, or its END line names another label); copy the key file again, whole"
            )
        }
        var body = ""
        for line in text[labelEnd.upperBound..<end.lowerBound].split(whereSeparator: \.isNewline) where !line.contains(":") {
            body += line.filter { !$0.isWhitespace }
        }
        let der: [UInt8]
        do {
            der = try Base64.decode(body)
        } catch {
            throw KeyEncoding.error("the PEM block cannot be read: its Base64 is damaged or cut short (\(error.message)); copy the key file again, whole")
        }
        guard !der.isEmpty else { throw KeyEncoding.error("the PEM block is empty: nothing between its BEGIN and END lines") }
        return (label, der, end.upperBound)
    }

    /// Reads DER bytes, telling PKCS #8, `SubjectPublicKeyInfo`, PKCS #1 and SEC 1 apart.
    static func read(der bytes: [UInt8]) throws(HTTPMessageSignatureError) -> Content {
        guard !bytes.isEmpty else { throw KeyEncoding.error("the key's DER is empty: no bytes were given") }
        guard bytes.count <= 65_536 else { throw KeyEncoding.error("the key's DER is \(bytes.count) bytes; a key is at most a few kilobytes") }
        let parts = try children(parse(bytes, what: "a key"), what: "a key")
        guard let first = parts.first else { throw KeyEncoding.error("the DER holds an empty sequence, not a key") }
        let label: String
        if first.identifier == .sequence {
            // SubjectPublicKeyInfo (algorithm, key) or a certificate (tbs, algorithm, signature).
            label = parts.count == 3 ? "CERTIFICATE" : "PUBLIC KEY"
        } else if first.identifier == .integer {
            if parts.count == 2 {
                label = "RSA PUBLIC KEY"
            } else if parts.count >= 3, parts[1].identifier == .sequence {
                label = "PRIVATE KEY"
            } else if parts.count >= 2, parts[1].identifier == .octetString {
                label = "EC PRIVATE KEY"
            } else {
                label = "RSA PRIVATE KEY"
            }
        } else {
            throw KeyEncoding.error("the DER is not a key this library reads (PKCS #8, SubjectPublicKeyInfo, PKCS #1 or SEC 1)")
        }
        return try read(label: label, der: bytes)
    }

    private static func read(label: String, der: [UInt8]) throws(HTTPMessageSignatureError) -> Content {
        switch label {
        case "PRIVATE KEY": return try .privateKey(pkcs8(der))
        case "RSA PRIVATE KEY": return try .privateKey(rsaPrivate(pkcs1: der, pssOnly: false))
        case "EC PRIVATE KEY": return try .privateKey(sec1(der, curve: nil))
        case "PUBLIC KEY": return try .publicKey(subjectPublicKeyInfo(der))
        case "RSA PUBLIC KEY": return try .publicKey(rsaPublic(pkcs1: der, pssOnly: false))
        case "CERTIFICATE", "TRUSTED CERTIFICATE":
            throw KeyEncoding.error("this is an X.509 certificate, not a key; take its public key out: `openssl x509 -in cert.pem -pubkey -noout > public.pem`")
        case "OPENSSH PRIVATE KEY":
            throw KeyEncoding.error("this is an OpenSSH private key; convert it to PKCS #8 PEM first (`ssh-keygen -p -m PKCS8 -f KEYFILE` rewrites the file in place)")
        case "DSA PRIVATE KEY":
            throw KeyEncoding.error("this is a DSA key; RFC 9421 §3.3 signs with RSA, ECDSA P-256/P-384 or Ed25519 keys")
        case "CERTIFICATE REQUEST", "NEW CERTIFICATE REQUEST":
            throw KeyEncoding.error("this is a certificate signing request, not a key; give the private key (to sign) or the public key (to verify)")
        default:
            throw KeyEncoding.error(
                "a PEM block labelled \"\(label.prefix(40))\" is not a key this library reads; give a PRIVATE KEY, RSA PRIVATE KEY, EC PRIVATE KEY, PUBLIC KEY or RSA PUBLIC KEY"
            )
        }
    }

    // MARK: Object identifiers

    private static let rsaEncryption: ASN1ObjectIdentifier = [1, 2, 840, 113_549, 1, 1, 1]
    private static let rsassaPSS: ASN1ObjectIdentifier = [1, 2, 840, 113_549, 1, 1, 10]
    private static let ecPublicKey: ASN1ObjectIdentifier = [1, 2, 840, 10_045, 2, 1]
    private static let ed25519: ASN1ObjectIdentifier = [1, 3, 101, 112]
    private static let p256: ASN1ObjectIdentifier = [1, 2, 840, 10_045, 3, 1, 7]
    private static let p384: ASN1ObjectIdentifier = [1, 3, 132, 0, 34]
    private static let otherAlgorithms: [ASN1ObjectIdentifier: String] = [
        [1, 3, 101, 113]: "an Ed448 key (RFC 9421 registers Ed25519 only)",
        [1, 3, 101, 110]: "an X25519 key (for key agreement, not signatures)",
        [1, 3, 101, 111]: "an X448 key (for key agreement, not signatures)",
        [1, 2, 840, 10_040, 4, 1]: "a DSA key",
    ]
    private static let otherCurves: [ASN1ObjectIdentifier: String] = [
        [1, 3, 132, 0, 35]: "P-521",
        [1, 3, 132, 0, 10]: "secp256k1",
    ]

    private enum Curve { case p256, p384 }

    private static func curve(_ oid: ASN1ObjectIdentifier) throws(HTTPMessageSignatureError) -> Curve {
        if oid == p256 { return .p256 }
        if oid == p384 { return .p384 }
        let name = otherCurves[oid] ?? "curve \(oid)"
        throw KeyEncoding.error("this EC key is on \(name); RFC 9421 §3.3.4–3.3.5 sign with P-256 (ecdsa-p256-sha256) or P-384 (ecdsa-p384-sha384) only")
    }

    private static func unsupported(_ oid: ASN1ObjectIdentifier) -> HTTPMessageSignatureError {
        KeyEncoding.error("this is \(otherAlgorithms[oid] ?? "a key of algorithm \(oid)"); RFC 9421 §3.3 signs with RSA, ECDSA P-256/P-384 or Ed25519 keys")
    }

    // MARK: Structures

    /// PKCS #8 `PrivateKeyInfo` / `OneAsymmetricKey`: version, algorithm, OCTET STRING key.
    private static func pkcs8(_ bytes: [UInt8]) throws(HTTPMessageSignatureError) -> PrivateMaterial {
        let what = "a PKCS #8 private key"
        let parts = try children(parse(bytes, what: what), what: what)
        guard parts.count >= 3 else { throw KeyEncoding.error("the key's DER is not \(what); the file is damaged") }
        let (oid, parameter) = try algorithm(parts[1])
        let inner: [UInt8]
        do {
            inner = Array(try ASN1OctetString(derEncoded: parts[2]).bytes)
        } catch {
            throw KeyEncoding.error("the key's DER is not \(what); the file is damaged")
        }
        switch oid {
        case rsaEncryption: return try rsaPrivate(pkcs1: inner, pssOnly: false)
        case rsassaPSS: return try rsaPrivate(pkcs1: inner, pssOnly: true)
        case ecPublicKey:
            guard let parameter, let curveOID = try? ASN1ObjectIdentifier(derEncoded: parameter) else {
                throw KeyEncoding.error("the EC key names no curve (only named curves are read); export it again with `openssl pkey -in key.pem -out key-pkcs8.pem`")
            }
            return try sec1(inner, curve: curve(curveOID))
        case ed25519:
            // RFC 8410 §7: the OCTET STRING holds CurvePrivateKey, itself an OCTET STRING.
            guard let seed = try? ASN1OctetString(derEncoded: parse(inner, what: "an Ed25519 private key")).bytes, seed.count == 32 else {
                throw KeyEncoding.error("the Ed25519 private key is not 32 bytes (RFC 8410 §7); the file is damaged")
            }
            do {
                return .ed25519(try Curve25519.Signing.PrivateKey(rawRepresentation: Array(seed)))
            } catch {
                throw KeyEncoding.error("the Ed25519 private key is not valid; generate a new one")
            }
        default:
            throw unsupported(oid)
        }
    }

    /// SEC 1 `ECPrivateKey` (RFC 5915 §3): version 1, OCTET STRING scalar, [0] curve, [1] point.
    private static func sec1(_ bytes: [UInt8], curve given: Curve?) throws(HTTPMessageSignatureError) -> PrivateMaterial {
        let what = "an EC private key (SEC 1)"
        let parts = try children(parse(bytes, what: what), what: what)
        guard parts.count >= 2, let scalarNode = try? ASN1OctetString(derEncoded: parts[1]) else {
            throw KeyEncoding.error("the key's DER is not \(what); the file is damaged")
        }
        var named: Curve?
        for part in parts.dropFirst(2) where part.identifier.tagClass == .contextSpecific && part.identifier.tagNumber == 0 {
            guard case .constructed(let nodes) = part.content, let node = nodes.first(where: { _ in true }),
                let oid = try? ASN1ObjectIdentifier(derEncoded: node)
            else {
                throw KeyEncoding.error("the EC key names no curve (only named curves are read); export it again with `openssl pkey -in key.pem -out key-pkcs8.pem`")
            }
            named = try curve(oid)
        }
        let scalar = Array(scalarNode.bytes)
        guard let curve = given ?? named ?? (scalar.count == 32 ? .p256 : scalar.count == 48 ? .p384 : nil) else {
            throw KeyEncoding.error("the EC key names no curve and its \(scalar.count)-byte scalar fits neither P-256 nor P-384")
        }
        let size = curve == .p256 ? 32 : 48
        guard scalar.count <= size else {
            throw KeyEncoding.error("the EC private key's scalar is \(scalar.count) bytes, longer than the curve's \(size); the file is damaged")
        }
        let padded = [UInt8](repeating: 0, count: size - scalar.count) + scalar
        do {
            return curve == .p256 ? .p256(try P256.Signing.PrivateKey(rawRepresentation: padded)) : .p384(try P384.Signing.PrivateKey(rawRepresentation: padded))
        } catch {
            throw KeyEncoding.error("the EC private key is not valid (its scalar is not a key on \(curve == .p256 ? "P-256" : "P-384")); generate a new one")
        }
    }

    /// `SubjectPublicKeyInfo`: algorithm, BIT STRING key.
    private static func subjectPublicKeyInfo(_ bytes: [UInt8]) throws(HTTPMessageSignatureError) -> PublicMaterial {
        let what = "a SubjectPublicKeyInfo public key"
        let parts = try children(parse(bytes, what: what), what: what)
        guard parts.count == 2, let key = try? ASN1BitString(derEncoded: parts[1]) else {
            throw KeyEncoding.error("the key's DER is not \(what); the file is damaged")
        }
        let (oid, parameter) = try algorithm(parts[0])
        let keyBytes = Array(key.bytes)
        switch oid {
        case rsaEncryption: return try rsaPublic(pkcs1: keyBytes, pssOnly: false)
        case rsassaPSS: return try rsaPublic(pkcs1: keyBytes, pssOnly: true)
        case ecPublicKey:
            guard let parameter, let curveOID = try? ASN1ObjectIdentifier(derEncoded: parameter) else {
                throw KeyEncoding.error("the EC public key names no curve (only named curves are read)")
            }
            return try ecPublic(point: keyBytes, curve: curve(curveOID))
        case ed25519:
            return try ed25519Public(keyBytes)
        default:
            throw unsupported(oid)
        }
    }

    static func ecPublic(point: [UInt8], p256 isP256: Bool) throws(HTTPMessageSignatureError) -> PublicMaterial {
        try ecPublic(point: point, curve: isP256 ? .p256 : .p384)
    }

    private static func ecPublic(point: [UInt8], curve: Curve) throws(HTTPMessageSignatureError) -> PublicMaterial {
        do {
            switch curve {
            case .p256:
                return .p256(point.first == 4 ? try P256.Signing.PublicKey(x963Representation: point) : try P256.Signing.PublicKey(compressedRepresentation: point))
            case .p384:
                return .p384(point.first == 4 ? try P384.Signing.PublicKey(x963Representation: point) : try P384.Signing.PublicKey(compressedRepresentation: point))
            }
        } catch {
            throw KeyEncoding.error("the EC public key is not a point on \(curve == .p256 ? "P-256" : "P-384"); export it again from the private key")
        }
    }

    static func ed25519Public(_ bytes: [UInt8]) throws(HTTPMessageSignatureError) -> PublicMaterial {
        guard bytes.count == 32 else {
            throw KeyEncoding.error("the Ed25519 public key is \(bytes.count) bytes; it must be 32 (RFC 8032 §5.1.5)")
        }
        do {
            return .ed25519(try Curve25519.Signing.PublicKey(rawRepresentation: bytes))
        } catch {
            throw KeyEncoding.error("the Ed25519 public key is not valid")
        }
    }

    /// PKCS #1 `RSAPrivateKey` (version, n, e, d, p, q, dp, dq, qi).
    private static func rsaPrivate(pkcs1 bytes: [UInt8], pssOnly: Bool) throws(HTTPMessageSignatureError) -> PrivateMaterial {
        let bits = try modulusBits(pkcs1: bytes, isPrivate: true)
        try checkRSASize(bits)
        do {
            return .rsa(try _RSA.Signing.PrivateKey(unsafeDERRepresentation: bytes), pssOnly: pssOnly)
        } catch {
            throw KeyEncoding.error("the RSA private key is not valid (its numbers do not make an RSA key); generate a new one")
        }
    }

    /// PKCS #1 `RSAPublicKey` (n, e).
    private static func rsaPublic(pkcs1 bytes: [UInt8], pssOnly: Bool) throws(HTTPMessageSignatureError) -> PublicMaterial {
        let bits = try modulusBits(pkcs1: bytes, isPrivate: false)
        try checkRSASize(bits)
        do {
            return .rsa(try _RSA.Signing.PublicKey(unsafeDERRepresentation: bytes), pssOnly: pssOnly)
        } catch {
            throw KeyEncoding.error("the RSA public key is not valid (its numbers do not make an RSA key); export it again from the private key")
        }
    }

    static func checkRSASize(_ bits: Int) throws(HTTPMessageSignatureError) {
        guard bits >= KeyEncoding.minimumRSABits else {
            throw KeyEncoding.error(
                "the RSA key is \(bits) bits; keys shorter than \(KeyEncoding.minimumRSABits) bits are refused: generate a new one with `openssl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:3072 -out key.pem`"
            )
        }
        guard bits <= KeyEncoding.maximumRSABits else {
            throw KeyEncoding.error("the RSA key is \(bits) bits; keys longer than \(KeyEncoding.maximumRSABits) bits are refused")
        }
    }

    // MARK: ASN.1 helpers

    private static func parse(_ bytes: [UInt8], what: String) throws(HTTPMessageSignatureError) -> ASN1Node {
        do {
            return try DER.parse(bytes)
        } catch {
            throw KeyEncoding.error("the key's DER cannot be read as \(what): it is cut short or damaged")
        }
    }

    private static func children(_ node: ASN1Node, what: String) throws(HTTPMessageSignatureError) -> [ASN1Node] {
        guard node.identifier == .sequence, case .constructed(let nodes) = node.content else {
            throw KeyEncoding.error("the key's DER is not \(what); the file is damaged or not a key")
        }
        return Array(nodes)
    }

    /// An `AlgorithmIdentifier`: its OID and its parameter, if any.
    private static func algorithm(_ node: ASN1Node) throws(HTTPMessageSignatureError) -> (ASN1ObjectIdentifier, ASN1Node?) {
        let parts = try children(node, what: "an algorithm identifier")
        guard let first = parts.first, let oid = try? ASN1ObjectIdentifier(derEncoded: first) else {
            throw KeyEncoding.error("the key's algorithm identifier cannot be read; the file is damaged")
        }
        return (oid, parts.count > 1 ? parts[1] : nil)
    }

    /// The modulus size of a PKCS #1 `RSAPrivateKey` (version, n, …) or `RSAPublicKey` (n, e).
    private static func modulusBits(pkcs1 bytes: [UInt8], isPrivate: Bool) throws(HTTPMessageSignatureError) -> Int {
        let what = isPrivate ? "a PKCS #1 RSA private key" : "a PKCS #1 RSA public key"
        let parts = try children(parse(bytes, what: what), what: what)
        let index = isPrivate ? 1 : 0
        guard parts.count >= (isPrivate ? 9 : 2), let modulus = try? ArraySlice<UInt8>(derEncoded: parts[index]) else {
            throw KeyEncoding.error("the key's DER is not \(what); the file is damaged")
        }
        return bitLength(of: modulus)
    }

    static func bitLength(of bigEndian: some Collection<UInt8>) -> Int {
        let significant = bigEndian.drop { $0 == 0 }
        guard let first = significant.first else { return 0 }
        return significant.count * 8 - first.leadingZeroBitCount
    }
}
#endif
