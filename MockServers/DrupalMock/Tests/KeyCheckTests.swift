import DrupalMock
import DrupalServicesClient
import Foundation
import HTTPTypes
import MockServerKit
import Testing

/// The key-authentication checks, in Drupal's order and with Drupal's messages, over HTTP.
@Suite("Drupal mock key authentication")
struct KeyCheckTests {
    @Test("a well-signed call with a fresh nonce is served")
    func accepted() async throws {
        try await DrupalHarness.withRunning { site in
            let sessid = try await site.connect()
            let reply = try await site.call("node.get", [1], sessid: sessid)
            #expect(reply.status == .ok)
            #expect(reply.result?["nid"] == "1")
            #expect(reply.json?["id"] == "1" && reply.json?["version"] == "1.1")
        }
    }

    @Test("the expiry boundary: 30 s old is accepted, 31 s old is 'Token has expired.', the future is accepted")
    func expiry() async throws {
        try await DrupalHarness.withRunning { site in
            let sessid = try await site.connect()
            for (offset, expired) in [(-30, false), (-31, true), (3600, false)] {
                let params = site.keyArguments("node.get", sessid: sessid, timestamp: site.now + offset) + [1]
                let reply = try await site.post(DrupalHarness.envelope("node.get", params))
                #expect(reply.status == .ok)
                #expect((reply.result == .string(DrupalServiceMessage.tokenExpired)) == expired, "offset \(offset): \(reply.text)")
            }
            #expect(await site.lastReason().isEmpty == false)
        }
    }

    @Test("a replayed nonce is refused, even when its first use failed the hash; it is free again after the expiry")
    func replay() async throws {
        try await DrupalHarness.withRunning { site in
            let sessid = try await site.connect()
            let badFirst = site.keyArguments("node.get", sessid: sessid, nonce: "n-1", key: String(repeating: "0", count: 32)) + [1]
            #expect(try await site.post(DrupalHarness.envelope("node.get", badFirst)).result == .string(DrupalServiceMessage.invalidAPIKey))
            let good = site.keyArguments("node.get", sessid: sessid, nonce: "n-1") + [1]
            let replayed = try await site.post(DrupalHarness.envelope("node.get", good))
            #expect(replayed.result == .string(DrupalServiceMessage.nonceReused))
            #expect(replayed.mockReason?.contains("nonce") == true)
            // The same nonce for another domain is another pair.
            let reader = site.keyArguments("node.get", sessid: sessid, nonce: "n-1", key: site.credentials["readOnlyAPIKey"], domain: site.credentials["readOnlyDomain"]) + [1]
            #expect(try await site.post(DrupalHarness.envelope("node.get", reader)).result?["nid"] == "1")
            site.clock.advance(by: 31)
            let later = site.keyArguments("node.get", sessid: sessid, nonce: "n-1") + [1]
            #expect(try await site.post(DrupalHarness.envelope("node.get", later)).result?["nid"] == "1")
        }
    }

    @Test("a wrong key or domain is 'Invalid API key.' with the hashed string (never the key) in X-Drupal-Hash-Input")
    func invalidKey() async throws {
        try await DrupalHarness.withRunning { site in
            let sessid = try await site.connect()
            let params = site.keyArguments("node.get", sessid: sessid, nonce: "nonce-é", key: "wrong") + [1]
            let reply = try await site.post(DrupalHarness.envelope("node.get", params))
            #expect(reply.result == .string(DrupalServiceMessage.invalidAPIKey))
            let shown = reply.headers[HTTPField.Name(DrupalKeyAuthentication.hashInputHeaderName)!]
            #expect(shown == "\(site.now);\(site.domain);nonce-%C3%A9;node.get")
            #expect(!reply.text.contains(site.apiKey) && !(reply.mockReason ?? "").contains(site.apiKey))

            let otherDomain = site.keyArguments("node.get", sessid: sessid, domain: "evil.example.com") + [1]
            let refused = try await site.post(DrupalHarness.envelope("node.get", otherDomain))
            #expect(refused.result == .string(DrupalServiceMessage.invalidAPIKey))
            #expect(refused.mockReason?.contains("no API key is registered") == true)

            try await DrupalHarness.withRunning(DrupalMockOptions(diagnosis: false)) { quiet in
                let quietSessid = try await quiet.connect()
                let hidden = try await quiet.post(DrupalHarness.envelope("node.get", quiet.keyArguments("node.get", sessid: quietSessid, key: "wrong") + [1]))
                #expect(hidden.headers[HTTPField.Name(DrupalKeyAuthentication.hashInputHeaderName)!] == nil)
            }
        }
    }

