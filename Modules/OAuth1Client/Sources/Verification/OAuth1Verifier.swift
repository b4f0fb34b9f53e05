public import Foundation
import SigningCore

/// The complete server-side check of an OAuth 1.0a request (RFC 5849 §3.2), for a Swift
/// backend and for this package's OAuth 1.0a mock, which verifies through it.
///
/// In order: the request is taken apart with ``OAuth1IncomingRequest`` (the signer's own
/// canonicalisation) against the URL the client signed (``publicURL``); the consumer is
/// looked up (its secret, or its RSA public key); the signature method must be allowed and fit
/// the consumer's key; `oauth_timestamp` must lie in the window; the token is looked up; the
/// signature is compared in constant time (or checked with the public key) and
/// `oauth_body_hash`, when sent, is recomputed from the body (never trusted); and only then is
/// the nonce recorded in the ``replayStore``, so a stranger cannot use up a client's nonces.
///
/// ```swift
/// let verifier = OAuth1Verifier(
///     consumerSecret: { key in try await consumers.secret(for: key) },
///     tokens: .required { token, consumerKey in try await tokens.secret(for: token, consumer: consumerKey) },
///     replayStore: MemoryReplayStore()
/// )
/// let verified = try await verifier.verify(received, now: Date())
/// ```
public struct OAuth1Verifier: SignedRequestVerifier {
    /// Gives the secret of a consumer key, or `nil` when the key is unknown.
    public typealias ConsumerSecretLookup = @Sendable (_ consumerKey: String) async throws -> String?
    /// Gives what a consumer signs with (its secret, its RSA public key), or `nil` when the
    /// key is unknown.
    public typealias ConsumerLookup = @Sendable (_ consumerKey: String) async throws -> OAuth1Consumer?
    /// Gives the secret of a token issued to a consumer, or `nil` when the token is unknown,
    /// expired or revoked.
    public typealias TokenSecretLookup = @Sendable (_ token: String, _ consumerKey: String) async throws -> String?

    /// Whether requests must carry `oauth_token`, and how its secret is found.
    public enum Tokens: Sendable {
        /// No token: requests for a temporary credential, or two-legged requests signed with
        /// the consumer's secret alone (an `oauth_token` sent anyway is signed with an empty
        /// token secret).
        case none
        /// Every request carries `oauth_token`; its secret comes from the look-up.
        case required(TokenSecretLookup)
        /// A request may carry `oauth_token` (then its secret comes from the look-up) or sign
        /// with the consumer's secret alone.
        case optional(TokenSecretLookup)
    }

    /// The request that passed every check.
    public struct Verified: Sendable {
        /// The consumer that signed it.
        public var consumerKey: String
        /// The token it was signed with, when it carried one.
        public var token: String?
        /// The request taken apart: its protocol parameters (`oauth_callback`,
        /// `oauth_verifier`), signed parameters and base string.
        public var request: OAuth1IncomingRequest
        /// The URL it was verified against, and where that came from.
        public var url: PublicURLPolicy.Resolution
        /// What the signature covered of the body: its form fields, its bytes through
        /// `oauth_body_hash` (`BodyCoverage.digest`), or nothing (a body the client did not
        /// sign; set ``OAuth1Verifier/requiresBodyHash`` to refuse those).
        public var body: BodyCoverage
    }

