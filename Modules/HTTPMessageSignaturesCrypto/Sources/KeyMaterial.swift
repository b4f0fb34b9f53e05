#if HTTPMessageSignaturesCrypto
import _CryptoExtras
import Crypto
import Foundation
import HTTPMessageSignatures
import SigningCore

/// A private key as swift-crypto holds it, before an algorithm is bound to it.
enum PrivateMaterial: Sendable {
    /// `pssOnly`: the key was stored as an RSASSA-PSS key (`id-RSASSA-PSS`, RFC 4055 §1.2),
    /// which may sign with PSS only.
    case rsa(_RSA.Signing.PrivateKey, pssOnly: Bool)
    case p256(P256.Signing.PrivateKey)
    case p384(P384.Signing.PrivateKey)
    case ed25519(Curve25519.Signing.PrivateKey)

    var publicMaterial: PublicMaterial {
        switch self {
        case .rsa(let key, let pssOnly): .rsa(key.publicKey, pssOnly: pssOnly)
        case .p256(let key): .p256(key.publicKey)
        case .p384(let key): .p384(key.publicKey)
        case .ed25519(let key): .ed25519(key.publicKey)
        }
    }
}

/// A public key as swift-crypto holds it, before an algorithm is bound to it.
enum PublicMaterial: Sendable {
    case rsa(_RSA.Signing.PublicKey, pssOnly: Bool)
    case p256(P256.Signing.PublicKey)
    case p384(P384.Signing.PublicKey)
    case ed25519(Curve25519.Signing.PublicKey)

    /// The algorithms RFC 9421 §3.3 lets this key sign with.
    var algorithms: [HTTPSignatureAlgorithm] {
        switch self {
        case .rsa(_, let pssOnly): pssOnly ? [.rsaPSSSHA512] : [.rsaPSSSHA512, .rsaV15SHA256]
        case .p256: [.ecdsaP256SHA256]
        case .p384: [.ecdsaP384SHA384]
        case .ed25519: [.ed25519]
        }
    }

    /// What the key is, in words: `an Ed25519 key`, `a 2048-bit RSA key`.
    var kindDescription: String {
        switch self {
        case .rsa(let key, let pssOnly): "a \(key.keySizeInBits)-bit RSA\(pssOnly ? "SSA-PSS" : "") key"
        case .p256: "a P-256 EC key"
        case .p384: "a P-384 EC key"
        case .ed25519: "an Ed25519 key"
        }
    }

    /// `SubjectPublicKeyInfo` DER (RFC 5280 §4.1.2.7; RFC 8410 §4 for Ed25519).
    var spki: [UInt8] {
        switch self {
        case .rsa(let key, _): Array(key.derRepresentation)
        case .p256(let key): Array(key.derRepresentation)
        case .p384(let key): Array(key.derRepresentation)
        case .ed25519(let key): KeyEncoding.ed25519SPKIPrefix + Array(key.rawRepresentation)
        }
    }

    /// The RFC 7638 §3.2 required members, lexicographically ordered, as (name, value) pairs:
    /// base64url values of the key's own bytes, so always in canonical form.
    var thumbprintMembers: [(String, String)] {
        func b64(_ bytes: some Sequence<UInt8>) -> String { Base64.encode(bytes, alphabet: .urlSafe, padding: false) }
        switch self {
        case .rsa(let key, _):
            let (n, e) = KeyEncoding.rsaPrimitives(key)
            return [("e", b64(e)), ("kty", "RSA"), ("n", b64(n))]
        case .p256(let key):
            let raw = Array(key.rawRepresentation)
            return [("crv", "P-256"), ("kty", "EC"), ("x", b64(raw[..<32])), ("y", b64(raw[32...]))]
        case .p384(let key):
            let raw = Array(key.rawRepresentation)
            return [("crv", "P-384"), ("kty", "EC"), ("x", b64(raw[..<48])), ("y", b64(raw[48...]))]
        case .ed25519(let key):
            return [("crv", "Ed25519"), ("kty", "OKP"), ("x", b64(key.rawRepresentation))]
        }
    }

