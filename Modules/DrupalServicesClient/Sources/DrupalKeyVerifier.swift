public import Foundation
import SigningCore

/// Drupal Services key authentication on the server side (Drupal 6 `services_keyauth`), for a
/// Swift backend that answers Drupal-style clients and for this package's Drupal mock, which
/// verifies through it.
///
/// The leading arguments are read with ``DrupalKeyArguments`` and hashed with
/// ``DrupalKeyAuthentication`` — the signer's own definitions. The checks, each refusal in
/// Drupal's words (``DrupalServiceMessage``): the timestamp must not be older than
/// ``tokenExpiry`` (Drupal accepts any later one), a key must be registered for the domain (or
/// `*`), the hash must match (compared in constant time), and only then is the nonce recorded
/// in the ``replayStore`` — once per domain, as Drupal's nonce table keeps it — so a stranger
/// cannot use up a domain's nonces (Drupal itself records it before the hash:
/// ``NonceRecording/beforeHash``); last, the key must allow the method.
///
/// The request's body must be one JSON-RPC call (a batch is refused: each call in one would
/// carry its own key); methods in ``unauthenticatedMethods`` (Drupal's `system.connect`) pass
/// without a key. The key arguments sign the timestamp, domain, nonce and method only: never
/// the method's own arguments.
///
/// ```swift
/// let verifier = DrupalKeyVerifier(
///     keys: [.init(DrupalAPIKey(key: apiKey, domain: "app.example.com"))],
///     replayStore: MemoryReplayStore()
/// )
/// let verified = try await verifier.verify(received, now: Date())   // received: a ReceivedRequest
/// ```
public struct DrupalKeyVerifier: SignedRequestVerifier {
    /// Gives the key registered for a domain, or `nil` when there is none.
    public typealias KeyLookup = @Sendable (_ domain: String) async throws -> RegisteredKey?

    /// A key the site issued: its domain and secret, and the methods it may call.
    public struct RegisteredKey: Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
        /// The domain and the secret key.
        public var apiKey: DrupalAPIKey
        /// The methods this key may call; `nil` for every method.
        public var methods: Set<String>?

        /// A registered key.
        public init(_ apiKey: DrupalAPIKey, methods: Set<String>? = nil) {
            self.apiKey = apiKey
            self.methods = methods
        }

        /// Whether this key may call `method`.
        public func allows(_ method: String) -> Bool { methods?.contains(method) ?? true }