    /// Looks up consumers. A look-up that throws refuses the request: an ``OAuth1Error``
    /// is passed on as it is (so the look-up can refuse in its own words), any other error
    /// becomes ``OAuth1Error/Code/credentialLookupFailed``.
    public var consumer: ConsumerLookup
    /// Whether requests carry a token and how its secret is found; token look-ups throw as
    /// ``consumer`` does. An RSA signature does not use the token secret, but the token must
    /// still be known.
    public var tokens: Tokens
    /// The signature methods accepted (HMAC-SHA1, HMAC-SHA256, RSA-SHA1 and RSA-SHA256 by
    /// default; PLAINTEXT only over TLS, RFC 5849 §3.4.4). A method must also fit the
    /// consumer: HMAC needs its secret, RSA its public key.
    public var signatureMethods: Set<OAuth1SignatureMethod>
    /// Whether a request with a body that is not a form must sign it through `oauth_body_hash`,
    /// as payment APIs require; `false` by default, when a body hash is checked only if sent.
    /// A request without a body needs none (a hash sent with one is still checked): a body
    /// added on the way would have no hash, and be refused.
    public var requiresBodyHash: Bool
    /// How far `oauth_timestamp` may lie from the server's clock, either way (5 minutes by
    /// default; counted in whole seconds).
    public var timestampWindow: Duration
    /// The realm named in a refusal's `WWW-Authenticate` challenge (RFC 5849 §3.5.1).
    public var realm: String
    /// Where accepted nonces are recorded (`MemoryReplayStore` for one instance,
    /// `PostgresReplayStore` for many).
    public var replayStore: any ReplayStore
    /// How the URL the client signed is rebuilt (behind a proxy, say which).
    public var publicURL: PublicURLPolicy
    /// Whether the protocol parameters must arrive in one place (RFC 5849 §3.5, the default)
    /// or may be split between the header, the query and the form body, for a service that
    /// must accept clients which split them (Discogs' official Python client sends
    /// `oauth_callback` in the form body and the rest in `Authorization`).
    public var parameterPlacement: OAuth1IncomingRequest.ParameterPlacement

    /// The methods a verifier accepts unless told otherwise.
    public static let defaultSignatureMethods: Set<OAuth1SignatureMethod> = [.hmacSHA1, .hmacSHA256, .rsaSHA1, .rsaSHA256]

    /// A verifier for consumers that sign with a secret or an RSA key (``OAuth1Consumer``).
    public init(
        consumer: @escaping ConsumerLookup,
        tokens: Tokens,
        signatureMethods: Set<OAuth1SignatureMethod> = OAuth1Verifier.defaultSignatureMethods,
        timestampWindow: Duration = .seconds(300),
        requiresBodyHash: Bool = false,
        replayStore: any ReplayStore,
        publicURL: PublicURLPolicy = .request,
        parameterPlacement: OAuth1IncomingRequest.ParameterPlacement = .onePlace,
        realm: String = ""
    ) {
        self.realm = realm
        self.consumer = consumer
        self.tokens = tokens
        self.signatureMethods = signatureMethods
        self.timestampWindow = timestampWindow
        self.requiresBodyHash = requiresBodyHash
        self.replayStore = replayStore
        self.publicURL = publicURL
        self.parameterPlacement = parameterPlacement
    }

    /// A verifier for consumers that sign with a shared secret (`HMAC-*`, `PLAINTEXT`).
    public init(
        consumerSecret: @escaping ConsumerSecretLookup,
        tokens: Tokens,
        signatureMethods: Set<OAuth1SignatureMethod> = OAuth1Verifier.defaultSignatureMethods,
        timestampWindow: Duration = .seconds(300),
        requiresBodyHash: Bool = false,
        replayStore: any ReplayStore,
        publicURL: PublicURLPolicy = .request,
        parameterPlacement: OAuth1IncomingRequest.ParameterPlacement = .onePlace,
        realm: String = ""
    ) {
        self.init(
            consumer: { key in try await consumerSecret(key).map(OAuth1Consumer.init(secret:)) },
            tokens: tokens, signatureMethods: signatureMethods, timestampWindow: timestampWindow,
            requiresBodyHash: requiresBodyHash, replayStore: replayStore, publicURL: publicURL, parameterPlacement: parameterPlacement, realm: realm
        )
    }

    /// The scheme's name in logs, metrics and replay keys.
    public static var scheme: String { "oauth1" }

