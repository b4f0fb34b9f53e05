import DrupalMock
import DrupalServicesClient
import Foundation
import HTTPTypes
import MockServerKit
import Testing

/// The site's methods, their arguments, access checks and sessions.
@Suite("Drupal mock methods and sessions")
struct MethodTests {
    @Test("system.connect starts an anonymous session with a SESS cookie; the cookie continues it")
    func connect() async throws {
        try await DrupalHarness.withRunning { site in
            let reply = try await site.post(DrupalHarness.envelope("system.connect", []))
            let sessid = try #require(reply.result?["sessid"]?.stringValue)
            #expect(sessid.count == 32 && sessid.allSatisfy(\.isHexDigit))
            #expect(reply.result?["user"] == ["uid": 0, "hostname": "127.0.0.1", "roles": ["1": "anonymous user"], "session": "", "cache": 0])
            let cookie = try #require(reply.headers[.setCookie])
            #expect(cookie.hasPrefix("SESS") && cookie.contains("=\(sessid); path=/; HttpOnly"))
            var headers = HTTPFields()
            headers[.cookie] = String(cookie.split(separator: ";")[0])
            let again = try await site.post(DrupalHarness.envelope("system.connect", []), headers: headers)
            #expect(again.result?["sessid"] == .string(sessid))
            #expect(again.headers[.setCookie] == nil)
        }
    }

    @Test("user.login: a new sessid, the user with numbers as strings; twice is 'Already logged in as demo.'; logout; logout again")
    func loginLogout() async throws {
        try await DrupalHarness.withRunning { site in
            let anonymous = try await site.connect()
            let login = try await site.call("user.login", [.string(site.credentials["username"]!), .string(site.credentials["password"]!)], sessid: anonymous)
            let sessid = try #require(login.result?["sessid"]?.stringValue)
            #expect(sessid != anonymous)
            let user = try #require(login.result?["user"])
            #expect(user["uid"] == "2" && user["name"] == "demo" && user["status"] == "1")
            #expect(user["roles"] == ["2": "authenticated user"])
            #expect(user["pass"] == nil && !login.text.contains(site.credentials["password"]!))
            #expect(login.headers[.setCookie]?.contains(sessid) == true)
            // The decoded user is what the SDK's model reads.
            #expect(try user.decode(as: DrupalUser.self).uid == 2)

            #expect(try await site.call("user.login", ["demo", .string(site.credentials["password"]!)], sessid: sessid).result == "Already logged in as demo.")
            #expect(try await site.call("user.logout", [], sessid: sessid).result == true)
            #expect(try await site.call("user.logout", [], sessid: sessid).result == .string(DrupalServiceMessage.notLoggedIn))
            // The old anonymous session was regenerated away: it runs as anonymous too.
            #expect(try await site.call("user.logout", [], sessid: anonymous).result == .string(DrupalServiceMessage.notLoggedIn))
        }
    }

