public import Foundation
public import SignedVerification
import SignedHTTP
import SigningCore

/// Verifies HTTP Message Signatures (RFC 9421 §3.2) on requests a server received, and on
/// responses a client received: the signature chosen by ``selection``, the components
/// ``requirements`` asks for, `created`/`expires` within the window, the key found by `keyid`
/// (its algorithm decides; `alg` only has to agree, §7.3.6), the signature base rebuilt over
/// the public URL (`PublicURLPolicy`), `Content-Digest` recomputed from the content received
/// (RFC 9530), and the nonce recorded in a `ReplayStore` (scheme `httpsig`) once the signature
/// verified.
///
/// ```swift
/// let verifier = HTTPMessageSignatureVerifier(keys: ["my-key": try HTTPSignatureHMACKey(secret: secret)],
///                                             replayStore: MemoryReplayStore())
/// let verified = try await verifier.verify(receivedRequest, now: Date())
/// ```
public struct HTTPMessageSignatureVerifier: SignedRequestVerifier {
    /// Gives the key of a `keyid`, or `nil` when it is unknown.
    public typealias KeyLookup = @Sendable (_ keyID: String) async throws -> (any HTTPMessageVerifyingKey)?

    private let keys: Keys
    /// Which signature is checked.
    public var selection: HTTPSignatureSelection
    /// What a request's signature must cover (``HTTPSignatureRequirements/request`` by default).
    public var requirements: HTTPSignatureRequirements
    /// What a response's signature must cover (``HTTPSignatureRequirements/response`` by default).
    public var responseRequirements: HTTPSignatureRequirements
    /// How old `created` may be (5 minutes by default).
    public var maximumAge: Duration
    /// How far the signer's clock may be ahead of or behind this one (1 minute by default).
    public var clockSkew: Duration
    /// Whether `created` is required (by default; RFC 9421 §2.3 recommends it).
    public var requiresCreated: Bool
    /// Whether `expires` is required (off by default; profiles such as Web Bot Auth require it).
    /// A refusal's `Accept-Signature` then asks for it (RFC 9421 §5.1).
    public var requiresExpires: Bool = false
    /// Where nonces are recorded (after the signature verified), so each is accepted once.
    /// `nil` checks no replays.
    public var replayStore: (any ReplayStore)?
    /// Whether a signature must carry a `nonce` (off by default: RFC 9421 §2.3 makes it
    /// optional, and a signature without one is then limited by its `created` window only).
    public var requiresNonce: Bool
    /// How the URL the client signed is rebuilt (`.request`: the connection's scheme and `Host`).
    public var publicURL: PublicURLPolicy
    /// The `realm` of a 401's `WWW-Authenticate`, when set.
    public var realm: String?
    /// Whether a refusal's body shows the signature base this verifier built (off by default:
    /// it shows the request's covered values to whoever sent it).
    public var revealsSignatureBase: Bool

    /// A verifier that looks each `keyid` up. A look-up that throws refuses the request: an
    /// ``HTTPMessageSignatureError`` is passed on, any other error becomes
    /// ``HTTPMessageSignatureError/Code/credentialLookupFailed`` (503).
    public init(
        keyLookup: @escaping KeyLookup, selection: HTTPSignatureSelection = .first, requirements: HTTPSignatureRequirements = .request,
        maximumAge: Duration = .seconds(300), clockSkew: Duration = .seconds(60), replayStore: (any ReplayStore)? = nil,
        publicURL: PublicURLPolicy = .request
    ) {
        self.init(keys: .lookUp(keyLookup), selection: selection, requirements: requirements, maximumAge: maximumAge, clockSkew: clockSkew, replayStore: replayStore, publicURL: publicURL)
    }

    /// A verifier that knows its keys by `keyid`.
    public init(
        keys: [String: any HTTPMessageVerifyingKey], selection: HTTPSignatureSelection = .first, requirements: HTTPSignatureRequirements = .request,
        maximumAge: Duration = .seconds(300), clockSkew: Duration = .seconds(60), replayStore: (any ReplayStore)? = nil,
        publicURL: PublicURLPolicy = .request
    ) {
        self.init(keys: .known(KnownKeys(byID: keys)), selection: selection, requirements: requirements, maximumAge: maximumAge, clockSkew: clockSkew, replayStore: replayStore, publicURL: publicURL)
    }

