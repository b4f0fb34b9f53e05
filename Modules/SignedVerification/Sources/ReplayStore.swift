public import Foundation
import SigningCore

/// Where a verifier records the nonces it has accepted, so that a signed request is accepted
/// once: an atomic "record this key until then, or tell me it is already there".
///
/// Every scheme's verifier (`OAuth1Verifier`, `AFSignedVerifier`, `DrupalKeyVerifier`) takes
/// one, and calls it only *after* the signature verified, so a stranger cannot use up other
/// clients' nonces. ``MemoryReplayStore`` serves one process; `PostgresReplayStore` (its own
/// product) serves every instance of a service that shares one database. A store that cannot
/// answer throws, and the verifier refuses the request: a replay store fails closed.
///
/// Implementations must be atomic: of two concurrent calls with the same key and no live
/// record, exactly one returns `true`.
public protocol ReplayStore: Sendable {
    /// Records `key` until `expiry`, returning `true`; returns `false` when `key` is already
    /// recorded and its record has not expired by `now`.
    ///
    /// - Throws: ``SignedVerificationError/Code/replayStoreUnavailable`` when the store cannot
    ///   answer (a database down, a call past its timeout): the caller must refuse the request.
    func insertIfAbsent(_ key: ReplayKey, until expiry: Date, now: Date) async throws(SignedVerificationError) -> Bool
}

/// What makes a signed request unique: its scheme, who signed it (client or consumer, and the
/// token when there is one), its timestamp and its nonce.
///
/// Stores keep ``digest``, a SHA-256 of the parts each prefixed by its length, so a nonce of
/// any length or bytes (NUL, quotes, 10 KB) takes 32 bytes and can never be read as another
/// key's parts.
public struct ReplayKey: Sendable, Hashable, CustomStringConvertible {
    /// The signing scheme (`oauth1`, `afsigned`, `drupal`), so schemes sharing a store never collide.
    public var scheme: String
    /// The client that signed: OAuth's consumer key, AFSigned's client id, Drupal's domain.
    public var client: String
    /// The token the request was signed with, when the scheme has one (OAuth's `oauth_token`).
    public var token: String?
    /// The request's timestamp, in seconds since 1970.
    public var timestamp: Int
    /// The request's nonce.
    public var nonce: String

    /// A key from its parts.
    public init(scheme: String, client: String, token: String? = nil, timestamp: Int, nonce: String) {
        self.scheme = scheme
        self.client = client
        self.token = token
        self.timestamp = timestamp
        self.nonce = nonce
    }

    /// SHA-256 of the parts, each as its UTF-8 byte count (8 bytes, big-endian) and its bytes;
    /// an absent token is written as a count of all ones, so it differs from an empty one.
    public var digest: [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(64 + scheme.utf8.count + client.utf8.count + (token?.utf8.count ?? 0) + nonce.utf8.count)
        func append(_ text: String?) {
            let count = text.map { UInt64($0.utf8.count) } ?? .max
            withUnsafeBytes(of: count.bigEndian) { bytes += $0 }
            if let text { bytes += text.utf8 }
        }
        append(scheme)
        append(client)
        append(token)
        append(String(timestamp))
        append(nonce)
        return SHA256.hash(bytes).bytes
    }

    /// The key's parts, the nonce shortened: for logs and refusals (a nonce is not a secret).
    public var description: String {
        "\(scheme) \(client)\(token.map { " token \($0.prefix(16))…" } ?? "") at \(timestamp) nonce \"\(nonce.prefix(40))\""
    }
}