    /// Verifies `request` at `now`.
    ///
    /// - Throws: ``OAuth1Error``: `invalidURL`, `invalidAuthorizationHeader`, `invalidParameter`,
    ///   `missingParameter`, `duplicateParameter`, `parametersInSeveralLocations` (unless
    ///   ``parameterPlacement`` is ``OAuth1IncomingRequest/ParameterPlacement/split``),
    ///   `unsupportedVersion`, `bodyHashNotAllowed` for a request that cannot be read;
    ///   ``OAuth1Error/Code/unknownConsumer``; ``OAuth1Error/Code/unsupportedSignatureMethod``
    ///   (also for a method that does not fit the consumer's key); `missingParameter` for a
    ///   body without the required `oauth_body_hash`;
    ///   ``OAuth1Error/Code/timestampRefused``; ``OAuth1Error/Code/tokenRejected`` (or what a
    ///   look-up threw); ``OAuth1Error/Code/signatureInvalid`` with the server's base string in
    ///   ``OAuth1Error/serverSignatureBase`` and the URL used in the message;
    ///   ``OAuth1Error/Code/nonceUsed``; ``OAuth1Error/Code/replayStoreUnavailable``.
    public func verify(_ request: ReceivedRequest, now: Date) async throws(OAuth1Error) -> Verified {
        let (incoming, url) = try Self.incoming(request, publicURL: publicURL, placement: parameterPlacement)
        let consumer = try await lookUp(.unknownConsumer) { try await self.consumer(incoming.consumerKey) }
        guard let consumer else {
            throw OAuth1Error(code: .unknownConsumer, message: "oauth_consumer_key \"\(incoming.consumerKey.prefix(64))\" is not a consumer of this service")
        }
        guard signatureMethods.contains(incoming.signatureMethod) else {
            let accepted = signatureMethods.map(\.rawValue).sorted().joined(separator: ", ")
            throw OAuth1Error(code: .unsupportedSignatureMethod, message: "\(incoming.signatureMethod.rawValue) is not enabled here; use one of \(accepted)")
        }
        let methodFits = incoming.signatureMethod.key == .rsaKeyPair ? consumer.publicKey != nil : consumer.secret != nil
        guard methodFits else {
            let registered = consumer.publicKey != nil ? "an RSA public key" : "a shared secret"
            let fitting = signatureMethods.filter { consumer.publicKey != nil ? $0.key == .rsaKeyPair : $0.key != .rsaKeyPair }.map(\.rawValue).sorted()
            throw OAuth1Error(
                code: .unsupportedSignatureMethod,
                message: "this consumer is registered with \(registered), which cannot check \(incoming.signatureMethod.rawValue); sign with \(fitting.joined(separator: " or "))"
            )
        }
        if requiresBodyHash, !incoming.isFormEncoded, !incoming.body.isEmpty, incoming.bodyHash == nil {
            throw OAuth1Error(code: .missingParameter, message: "the request has no oauth_body_hash; this service signs bodies: send the Base64 \(incoming.signatureMethod.hash) hash of the body")
        }
        let nowSeconds = Int(now.timeIntervalSince1970)
        let timestampWindow = timestampWindow.wholeSeconds
        if let timestamp = incoming.timestamp, abs(timestamp - nowSeconds) > timestampWindow {
            throw OAuth1Error(
                code: .timestampRefused,
                message: "oauth_timestamp \(timestamp) is \(timestamp - nowSeconds) s from the server's clock (\(nowSeconds)); the window is ±\(timestampWindow) s — check the device clock"
            )
        }
        let tokenSecret = try await tokenSecret(for: incoming)
        let key: OAuth1VerificationKey = consumer.publicKey.map { OAuth1VerificationKey.publicKey($0) } ?? .secrets(consumerSecret: consumer.secret ?? "", tokenSecret: tokenSecret)
        guard incoming.verify(key) else {
            if incoming.bodyHashMatches == false {
                throw OAuth1Error(code: .signatureInvalid, message: "oauth_body_hash does not match the body; hash the exact bytes sent with \(incoming.signatureMethod.hash)")
            }
            if case .publicKey(let publicKey) = key, let malformed = OAuth1Consumer.malformedRSASignature(incoming.signature, key: publicKey) {
                throw OAuth1Error(code: .signatureInvalid, message: malformed, serverSignatureBase: incoming.baseString)
            }
            throw OAuth1Error(
                code: .signatureInvalid,
                message: "the signature does not match the server's base string for \(url.url.absoluteString) (URL from \(url.source)); compare it with yours",
                serverSignatureBase: incoming.baseString
            )
        }
        if let nonce = incoming.nonce, let timestamp = incoming.timestamp {
            let key = ReplayKey(scheme: Self.scheme, client: incoming.consumerKey, token: incoming.token, timestamp: timestamp, nonce: nonce)
            let expiry = Date(timeIntervalSince1970: TimeInterval(max(timestamp, nowSeconds) + timestampWindow + 1))
            let isNew: Bool
            do {
                isNew = try await replayStore.insertIfAbsent(key, until: expiry, now: now)
            } catch {
                throw OAuth1Error(code: .replayStoreUnavailable, message: "the replay store could not answer (\(error.message)), so the nonce could not be checked and the request is refused — try again shortly", cause: error)
            }
            guard isNew else {
                throw OAuth1Error(code: .nonceUsed, message: "this nonce was already used with this timestamp; send a fresh nonce with every request")
            }
        }
        return Verified(consumerKey: incoming.consumerKey, token: incoming.token, request: incoming, url: url, body: Self.coverage(of: incoming))
    }