    private init(
        keys: Keys, selection: HTTPSignatureSelection, requirements: HTTPSignatureRequirements, maximumAge: Duration, clockSkew: Duration,
        replayStore: (any ReplayStore)?, publicURL: PublicURLPolicy
    ) {
        self.keys = keys
        self.selection = selection
        self.requirements = requirements
        self.responseRequirements = .response
        self.maximumAge = maximumAge
        self.clockSkew = clockSkew
        self.requiresCreated = true
        self.requiresNonce = false
        self.replayStore = replayStore
        self.publicURL = publicURL
        self.realm = nil
        self.revealsSignatureBase = false
    }

    /// What a verified message's signature said and covered.
    public struct Verified: Sendable, Hashable {
        /// The signature's label.
        public var label: String
        /// The key that verified it.
        public var keyID: String
        /// The key's algorithm.
        public var algorithm: HTTPSignatureAlgorithm
        /// The covered components, in order.
        public var components: [HTTPSignatureComponent]
        /// `created`.
        public var created: Date?
        /// `expires`.
        public var expires: Date?
        /// `nonce`.
        public var nonce: String?
        /// `tag`.
        public var tag: String?
        /// What the signature covered of the content: `.digest` when `content-digest` was
        /// covered and matched, `.empty` without content, `.notCovered` otherwise.
        public var body: BodyCoverage
    }

    /// `httpsig`: the scheme's name in logs, metrics and replay keys.
    public static var scheme: String { "httpsig" }

    /// Verifies a request as a server received it, over the URL ``publicURL`` resolves.
    ///
    /// - Throws: ``HTTPMessageSignatureError``: the code names what failed (see
    ///   ``verify(_:now:)-(HTTPMessageRequest,_)``), and ``HTTPMessageSignatureError/Code/malformedRequest``
    ///   when no public URL can be made (no usable `Host`).
    public func verify(_ request: ReceivedRequest, now: Date) async throws(HTTPMessageSignatureError) -> Verified {
        guard let resolution = publicURL.resolve(request) else {
            throw HTTPMessageSignatureError(code: .malformedRequest, message: "the request has no usable authority (Host header) to rebuild the URL the client signed; configure a PublicURLPolicy")
        }
        return try await verify(HTTPMessageRequest(request, url: resolution.url), now: now)
    }

    /// Verifies a request (the URL is the one the client addressed), then records its nonce.
    ///
    /// - Throws: ``HTTPMessageSignatureError`` — the fields' codes (`malformedSignatureInput`,
    ///   `malformedSignature`, `duplicateLabel`, `labelMismatch`, `missingSignature`), the
    ///   base's (`duplicateComponent`, `unknownComponent`, `invalidComponentParameter`,
    ///   `missingComponent`, `invalidComponentValue`), `unknownAlgorithm`,
    ///   `missingRequiredComponent`, `timestampRefused`, `createdInFuture`, `signatureExpired`,
    ///   `unknownKey`, `credentialLookupFailed`, `algorithmMismatch`, `signatureInvalid` (with
    ///   ``HTTPMessageSignatureError/serverSignatureBase``), the digest's
    ///   (`contentDigestMismatch`, `unsupportedDigestAlgorithm`, `malformedContentDigest`),
    ///   `nonceUsed` and `replayStoreUnavailable`.
    public func verify(_ request: HTTPMessageRequest, now: Date) async throws(HTTPMessageSignatureError) -> Verified {
        do throws(HTTPMessageSignatureError) {
            let verified = try await verifySignature(.request(request), requirements: requirements, now: now)
            guard let nonce = verified.nonce, !nonce.isEmpty else {
                if requiresNonce {
                    throw HTTPMessageSignatureError(code: .missingNonce, message: "the signature has no nonce; the verifier requires a new nonce with every request (RFC 9421 §2.3)")
                }
                return verified
            }
            if let replayStore { try await record(nonce, of: verified, in: replayStore, now: now) }
            return verified
        } catch {
            // What this request must cover, for the refusal's Accept-Signature.
            var refusal = error
            refusal.requestedComponents = requirements.components(for: .request(request))
            throw refusal
        }
    }

