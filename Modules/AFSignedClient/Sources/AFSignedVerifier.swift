public import Foundation
import SignedHTTP
import SigningCore

/// Verifies `auth_signature` requests as the original PHP backend does — version, client id,
/// timestamp window, signature — with the signer's own ``AFSignedCanonicalForm``, a
/// constant-time comparison, and optional nonce replay protection the original backend lacked
/// (any `ReplayStore`: `MemoryReplayStore` for one instance,
/// `PostgresReplayStore` for many). For the mock backend and for Swift server apps.
///
/// ```swift
/// let verifier = AFSignedVerifier(credentials: [AFSignedCredentials(clientID: "app", clientSecret: secret)], replayStore: MemoryReplayStore())
/// let verified = try await verifier.verify(AFSignedIncomingRequest(request), now: Date())
/// ```
public struct AFSignedVerifier: SignedRequestVerifier {
    /// Gives a client's credentials by its id, or `nil` when the id is unknown.
    public typealias ClientLookup = @Sendable (_ clientID: String) async throws -> AFSignedCredentials?

    /// Where the clients come from.
    private let clients: Clients
    /// The version it accepts.
    public var version: AFSignedVersion
    /// Where version 2 reads the client id.
    public var clientIDField: AFSignedClientIDField
    /// How far `auth_timestamp` may lie from the server's clock either way (the original
    /// backend's 12 hours by default, counted in whole seconds; the bounds themselves are
    /// refused, as the original backend does).
    public var timestampWindow: Duration
    /// Where used nonces are recorded (after the signature verified); `nil` accepts requests
    /// without a nonce and never checks replays (the original backend's behaviour). With a
    /// store, a nonce is required, and a store that cannot answer refuses the request
    /// (``AFSignedError/Code/replayStoreUnavailable``).
    public var replayStore: (any ReplayStore)?

    /// The longest auth value read (a signature is 64 characters; anything far longer is hostile).
    public static let maximumAuthValueLength = 256

    /// A verifier that looks each client up (in your database, say). A look-up that throws
    /// refuses the request: an ``AFSignedError`` is passed on as it is, any other error becomes
    /// ``AFSignedError/Code/credentialLookupFailed`` (answered with 503).
    public init(
        client: @escaping ClientLookup, version: AFSignedVersion = .v2, clientIDField: AFSignedClientIDField = .clientID,
        timestampWindow: Duration = .seconds(12 * 60 * 60), replayStore: (any ReplayStore)? = nil
    ) {
        self.init(clients: .lookUp(client), version: version, clientIDField: clientIDField, timestampWindow: timestampWindow, replayStore: replayStore)
    }

    /// A verifier that knows the clients in `credentials` (their HMAC keys are set up once).
    public init(
        credentials: [AFSignedCredentials], version: AFSignedVersion = .v2, clientIDField: AFSignedClientIDField = .clientID,
        timestampWindow: Duration = .seconds(12 * 60 * 60), replayStore: (any ReplayStore)? = nil
    ) {
        self.init(clients: .known(Keys(credentials)), version: version, clientIDField: clientIDField, timestampWindow: timestampWindow, replayStore: replayStore)
    }

    private init(clients: Clients, version: AFSignedVersion, clientIDField: AFSignedClientIDField, timestampWindow: Duration, replayStore: (any ReplayStore)?) {
        self.clients = clients
        self.version = version
        self.clientIDField = clientIDField
        self.timestampWindow = timestampWindow
        self.replayStore = replayStore
    }

    /// What a verified request carried.
    public struct Verified: Sendable, Hashable {
        /// The client that signed it.
        public var clientID: String
        /// Its timestamp.
        public var timestamp: Int
        /// Its nonce, when it sent one.
        public var nonce: String?
        /// What the signature covered of the body: a form body's fields, or nothing (the
        /// scheme never signs a JSON or other body).
        public var body: BodyCoverage
    }

    /// The scheme's name in logs, metrics and replay keys.
    public static var scheme: String { "afsigned" }