        public var description: String { "RegisteredKey(\(apiKey), methods: \(methods.map { $0.sorted().joined(separator: ", ") } ?? "all"))" }
        public var debugDescription: String { description }
        public var customMirror: Mirror { Mirror(self, children: ["apiKey": apiKey, "methods": methods as Any], displayStyle: .struct) }
    }

    /// What a call carries once verified.
    public struct Verified: Sendable, Hashable {
        /// The call as received.
        public var call: JSONRPCRequest
        /// The domain whose key signed it; `nil` for a method called without key
        /// authentication (``DrupalKeyVerifier/unauthenticatedMethods``).
        public var domain: String?
        /// Its `sessid` argument (empty when the site uses no sessions, or without a key).
        public var sessid: String
        /// The method's own arguments, after the leading ones (all of them without a key).
        public var arguments: [JSONValue]
    }

    /// When the nonce is recorded.
    public enum NonceRecording: Sendable, Hashable {
        /// After the hash verified (the default): a call with a bad hash uses up nothing.
        case afterHash
        /// Before the hash is checked, as Drupal 6's `services_keyauth` does: a call with a bad
        /// hash still uses up its nonce, so anyone who can see a domain's nonces can spend them
        /// first. For a faithful Drupal (this package's mock), not for a new backend.
        case beforeHash
    }

    /// Finds the key registered for a domain.
    private let keys: Keys
    /// Methods called without key authentication (Drupal's `system.connect`): verified as
    /// calls, with no domain.
    public var unauthenticatedMethods: Set<String>
    /// How old a call's timestamp may be (Drupal's "token expiry", 30 seconds by default;
    /// counted in whole seconds).
    public var tokenExpiry: Duration
    /// Whether calls carry `sessid` after the key arguments (Drupal's "use sessid").
    public var usesSessid: Bool
    /// Where used nonces are recorded; a store that cannot answer refuses the call
    /// (``DrupalServicesError/Code/replayStoreUnavailable``).
    public var replayStore: any ReplayStore
    /// When the nonce is recorded.
    public var nonceRecording: NonceRecording

    /// A verifier knowing the keys the site issued (a key for the domain `*` serves every
    /// domain without one of its own).
    public init(
        keys: [RegisteredKey], unauthenticatedMethods: Set<String> = ["system.connect"], tokenExpiry: Duration = .seconds(30), usesSessid: Bool = true,
        replayStore: any ReplayStore, nonceRecording: NonceRecording = .afterHash
    ) {
        self.init(
            keys: .known(keys), unauthenticatedMethods: unauthenticatedMethods, tokenExpiry: tokenExpiry, usesSessid: usesSessid, replayStore: replayStore,
            nonceRecording: nonceRecording
        )
    }

    /// A verifier that looks each domain's key up (in your database, say). A look-up that
    /// throws refuses the call: a ``DrupalServicesError`` is passed on as it is, any other error
    /// becomes ``DrupalServicesError/Code/credentialLookupFailed`` (answered with 503).
    public init(
        key: @escaping KeyLookup, unauthenticatedMethods: Set<String> = ["system.connect"], tokenExpiry: Duration = .seconds(30), usesSessid: Bool = true,
        replayStore: any ReplayStore, nonceRecording: NonceRecording = .afterHash
    ) {
        self.init(
            keys: .lookUp(key), unauthenticatedMethods: unauthenticatedMethods, tokenExpiry: tokenExpiry, usesSessid: usesSessid, replayStore: replayStore,
            nonceRecording: nonceRecording
        )
    }

    private init(keys: Keys, unauthenticatedMethods: Set<String>, tokenExpiry: Duration, usesSessid: Bool, replayStore: any ReplayStore, nonceRecording: NonceRecording) {
        self.keys = keys
        self.unauthenticatedMethods = unauthenticatedMethods
        self.tokenExpiry = tokenExpiry
        self.usesSessid = usesSessid
        self.replayStore = replayStore
        self.nonceRecording = nonceRecording
    }

    /// The scheme's name in logs, metrics and replay keys.
    public static var scheme: String { "drupal" }

    /// Verifies the call in `request`'s body at `now`: one JSON-RPC call, its key arguments
    /// checked unless its method is in ``unauthenticatedMethods``.
    ///
    /// - Throws: ``DrupalServicesError`` with the dialect and id of its answer in
    ///   ``DrupalServicesError/replyAddress``: ``DrupalServicesError/Code/invalidJSON`` (JSON-RPC's
    ///   `Parse error`) for a body that is not JSON, ``DrupalServicesError/Code/invalidRequest``
    ///   for one that is not one call (a batch included), and what
    ///   ``verifyKey(of:now:)`` throws.
    public func verify(_ request: ReceivedRequest, now: Date) async throws(DrupalServicesError) -> Verified {
        var address = JSONRPCReplyAddress()
        do throws(DrupalServicesError) {
            let value = try JSONRPCRequest.json(request.body)
            address = JSONRPCReplyAddress(showing: value)
            if case .array = value {
                address.version = .v2_0
                throw DrupalServicesError.invalidRequest("send one call per request: key authentication takes one call, with its own key")
            }
            let call = try JSONRPCRequest.parse(value)
            address = JSONRPCReplyAddress(call)
            if unauthenticatedMethods.contains(call.method) {
                return Verified(call: call, domain: nil, sessid: "", arguments: call.params)
            }
            return try await verifyKey(of: call, now: now)
        } catch {
            var error = error
            error.replyAddress = address
            throw error
        }
    }

    /// Verifies the key arguments of `request` at `now`, for a server that read the call
    /// itself (this package's mock, which also takes batches).
    ///
    /// - Throws: ``DrupalServicesError`` with Drupal's words in
    ///   ``DrupalServicesError/providerMessage``: ``DrupalServicesError/Code/timestampRefused``
    ///   (`Token has expired.`), ``DrupalServicesError/Code/signatureInvalid`` (with the string the
    ///   server hashed in ``DrupalServicesError/serverSignatureBase``),
    ///   ``DrupalServicesError/Code/nonceUsed``, ``DrupalServicesError/Code/accessDenied``,
    ///   ``DrupalServicesError/Code/invalidSessid``, ``DrupalServicesError/Code/invalidArguments``
    ///   for a leading argument that is an array or object, and
    ///   ``DrupalServicesError/Code/replayStoreUnavailable``,
    ///   ``DrupalServicesError/Code/credentialLookupFailed``.
    public func verifyKey(of request: JSONRPCRequest, now: Date) async throws(DrupalServicesError) -> Verified {
        let leading = try DrupalKeyArguments(leading: request.params, usesSessid: usesSessid)
        let method = request.method
        let timestamp = Self.phpInteger(leading.timestamp)
        let nowSeconds = Int(now.timeIntervalSince1970.rounded(.down))
        let tokenExpiry = tokenExpiry.wholeSeconds
        if timestamp < nowSeconds - tokenExpiry {
            let age = leading.timestamp.isEmpty ? "missing" : "\(nowSeconds - timestamp) s old"
            throw refusal(.timestampRefused, DrupalServiceMessage.tokenExpired, "domain_time_stamp \(leading.timestamp.isEmpty ? "(none)" : leading.timestamp) is \(age), past the token expiry of \(tokenExpiry) s; send the current time (corrected for the server's clock)")
        }
        if nonceRecording == .beforeHash { try await record(leading, now: now) }
        let input = leading.hashInput(method: method)
        guard let key = try await key(for: leading.domain) else {
            throw refusal(.signatureInvalid, DrupalServiceMessage.invalidAPIKey, "no API key is registered for the domain \(leading.domain.debugDescription); sign with the domain your key was issued for", hashInput: input)
        }
        guard DrupalKeyAuthentication.isValid(hash: leading.hash, apiKey: key.apiKey.key, input: input) else {
            throw refusal(.signatureInvalid, DrupalServiceMessage.invalidAPIKey, "the hash is not HMAC-SHA256 of the string the server hashed (see X-Drupal-Hash-Input: timestamp;domain;nonce;method) keyed with the domain's API key, in lowercase hex", hashInput: input)
        }
        if nonceRecording == .afterHash { try await record(leading, now: now) }
        guard key.allows(method) else {
            throw refusal(.accessDenied, DrupalServiceMessage.keyAccessDenied, "the API key of \(key.apiKey.domain) may not call \(method); it may call \(key.methods?.sorted().joined(separator: ", ") ?? "every method")")
        }
        let sessid = leading.sessid ?? ""
        if usesSessid, sessid.isEmpty {
            throw refusal(.invalidSessid, DrupalServiceMessage.invalidSessid, "the sessid argument (argument 5) is empty or missing; call system.connect for one")
        }
        return Verified(call: request, domain: leading.domain, sessid: sessid, arguments: leading.rest)
    }

    /// Records the call's (domain, nonce) pair: Drupal keeps a nonce per domain for the token
    /// expiry, whatever its timestamp.
    private func record(_ leading: DrupalKeyArguments, now: Date) async throws(DrupalServicesError) {
        let replayKey = ReplayKey(scheme: Self.scheme, client: leading.domain, timestamp: 0, nonce: leading.nonce)
        let isNew: Bool
        do {
            isNew = try await replayStore.insertIfAbsent(replayKey, until: now.addingTimeInterval(TimeInterval(tokenExpiry.wholeSeconds)), now: now)
        } catch {
            throw DrupalServicesError(code: .replayStoreUnavailable, message: "the replay store could not answer (\(error.message)), so the nonce could not be checked and the call is refused — try again shortly", cause: error)
        }
        guard isNew else {
            throw refusal(.nonceUsed, DrupalServiceMessage.nonceReused, "the nonce was already used for domain \(leading.domain) within the last \(tokenExpiry.wholeSeconds) s; every call needs a new one")
        }
    }

    /// Where the keys come from: issued up front, or looked up.
    private enum Keys: Sendable {
        case known([RegisteredKey])
        case lookUp(KeyLookup)
    }

    /// The key registered for `domain` (for `*` among known keys).
    private func key(for domain: String) async throws(DrupalServicesError) -> RegisteredKey? {
        switch keys {
        case .known(let keys):
            return keys.first { $0.apiKey.domain == domain } ?? keys.first { $0.apiKey.domain == "*" }
        case .lookUp(let lookUp):
            do {
                return try await lookUp(domain)
            } catch let error as DrupalServicesError {
                throw error
            } catch {
                throw DrupalServicesError(code: .credentialLookupFailed, message: "the domain's key could not be looked up, so the call is refused — try again shortly", cause: error)
            }
        }
    }

    private func refusal(_ code: DrupalServicesError.Code, _ words: String, _ reason: String, hashInput: String? = nil) -> DrupalServicesError {
        DrupalServicesError(code: code, message: reason, providerMessage: words, serverSignatureBase: hashInput)
    }

    /// PHP's reading of a number at the start of `text` (`"1262304000abc"` → 1262304000,
    /// `""` → 0); too many digits read as the largest number.
    public static func phpInteger(_ text: String) -> Int {
        let trimmed = text.drop { $0 == " " || $0 == "\t" || $0 == "\n" }
        var digits = Substring(trimmed)
        var sign = 1
        if let first = digits.first, first == "-" || first == "+" {
            sign = first == "-" ? -1 : 1
            digits = digits.dropFirst()
        }
        let prefix = digits.prefix { $0.isASCII && $0.isNumber }
        guard !prefix.isEmpty else { return 0 }
        guard let value = Int(prefix) else { return sign > 0 ? Int.max : Int.min }
        return sign * value
    }
}