    /// The RFC 7638 JWK thumbprint: SHA-256 over the required members, base64url without padding.
    var thumbprint: String {
        let canonical = "{" + thumbprintMembers.map { "\"\($0.0)\":\"\($0.1)\"" }.joined(separator: ",") + "}"
        return Base64.encode(SigningCore.SHA256.hash(canonical), alphabet: .urlSafe, padding: false)
    }
}

/// Encodings this module writes itself, and the error every key refusal throws.
enum KeyEncoding {
    /// `SEQUENCE { SEQUENCE { OID 1.3.101.112 }, BIT STRING (33 bytes) … }` up to the 32 key
    /// bytes (RFC 8410 §4).
    static let ed25519SPKIPrefix: [UInt8] = [0x30, 0x2A, 0x30, 0x05, 0x06, 0x03, 0x2B, 0x65, 0x70, 0x03, 0x21, 0x00]
    /// `OneAsymmetricKey { version 0, { OID 1.3.101.112 }, OCTET STRING { OCTET STRING (32) } }`
    /// up to the 32-byte seed (RFC 8410 §7).
    static let ed25519PKCS8Prefix: [UInt8] = [
        0x30, 0x2E, 0x02, 0x01, 0x00, 0x30, 0x05, 0x06, 0x03, 0x2B, 0x65, 0x70, 0x04, 0x22, 0x04, 0x20,
    ]

    /// The smallest RSA modulus accepted: RFC 9421 §3.3.1–3.3.2 name none, so NIST SP 800-131A's
    /// floor, which every current profile (FAPI 2.0 among them) uses.
    static let minimumRSABits = 2048
    /// The largest: BoringSSL's own limit, and a bound on what a stranger's key costs to use.
    static let maximumRSABits = 16_384

    static func error(_ message: String) -> HTTPMessageSignatureError {
        HTTPMessageSignatureError(code: .invalidKey, message: message)
    }

    /// The modulus and public exponent, big-endian without leading zero bytes (RFC 7518 §6.3.1).
    static func rsaPrimitives(_ key: _RSA.Signing.PublicKey) -> (n: [UInt8], e: [UInt8]) {
        // getKeyPrimitives() only throws for keys it did not make; ours always come from it.
        guard let primitives = try? key.getKeyPrimitives() else { return ([], []) }
        return (Array(primitives.modulus.drop { $0 == 0 }), Array(primitives.publicExponent.drop { $0 == 0 }))
    }

    /// PEM text for DER bytes: 64-character Base64 lines between the label's lines (RFC 7468 §2).
    static func pem(label: String, der: [UInt8]) -> String {
        let base64 = Array(Base64.encode(der).utf8)
        var lines: [String] = []
        var start = 0
        while start < base64.count {
            let end = min(start + 64, base64.count)
            lines.append(String(decoding: base64[start..<end], as: UTF8.self))
            start = end
        }
        return "-----BEGIN \(label)-----\n" + lines.joined(separator: "\n") + "\n-----END \(label)-----\n"
    }