    /// The reference backend's words for each failure.
    public enum Message {
        public static let incorrectVersion = "Incorrect client version"
        public static let incorrectClientID = "Incorrect client id"
        public static let incorrectTimestamp = "Incorrect auth timestamp"
        public static let incorrectSignature = "Incorrect auth signature"
        public static let incorrectNonce = "Incorrect auth nonce"
        /// The words for a request refused because the replay store could not answer (the
        /// original backend had no store, so these are this package's).
        public static let replayStoreUnavailable = "Service unavailable"
        /// The words for a request whose query or body cannot be decoded (the original backend
        /// has none).
        public static let malformedRequest = "Malformed request"
        /// The words for a request whose parameters no PHP backend can order (the original
        /// backend has none).
        public static let unsignableParameters = "Unsignable parameters"
    }

    /// Verifies `request` at `now`.
    ///
    /// - Throws: ``AFSignedError`` with the original backend's words in ``AFSignedError/providerMessage``:
    ///   ``AFSignedError/Code/incorrectVersion``, ``AFSignedError/Code/incorrectClientID``,
    ///   ``AFSignedError/Code/timestampRefused``, ``AFSignedError/Code/signatureInvalid``
    ///   (with the string the verifier signed), ``AFSignedError/Code/nonceUsed``; and
    ///   ``AFSignedError/Code/malformedRequest`` for an auth value sent twice or far too long.
    public func verify(_ request: AFSignedIncomingRequest, now: Date) async throws(AFSignedError) -> Verified {
        let verified = try await verifySignature(request, now: now)
        if let replayStore {
            guard let nonce = verified.nonce, !nonce.isEmpty else {
                throw failure(.nonceUsed, Message.incorrectNonce, "\(nonceName) is missing; this server requires a new nonce with every request")
            }
            // Kept as long as a request carrying it could verify: until the window after the
            // later of now and its timestamp (a timestamp ahead of the clock stays valid longer).
            let nowSeconds = Int(now.timeIntervalSince1970.rounded(.down))
            let expiry = Date(timeIntervalSince1970: TimeInterval(max(nowSeconds, verified.timestamp) + timestampWindow.wholeSeconds))
            let key = ReplayKey(scheme: Self.scheme, client: verified.clientID, timestamp: verified.timestamp, nonce: nonce)
            let isNew: Bool
            do {
                isNew = try await replayStore.insertIfAbsent(key, until: expiry, now: now)
            } catch {
                throw AFSignedError(
                    code: .replayStoreUnavailable, message: "the replay store could not answer (\(error.message)), so the nonce could not be checked and the request is refused — try again shortly",
                    providerMessage: Message.replayStoreUnavailable, cause: error
                )
            }
            guard isNew else {
                throw failure(.nonceUsed, Message.incorrectNonce, "\(nonceName) \"\(nonce.prefix(40))\" was already used; every request needs a new one")
            }
        }
        return verified
    }

    /// Verifies a request as a server received it: its query and form body decoded
    /// (``AFSignedIncomingRequest/init(_:)-(ReceivedRequest)``), then ``verify(_:now:)-(AFSignedIncomingRequest,_)``.
    ///
    /// - Throws: ``AFSignedError`` as ``verify(_:now:)-(AFSignedIncomingRequest,_)`` does, and
    ///   ``AFSignedError/Code/malformedRequest`` for a query or form body that is not valid
    ///   percent-encoded UTF-8.
    public func verify(_ request: ReceivedRequest, now: Date) async throws(AFSignedError) -> Verified {
        try await verify(AFSignedIncomingRequest(request), now: now)
    }

    /// Verifies everything ``verify(_:now:)-(AFSignedIncomingRequest,_)`` does except the nonce:
    /// version, client id, timestamp window and signature. For a caller that keeps nonces its
    /// own way, or none.
    ///
    /// - Throws: ``AFSignedError`` as ``verify(_:now:)-(AFSignedIncomingRequest,_)`` does, never
    ///   ``AFSignedError/Code/nonceUsed``.
    public func verifySignature(_ request: AFSignedIncomingRequest, now: Date) async throws(AFSignedError) -> Verified {
        let auth = try authValues(request)
        let clientID = try checkVersion(auth)
        return try check(auth, clientID: clientID, key: try await key(for: clientID), request: request, now: now)
    }