    /// Verifies a response the server signed (its `req` components read from
    /// ``HTTPMessageResponse/request``), against ``responseRequirements``. No nonce is recorded.
    public func verify(_ response: HTTPMessageResponse, now: Date) async throws(HTTPMessageSignatureError) -> Verified {
        try await verifySignature(.response(response), requirements: responseRequirements, now: now)
    }

    /// Every check but the replay store's, for `message` against `requirements`.
    public func verifySignature(_ message: HTTPMessage, requirements: HTTPSignatureRequirements, now: Date) async throws(HTTPMessageSignatureError) -> Verified {
        let chosen = try choose(from: HTTPSignatureFields.signatures(in: message.headers))
        let parameters = chosen.parameters
        if let name = parameters.algorithm, HTTPSignatureAlgorithm(named: name) == nil {
            throw HTTPMessageSignatureError(code: .unknownAlgorithm, message: "alg \"\(name.prefix(40))\" is not in the HTTP Signature Algorithms registry (RFC 9421 §6.2)")
        }
        if let missing = requirements.missing(in: parameters.components, message: message) {
            throw HTTPMessageSignatureError(code: .missingRequiredComponent, message: "signature \(chosen.label) does not cover \(missing), which the verifier requires")
        }
        try checkTimes(parameters, now: now)
        guard let keyID = parameters.keyID else {
            throw HTTPMessageSignatureError(code: .unknownKey, message: "signature \(chosen.label) has no keyid; the verifier finds keys by keyid")
        }
        guard let key = try await key(for: keyID) else {
            throw HTTPMessageSignatureError(code: .unknownKey, message: "keyid \"\(keyID.prefix(60))\" is not a key the verifier knows")
        }
        if let name = parameters.algorithm, name != key.algorithm.name {
            throw HTTPMessageSignatureError(code: .algorithmMismatch, message: "alg is \(name) but the key \"\(keyID.prefix(60))\" is \(key.algorithm); the key decides the algorithm (RFC 9421 §3.2 step 6, §7.3.6)")
        }
        let base = try HTTPSignatureBase(parameters: parameters, message: message)
        guard key.isValidSignature(chosen.signature, for: base.bytes) else {
            throw HTTPMessageSignatureError(
                code: .signatureInvalid,
                message: "signature \(chosen.label) (\(chosen.signature.count) bytes, \(key.algorithm)) does not match the signature base the verifier built over its covered components; compare it with the base you signed",
                serverSignatureBase: base.text
            )
        }
        var body: BodyCoverage = message.body.isEmpty ? .empty : .notCovered
        // Any covering of the message's own Content-Digest (also `;sf` or `;key="sha-256"`)
        // vouches for the body only if the digest is the body's.
        if parameters.components.contains(where: { $0.name == "content-digest" && !$0.isFromRequest }) {
            try HTTPContentDigest.check(message.headers, body: message.body)
            if !message.body.isEmpty { body = .digest }
        }
        return Verified(
            label: chosen.label, keyID: keyID, algorithm: key.algorithm, components: parameters.components, created: parameters.createdDate,
            expires: parameters.expiresDate, nonce: parameters.nonce, tag: parameters.tag, body: body
        )
    }

    /// The signature ``selection`` picks.
    private func choose(from signatures: [HTTPReceivedSignature]) throws(HTTPMessageSignatureError) -> HTTPReceivedSignature {
        let chosen: HTTPReceivedSignature?
        switch selection {
        case .first: chosen = signatures.first
        case .label(let label): chosen = signatures.first { $0.label == label }
        case .tag(let tag): chosen = signatures.first { $0.parameters.tag == tag }
        }
        guard let chosen else {
            let wanted = switch selection {
            case .first: "a signature"
            case .label(let label): "a signature labelled \(label)"
            case .tag(let tag): "a signature tagged \"\(tag)\""
            }
            let has = signatures.isEmpty ? "no Signature-Input and Signature fields" : "only \(signatures.map(\.label).joined(separator: ", "))"
            throw HTTPMessageSignatureError(code: .missingSignature, message: "the verifier needs \(wanted) and the message has \(has) (RFC 9421 §3.2)")
        }
        return chosen
    }

