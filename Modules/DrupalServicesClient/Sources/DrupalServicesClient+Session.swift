import CredentialStore
import Foundation

extension DrupalServicesClient {
    /// Makes sure there is a session and returns it: the one in use, the stored one once the
    /// site has confirmed it, or a new anonymous one from `system.connect`.
    ///
    /// - Throws: ``DrupalServicesError/Code/sessionExpired`` when a logged-in session is gone
    ///   on the site and no `reauthenticate` closure was given.
    @discardableResult
    public func connect() async throws -> DrupalSession {
        try await currentSession()
    }

    /// Asks the site now whether the session is still the same user's (`system.connect` with
    /// the session cookie), renewing it as ``connect()`` would when it is not.
    @discardableResult
    public func checkSession() async throws -> DrupalSession {
        if case .active(let session) = state {
            return try await establish { try await self.confirm(session) }
        }
        return try await currentSession()
    }

    /// Logs `username` in (`user.login`) and keeps the session, in the store too when there is
    /// one. Logging in as the user already logged in returns that user.
    ///
    /// - Throws: ``DrupalServicesError/Code/wrongCredentials``,
    ///   ``DrupalServicesError/Code/alreadyLoggedIn`` when another user is logged in.
    @discardableResult
    public func login(username: String, password: String) async throws -> DrupalUser {
        let before = state
        do {
            let current: DrupalSession
            if case .active(let session) = state {
                current = session
            } else {
                current = try await establish { try await self.connectAnonymously() }
            }
            do {
                return try await establish { try await self.logIn(username: username, password: password, sessid: current.sessid) }.user
            } catch let error as DrupalServicesError where error.code == .alreadyLoggedIn && current.user.name == username {
                return current.user
            }
        } catch {
            // A failed login leaves an expired user's session expired: never anonymous by accident.
            if case .expired = before { state = before }
            throw error
        }
    }

    /// Logs the session's user out (`user.logout`) and forgets the session, in the store too.
    /// A session the site had already ended counts as logged out.
    public func logout() async throws {
        while let current = establishing { _ = try? await current.value }
        if case .notLoaded = state, let stored = try? await storedSession() { state = .active(stored) }
        defer { state = .none }
        if case .active(let session) = state, session.isAuthenticated {
            do {
                _ = try await send("user.logout", [], sessid: session.sessid)
            } catch let error as DrupalServicesError where error.code == .notLoggedIn {
                // The site had already ended it: the user is logged out either way.
            }
        }
        try await removeStoredSession()
    }

    // MARK: Keeping the session

    /// The session for the next call, establishing or checking it as its state requires.
    func currentSession() async throws -> DrupalSession {
        if let establishing { return try await establishing.value }
        switch state {
        case .active(let session):
            guard http.deviceClock().timeIntervalSince(session.confirmed) > sessionCheckInterval else { return session }
            return try await establish { try await self.confirm(session) }
        case .expired(let user):
            return try await establish { try await self.renew(user) }
        case .notLoaded:
            return try await establish {
                if let stored = try await self.storedSession() { return try await self.confirm(stored) }
                return try await self.connectAnonymously()
            }
        case .none:
            return try await establish { try await self.connectAnonymously() }
        }
    }

    /// Runs `work` as the one session change in flight; concurrent calls wait for its outcome.
    private func establish(_ work: @escaping @Sendable () async throws -> DrupalSession) async throws -> DrupalSession {
        while let current = establishing { _ = try? await current.value }
        let task = Task { try await work() }
        establishing = task
        defer { if establishing == task { establishing = nil } }
        return try await withTaskCancellationHandler { try await task.value } onCancel: { task.cancel() }
    }

    /// A new anonymous session from `system.connect`.
    private func connectAnonymously() async throws -> DrupalSession {
        let (result, response) = try await send("system.connect", [], sessid: nil)
        let session = try connection(from: result, response: response, method: "system.connect")
        try await adopt(session)
        return session
    }

