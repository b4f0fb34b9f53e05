import DrupalMock
import DrupalServicesClient
import Foundation
import MockServerKit
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A running Drupal mock and what a client needs to reach it: the endpoint, the demo key and
/// the demo user. Shared by the Drupal integration suites.
struct DrupalMockSite: Sendable {
    let server: MockServer
    let credentials: [String: String]

    /// Starts a Drupal mock with `options` on `port` (0: a free one), reading `clock`, runs
    /// `body` with it, and stops it however `body` ends.
    static func with<Result>(
        _ options: DrupalMockOptions = DrupalMockOptions(), clock: any MockClock = SystemClock(), port: Int = 0,
        isolation: isolated (any Actor)? = #isolation,
        _ body: (DrupalMockSite) async throws -> Result
    ) async throws -> Result {
        try await MockServer.withRunning(DrupalMockProvider(options: options), configuration: MockServerConfiguration(port: port), clock: clock) { server in
            try await body(DrupalMockSite(server: server, credentials: server.providers[0].credentials))
        }
    }

    /// `http://127.0.0.1:PORT/services/json-rpc`.
    var endpoint: URL { URL(string: server.baseURL.absoluteString + DrupalMockProvider.endpointPath)! }

    /// The demo credential called `name`.
    func credential(_ name: String) throws -> String {
        try #require(credentials[name], "the Drupal mock lists no \(name) credential")
    }

    /// The demo key, which may call every method.
    func key() throws -> DrupalAPIKey { DrupalAPIKey(key: try credential("apiKey"), domain: try credential("domain")) }

    /// The read-only key (system.connect and node.get only).
    func readOnlyKey() throws -> DrupalAPIKey {
        DrupalAPIKey(key: try credential("readOnlyAPIKey"), domain: try credential("readOnlyDomain"))
    }

    /// The demo user's login.
    func demoLogin() throws -> DrupalLogin { DrupalLogin(username: try credential("username"), password: try credential("password")) }

    /// A client for this site through `wire`.
    func client(
        key: DrupalAPIKey? = nil,
        usesSessid: Bool = true,
        version: JSONRPCVersion = .v1_1,
        wire: DrupalWire = DrupalWire(),
        clock: @escaping @Sendable () -> Date = { Date() },
        correctsClockSkew: Bool = true,
        store: (any CredentialStore)? = nil,
        account: String = "default",
        sessionCheckInterval: TimeInterval = 600,
        nonce: @escaping @Sendable () -> String = DrupalKeySigner.defaultNonce,
        reauthenticate: (@Sendable () async throws -> DrupalLogin)? = nil
    ) throws -> DrupalServicesClient {
        DrupalServicesClient(
            configuration: DrupalServicesConfiguration(baseURL: server.baseURL, apiKey: try key ?? self.key(), usesSessid: usesSessid, version: version, nonce: nonce),
            http: SignedHTTPClient(transport: wire, correctsClockSkew: correctsClockSkew, deviceClock: clock),
            store: store,
            account: account,
            sessionCheckInterval: sessionCheckInterval,
            reauthenticate: reauthenticate
        )
    }
}

/// A transport over a `URLSession` of its own (so no connection outlives a restarted server)
/// that records every request and response: which JSON-RPC methods a client sent, in which
/// order, with which arguments, and the headers the site answered with.
final class DrupalWire: HTTPTransport, @unchecked Sendable {
    // `lock` guards `recorded`; nothing else is mutable.
    private let lock = NSLock()
    private var recorded: [(request: APIRequest, response: APIResponse)] = []
    private let transport = URLSessionTransport(session: URLSession(configuration: .ephemeral))

    func send(_ request: APIRequest) async throws -> APIResponse {
        let response = try await transport.send(request)
        lock.withLock { recorded.append((request, response)) }
        return response
    }

    /// The exchanges so far, in order.
    var exchanges: [(request: APIRequest, response: APIResponse)] { lock.withLock { recorded } }

    /// The JSON-RPC calls sent, as JSON.
    var calls: [JSONValue] { exchanges.map { (try? JSONDecoder().decode(JSONValue.self, from: Data($0.request.body))) ?? .null } }

    /// The JSON-RPC methods sent, in order.
    var methods: [String] { calls.map { $0["method"]?.stringValue ?? "?" } }

    /// The answers' bodies, as JSON (`null` for an empty body).
    var answers: [JSONValue] { exchanges.map { (try? JSONDecoder().decode(JSONValue.self, from: Data($0.response.body))) ?? .null } }
}