    /// `created` within the window, `expires` not past (RFC 9421 §3.2.1).
    private func checkTimes(_ parameters: HTTPSignatureParameters, now: Date) throws(HTTPMessageSignatureError) {
        let nowSeconds = Int(now.timeIntervalSince1970.rounded(.down))
        let skew = clockSkew.wholeSeconds
        if let created = parameters.created {
            guard created <= nowSeconds + skew else {
                throw HTTPMessageSignatureError(code: .createdInFuture, message: "created \(created) is \(created - nowSeconds) s ahead of the verifier's clock (\(nowSeconds)); at most \(skew) s is allowed — check the signer's clock")
            }
            guard created >= nowSeconds - maximumAge.wholeSeconds - skew else {
                throw HTTPMessageSignatureError(code: .timestampRefused, message: "created \(created) is \(nowSeconds - created) s old (server clock \(nowSeconds)); signatures are accepted for \(maximumAge.wholeSeconds) s (+\(skew) s skew)")
            }
        } else if requiresCreated {
            throw HTTPMessageSignatureError(code: .timestampRefused, message: "the signature has no created parameter; the verifier requires one (RFC 9421 §2.3)")
        }
        if let expires = parameters.expires, expires < nowSeconds - skew {
            throw HTTPMessageSignatureError(code: .signatureExpired, message: "the signature expired at \(expires), \(nowSeconds - expires) s before the verifier's clock (\(nowSeconds))")
        }
        if parameters.expires == nil, requiresExpires {
            throw HTTPMessageSignatureError(code: .timestampRefused, message: "the signature has no expires parameter; the verifier requires one (RFC 9421 §2.3)")
        }
    }

    /// Records the nonce of a verified request, refusing a replay or a store that cannot answer.
    private func record(_ nonce: String, of verified: Verified, in store: any ReplayStore, now: Date) async throws(HTTPMessageSignatureError) {
        let created = verified.created.map { Int($0.timeIntervalSince1970) } ?? Int(now.timeIntervalSince1970.rounded(.down))
        // Kept as long as a signature carrying it could verify.
        let nowSeconds = Int(now.timeIntervalSince1970.rounded(.down))
        let until = max(nowSeconds, created) + maximumAge.wholeSeconds + 2 * clockSkew.wholeSeconds
        let key = ReplayKey(scheme: Self.scheme, client: verified.keyID, timestamp: created, nonce: nonce)
        let isNew: Bool
        do {
            isNew = try await store.insertIfAbsent(key, until: Date(timeIntervalSince1970: TimeInterval(until)), now: now)
        } catch {
            throw HTTPMessageSignatureError(code: .replayStoreUnavailable, message: "the replay store could not answer (\(error.message)), so the nonce could not be checked and the request is refused — try again shortly", cause: error)
        }
        guard isNew else {
            throw HTTPMessageSignatureError(code: .nonceUsed, message: "nonce \"\(nonce.prefix(40))\" was already used with keyid \"\(verified.keyID.prefix(60))\"; every request needs a new one")
        }
    }

    /// The key of `keyID`, or `nil` when it is unknown.
    private func key(for keyID: String) async throws(HTTPMessageSignatureError) -> (any HTTPMessageVerifyingKey)? {
        switch keys {
        case .known(let known):
            return known.byID[keyID]
        case .lookUp(let lookUp):
            do {
                return try await lookUp(keyID)
            } catch let error as HTTPMessageSignatureError {
                throw error
            } catch {
                throw HTTPMessageSignatureError(code: .credentialLookupFailed, message: "the key could not be looked up, so the request is refused — try again shortly", cause: error)
            }
        }
    }

    /// Where the keys come from.
    private enum Keys: Sendable {
        case known(KnownKeys)
        case lookUp(KeyLookup)
    }

    /// Known keys by id: secrets among them, so never shown.
    private struct KnownKeys: Sendable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
        let byID: [String: any HTTPMessageVerifyingKey]
        var description: String { "<redacted>" }
        var debugDescription: String { description }
        var customMirror: Mirror { Mirror(self, children: [:], displayStyle: .struct) }
    }
}