    @Test("a key without the method is 'Access denied.'; an empty sessid is 'Invalid sessid.'; an unknown one runs as anonymous")
    func accessAndSessid() async throws {
        try await DrupalHarness.withRunning { site in
            let sessid = try await site.connect()
            let reader = site.keyArguments("node.save", sessid: sessid, key: site.credentials["readOnlyAPIKey"], domain: site.credentials["readOnlyDomain"]) + [["title": "x"]]
            #expect(try await site.post(DrupalHarness.envelope("node.save", reader)).result == .string(DrupalServiceMessage.keyAccessDenied))
            #expect(try await site.call("node.get", [1], sessid: "").result == .string(DrupalServiceMessage.invalidSessid))
            // Arguments are read by position, as PHP does: without a sessid the nid takes its place.
            #expect(try await site.call("node.get", [1], sessid: nil).result == "Missing required arguments: nid")
            #expect(try await site.call("node.get", [1], sessid: "unknown-session").result?["nid"] == "1")
            #expect(try await site.call("node.get", [3], sessid: "unknown-session").result == .string(DrupalServiceMessage.accessDenied))
        }
    }

    @Test("the checks run in Drupal's order: an expired call with a replayed nonce and a wrong key says 'Token has expired.'")
    func order() async throws {
        try await DrupalHarness.withRunning { site in
            let sessid = try await site.connect()
            _ = try await site.post(DrupalHarness.envelope("node.get", site.keyArguments("node.get", sessid: sessid, nonce: "used") + [1]))
            let everythingWrong = site.keyArguments("node.get", sessid: "", timestamp: site.now - 999, nonce: "used", key: "wrong") + [1]
            #expect(try await site.post(DrupalHarness.envelope("node.get", everythingWrong)).result == .string(DrupalServiceMessage.tokenExpired))
            let replayedWrongKey = site.keyArguments("node.get", sessid: "", nonce: "used", key: "wrong") + [1]
            #expect(try await site.post(DrupalHarness.envelope("node.get", replayedWrongKey)).result == .string(DrupalServiceMessage.nonceReused))
            let wrongKeyNoSessid = site.keyArguments("node.get", sessid: "", key: "wrong") + [1]
            #expect(try await site.post(DrupalHarness.envelope("node.get", wrongKeyNoSessid)).result == .string(DrupalServiceMessage.invalidAPIKey))
            // Method lookup comes before key authentication.
            #expect(try await site.post(DrupalHarness.envelope("node.nope", [])).result == .string(DrupalServiceMessage.methodDoesNotExist("node.nope")))
        }
    }

    @Test("strict mode answers the same failures as JSON-RPC error objects with Drupal's message", arguments: [
        (DrupalServiceMessage.tokenExpired, 401), (DrupalServiceMessage.invalidAPIKey, 401), (DrupalServiceMessage.invalidSessid, 401),
        (DrupalServiceMessage.nodeNotFound, 404), (DrupalServiceMessage.methodDoesNotExist("node.nope"), -32601),
    ])
    func strict(message: String, code: Int) async throws {
        try await DrupalHarness.withRunning(DrupalMockOptions(strictErrors: true)) { site in
            let sessid = try await site.connect()
            var params = site.keyArguments("node.get", sessid: sessid) + [1]
            var method = "node.get"
            switch message {
            case DrupalServiceMessage.tokenExpired: params = site.keyArguments("node.get", sessid: sessid, timestamp: 0) + [1]
            case DrupalServiceMessage.invalidAPIKey: params = site.keyArguments("node.get", sessid: sessid, key: "wrong") + [1]
            case DrupalServiceMessage.invalidSessid: params = site.keyArguments("node.get", sessid: "") + [1]
            case DrupalServiceMessage.nodeNotFound: params = site.keyArguments("node.get", sessid: sessid) + [424242]
            default: method = "node.nope"
            }
            let reply = try await site.post(DrupalHarness.envelope(method, params))
            #expect(reply.status == .ok)
            #expect(reply.result == nil)
            #expect(reply.error?["message"] == .string(message))
            #expect(reply.error?["code"] == .int(code))
            #expect(reply.error?["name"] == "JSONRPCError")
            #expect(reply.json?["id"] == "1")
        }
    }

    @Test("without keys the sessid comes first; without sessid the session cookie is the session")
    func settings() async throws {
        try await DrupalHarness.withRunning(DrupalMockOptions(usesKeys: false)) { noKeys in
            let sessid = try await noKeys.connect()
            #expect(try await noKeys.post(DrupalHarness.envelope("node.get", [.string(sessid), 1])).result?["nid"] == "1")
            #expect(try await noKeys.post(DrupalHarness.envelope("node.get", ["", 1])).result == .string(DrupalServiceMessage.invalidSessid))
        }

        try await DrupalHarness.withRunning(DrupalMockOptions(usesSessid: false)) { noSessid in
            let connected = try await noSessid.post(DrupalHarness.envelope("system.connect", []))
            let cookie = try #require(connected.headers[.setCookie]?.split(separator: ";").first.map(String.init))
            var headers = HTTPFields()
            headers[.cookie] = cookie
            let login = try await noSessid.post(DrupalHarness.envelope("user.login", noSessid.keyArguments("user.login", sessid: nil) + [.string(noSessid.credentials["username"]!), .string(noSessid.credentials["password"]!)]), headers: headers)
            let loggedIn = try #require(login.headers[.setCookie]?.split(separator: ";").first.map(String.init))
            headers[.cookie] = loggedIn
            let logout = try await noSessid.post(DrupalHarness.envelope("user.logout", noSessid.keyArguments("user.logout", sessid: nil)), headers: headers)
            #expect(logout.result == true)
        }
    }
}
