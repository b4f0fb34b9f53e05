#if HTTPMessageSignaturesCrypto
import Foundation
public import HTTPMessageSignatures
import SigningCore

/// JSON Web Key helpers that need no key object: the RFC 7638 thumbprint of a JWK's text,
/// and the secret of a symmetric (`oct`) JWK.
public enum HTTPSignatureJWK {
    /// The RFC 7638 JWK thumbprint of `jwk` (SHA-256, base64url without padding) for an
    /// `OKP` (Ed25519), `EC` (P-256, P-384) or `RSA` key, public or private (a private key's
    /// thumbprint is its public key's, RFC 7638 §3.2.1): the hash over the required members
    /// only, in lexicographic order, without whitespace (§3.2–3.3), so `kid`, `alg` and
    /// `use` do not change it.
    ///
    /// - Throws: `invalidKey` for text that is not such a JWK (an `oct` key included: its
    ///   thumbprint would be a hash of the secret).
    public static func thumbprint(ofJWK jwk: String) throws(HTTPMessageSignatureError) -> String {
        try JWKDocument(json: jwk).publicMaterial().thumbprint
    }

    /// The `hmac-sha256` key (RFC 9421 §3.3.3) of a symmetric JWK (`"kty": "oct"`, RFC 7518
    /// §6.4): its `k` bytes as an `HTTPSignatureHMACKey`. `alg`, when present, must be `HS256`
    /// or `hmac-sha256`; `use` must be `sig`, `key_ops` must allow `sign` or `verify`.
    public static func hmacKey(fromJWK jwk: String) throws(HTTPMessageSignatureError) -> HTTPSignatureHMACKey {
        let document = try JWKDocument(json: jwk)
        guard document.kty == "oct" else {
            throw KeyEncoding.error(
                "this JWK's \"kty\" is \"\(document.kty.prefix(40))\", not \"oct\": it is an asymmetric key; load it with HTTPSignaturePrivateKey(jwk:) or HTTPSignaturePublicKey(jwk:)"
            )
        }
        if let alg = document.alg, alg != "HS256", alg != HTTPSignatureAlgorithm.hmacSHA256.name {
            throw KeyEncoding.error("the oct JWK's \"alg\" is \"\(alg.prefix(40))\"; an hmac-sha256 key has \"alg\": \"HS256\" or none")
        }
        if let use = document.use, use != "sig" {
            throw KeyEncoding.error("the JWK's \"use\" is \"\(use.prefix(40))\"; a key for HTTP message signatures has \"use\": \"sig\" (RFC 7517 §4.2) or none")
        }
        if let ops = document.keyOps, !ops.contains("sign"), !ops.contains("verify") {
            throw KeyEncoding.error("the JWK's \"key_ops\" allows neither \"sign\" nor \"verify\" (RFC 7517 §4.3)")
        }
        let secret = try document.required("k", section: "7518 §6.4.1")
        guard !secret.isEmpty else {
            throw KeyEncoding.error("the oct JWK's \"k\" is empty; an hmac-sha256 secret is random bytes, 32 or more")
        }
        return try HTTPSignatureHMACKey(secret: secret)
    }
}

/// A JWK set (RFC 7517 §5, `{"keys": […]}`) of public keys: read one (a key directory, a
/// JWKS endpoint) or write one to publish.
///
/// Reading follows §5: a member this library cannot use — an unknown `kty` or curve, a key
/// for encryption, a private or symmetric key, a damaged one — is not a reason to refuse the
/// set; it is left out and listed in ``skipped`` with the reason. An RSA key is used only with
/// the algorithm its `alg` names, or `rsaAlgorithm` when it has none (RFC 9421 §7.3.6).
///
/// ```swift
/// let directory = try HTTPSignatureJWKSet(json: body)
/// let key = directory.key(forKeyID: keyid) ?? directory.key(withThumbprint: keyid)
/// ```
public struct HTTPSignatureJWKSet: Sendable, Hashable {
    /// One key of the set.
    public struct Entry: Sendable, Hashable {
        /// The JWK's `kid` (RFC 7517 §4.5), if it has one.
        public let keyID: String?
        /// The key, its algorithm fixed.
        public let key: HTTPSignaturePublicKey

        /// An entry to publish.
        public init(keyID: String?, key: HTTPSignaturePublicKey) {
            self.keyID = keyID
            self.key = key
        }
    }

    /// A member of the set that was left out.
    public struct Skipped: Sendable, Hashable {
        /// Its position in `keys`, from 0.
        public let index: Int
        /// Its `kid`, when it has a readable one.
        public let keyID: String?
        /// Why it was left out (code `invalidKey`).
        public let reason: HTTPMessageSignatureError

