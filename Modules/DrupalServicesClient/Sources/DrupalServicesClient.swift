public import Foundation

/// A Drupal 6 Services site over JSON-RPC, with key authentication and sessions.
///
/// ```swift
/// let client = DrupalServicesClient(configuration: site, store: FileStore(directory: appSupport))
/// let user = try await client.login(username: "alice", password: password)
/// let node = try await client.node(1, fields: ["title", "body"])
/// ```
///
/// Every call is signed afresh (``DrupalKeySigner``: new nonce, the server's time when
/// correcting clock skew) and sent through one `SignedHTTPClient`. The session lives in this
/// actor: the first call connects (`system.connect`) when there is none; ``login(username:password:)``
/// makes it a user's; with a `CredentialStore` it survives restarts.
///
/// A stale session is never silently downgraded to anonymous. Drupal runs a call with an
/// unknown `sessid` as the anonymous user without saying so; this client checks a restored
/// session, a session idle longer than ``sessionCheckInterval``, and any session that meets
/// `Access denied`, by asking `system.connect` which user the session cookie belongs to. When
/// a logged-in session is gone, calls throw ``DrupalServicesError/Code/sessionExpired`` until
/// the app logs in again — or the client logs in itself when given `reauthenticate`.
public actor DrupalServicesClient {
    /// The site's settings.
    public nonisolated let configuration: DrupalServicesConfiguration
    /// How calls are sent, retried and clock-corrected.
    public nonisolated let http: SignedHTTPClient
    /// Where the session is kept between launches, if anywhere.
    public nonisolated let store: (any CredentialStore)?
    /// The store's account for this client's session.
    public nonisolated let account: String
    /// How long a session may go unconfirmed before the next call checks it with the site.
    public nonisolated let sessionCheckInterval: TimeInterval

    let reauthenticate: (@Sendable () async throws -> DrupalLogin)?
    var state = SessionState.notLoaded
    var establishing: Task<DrupalSession, any Error>?
    private var lastID = 0

    /// Where the session stands.
    enum SessionState {
        /// Not yet read from the store.
        case notLoaded
        /// No session: the next call connects.
        case none
        /// A session in use.
        case active(DrupalSession)
        /// This user's session is gone on the site; calls fail until a login.
        case expired(DrupalUser)
    }

    /// Creates a client.
    ///
    /// - Parameters:
    ///   - configuration: the site's endpoint, key and session setting.
    ///   - http: a `SignedHTTPClient()` by default: `URLSession`, no retries (JSON-RPC calls are
    ///     `POST`s), clock-skew correction on (`Token has expired.` is retried once at the
    ///     site's time: phones' clocks drift past Drupal's 30-second expiry).
    ///   - store: where to keep the session between launches; `nil` keeps it in memory only.
    ///   - account: the store's account name for this client's session.
    ///   - sessionCheckInterval: how long a session may go unconfirmed before it is checked
    ///     (10 minutes by default).
    ///   - reauthenticate: supplies a user name and password when a logged-in session is gone,
    ///     so the client logs in again by itself; `nil` makes such calls throw
    ///     ``DrupalServicesError/Code/sessionExpired``.
    public init(
        configuration: DrupalServicesConfiguration,
        http: SignedHTTPClient = SignedHTTPClient(),
        store: (any CredentialStore)? = nil,
        account: String = "default",
        sessionCheckInterval: TimeInterval = 600,
        reauthenticate: (@Sendable () async throws -> DrupalLogin)? = nil
    ) {
        self.configuration = configuration
        self.http = http
        self.store = store
        self.account = account
        self.sessionCheckInterval = sessionCheckInterval
        self.reauthenticate = reauthenticate
    }

    /// The store's service name for this site's sessions: the site's host and port.
    public nonisolated var credentialService: String {
        let url = configuration.baseURL
        return "drupal:\(url.host ?? "site")\(url.port.map { ":\($0)" } ?? "")"
    }

    /// The session in use, if any (without contacting the site).
    public var session: DrupalSession? {
        if case .active(let session) = state { return session }
        return nil
    }

    // MARK: Sending

    /// Sends one call and returns its result: the one path every call takes.
    ///
    /// - Parameters:
    ///   - sessid: the session id to send, or `nil` for none.
    ///   - notification: send without an `id` (and ignore the answer's body).
    ///   - cookie: a `Cookie` header value to send (the session check).
    func send(
        _ method: String, _ arguments: [JSONValue], sessid: String?, notification: Bool = false, cookie: String? = nil
    ) async throws -> (result: JSONValue, response: APIResponse) {
        let id: JSONValue? = notification ? nil : .int(nextID())
        let call = JSONRPCRequest(version: configuration.version, method: method, params: arguments, id: id)
        let signed = configuration.authenticates(method)
        let signer = DrupalKeySigner(apiKey: signed ? configuration.apiKey : nil, call: call, sessid: signed ? sessid : nil, nonce: configuration.nonce)
        var request = APIRequest(method: "POST", url: try configuration.endpoint)
        if let cookie { request.setHeader("Cookie", cookie) }
        let exchange = try await http.send(request, signer: signer, isClockSkewRejection: DrupalAnswer.isTokenExpired, failure: DrupalServicesError.self)
        if notification, exchange.response.isSuccess, exchange.response.body.isEmpty {
            return (.null, exchange.response)
        }
        return (try DrupalAnswer.result(of: exchange.response, method: method, id: id, now: http.deviceClock()), exchange.response)
    }

    private func nextID() -> Int {
        lastID = lastID == Int.max ? 1 : lastID + 1
        return lastID
    }

    /// Decodes `value` as `type`, naming the member that does not fit.
    nonisolated func decode<T: Decodable>(_ value: JSONValue, as type: T.Type, method: String) throws(DrupalServicesError) -> T {
        do {
            return try value.decode(as: T.self)
        } catch let error as DecodingError {
            throw DrupalServicesError(code: .decodingFailed, message: "\(method) returned something that is not a \(T.self): \(error.pathAndReason(root: "result"))", cause: error)
        } catch {
            throw DrupalServicesError(code: .decodingFailed, message: "\(method) returned something that is not a \(T.self)", cause: error)
        }
    }
}

/// A user name and password, supplied by an app's `reauthenticate` closure (from the Keychain,
/// or by asking the user). The password never appears in `description` or dumps.
public struct DrupalLogin: Sendable {
    /// The user name.
    public var username: String
    /// The password.
    public var password: String

    /// Creates a login.
    public init(username: String, password: String) {
        self.username = username
        self.password = password
    }
}

extension DrupalLogin: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    public var description: String { "DrupalLogin(\(username), password: <redacted>)" }
    public var debugDescription: String { description }
    public var customMirror: Mirror { Mirror(self, children: ["username": username, "password": "<redacted>"], displayStyle: .struct) }
}