    /// ``verifySignature(_:now:)`` for a verifier made with known credentials, synchronously:
    /// for this package's benchmarks, whose harness is synchronous (a look-up verifier refuses
    /// every client here).
    package func verifySignatureWithKnownClients(_ request: AFSignedIncomingRequest, now: Date) throws(AFSignedError) -> Verified {
        let auth = try authValues(request)
        let clientID = try checkVersion(auth)
        guard case .known(let keys) = clients else { return try check(auth, clientID: clientID, key: nil, request: request, now: now) }
        return try check(auth, clientID: clientID, key: keys.byID[clientID], request: request, now: now)
    }

    /// The client id of `auth`, once its version is the one accepted.
    private func checkVersion(_ auth: AuthValues) throws(AFSignedError) -> String {
        guard auth.version == version.rawValue else {
            throw failure(.incorrectVersion, Message.incorrectVersion, "\(versionName) is \(auth.version.map { "\"\($0.prefix(20))\"" } ?? "missing"); this server accepts version \(version.rawValue)")
        }
        guard let clientID = auth.clientID else {
            throw failure(.incorrectClientID, Message.incorrectClientID, "\(clientIDName) is missing")
        }
        return clientID
    }

    /// The checks after the client's key was found: the client known, the timestamp in the
    /// window, the signature matching.
    private func check(_ auth: AuthValues, clientID: String, key: HMAC<SHA256>?, request: AFSignedIncomingRequest, now: Date) throws(AFSignedError) -> Verified {
        guard let key else {
            throw failure(.incorrectClientID, Message.incorrectClientID, "\(clientIDName) is \"\(clientID.prefix(40))\", which this server does not know")
        }
        let nowSeconds = Int(now.timeIntervalSince1970.rounded(.down))
        let window = timestampWindow.wholeSeconds
        // Whole seconds: ASCII digits only (a character of them is one byte).
        guard let text = auth.timestamp, text.utf8.count <= 12, !text.isEmpty, text.utf8.allSatisfy({ (0x30...0x39).contains($0) }), let timestamp = Int(text) else {
            throw failure(.timestampRefused, Message.incorrectTimestamp, "\(timestampName) is \(auth.timestamp.map { "\"\($0.prefix(20))\", not whole seconds since 1970" } ?? "missing")")
        }
        guard timestamp > nowSeconds - window, timestamp < nowSeconds + window else {
            throw failure(.timestampRefused, Message.incorrectTimestamp, "\(timestampName) \(timestamp) is \(abs(nowSeconds - timestamp)) s from the server's clock (\(nowSeconds)); the window is ±\(window) s")
        }
        let bytes = try AFSignedCanonicalForm.bytes(version: version, method: request.method, path: request.path, query: request.query, body: request.body)
        let expected = key.authenticationCode(for: bytes).hex
        // Lowercasing only ASCII letters differs from `lowercased()` only on text that is not
        // hex either way.
        var sent = Array((auth.signature ?? "").utf8)
        for index in sent.indices where (0x41...0x5A).contains(sent[index]) { sent[index] |= 0x20 }
        guard auth.signature != nil, ConstantTime.isEqual(expected.utf8, sent) else {
            let stringToSign = AFSignedCanonicalForm.text(bytes)
            throw AFSignedError(
                code: .signatureInvalid,
                message: "\(signatureName) \(auth.signature == nil ? "is missing" : "does not match"): the server signed “\(stringToSign.prefix(400))” (METHOD, path, sorted parameters) with the client's secret; compare it with the string you signed",
                providerMessage: Message.incorrectSignature, serverSignatureBase: stringToSign
            )
        }
        let body: BodyCoverage = !request.body.isEmpty ? .formFields : request.hasUnsignedBody ? .notCovered : .empty
        return Verified(clientID: clientID, timestamp: timestamp, nonce: auth.nonce, body: body)
    }

    // MARK: Reading the auth values

    private struct AuthValues {
        var version: String?
        var clientID: String?
        var timestamp: String?
        var signature: String?
        var nonce: String?
    }

    /// How often an auth value was sent, and its first value.
    private struct Sent {
        var count = 0
        var first: String?

        mutating func add(_ value: String) {
            if count == 0 { first = value }
            count += 1
        }
    }

    private func authValues(_ request: AFSignedIncomingRequest) throws(AFSignedError) -> AuthValues {
        var (version, clientID, timestamp, signature, nonce) = (Sent(), Sent(), Sent(), Sent(), Sent())
        switch self.version {
        case .v2:
            // One pass over the query's fields then the body's.
            func note(_ field: FormField) {
                switch field.name {
                case AFSignedField.version: version.add(field.value)
                case clientIDField.rawValue: clientID.add(field.value)
                case AFSignedField.timestamp: timestamp.add(field.value)
                case AFSignedField.signature: signature.add(field.value)
                case AFSignedField.nonce: nonce.add(field.value)
                default: break
                }
            }
            for field in request.query { note(field) }
            for field in request.body { note(field) }
        case .v4:
            // One pass over the headers; the five names are distinct.
            for field in request.headers.fields {
                if HeaderFields.equalNames(field.name, AFSignedField.versionHeader) {
                    version.add(field.value)
                } else if HeaderFields.equalNames(field.name, AFSignedField.clientIDHeader) {
                    clientID.add(field.value)
                } else if HeaderFields.equalNames(field.name, AFSignedField.timestampHeader) {
                    timestamp.add(field.value)
                } else if HeaderFields.equalNames(field.name, AFSignedField.signatureHeader) {
                    signature.add(field.value)
                } else if HeaderFields.equalNames(field.name, AFSignedField.nonceHeader) {
                    nonce.add(field.value)
                }
            }
        }
        return AuthValues(
            version: try single(version, versionName), clientID: try single(clientID, clientIDName), timestamp: try single(timestamp, timestampName),
            signature: try single(signature, signatureName), nonce: try single(nonce, nonceName)
        )
    }

    private func single(_ sent: Sent, _ name: String) throws(AFSignedError) -> String? {
        guard sent.count <= 1 else {
            throw AFSignedError(code: .malformedRequest, message: "\(name) was sent \(sent.count) times; send each auth value once")
        }
        if let value = sent.first, value.utf8.count > Self.maximumAuthValueLength {
            throw AFSignedError(code: .malformedRequest, message: "\(name) is \(value.utf8.count) bytes long; auth values are at most \(Self.maximumAuthValueLength)")
        }
        return sent.first
    }

    /// Where the clients come from: known up front (their HMAC keys set up once), or looked up.
    private enum Clients: Sendable {
        case known(Keys)
        case lookUp(ClientLookup)
    }

    /// The HMAC key of `clientID`, or `nil` when it is unknown.
    private func key(for clientID: String) async throws(AFSignedError) -> HMAC<SHA256>? {
        switch clients {
        case .known(let keys):
            return keys.byID[clientID]
        case .lookUp(let lookUp):
            do {
                return try await lookUp(clientID).map { HMAC<SHA256>(key: $0.clientSecret) }
            } catch let error as AFSignedError {
                throw error
            } catch {
                throw AFSignedError(
                    code: .credentialLookupFailed, message: "the client could not be looked up, so the request is refused — try again shortly",
                    providerMessage: Message.replayStoreUnavailable, cause: error
                )
            }
        }
    }

    /// The known clients' HMAC keys, set up once (the padded key's inner and outer hash
    /// states), by client id (the first of two with one id): secrets, so never shown in
    /// descriptions or dumps.
    private struct Keys: Sendable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
        let byID: [String: HMAC<SHA256>]

        init(_ credentials: [AFSignedCredentials]) {
            byID = Dictionary(credentials.map { ($0.clientID, HMAC<SHA256>(key: $0.clientSecret)) }, uniquingKeysWith: { first, _ in first })
        }

        var description: String { "<redacted>" }
        var debugDescription: String { description }
        var customMirror: Mirror { Mirror(self, children: [:], displayStyle: .struct) }
    }

    private func failure(_ code: AFSignedError.Code, _ words: String, _ reason: String) -> AFSignedError {
        AFSignedError(code: code, message: reason, providerMessage: words)
    }

    private var versionName: String { version == .v2 ? AFSignedField.version : AFSignedField.versionHeader }
    private var clientIDName: String { version == .v2 ? clientIDField.rawValue : AFSignedField.clientIDHeader }
    private var timestampName: String { version == .v2 ? AFSignedField.timestamp : AFSignedField.timestampHeader }
    private var signatureName: String { version == .v2 ? AFSignedField.signature : AFSignedField.signatureHeader }
    private var nonceName: String { version == .v2 ? AFSignedField.nonce : AFSignedField.nonceHeader }
}