    /// What the signature of `incoming`, which verified, covered of its body.
    private static func coverage(of incoming: OAuth1IncomingRequest) -> BodyCoverage {
        if incoming.bodyHash != nil { return .digest }
        if incoming.isFormEncoded { return .formFields }
        return incoming.body.isEmpty ? .empty : .notCovered
    }

    /// `request` taken apart against the URL `publicURL` gives.
    static func incoming(
        _ request: ReceivedRequest, publicURL: PublicURLPolicy, placement: OAuth1IncomingRequest.ParameterPlacement
    ) throws(OAuth1Error) -> (OAuth1IncomingRequest, PublicURLPolicy.Resolution) {
        let authorization = request.headers.values(for: "Authorization")
        guard authorization.count <= 1 else {
            throw OAuth1Error(code: .invalidAuthorizationHeader, message: "the request has \(authorization.count) Authorization headers; send exactly one")
        }
        // Foundation's URL parser quietly re-escapes invalid `%` sequences, so check them here.
        // The query is decoded whole: it fails exactly when one of its fields would (its `&`
        // and `=` are ASCII, so they cannot end or complete a UTF-8 sequence), without making
        // a string of every name and value.
        do throws(SigningCoreError) {
            _ = try PercentEncoding.decode(request.path)
            _ = try request.query.map { query throws(SigningCoreError) in try PercentEncoding.decode(query) }
        } catch {
            throw OAuth1Error(code: .invalidURL, message: "the request target cannot be decoded: \(error.message)")
        }
        guard let url = publicURL.resolve(request) else {
            let hosts = request.headers.values(for: "Host")
            throw OAuth1Error(code: .invalidURL, message: hosts.count == 1
                ? "the request URL is not a valid URI; percent-encode reserved and non-ASCII characters"
                : "the request has \(hosts.isEmpty ? "no" : "\(hosts.count)") Host header\(hosts.isEmpty ? "" : "s"); the base string URI needs exactly one")
        }
        let incoming = try OAuth1IncomingRequest(
            method: request.method, url: url.url, authorizationHeader: authorization.first, contentType: request.headers["Content-Type"], body: request.body,
            placement: placement
        )
        return (incoming, url)
    }

    private func tokenSecret(for incoming: OAuth1IncomingRequest) async throws(OAuth1Error) -> String? {
        let lookup: TokenSecretLookup
        switch (tokens, incoming.token) {
        case (.none, _), (.optional, nil):
            return nil
        case (.required, nil):
            throw OAuth1Error(code: .missingParameter, message: "the request has no oauth_token; sign it with a token")
        case (.required(let given), _?), (.optional(let given), _?):
            lookup = given
        }
        let token = incoming.token ?? ""
        let secret = try await lookUp(.tokenRejected) { try await lookup(token, incoming.consumerKey) }
        guard let secret else {
            throw OAuth1Error(code: .tokenRejected, message: "oauth_token is unknown, expired or revoked; run the authorisation flow again")
        }
        return secret
    }

    /// Runs a look-up, passing an ``OAuth1Error`` on and turning any other error into
    /// ``OAuth1Error/Code/credentialLookupFailed``.
    private func lookUp<Found>(_ what: OAuth1Error.Code, _ body: () async throws -> Found?) async throws(OAuth1Error) -> Found? {
        do {
            return try await body()
        } catch let error as OAuth1Error {
            throw error
        } catch {
            let subject = what == .unknownConsumer ? "consumer" : "token secret"
            throw OAuth1Error(code: .credentialLookupFailed, message: "the \(subject) could not be looked up, so the request is refused", cause: error)
        }
    }
}