    /// `session` if the site still knows it as the same user's; otherwise its renewal.
    private func confirm(_ session: DrupalSession) async throws -> DrupalSession {
        guard let cookie = DrupalSessionCookie.header(for: session) else {
            // The site never named its session cookie, so it cannot be asked; trust the session.
            var trusted = session
            trusted.confirmed = http.deviceClock()
            try await adopt(trusted)
            return trusted
        }
        let (result, response) = try await send("system.connect", [], sessid: nil, cookie: cookie)
        let answer = try connection(from: result, response: response, method: "system.connect")
        if answer.sessid == session.sessid, answer.user.uid == session.user.uid {
            var confirmed = session
            confirmed.user = answer.user
            confirmed.confirmed = http.deviceClock()
            try await adopt(confirmed)
            return confirmed
        }
        guard session.isAuthenticated else {
            try await adopt(answer)  // an anonymous session is simply replaced
            return answer
        }
        return try await renew(session.user, from: answer)
    }

    /// A new session for `user`, whose session is gone: a login with `reauthenticate`'s
    /// credentials, or ``DrupalServicesError/Code/sessionExpired``.
    private func renew(_ user: DrupalUser, from anonymous: DrupalSession? = nil) async throws -> DrupalSession {
        guard let reauthenticate else {
            state = .expired(user)
            let who = user.name.map { "\($0) (uid \(user.uid))" } ?? "uid \(user.uid)"
            throw DrupalServicesError(
                code: .sessionExpired,
                message: "the site no longer knows the session of \(who), so it would run calls as the anonymous user; log in again with login(username:password:), or call logout() to go on anonymously"
            )
        }
        let login = try await reauthenticate()
        let start: DrupalSession
        if let anonymous { start = anonymous } else { start = try await connectAnonymously() }
        return try await logIn(username: login.username, password: login.password, sessid: start.sessid)
    }

    /// `user.login` in the session `sessid`; adopts and returns the user's new session.
    private func logIn(username: String, password: String, sessid: String) async throws -> DrupalSession {
        let (result, response) = try await send("user.login", [.string(username), .string(password)], sessid: sessid)
        let session = try connection(from: result, response: response, method: "user.login")
        guard session.isAuthenticated else {
            throw DrupalServicesError(code: .invalidResponse, message: "user.login answered with the anonymous user")
        }
        try await adopt(session)
        return session
    }

    /// The `{sessid, user}` answer of `system.connect` and `user.login` as a session.
    private func connection(from result: JSONValue, response: APIResponse, method: String) throws(DrupalServicesError) -> DrupalSession {
        guard let sessid = result["sessid"]?.stringValue, !sessid.isEmpty else {
            throw DrupalServicesError(
                code: .invalidResponse,
                message: "\(method) answered \(result.typeName == "object" ? "an object without a session id" : "a \(result.typeName)") where {sessid, user} was expected"
            )
        }
        let user = try decode(result["user"] ?? .null, as: DrupalUser.self, method: method)
        let now = http.deviceClock()
        return DrupalSession(sessid: sessid, cookieName: DrupalSessionCookie.name(in: response, sessid: sessid), user: user, established: now, confirmed: now)
    }

    /// Makes `session` the one in use; a logged-in session is also stored.
    private func adopt(_ session: DrupalSession) async throws {
        state = .active(session)
        guard session.isAuthenticated, let store else { return }
        do {
            try await store.save(session, service: credentialService, account: account)
        } catch {
            throw DrupalServicesError(code: .storeFailed, message: "the session could not be stored: \(error.message)", cause: error)
        }
    }

    private func storedSession() async throws -> DrupalSession? {
        guard let store else {
            state = .none
            return nil
        }
        do {
            let stored = try await store.load(DrupalSession.self, service: credentialService, account: account)
            if stored == nil { state = .none }
            return stored
        } catch {
            throw DrupalServicesError(code: .storeFailed, message: "the stored session could not be read: \(error.message); remove it with logout()", cause: error)
        }
    }

    private func removeStoredSession() async throws {
        guard let store else { return }
        do {
            try await store.remove(service: credentialService, account: account)
        } catch {
            throw DrupalServicesError(code: .storeFailed, message: "the stored session could not be removed: \(error.message)", cause: error)
        }
    }
}