        /// Equal when the position, `kid` and reason's message are.
        public static func == (lhs: Skipped, rhs: Skipped) -> Bool {
            lhs.index == rhs.index && lhs.keyID == rhs.keyID && lhs.reason.message == rhs.reason.message
        }

        /// Hashes the position and `kid`.
        public func hash(into hasher: inout Hasher) {
            hasher.combine(index)
            hasher.combine(keyID)
        }
    }

    /// The largest set read (1 MiB) and the most members (1000): a directory is a few keys.
    static let maximumBytes = 1_048_576
    static let maximumKeys = 1000

    /// The usable keys, in the set's order.
    public let keys: [Entry]
    /// The members left out, with the reason for each.
    public let skipped: [Skipped]

    /// A set to publish.
    public init(keys: [Entry]) {
        self.keys = keys
        skipped = []
    }

    /// Reads a JWK set.
    ///
    /// - Parameters:
    ///   - json: the set's JSON text, at most 1 MiB.
    ///   - rsaAlgorithm: the algorithm of RSA keys whose JWK has no `alg`; without it, such
    ///     keys are skipped (an RSA key is never used for both PSS and PKCS #1 v1.5).
    /// - Throws: `invalidKey` when the text is not a JWK set, is larger than 1 MiB or holds
    ///   more than 1000 members, or when two usable keys share a `kid` (a look-up by `kid`
    ///   would be ambiguous, RFC 7517 §4.5).
    public init(json: String, rsaAlgorithm: HTTPSignatureAlgorithm? = nil) throws(HTTPMessageSignatureError) {
        guard json.utf8.count <= Self.maximumBytes else {
            throw KeyEncoding.error("the JWK set is \(json.utf8.count) bytes; more than \(Self.maximumBytes) is refused")
        }
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: Data(json.utf8), options: [.fragmentsAllowed])
        } catch {
            throw KeyEncoding.error("the JWK set is not JSON (RFC 7517 §5)")
        }
        guard let set = object as? [String: Any], let members = set["keys"] else {
            throw KeyEncoding.error("the JSON is not a JWK set: a set is an object with a \"keys\" array (RFC 7517 §5.1)")
        }
        guard let array = members as? [Any] else {
            throw KeyEncoding.error("the JWK set's \"keys\" is not an array (RFC 7517 §5.1)")
        }
        guard array.count <= Self.maximumKeys else {
            throw KeyEncoding.error("the JWK set has \(array.count) keys; more than \(Self.maximumKeys) are refused")
        }
        var keys: [Entry] = []
        var skipped: [Skipped] = []
        var seen: Set<String> = []
        for (index, member) in array.enumerated() {
            let keyID = (member as? [String: Any])?["kid"] as? String
            let key: HTTPSignaturePublicKey
            do throws(HTTPMessageSignatureError) {
                key = try Self.read(member: member, rsaAlgorithm: rsaAlgorithm)
            } catch {
                skipped.append(Skipped(index: index, keyID: keyID, reason: error))
                continue
            }
            if let keyID, !seen.insert(keyID).inserted {
                throw KeyEncoding.error("the JWK set has two keys with \"kid\" \"\(keyID.prefix(80))\"; each key needs its own kid (RFC 7517 §4.5)")
            }
            keys.append(Entry(keyID: keyID, key: key))
        }
        self.keys = keys
        self.skipped = skipped
    }

    private static func read(member: Any, rsaAlgorithm: HTTPSignatureAlgorithm?) throws(HTTPMessageSignatureError) -> HTTPSignaturePublicKey {
        guard let object = member as? [String: Any] else {
            throw KeyEncoding.error("the member is not a JSON object (RFC 7517 §5.1)")
        }
        let document = try JWKDocument(members: object)
        let requested: HTTPSignatureAlgorithm? = document.kty == "RSA" && document.alg == nil ? rsaAlgorithm : nil
        return try HTTPSignaturePublicKey(document: document, algorithm: requested)
    }

    /// The key whose `kid` is `keyID`.
    public func key(forKeyID keyID: String) -> HTTPSignaturePublicKey? {
        keys.first { $0.keyID == keyID }?.key
    }

    /// The key whose RFC 7638 thumbprint is `thumbprint` (Web Bot Auth names keys so).
    public func key(withThumbprint thumbprint: String) -> HTTPSignaturePublicKey? {
        keys.first { $0.key.jwkThumbprint == thumbprint }?.key
    }

    /// The set as JSON, `{"keys":[…]}`, each key as ``HTTPSignaturePublicKey/jwk(keyID:includeAlgorithm:)``
    /// writes it with its `kid` and `alg`: what a key directory serves.
    public var json: String {
        "{\"keys\":[" + keys.map { $0.key.jwk(keyID: $0.keyID) }.joined(separator: ",") + "]}"
    }
}
#endif