/// Counts the calls of an app's `reauthenticate` closure.
final class LoginCounter: @unchecked Sendable {
    // `lock` guards `value`.
    private let lock = NSLock()
    private var value = 0
    var count: Int { lock.withLock { value } }
    func increment() { lock.withLock { value += 1 } }
}

/// DrupalServicesClient against the in-process Drupal mock over real HTTP: sessions,
/// nodes, logins, sessions kept in a `FileStore`, stale and expired sessions, clock skew.
@Suite("DrupalServicesClient against the Drupal mock")
struct DrupalClientFlowTests {
    static func temporaryDirectory() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("drupal-sessions-\(UUID().uuidString)")
    }

    @Test("connect gives an anonymous session with its SESS cookie; node 1 reads whole or by fields; node 3 is denied")
    func anonymousReading() async throws {
        try await DrupalMockSite.with { site in
            let wire = DrupalWire()
            let client = try site.client(wire: wire)

            let session = try await client.connect()
            #expect(session.user.uid == 0)
            #expect(!session.isAuthenticated)
            #expect(!session.sessid.isEmpty)
            #expect(session.cookieName?.hasPrefix("SESS") == true, "\(String(describing: session.cookieName))")
            #expect(try await client.connect().sessid == session.sessid, "a second connect keeps the session")

            let node = try await client.node(1)
            #expect(node.nid == 1)
            #expect(node.uid == 1)
            #expect(node.status == true)
            #expect(node.title?.isEmpty == false)
            #expect(node.type != nil)
            #expect(node.created != nil && node.changed != nil)

            let partial = try await client.node(1, fields: ["title", "changed"])
            #expect(partial.title == node.title)
            #expect(partial.changed == node.changed)
            #expect(partial.nid == nil && partial.uid == nil && partial.body == nil && partial.otherFields.isEmpty)
            let raw = try await client.call("node.get", [1, ["title", "changed"]])
            #expect(raw.objectValue.map { Set($0.keys) } == ["title", "changed"], "\(raw)")
            #expect(raw["title"]?.stringValue == node.title, "values as strings, as Drupal writes them")

            let denied = try await #require(throws: DrupalServicesError.self) { try await client.node(3) }
            #expect(denied.code == .accessDenied)
            #expect(denied.providerMessage == DrupalServiceMessage.accessDenied)

            #expect(wire.methods == ["system.connect", "node.get", "node.get", "node.get", "node.get"])
            #expect(wire.calls.first?["params"] == [], "system.connect carries no key arguments")
            let sessids = wire.calls.dropFirst().map { $0["params"]?.arrayValue?[4] }
            #expect(sessids.allSatisfy { $0 == .string(session.sessid) }, "every call carries the session's sessid after the key arguments")
        }
    }

    @Test("login as demo, create, read, update and delete a node, log out", arguments: JSONRPCVersion.allCases)
    func nodeLifecycle(_ version: JSONRPCVersion) async throws {
        try await DrupalMockSite.with { site in
            let wire = DrupalWire()
            let client = try site.client(version: version, wire: wire)
            let demo = try site.demoLogin()

            let user = try await client.login(username: demo.username, password: demo.password)
            #expect(user.uid == 2)
            #expect(user.name == demo.username)
            #expect(user.roles.values.contains("authenticated user"))
            let session = try #require(await client.session)
            #expect(session.isAuthenticated && session.user.uid == 2)
            #expect(session.cookieName?.hasPrefix("SESS") == true)

            let nid = try await client.saveNode(DrupalNode(type: "story", title: "Written by a test", body: "First draft"))
            #expect(nid > 3)
            var stored = try await client.node(nid)
            #expect(stored.nid == nid)
            #expect(stored.type == "story")
            #expect(stored.title == "Written by a test")
            #expect(stored.body == "First draft")
            #expect(stored.uid == 2, "demo is the author")

            stored.title = "Edited by a test"
            stored.body = "Second draft"
            #expect(try await client.saveNode(stored) == nid, "saving a node with a nid updates it")
            let edited = try await client.node(nid)
            #expect(edited.title == "Edited by a test")
            #expect(edited.body == "Second draft")

            try await client.deleteNode(nid)
            let gone = try await #require(throws: DrupalServicesError.self) { try await client.node(nid) }
            #expect(gone.code == .notFound)
            #expect(gone.providerMessage == DrupalServiceMessage.nodeNotFound)

            try await client.logout()
            #expect(await client.session == nil)
            // The next call connects afresh, as the anonymous user.
            #expect(try await client.node(1, fields: ["title"]).title?.isEmpty == false)
            #expect(await client.session?.isAuthenticated == false)

            #expect(wire.methods == [
                "system.connect", "user.login", "node.save", "node.get", "node.save", "node.get", "node.delete", "node.get",
                "user.logout", "system.connect", "node.get",
            ])
            for (call, answer) in zip(wire.calls, wire.answers) {
                #expect(call[version == .v2_0 ? "jsonrpc" : "version"] == .string(version.rawValue))
                #expect(answer[version == .v2_0 ? "jsonrpc" : "version"] == .string(version.rawValue), "the answer speaks the request's dialect: \(answer)")
                #expect(answer["id"] == call["id"], "the id is echoed")
            }
        }
    }

    @Test("a second login as the same user returns that user; a wrong password is wrongCredentials")
    func loginAnswers() async throws {
        try await DrupalMockSite.with { site in
            let wire = DrupalWire()
            let client = try site.client(wire: wire)
            let demo = try site.demoLogin()

            let wrong = try await #require(throws: DrupalServicesError.self) { try await client.login(username: demo.username, password: "not-the-password") }
            #expect(wrong.code == .wrongCredentials)
            #expect(wrong.providerMessage == DrupalServiceMessage.wrongCredentials)
            #expect(await client.session?.isAuthenticated == false, "a failed login leaves the anonymous session")

            #expect(try await client.login(username: demo.username, password: demo.password).uid == 2)
            #expect(try await client.login(username: demo.username, password: demo.password).uid == 2)
            #expect(wire.answers.last?["result"] == .string(DrupalServiceMessage.alreadyLoggedIn(as: demo.username)))
            let other = try await #require(throws: DrupalServicesError.self) { try await client.login(username: "admin", password: "whatever") }
            #expect(other.code == .alreadyLoggedIn)
            #expect(wire.methods == ["system.connect", "user.login", "user.login", "user.login", "user.login"])
        }
    }

    @Test("a logged-in session survives a restart in a FileStore: the second launch saves a node without logging in")
    func sessionRestoredFromFileStore() async throws {
        try await DrupalMockSite.with { site in
            let directory = Self.temporaryDirectory()
            defer { try? FileManager.default.removeItem(at: directory) }
            let demo = try site.demoLogin()

            let first = try site.client(store: FileStore(directory: directory), account: "demo")
            try await first.login(username: demo.username, password: demo.password)
            let original = try #require(await first.session)

            // The app restarts: a new client and a new store on the same directory.
            let wire = DrupalWire()
            let second = try site.client(wire: wire, store: FileStore(directory: directory), account: "demo")
            let nid = try await second.saveNode(DrupalNode(type: "story", title: "After a restart"))
            let restored = try #require(await second.session)
            #expect(restored.sessid == original.sessid)
            #expect(restored.user.uid == 2)
            #expect(try await second.node(nid).uid == 2, "the node was saved as demo")
            // One check of the stored session (system.connect with its cookie), then the calls.
            #expect(wire.methods == ["system.connect", "node.save", "node.get"])
            let cookieName = try #require(original.cookieName)
            #expect(wire.exchanges.first?.request.header("Cookie") == "\(cookieName)=\(original.sessid)")
        }
    }

    @Test("a stored session the restarted site no longer knows is never used as anonymous: re-login or sessionExpired", arguments: [false, true])
    func staleStoredSession(reauthenticates: Bool) async throws {
        let directory = Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let (endpoint, stale) = try await DrupalMockSite.with { before in
            let demo = try before.demoLogin()
            let first = try before.client(store: FileStore(directory: directory), account: "demo")
            try await first.login(username: demo.username, password: demo.password)
            return (before.endpoint, try #require(await first.session))
        }

        // The site restarts on the same address (the store's service names it) with no sessions.
        try await DrupalMockSite.with(port: try #require(endpoint.port)) { site in
            #expect(site.endpoint == endpoint)
            let demo = try site.demoLogin()
            let wire = DrupalWire()
            let logins = LoginCounter()
            let relogin: (@Sendable () async throws -> DrupalLogin)? = reauthenticates ? { @Sendable () async throws -> DrupalLogin in logins.increment(); return demo } : nil
            let second = try site.client(wire: wire, store: FileStore(directory: directory), account: "demo", reauthenticate: relogin)
            if reauthenticates {
                let nid = try await second.saveNode(DrupalNode(type: "story", title: "Saved after a re-login"))
                #expect(logins.count == 1)
                let renewed = try #require(await second.session)
                #expect(renewed.user.uid == 2)
                #expect(renewed.sessid != stale.sessid)
                #expect(try await second.node(nid).uid == 2)
                #expect(wire.methods == ["system.connect", "user.login", "node.save", "node.get"])
                let stored = try await FileStore(directory: directory).load(DrupalSession.self, service: second.credentialService, account: "demo")
                #expect(stored?.sessid == renewed.sessid, "the new session replaced the stale one in the store")
            } else {
                let expired = try await #require(throws: DrupalServicesError.self) {
                    try await second.saveNode(DrupalNode(type: "story", title: "Never saved as anonymous"))
                }
                #expect(expired.code == .sessionExpired)
                #expect(await second.session == nil)
                let still = try await #require(throws: DrupalServicesError.self) { try await second.node(1) }
                #expect(still.code == .sessionExpired, "the next call is not quietly anonymous either")
                #expect(wire.methods == ["system.connect"], "nothing but the check reached the site")
                // Logging in again recovers.
                try await second.login(username: demo.username, password: demo.password)
                #expect(try await second.saveNode(DrupalNode(type: "story", title: "Saved after logging in")) > 3)
            }
        }
    }

    struct ExpiryCase: Sendable, CustomTestStringConvertible {
        /// Whether the app gives the client a `reauthenticate` closure.
        let reauthenticates: Bool
        /// The client's sessionCheckInterval: shorter than the idle time (the client checks
        /// before the call) or longer (the call meets `Access denied` and the client checks then).
        let checkInterval: TimeInterval
        let expectedMethods: [String]
        var testDescription: String {
            "\(reauthenticates ? "re-login" : "sessionExpired"), \(checkInterval < 1_000 ? "checked when idle" : "checked after Access denied")"
        }
    }

    static let expiryCases = [
        ExpiryCase(reauthenticates: false, checkInterval: 600, expectedMethods: [
            "system.connect", "user.login", "system.connect", "node.save", "system.connect", "node.save", "system.connect",
        ]),
        ExpiryCase(reauthenticates: true, checkInterval: 600, expectedMethods: [
            "system.connect", "user.login", "system.connect", "node.save", "system.connect", "node.save", "system.connect", "user.login", "node.save",
        ]),
        ExpiryCase(reauthenticates: false, checkInterval: 1e9, expectedMethods: [
            "system.connect", "user.login", "node.save", "node.save", "node.save", "system.connect",
        ]),
        ExpiryCase(reauthenticates: true, checkInterval: 1e9, expectedMethods: [
            "system.connect", "user.login", "node.save", "node.save", "node.save", "system.connect", "user.login", "node.save",
        ]),
    ]

    @Test("a session idle past sessionLifetimeSeconds on the server's clock expires; idle just under it slides", arguments: expiryCases)
    func sessionExpiresOnServerClock(_ test: ExpiryCase) async throws {
        let clock = ManualClock()
        let lifetime = TimeInterval(DrupalMockOptions().sessionLifetimeSeconds)
        try await DrupalMockSite.with(clock: clock) { site in
            let demo = try site.demoLogin()
            let wire = DrupalWire()
            let logins = LoginCounter()
            let relogin: (@Sendable () async throws -> DrupalLogin)? = test.reauthenticates ? { @Sendable () async throws -> DrupalLogin in logins.increment(); return demo } : nil
            // The client signs with the server's clock: the Date header is real time, so it cannot be learned.
            let client = try site.client(
                wire: wire, clock: { clock.now }, correctsClockSkew: false, sessionCheckInterval: test.checkInterval, reauthenticate: relogin
            )
            try await client.login(username: demo.username, password: demo.password)
            let original = try #require(await client.session)

            // Idle just under the lifetime, twice: each call renews the session's lease.
            clock.advance(by: lifetime - 1)
            _ = try await client.saveNode(DrupalNode(type: "story", title: "Still logged in"))
            clock.advance(by: lifetime - 1)
            _ = try await client.saveNode(DrupalNode(type: "story", title: "Still logged in, again"))
            #expect(await client.session?.sessid == original.sessid)

            clock.advance(by: lifetime + 1)
            if test.reauthenticates {
                let nid = try await client.saveNode(DrupalNode(type: "story", title: "After the session expired"))
                #expect(logins.count == 1)
                #expect(await client.session?.user.uid == 2)
                #expect(await client.session?.sessid != original.sessid)
                #expect(nid > 3)
            } else {
                let error = try await #require(throws: DrupalServicesError.self) {
                    try await client.saveNode(DrupalNode(type: "story", title: "Never saved as anonymous"))
                }
                #expect(error.code == .sessionExpired)
                #expect(error.message.contains("demo"), "\(error.message)")
                #expect(!error.message.contains(original.sessid), "the session id is a secret")
            }
            #expect(wire.methods == test.expectedMethods)
        }
    }

    @Test("a device clock 10 minutes slow on a site without sessions: one Token has expired., retried at the site's time, accepted")
    func skewedClockCorrectedByOneRetry() async throws {
        // Without sessions there is no system.connect first to learn the site's clock from.
        // The site's clock and the device's stand still, 600 s apart: what the client learns and
        // signs with is exact, however long the calls take.
        let now = Date(timeIntervalSince1970: 1_900_000_000)
        try await DrupalMockSite.with(DrupalMockOptions(usesSessid: false), clock: ManualClock(start: now)) { site in
            let wire = DrupalWire()
            let client = try site.client(usesSessid: false, wire: wire, clock: { now.addingTimeInterval(-600) })

            let node = try await client.node(1)
            #expect(node.nid == 1)
            let entries = await site.server.journal.entries
            #expect(entries.map(\.verdict) == [.rejected, .accepted])
            #expect(entries.first?.reason.hasPrefix("timestamp refused") == true, "\(entries.first?.reason ?? "")")
            #expect(wire.exchanges.first?.response.mockReason == entries.first?.reason)
            #expect(wire.answers.first?["result"] == .string(DrupalServiceMessage.tokenExpired))

            let params = wire.calls.map { $0["params"]?.arrayValue ?? [] }
            try #require(params.count == 2)
            #expect(params[0][3] != params[1][3], "the retry carries a new nonce")
            let corrected = try #require(params[1][2].stringValue.flatMap(Int.init))
            #expect(corrected == Int(now.timeIntervalSince1970), "the retry is signed at the site's time (600 s from the device's)")
            #expect(params[1].count == 5, "no sessid: hash, domain, timestamp, nonce, nid")
            // The Date header names the site's second; the estimate takes its middle.
            #expect(await client.http.serverClock.offset == 600.5)

            // The next call is right the first time.
            #expect(try await client.node(2).nid == 2)
            #expect(await site.server.journal.entries.map(\.verdict) == [.rejected, .accepted, .accepted])
        }
    }

    @Test("with sessions, the site's clock is learned from system.connect: a slow device clock meets no rejection")
    func skewedClockLearnedFromConnect() async throws {
        try await DrupalMockSite.with { site in
            let wire = DrupalWire()
            let client = try site.client(wire: wire, clock: { Date().addingTimeInterval(-600) })
            #expect(try await client.node(1).nid == 1)
            #expect(wire.methods == ["system.connect", "node.get"])
            #expect(await site.server.journal.entries.allSatisfy { $0.verdict == .accepted })
        }
    }

    struct Connection: Decodable {
        let sessid: String
        let user: DrupalUser
    }

    @Test("any method through call(_:_:) and call(_:_:as:); a JSON-RPC 2.0 notification gets an empty answer")
    func genericCalls() async throws {
        try await DrupalMockSite.with { site in
            let wire = DrupalWire()
            let client = try site.client(wire: wire)

            let connection = try await client.call("system.connect", as: Connection.self)
            #expect(!connection.sessid.isEmpty)
            #expect(connection.user.uid == 0)
            let value = try await client.call("node.get", [2, ["title", "uid"]])
            #expect(value["uid"] == "2", "\(value)")
            #expect(value["title"]?.stringValue?.isEmpty == false)
            #expect(try await client.call("node.get", [1], as: DrupalNode.self).nid == 1)
            #expect(try await client.call("node.get", [1], as: JSONValue.self)["nid"] == "1")
            let notLoggedIn = try await #require(throws: DrupalServicesError.self) { try await client.call("user.logout") }
            #expect(notLoggedIn.code == .notLoggedIn)
            #expect(notLoggedIn.providerMessage == DrupalServiceMessage.notLoggedIn)

            let modern = try site.client(version: .v2_0, wire: wire)
            try await modern.notify("node.get", [1])
            let last = try #require(wire.exchanges.last)
            #expect(wire.calls.last?["id"] == nil)
            #expect(wire.calls.last?["method"] == "node.get")
            #expect(last.response.statusCode == 200)
            #expect(last.response.body.isEmpty)
        }
    }
}
