import DrupalServicesClient
import Foundation
import MockServerKit

/// The site's services: one JSON-RPC call checked and run as Drupal 6 Services runs it —
/// method lookup, key authentication (``DrupalKeyCheck``), required arguments, the method's
/// own access check, then the method.
struct DrupalServices: Sendable {
    let options: DrupalMockOptions
    let site: DrupalSite
    let keyCheck: DrupalKeyCheck
    let random: MockRandomSource

    /// The session cookie's name (PHP's `session_name()`, `SESS` and 32 hex digits).
    static let cookieName = "SESS8d0f3b6a2c4e9f17b5a0d2c6e8f1a3b7"
    /// The host name Drupal reports for the anonymous user.
    static let hostname = "127.0.0.1"

    /// What a call returned: the value, the session cookie to set, and the journal's words.
    struct Reply: Sendable {
        var value: JSONValue
        var setCookie: String?
        var note: String
    }

    /// The state a method runs in.
    private struct Caller {
        var sessid: String
        var user: DrupalSiteAccount?
        var arguments: [JSONValue]
        /// The position of the method's first own argument in `params`, counting from 1.
        var firstPosition: Int
        var now: Date

        var who: String { user.map { "\($0.name) (uid \($0.uid))" } ?? "anonymous" }
    }

    /// Runs `request`.
    ///
    /// - Parameter cookieSessid: the session id of the request's session cookie, if any.
    /// - Throws: ``DrupalMockError`` for every refusal, in Drupal's words.
    func run(_ request: JSONRPCRequest, cookieSessid: String?, now: Date) async throws(DrupalMockError) -> Reply {
        guard let method = DrupalMethod(rawValue: request.method) else {
            throw DrupalMockError(.methodNotFound, DrupalServiceMessage.methodDoesNotExist(request.method), reason: "the site has no method \(request.method.prefix(80).debugDescription); it serves \(DrupalMethod.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        guard method.isAuthenticated else {
            return await connect(cookieSessid: cookieSessid, now: now)
        }
        let checked = try await keyCheck.check(request, now: now)
        let sessid = options.usesSessid ? checked.sessid : (cookieSessid ?? "")
        var user: DrupalSiteAccount?
        if let session = await site.session(sessid, now: now) {
            user = await site.account(session.uid)
        }
        let leadingCount = (options.usesKeys ? 4 : 0) + (options.usesSessid ? 1 : 0)
        let caller = Caller(sessid: sessid, user: user, arguments: checked.arguments, firstPosition: leadingCount + 1, now: now)
        let required = method.requiredArguments
        if caller.arguments.count < required.count {
            let missing = Array(required[caller.arguments.count...])
            throw DrupalMockError(.invalidArguments, DrupalServiceMessage.missingArguments(missing), reason: "\(method.rawValue) needs \(required.joined(separator: ", ")) after the \(leadingCount) leading arguments; \(missing.joined(separator: ", ")) missing")
        }
        switch method {
        case .connect: return await connect(cookieSessid: cookieSessid, now: now)
        case .login: return try await login(caller)
        case .logout: return try await logout(caller)
        case .nodeGet: return try await nodeGet(caller)
        case .nodeSave: return try await nodeSave(caller)
        case .nodeDelete: return try await nodeDelete(caller)
        }
    }

    // MARK: system and user

    /// `system.connect`: the session of the request's cookie when it is live, else a new
    /// anonymous one.
    private func connect(cookieSessid: String?, now: Date) async -> Reply {
        if let sessid = cookieSessid, let session = await site.session(sessid, now: now) {
            let account = await site.account(session.uid)
            let user = account?.object(loginTime: Int(now.timeIntervalSince1970), hostname: Self.hostname) ?? DrupalSiteAccount.anonymousObject(hostname: Self.hostname)
            return Reply(value: ["sessid": .string(sessid), "user": user], note: "system.connect: session continued for \(account?.name ?? "anonymous")")
        }
        let sessid = newSessid()
        await site.startSession(sessid, uid: 0, now: now)
        return Reply(
            value: ["sessid": .string(sessid), "user": DrupalSiteAccount.anonymousObject(hostname: Self.hostname)],
            setCookie: cookie(sessid), note: "system.connect: new anonymous session"
        )
    }

    private func login(_ caller: Caller) async throws(DrupalMockError) -> Reply {
        let name = try DrupalArgument.text(caller.arguments[0], name: "username", position: caller.firstPosition)
        let password = try DrupalArgument.text(caller.arguments[1], name: "password", position: caller.firstPosition + 1)
        if let user = caller.user {
            throw DrupalMockError(.alreadyLoggedIn, DrupalServiceMessage.alreadyLoggedIn(as: user.name), reason: "the session is already logged in as \(user.name); call user.logout first")
        }
        guard let account = await site.authenticate(name: name, password: password) else {
            await site.endSession(caller.sessid)  // Drupal destroys the session on a failed login
            throw DrupalMockError(.wrongCredentials, DrupalServiceMessage.wrongCredentials, reason: "no account \(name.prefix(60).debugDescription) with that password (the session was destroyed, as Drupal does)")
        }
        await site.endSession(caller.sessid)  // sess_regenerate(): a new id against session fixation
        let sessid = newSessid()
        await site.startSession(sessid, uid: account.uid, now: caller.now)
        return Reply(
            value: ["sessid": .string(sessid), "user": account.object(loginTime: Int(caller.now.timeIntervalSince1970), hostname: Self.hostname)],
            setCookie: cookie(sessid), note: "user.login: \(account.name) logged in, new session"
        )
    }

    private func logout(_ caller: Caller) async throws(DrupalMockError) -> Reply {
        guard let user = caller.user else {
            throw DrupalMockError(.notLoggedIn, DrupalServiceMessage.notLoggedIn, reason: "the session \(caller.sessid.isEmpty ? "" : "given ")is anonymous (unknown, expired or never logged in)")
        }
        await site.endSession(caller.sessid)
        return Reply(value: true, note: "user.logout: \(user.name) logged out")
    }

    // MARK: node

    private func nodeGet(_ caller: Caller) async throws(DrupalMockError) -> Reply {
        let nid = try DrupalArgument.nid(caller.arguments[0], position: caller.firstPosition)
        let fields = try DrupalArgument.fields(caller.arguments.count > 1 ? caller.arguments[1] : nil, position: caller.firstPosition + 1)
        let node = try await existingNode(nid)
        guard node.isPublished || canEdit(node, caller.user) else {
            throw DrupalMockError(.accessDenied, DrupalServiceMessage.accessDenied, reason: "node \(node.nid) is unpublished; only its author and administrators may load it, and the caller is \(caller.who)")
        }
        return Reply(value: node.object(only: fields), note: "node.get: node \(node.nid)\(fields == nil ? "" : " (\(fields?.count ?? 0) fields)") for \(caller.who)")
    }

    private func nodeSave(_ caller: Caller) async throws(DrupalMockError) -> Reply {
        let edit = try DrupalArgument.object(caller.arguments[0], name: "node", position: caller.firstPosition)
        guard let user = caller.user else {
            throw DrupalMockError(.accessDenied, DrupalServiceMessage.accessDenied, reason: "anonymous users may not create or edit content; log in first")
        }
        var given: Int?
        if let value = edit["nid"], !value.isNull {
            given = try DrupalArgument.nid(value, position: nil)
        }
        var node: DrupalMockNode
        let isNew = given == nil || given == 0
        if isNew {
            node = DrupalMockNode(nid: 0, type: "story", title: "", body: "", author: user, created: Int(caller.now.timeIntervalSince1970))
        } else {
            node = try await existingNode(given)
            guard canEdit(node, user) else {
                throw DrupalMockError(.accessDenied, DrupalServiceMessage.accessDenied, reason: "node \(node.nid) belongs to uid \(node.uid); only its author and administrators may edit it")
            }
            node.fields["changed"] = .string(String(Int(caller.now.timeIntervalSince1970)))
        }
        for (name, value) in edit where DrupalMockNode.editableFields.contains(name) {
            node.fields[name] = name == "taxonomy" ? value : .string(try DrupalArgument.fieldText(value, name: name))
        }
        let title = node.fields["title"]?.stringValue ?? ""
        if title.trimmingCharacters(in: .whitespaces).isEmpty {
            throw DrupalMockError(.serviceFailure, "Title field is required.", reason: "node.save needs a non-empty title")
        }
        if title.count > 255 {
            throw DrupalMockError(.serviceFailure, "Title cannot be longer than 255 characters but is currently \(title.count) characters long.", reason: "node.save: the title is longer than 255 characters")
        }
        if edit["teaser"] == nil, let body = node.fields["body"]?.stringValue {
            node.fields["teaser"] = .string(String(body.prefix(600)))
        }
        guard let nid = await site.save(node, isNew: isNew) else {
            throw DrupalMockError(.serviceFailure, "The mock site is full (\(DrupalSite.nodeCapacity) nodes); delete some first.", reason: "node.save: the mock keeps at most \(DrupalSite.nodeCapacity) nodes")
        }
        return Reply(value: .int(nid), note: "node.save: node \(nid) \(isNew ? "created" : "updated") by \(user.name)")
    }

    private func nodeDelete(_ caller: Caller) async throws(DrupalMockError) -> Reply {
        let nid = try DrupalArgument.nid(caller.arguments[0], position: caller.firstPosition)
        let node = try await existingNode(nid)
        guard let user = caller.user, canEdit(node, user) else {
            throw DrupalMockError(.accessDenied, DrupalServiceMessage.accessDenied, reason: "only node \(node.nid)'s author (uid \(node.uid)) and administrators may delete it, and the caller is \(caller.who)")
        }
        await site.deleteNode(node.nid)
        return Reply(value: true, note: "node.delete: node \(node.nid) deleted by \(user.name)")
    }

    // MARK: Helpers

    private func existingNode(_ nid: Int?) async throws(DrupalMockError) -> DrupalMockNode {
        guard let nid, let node = await site.node(nid) else {
            throw DrupalMockError(.notFound, DrupalServiceMessage.nodeNotFound, reason: "there is no node \(nid.map(String.init) ?? "with that id")")
        }
        return node
    }

    private func canEdit(_ node: DrupalMockNode, _ user: DrupalSiteAccount?) -> Bool {
        guard let user else { return false }
        return user.isAdministrator || user.uid == node.uid
    }

    /// A new session id: 32 lowercase hex digits, like PHP's.
    private func newSessid() -> String {
        let digits = Array("0123456789abcdef")
        return String((0..<32).map { _ in digits[random.integer(in: 0...15)] })
    }

    private func cookie(_ sessid: String) -> String {
        "\(Self.cookieName)=\(sessid); path=/; HttpOnly"
    }
}