    /// A JSON string literal for `value` (RFC 8259 §7): quotes, backslashes and control
    /// characters escaped.
    static func jsonString(_ value: String) -> String {
        var out = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                out += "\\u00" + Hex.encode([UInt8(scalar.value)])
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}

// MARK: Binding an algorithm to a key (RFC 9421 §3.3, §7.3.6)

extension PublicMaterial {
    /// The one algorithm this key is used with: `requested` when given, else the one the JWK's
    /// `alg` names, else the only one the key type allows. Never silently one of two (an RSA
    /// key signs PSS or PKCS #1 v1.5 as its holder chooses, RFC 9421 §3.3.1–3.3.2).
    ///
    /// - Parameter declared: the JWK's `alg` member as written, when it has one.
    func bind(requested: HTTPSignatureAlgorithm?, declared: String?) throws(HTTPMessageSignatureError) -> HTTPSignatureAlgorithm {
        let allowed = algorithms
        let names = allowed.map(\.name).joined(separator: " or ")
        var declaredAlgorithm: HTTPSignatureAlgorithm?
        if let declared {
            guard let algorithm = JWKAlgorithm.algorithm(forJWK: declared) else {
                throw KeyEncoding.error(
                    "the JWK's \"alg\" is \"\(declared.prefix(40))\", which no HTTP Message Signatures algorithm uses; "
                        + "this key signs with \(names) (JWK alg \(allowed.map(JWKAlgorithm.jwkName).joined(separator: " or "))): correct or remove \"alg\""
                )
            }
            guard allowed.contains(algorithm) else {
                throw KeyEncoding.error(
                    "the JWK's \"alg\" is \"\(declared)\" (\(algorithm.name)), but it holds \(kindDescription), which signs with \(names): correct \"alg\" or use the right key"
                )
            }
            declaredAlgorithm = algorithm
        }
        if let requested {
            guard requested != .hmacSHA256 else {
                throw KeyEncoding.error(
                    "hmac-sha256 (RFC 9421 §3.3.3) uses a shared secret, not \(kindDescription): load the secret with HTTPSignatureHMACKey(secret:), or ask for \(names)"
                )
            }
            guard allowed.contains(requested) else {
                if case .rsa(_, true) = self, requested == .rsaV15SHA256 {
                    throw KeyEncoding.error(
                        "this is an RSASSA-PSS key (OID 1.2.840.113549.1.1.10), restricted to PSS signatures, so it cannot sign rsa-v1_5-sha256; use rsa-pss-sha512 or an rsaEncryption key"
                    )
                }
                throw KeyEncoding.error("\(requested.name) needs \(Self.keyNeeded(by: requested)), but this is \(kindDescription), which signs with \(names)")
            }
            if let declaredAlgorithm, declaredAlgorithm != requested, let declared {
                throw KeyEncoding.error(
                    "the JWK's \"alg\" is \"\(declared)\" (\(declaredAlgorithm.name)) but \(requested.name) was asked for (RFC 9421 §7.3.6: the key fixes the algorithm); ask for \(declaredAlgorithm.name) or publish the key with \"alg\": \"\(JWKAlgorithm.jwkName(requested))\""
                )
            }
            return requested
        }
        if let declaredAlgorithm { return declaredAlgorithm }
        guard allowed.count == 1, let only = allowed.first else {
            throw KeyEncoding.error(
                "an RSA key signs with either rsa-pss-sha512 or rsa-v1_5-sha256 (RFC 9421 §3.3.1, §3.3.2), never both: pass algorithm: .rsaPSSSHA512 or .rsaV15SHA256"
            )
        }
        return only
    }

    static func keyNeeded(by algorithm: HTTPSignatureAlgorithm) -> String {
        switch algorithm {
        case .ed25519: "an Ed25519 key"
        case .ecdsaP256SHA256: "a P-256 EC key"
        case .ecdsaP384SHA384: "a P-384 EC key"
        case .rsaPSSSHA512, .rsaV15SHA256: "an RSA key"
        default: "a shared secret"
        }
    }
}

/// The names JOSE gives the RFC 9421 algorithms (RFC 7518 §3.1, RFC 8037 §3.1), which a JWK's
/// `alg` member uses (RFC 9421 §3.3.7).
enum JWKAlgorithm {
    static func jwkName(_ algorithm: HTTPSignatureAlgorithm) -> String {
        switch algorithm {
        case .rsaPSSSHA512: "PS512"
        case .rsaV15SHA256: "RS256"
        case .ecdsaP256SHA256: "ES256"
        case .ecdsaP384SHA384: "ES384"
        case .ed25519: "EdDSA"
        case .hmacSHA256: "HS256"
        default: algorithm.name
        }
    }

    /// The algorithm a JWK `alg` names: the JOSE name, RFC 9864's `Ed25519`, or the RFC 9421
    /// registry name itself.
    static func algorithm(forJWK alg: String) -> HTTPSignatureAlgorithm? {
        switch alg {
        case "PS512": .rsaPSSSHA512
        case "RS256": .rsaV15SHA256
        case "ES256": .ecdsaP256SHA256
        case "ES384": .ecdsaP384SHA384
        case "EdDSA", "Ed25519": .ed25519
        case "HS256": .hmacSHA256
        default: HTTPSignatureAlgorithm(named: alg)
        }
    }
}
#endif