    @Test("a wrong password is 'Wrong username or password.' and destroys the session, as Drupal does")
    func wrongPassword() async throws {
        try await DrupalHarness.withRunning { site in
            let reply = try await site.post(DrupalHarness.envelope("system.connect", []))
            let sessid = try #require(reply.result?["sessid"]?.stringValue)
            #expect(try await site.call("user.login", ["demo", "nope"], sessid: sessid).result == .string(DrupalServiceMessage.wrongCredentials))
            #expect(try await site.call("user.login", ["nobody", "nope"], sessid: sessid).result == .string(DrupalServiceMessage.wrongCredentials))
            #expect(await !site.server.journal.entries.contains { $0.reason.contains("nope") })
            var headers = HTTPFields()
            headers[.cookie] = String(try #require(reply.headers[.setCookie]).split(separator: ";")[0])
            let reconnect = try await site.post(DrupalHarness.envelope("system.connect", []), headers: headers)
            #expect(reconnect.result?["sessid"] != .string(sessid))
        }
    }

    @Test("node.get: values as strings, field selection, an unpublished node for its author only, a missing node")
    func nodeGet() async throws {
        try await DrupalHarness.withRunning { site in
            let anonymous = try await site.connect()
            let node = try #require(try await site.call("node.get", [1], sessid: anonymous).result)
            #expect(node["nid"] == "1" && node["uid"] == "1" && node["status"] == "1" && node["type"] == "story")
            #expect(node["created"]?.stringValue?.allSatisfy(\.isNumber) == true)
            #expect(try node.decode(as: DrupalNode.self).nid == 1)
            #expect(try await site.call("node.get", ["1", ["title", "changed", "nonexistent"]], sessid: anonymous).result?.objectValue?.keys.sorted() == ["changed", "title"])
            #expect(try await site.call("node.get", [1, "title, nid"], sessid: anonymous).result?.objectValue?.keys.sorted() == ["nid", "title"])
            #expect(try await site.call("node.get", [1, []], sessid: anonymous).result?.objectValue?.count == node.objectValue?.count)
            #expect(try await site.call("node.get", [2], sessid: anonymous).result?["title"] == "À propos — Über uns")
            #expect(try await site.call("node.get", [3], sessid: anonymous).result == .string(DrupalServiceMessage.accessDenied))
            #expect(try await site.call("node.get", [999], sessid: anonymous).result == .string(DrupalServiceMessage.nodeNotFound))
            #expect(try await site.call("node.get", ["abc"], sessid: anonymous).result == .string(DrupalServiceMessage.nodeNotFound))
            let demo = try await site.login()
            #expect(try await site.call("node.get", [3], sessid: demo).result == .string(DrupalServiceMessage.accessDenied))
            let admin = try await site.login(site.credentials["adminUsername"], site.credentials["adminPassword"])
            #expect(try await site.call("node.get", [3], sessid: admin).result?["status"] == "0")
        }
    }

    @Test("node.save creates and updates for a logged-in author; node.delete; others are 'Access denied'")
    func saveAndDelete() async throws {
        try await DrupalHarness.withRunning { site in
            let anonymous = try await site.connect()
            #expect(try await site.call("node.save", [["title": "x"]], sessid: anonymous).result == .string(DrupalServiceMessage.accessDenied))
            let demo = try await site.login()
            let created = try await site.call("node.save", [["type": "story", "title": "Über new", "body": "<p>Hi</p>", "promote": 1]], sessid: demo)
            let nid = try #require(created.result?.intValue)
            #expect(nid > 5)
            let stored = try #require(try await site.call("node.get", [.int(nid)], sessid: anonymous).result)
            #expect(stored["title"] == "Über new" && stored["uid"] == "2" && stored["promote"] == "1" && stored["teaser"] == "<p>Hi</p>")
            site.clock.advance(by: 60)
            #expect(try await site.call("node.save", [["nid": .string(String(nid)), "title": "Renamed"]], sessid: demo).result?.intValue == nid)
            let renamed = try #require(try await site.call("node.get", [.int(nid), ["title", "changed", "created"]], sessid: anonymous).result)
            #expect(renamed["title"] == "Renamed" && renamed["changed"] != renamed["created"])
            #expect(try await site.call("node.save", [["nid": 1, "title": "Mine now"]], sessid: demo).result == .string(DrupalServiceMessage.accessDenied))
            #expect(try await site.call("node.save", [["body": "no title"]], sessid: demo).result == "Title field is required.")
            #expect(try await site.call("node.save", [["title": .string(String(repeating: "t", count: 256))]], sessid: demo).result?.stringValue?.hasPrefix("Title cannot be longer than 255 characters") == true)
            #expect(try await site.call("node.save", [["nid": 4242, "title": "x"]], sessid: demo).result == .string(DrupalServiceMessage.nodeNotFound))
            #expect(try await site.call("node.delete", [1], sessid: demo).result == .string(DrupalServiceMessage.accessDenied))
            #expect(try await site.call("node.delete", [.int(nid)], sessid: anonymous).result == .string(DrupalServiceMessage.accessDenied))
            #expect(try await site.call("node.delete", [.int(nid)], sessid: demo).result == true)
            #expect(try await site.call("node.get", [.int(nid)], sessid: demo).result == .string(DrupalServiceMessage.nodeNotFound))
            #expect(try await site.call("node.delete", [.int(nid)], sessid: demo).result == .string(DrupalServiceMessage.nodeNotFound))
        }
    }

    @Test("missing arguments are named; an unknown method is 'Method x does not exist'")
    func argumentsAndMethods() async throws {
        try await DrupalHarness.withRunning { site in
            let sessid = try await site.connect()
            #expect(try await site.call("node.get", [], sessid: sessid).result == "Missing required arguments: nid")
            #expect(try await site.call("user.login", [], sessid: sessid).result == "Missing required arguments: username, password")
            #expect(try await site.call("user.login", ["demo"], sessid: sessid).result == "Missing required arguments: password")
            #expect(try await site.call("node.save", [], sessid: sessid).result == "Missing required arguments: node")
            #expect(try await site.call("views.get", [], sessid: sessid).result == "Method views.get does not exist")
            #expect(await site.lastReason().contains("serves system.connect"))
        }
    }

    @Test("sessions slide: a call within the lifetime keeps one alive; past it the sessid runs as anonymous")
    func sessionLifetime() async throws {
        try await DrupalHarness.withRunning(DrupalMockOptions(sessionLifetimeSeconds: 100)) { site in
            let sessid = try await site.login()
            site.clock.advance(by: 90)
            #expect(try await site.call("user.login", ["demo", "x"], sessid: sessid).result == "Already logged in as demo.")
            site.clock.advance(by: 90)
            #expect(try await site.call("user.login", ["demo", "x"], sessid: sessid).result == "Already logged in as demo.")
            site.clock.advance(by: 101)
            #expect(try await site.call("user.logout", [], sessid: sessid).result == .string(DrupalServiceMessage.notLoggedIn))
        }
    }

    @Test("the SDK's own client logs in, saves and reads a node against the mock (real clocks: the Date header is the wall clock)")
    func sdkClient() async throws {
        try await MockServer.withRunning(DrupalMockProvider()) { server in
            let credentials = server.providers[0].credentials
            let client = DrupalServicesClient(
                configuration: DrupalServicesConfiguration(
                    baseURL: server.baseURL,
                    apiKey: DrupalAPIKey(key: credentials["apiKey"]!, domain: credentials["domain"]!)
                )
            )
            let user = try await client.login(username: credentials["username"]!, password: credentials["password"]!)
            #expect(user.name == "demo")
            let nid = try await client.saveNode(DrupalNode(type: "page", title: "From the SDK"))
            #expect(try await client.node(nid).title == "From the SDK")
            try await client.logout()
        }
    }
}
