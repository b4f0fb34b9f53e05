#if HTTPMessageSignaturesCrypto
import _CryptoExtras
import Crypto
import Foundation
import HTTPMessageSignatures
import SigningCore

/// One JSON Web Key (RFC 7517 §4) read into its members, with the key types of RFC 7518 §6
/// (`EC`, `RSA`, `oct`) and RFC 8037 §2 (`OKP`).
struct JWKDocument {
    /// The largest JWK text read: an RSA 16384-bit private key is under 15 KB.
    static let maximumBytes = 65_536

    let members: [String: Any]
    let kty: String
    /// `alg` (RFC 7517 §4.4), `kid` (§4.5), `use` (§4.2), `key_ops` (§4.3).
    let alg: String?
    let kid: String?
    let use: String?
    let keyOps: [String]?

    /// Parses JWK text: one JSON object.
    init(json: String) throws(HTTPMessageSignatureError) {
        guard json.utf8.count <= Self.maximumBytes else {
            throw KeyEncoding.error("the JWK is \(json.utf8.count) bytes; a JWK is at most a few kilobytes")
        }
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: Data(json.utf8), options: [.fragmentsAllowed])
        } catch {
            throw KeyEncoding.error("the JWK is not JSON (RFC 7517 §4): check it was copied whole, braces and quotes included")
        }
        guard let members = object as? [String: Any] else {
            throw KeyEncoding.error("the JWK is JSON but not an object; a JWK is one {\"kty\": …} object (a key set {\"keys\": […]} is read by HTTPSignatureJWKSet)")
        }
        try self.init(members: members)
    }

    init(members: [String: Any]) throws(HTTPMessageSignatureError) {
        self.members = members
        guard members["kty"] != nil else {
            if members["keys"] != nil {
                throw KeyEncoding.error("this is a JWK set ({\"keys\": […]}), not one JWK: read it with HTTPSignatureJWKSet")
            }
            throw KeyEncoding.error("the JWK has no \"kty\" member (RFC 7517 §4.1): add \"kty\": \"OKP\", \"EC\" or \"RSA\"")
        }
        kty = try Self.string("kty", in: members) ?? ""
        alg = try Self.string("alg", in: members)
        kid = try Self.string("kid", in: members)
        use = try Self.string("use", in: members)
        if let raw = members["key_ops"] {
            guard let ops = raw as? [Any], let strings = ops as? [String] else {
                throw KeyEncoding.error("the JWK's \"key_ops\" is not an array of strings (RFC 7517 §4.3)")
            }
            keyOps = strings
        } else {
            keyOps = nil
        }
    }

    // MARK: Members

    static func string(_ name: String, in members: [String: Any]) throws(HTTPMessageSignatureError) -> String? {
        guard let value = members[name] else { return nil }
        guard let string = value as? String else {
            throw KeyEncoding.error("the JWK's \"\(name)\" member is not a string")
        }
        return string
    }

    func string(_ name: String) throws(HTTPMessageSignatureError) -> String? { try Self.string(name, in: members) }

    /// A base64url member (RFC 7515 §2: no padding, URL-safe alphabet), decoded.
    func bytes(_ name: String) throws(HTTPMessageSignatureError) -> [UInt8]? {
        guard let text = try string(name) else { return nil }
        do {
            return try Base64.decode(text, alphabet: .urlSafe)
        } catch {
            throw KeyEncoding.error("the JWK's \"\(name)\" is not base64url (RFC 7515 §2): \(error.message)")
        }
    }

    func required(_ name: String, section: String) throws(HTTPMessageSignatureError) -> [UInt8] {
        guard let value = try bytes(name) else {
            throw KeyEncoding.error("the \(kty) JWK has no \"\(name)\" member (RFC \(section))")
        }
        return value
    }

    /// The members that only a private key has (RFC 7518 §6.2.2, §6.3.2; RFC 8037 §2).
    static let privateMembers = ["d", "p", "q", "dp", "dq", "qi", "oth"]

    var privateMembersPresent: [String] { Self.privateMembers.filter { members[$0] != nil } }

    // MARK: Use

    /// Refuses a key published for something else: `use` other than `sig` (RFC 7517 §4.2),
    /// `key_ops` without the operation (§4.3).
    func checkUse(operation: String) throws(HTTPMessageSignatureError) {
        if let use, use != "sig" {
            throw KeyEncoding.error("the JWK's \"use\" is \"\(use.prefix(40))\"; a key for HTTP message signatures has \"use\": \"sig\" (RFC 7517 §4.2) or none")
        }
        if let keyOps, !keyOps.contains(operation) {
            throw KeyEncoding.error("the JWK's \"key_ops\" (\(keyOps.prefix(8).joined(separator: ", "))) does not allow \"\(operation)\" (RFC 7517 §4.3)")
        }
    }

    private func unsupportedType() -> HTTPMessageSignatureError {
        switch kty {
        case "oct":
            KeyEncoding.error("this is a symmetric (\"oct\") JWK: its secret is for hmac-sha256; read it with HTTPSignatureJWK.hmacKey(fromJWK:)")
        default:
            KeyEncoding.error("the JWK's \"kty\" is \"\(kty.prefix(40))\"; this library reads \"OKP\" (Ed25519), \"EC\" (P-256, P-384) and \"RSA\" keys (RFC 7518 §6, RFC 8037 §2)")
        }
    }

    // MARK: Keys

    /// The public key: from the public members alone (a private JWK's private members are
    /// not read here).
    func publicMaterial() throws(HTTPMessageSignatureError) -> PublicMaterial {
        switch kty {
        case "OKP":
            try checkCurve(["Ed25519"])
            return try KeyDocument.ed25519Public(required("x", section: "8037 §2"))
        case "EC":
            let isP256 = try checkCurve(["P-256", "P-384"]) == "P-256"
            let size = isP256 ? 32 : 48
            let x = try required("x", section: "7518 §6.2.1.2")
            let y = try required("y", section: "7518 §6.2.1.3")
            guard x.count == size, y.count == size else {
                throw KeyEncoding.error(
                    "the EC JWK's \"x\" and \"y\" are \(x.count) and \(y.count) bytes; on \(isP256 ? "P-256" : "P-384") each is \(size) bytes, leading zeros kept (RFC 7518 §6.2.1.2)"
                )
            }
            return try KeyDocument.ecPublic(point: [4] + x + y, p256: isP256)
        case "RSA":
            let n = try required("n", section: "7518 §6.3.1.1")
            let e = try required("e", section: "7518 §6.3.1.2")
            try KeyDocument.checkRSASize(KeyDocument.bitLength(of: n))
            guard !e.isEmpty, e.count <= 8 else {
                throw KeyEncoding.error("the RSA JWK's \"e\" is \(e.count) bytes; a public exponent is a few bytes (usually AQAB, 65537)")
            }
            do {
                return .rsa(try _RSA.Signing.PublicKey(n: n, e: e), pssOnly: false)
            } catch {
                throw KeyEncoding.error("the RSA JWK's \"n\" and \"e\" do not make an RSA public key")
            }
        default:
            throw unsupportedType()
        }
    }

    /// The private key, checked against the JWK's public members.
    func privateMaterial() throws(HTTPMessageSignatureError) -> PrivateMaterial {
        let material: PrivateMaterial
        switch kty {
        case "OKP":
            try checkCurve(["Ed25519"])
            let d = try required("d", section: "8037 §2")
            guard d.count == 32 else { throw KeyEncoding.error("the Ed25519 JWK's \"d\" is \(d.count) bytes; it must be 32 (RFC 8037 §2)") }
            do {
                material = .ed25519(try Curve25519.Signing.PrivateKey(rawRepresentation: d))
            } catch {
                throw KeyEncoding.error("the Ed25519 JWK's \"d\" is not a valid private key")
            }
        case "EC":
            let isP256 = try checkCurve(["P-256", "P-384"]) == "P-256"
            let size = isP256 ? 32 : 48
            let d = try required("d", section: "7518 §6.2.2.1")
            guard d.count == size else {
                throw KeyEncoding.error("the EC JWK's \"d\" is \(d.count) bytes; on \(isP256 ? "P-256" : "P-384") it is \(size) bytes, leading zeros kept (RFC 7518 §6.2.2.1)")
            }
            do {
                material = isP256 ? .p256(try P256.Signing.PrivateKey(rawRepresentation: d)) : .p384(try P384.Signing.PrivateKey(rawRepresentation: d))
            } catch {
                throw KeyEncoding.error("the EC JWK's \"d\" is not a private key on \(isP256 ? "P-256" : "P-384")")
            }
        case "RSA":
            if members["oth"] != nil {
                throw KeyEncoding.error("the RSA JWK has \"oth\": multi-prime RSA keys (RFC 7518 §6.3.2.7) are not read; use a two-prime key")
            }
            let n = try required("n", section: "7518 §6.3.1.1")
            let e = try required("e", section: "7518 §6.3.1.2")
            let d = try required("d", section: "7518 §6.3.2.1")
            guard let p = try bytes("p"), let q = try bytes("q") else {
                throw KeyEncoding.error("the RSA JWK has \"d\" but not \"p\" and \"q\"; export the key with its primes (RFC 7518 §6.3.2: p, q, dp, dq, qi)")
            }
            try KeyDocument.checkRSASize(KeyDocument.bitLength(of: n))
            do {
                material = .rsa(try _RSA.Signing.PrivateKey(n: n, e: e, d: d, p: p, q: q), pssOnly: false)
            } catch {
                throw KeyEncoding.error("the RSA JWK's \"n\", \"e\", \"d\", \"p\" and \"q\" do not make an RSA private key")
            }
        default:
            throw unsupportedType()
        }
        // The public members must be the private key's own: a mismatch means a damaged or
        // spliced JWK, and signatures that nobody could verify with the published half.
        let published = try publicMaterial()
        guard published.spki == material.publicMaterial.spki else {
            throw KeyEncoding.error("the JWK's private member \"d\" does not belong to its public members; the JWK is damaged or spliced from two keys")
        }
        return material
    }

    @discardableResult
    private func checkCurve(_ allowed: [String]) throws(HTTPMessageSignatureError) -> String {
        guard let crv = try string("crv") else {
            throw KeyEncoding.error("the \(kty) JWK has no \"crv\" member (\(kty == "OKP" ? "RFC 8037 §2" : "RFC 7518 §6.2.1.1")): add \"crv\": \"\(allowed.joined(separator: "\" or \""))\"")
        }
        guard allowed.contains(crv) else {
            let why = switch crv {
            case "Ed448": "RFC 9421 registers Ed25519 only"
            case "X25519", "X448": "it is for key agreement, not signatures"
            case "P-521": "RFC 9421 registers ECDSA with P-256 and P-384 only"
            case "secp256k1": "RFC 9421 registers ECDSA with P-256 and P-384 only"
            default: "it is not a curve this library reads"
            }
            throw KeyEncoding.error(
                "the \(kty) JWK's \"crv\" is \"\(crv.prefix(40))\": \(why); an \(kty) key for HTTP message signatures has \"crv\": \"\(allowed.joined(separator: "\" or \""))\""
            )
        }
        return crv
    }
}
#endif
