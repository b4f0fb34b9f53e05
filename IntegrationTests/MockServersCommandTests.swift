import Foundation

import HummingbirdTesting
import HTTPTypes
import MockServerCatalog
import MockServerKit
import MockServerTesting
import NIOCore
import OAuth1Client
import OAuth1Mock
import Testing
import TestSupport

/// The `mock-servers` executable as a real process: started on port 0 with `--ready-file`,
/// checked over HTTP, stopped with SIGTERM (graceful, exit 0); bad flags and config files.
@Suite("mock-servers command", .serialized, .heavy)
struct MockServersCommandTests {
    static func binary() throws -> URL {
        try #require(BuiltExecutable.url("mock-servers", override: "MOCK_SERVERS_BINARY"), Comment(rawValue: BuiltExecutable.missingMessage("mock-servers")))
    }

    static func temporaryPath(_ name: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("\(UUID().uuidString)-\(name)").path
    }

    /// Writes `json` to a fresh temporary file and returns its path.
    static func configFile(_ json: String) throws -> String {
        let path = temporaryPath("config.json")
        try Data(json.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// Starts the command and waits until its ready file appears (or the command ends); returns
    /// the command, its ready file and the file's path, which the caller removes (on failure
    /// the command is stopped and the file removed here).
    static func startServers(_ extra: [String] = [], portBase: Int = 0) async throws -> (ChildProcess, MockServersReadyFile, String) {
        let ready = temporaryPath("ready.json")
        let child = try ChildProcess(try binary(), ["--port-base", String(portBase), "--ready-file", ready] + extra)
        for _ in 0..<600 where child.isRunning && !FileManager.default.fileExists(atPath: ready) {
            try await Task.sleep(for: .milliseconds(100))
        }
        do {
            return (child, try MockServersReadyFile.read(from: ready), ready)
        } catch {
            Issue.record("\(error); mock-servers' stderr: \(child.errorOutput)")
            await child.stop()
            try? FileManager.default.removeItem(atPath: ready)
            throw error
        }
    }

    @Test("port 0 with --ready-file: every provider listed, reachable, credentials as strings; SIGTERM exits 0")
    func readyFileAndGracefulStop() async throws {
        let (child, ready, path) = try await Self.startServers()
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(Set(ready.providers.keys) == Set(MockProviderCatalog.names))
        // The members other languages read: baseURL and credentials, every credential a string.
        let raw = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: [String: Any]])
        #expect(Set(raw.keys) == Set(MockProviderCatalog.names))
        for (name, entry) in raw {
            #expect(Set(entry.keys) == ["baseURL", "credentials"], "\(name)")
            #expect(entry["baseURL"] is String && entry["credentials"] is [String: String], "\(name)")
        }
        for (name, entry) in ready.providers {
            let baseURL = entry.baseURL
            #expect(baseURL.host == "127.0.0.1")
            #expect((baseURL.port ?? 0) > 0)
            let credentials = entry.credentials
            #expect(!credentials.isEmpty && credentials == MockProviderCatalog.entry(named: name)?.provider().demoCredentials)
            let health = try await MockHTTP.send(.get, "/health", to: baseURL)
            #expect(MockHTTP.json(health)?["provider"] as? String == name)
            #expect(child.output.contains("\(name) \(baseURL.absoluteString) "))
        }
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        child.send(SIGTERM)
        #expect(await child.waitForExit() == 0)
    }

    @Test("SIGTERM with a 10-minute latency fault in flight exits 0 at once, not after the fault")
    func sigtermDuringLatency() async throws {
        let config = try Self.configFile(#"{"providers": {"twitter": {"adminEnabled": true, "faults": [{"route": "/1.1/account/verify_credentials.json", "remaining": 2, "fault": {"latency": {"milliseconds": 600000}}}]}}}"#)
        defer { try? FileManager.default.removeItem(atPath: config) }
        let (child, ready, path) = try await Self.startServers(["--config", config, "--only", "twitter", "--log-level", "error"])
        defer { try? FileManager.default.removeItem(atPath: path) }
        let baseURL = try ready.provider(named: "twitter").baseURL
        let port = try #require(baseURL.port)
        // A connection kept alive after its answer, and a request held by the latency fault.
        let keptAlive = try await RawHTTP.Connection.open(port: port)
        try await keptAlive.send("GET /health HTTP/1.1\r\nHost: x\r\n\r\n")
        let inFlight = Task {
            try await RawHTTP.exchange(port: port, text: "GET /1.1/account/verify_credentials.json HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        }
        // The fault has started once its rule has one use left (the admin route shows it).
        while !Task.isCancelled {
            let text = MockHTTP.text(try await MockHTTP.send(.get, "/__admin/faults", to: baseURL))
            let rules = (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [[String: Any]]
            if rules?.first?["remaining"] as? Int == 1 { break }
            try await Task.sleep(for: .milliseconds(20))
        }
        let started = ContinuousClock.now
        child.send(SIGTERM)
        #expect(await child.waitForExit(timeout: .seconds(600)) == 0)
        // Before the fault's ten minutes: stopping did not wait for it.
        #expect(ContinuousClock.now - started < .seconds(600))
        // The held request was answered, not dropped.
        #expect(try await inFlight.value.status != nil)
        await keptAlive.close()
    }

    @Test("--only starts just the named providers; SIGINT stops them")
    func only() async throws {
        let (child, ready, path) = try await Self.startServers(["--only", "discogs", "--log-level", "error"])
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(Array(ready.providers.keys) == ["discogs"])
        child.send(SIGINT)
        #expect(await child.waitForExit() == 0)
    }

    @Test("a config file sets options per provider")
    func configFile() async throws {
        let config = Self.temporaryPath("config.json")
        defer { try? FileManager.default.removeItem(atPath: config) }
        try Data(#"{"providers": {"twitter": {"adminEnabled": true, "options": {"autoApprove": "true"}}}}"#.utf8)
            .write(to: URL(fileURLWithPath: config))
        let (child, ready, path) = try await Self.startServers(["--config", config, "--only", "twitter"])
        defer { try? FileManager.default.removeItem(atPath: path) }
        let baseURL = try ready.provider(named: "twitter").baseURL
        #expect(try await MockHTTP.send(.get, "/__admin/faults", to: baseURL).status == .ok)
        child.send(SIGTERM)
        #expect(await child.waitForExit() == 0)
    }

    @Test("--dashboard: its URL on a line with the word dashboard, the admin token printed and in the ready file, changes refused without it")
    func dashboard() async throws {
        let (child, ready, path) = try await Self.startServers(["--dashboard", "--only", "twitter,drupal", "--log-level", "error"])
        defer { try? FileManager.default.removeItem(atPath: path) }
        let twitter = try ready.provider(named: "twitter")
        let dashboardURL = try #require(twitter.dashboardURL)
        let token = try #require(twitter.adminToken)
        #expect(ready.providers.values.allSatisfy { $0.dashboardURL == dashboardURL && $0.adminToken == token })
        #expect(child.output.contains("dashboard \(dashboardURL.absoluteString)\n"))
        #expect(child.output.contains("admin token \(token) "))
        let page = try await MockHTTP.send(.get, "/", to: dashboardURL)
        #expect(page.status == .ok && MockHTTP.text(page).contains("data-provider=\"drupal\""))
        let rule = ByteBuffer(string: #"{"route": "*", "fault": {"status": {"code": 503}}}"#)
        #expect(try await MockHTTP.send(.post, "/__admin/faults", to: twitter.baseURL, headers: [.contentType: "text/plain"], body: rule).status == .forbidden)
        #expect(try await MockHTTP.send(.post, "/__admin/faults", to: twitter.baseURL, headers: [HTTPField.Name(AdminAccess.tokenHeaderName)!: token], body: rule).status == .ok)
        #expect(try await MockHTTP.send(.get, "/1.1/account/verify_credentials.json", to: twitter.baseURL).status.code == 503)
        child.send(SIGTERM)
        #expect(await child.waitForExit(timeout: .seconds(30)) == 0, "mock-servers stderr:\n\(child.errorOutput)")
    }

    @Test("bad flags and bad config files give a clear message and a non-zero exit", arguments: [
        (["--log-level", "loud"], "--log-level"),
        (["--port-base", "70000"], "--port-base"),
        (["--only", "twitter,nope"], "nope"),
        (["--host", ""], "--host"),
        (["--frobnicate"], "frobnicate"),
        (["--config", "/nonexistent/mock.json"], "cannot read"),
        (["--config", "BROKEN"], "not valid"),
        (["--config", "UNKNOWN"], "unknown provider"),
        (["--config", "WRONGTYPE"], "providers.twitter.port"),
        (["--config", "UNKNOWNOPTION"], "provider twitter, unknown option frobnicate; the options are accessTokenLifetimeSeconds, autoApprove,"),
        (["--config", "NEGATIVEWINDOW"], "provider discogs, option timestampWindowSeconds must be a whole number in 0...86400 (got -5)"),
        (["--config", "UNKNOWNMETHOD"], #"provider netflix, option signatureMethods must be one or more of HMAC-SHA1, HMAC-SHA256, HMAC-SHA512, RSA-SHA1, RSA-SHA256, RSA-SHA512, PLAINTEXT (a JSON array or a comma-separated string) (got "RSA-MD5")"#),
        (["--config", "NOTABOOLEAN"], #"provider twitter, option autoApprove must be true or false (got "yes")"#),
        (["--replay-store", "garbage"], "--replay-store: the replay store URL is not a URL"),
        (["--replay-store", ""], "--replay-store: the replay store URL is not a URL"),
        (["--replay-store", "mysql://u:hunter2@h/d"], "replay store URL mysql://u:•••@h/d: the scheme must be postgres://"),
        (["--replay-store", "postgres://u:hunter2@h/d?timeout=forever"], "timeout 'forever' is not a number of seconds"),
    ])
    func badInput(arguments: [String], expected: String) async throws {
        let configs = [
            "BROKEN": "{ this is not json",
            "UNKNOWN": #"{"providers": {"myspace": {}}}"#,
            "WRONGTYPE": #"{"providers": {"twitter": {"port": "eighty"}}}"#,
            "UNKNOWNOPTION": #"{"providers": {"twitter": {"options": {"frobnicate": "true"}}}}"#,
            "NEGATIVEWINDOW": #"{"providers": {"discogs": {"options": {"timestampWindowSeconds": -5}}}}"#,
            "UNKNOWNMETHOD": #"{"providers": {"netflix": {"options": {"signatureMethods": "HMAC-SHA1,RSA-MD5"}}}}"#,
            "NOTABOOLEAN": #"{"providers": {"twitter": {"options": {"autoApprove": "yes"}}}}"#,
        ]
        var arguments = arguments
        var cleanup: String?
        if let index = arguments.firstIndex(where: { configs[$0] != nil }) {
            let path = try Self.configFile(configs[arguments[index]]!)
            arguments[index] = path
            cleanup = path
        }
        defer { if let cleanup { try? FileManager.default.removeItem(atPath: cleanup) } }
        // Port 0 keeps a wrongly started server off the fixed ports; never override a tested --port-base.
        let child = try ChildProcess(try Self.binary(), arguments.contains("--port-base") ? arguments : arguments + ["--port-base", "0"])
        let status = await child.waitForExit(timeout: .seconds(60))
        #expect(status != nil && status != 0)
        #expect(child.errorOutput.contains(expected), "stderr: \(child.errorOutput)")
        #expect(!child.errorOutput.contains("hunter2"), "a password was shown")
    }

    @Test("two providers on one fixed port, from the config file or its portBase, are refused naming both, before binding", arguments: [
        (#"{"providers": {"twitter": {"port": 9471}, "netflix": {"port": 9471}}}"#, ["--only", "twitter,netflix"], "twitter and netflix are both configured on 127.0.0.1:9471"),
        (#"{"portBase": 9470, "providers": {"discogs": {"port": 9470}}}"#, ["--only", "twitter,discogs"], "twitter and discogs are both configured on 127.0.0.1:9470"),
    ])
    func duplicatePorts(config: String, extra: [String], expected: String) async throws {
        let path = try Self.configFile(config)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let child = try ChildProcess(try Self.binary(), ["--config", path] + extra)
        let status = await child.waitForExit(timeout: .seconds(60))
        #expect(status != nil && status != 0)
        #expect(child.errorOutput.contains(expected), "stderr: \(child.errorOutput)")
        #expect(child.output.isEmpty, "nothing was announced as listening")
    }

    @Test("--port-base N puts each provider at N plus its fixed offset")
    func portBaseOffset() async throws {
        let freePort = try await MockServer.withRunning(OAuth1MockProvider(flavour: .twitter)) { try #require($0.baseURL.port) }
        let netflix = MockProviderSlot.netflix
        let (child, ready, path) = try await Self.startServers(["--only", "netflix"], portBase: freePort - netflix.portOffset)
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(try ready.provider(named: "netflix").baseURL.absoluteString == "http://127.0.0.1:\(freePort)")
        child.send(SIGTERM)
        #expect(await child.waitForExit() == 0)
    }

    @Test("typed options from the config file, as strings, numbers and arrays, change what the provider accepts")
    func configOptionsApplied() async throws {
        let config = try Self.configFile("""
            {"providers": {"twitter": {"options": {"signatureMethods": ["HMAC-SHA256"], "timestampWindowSeconds": "300", "autoApprove": true}}}}
            """)
        defer { try? FileManager.default.removeItem(atPath: config) }
        let (child, ready, path) = try await Self.startServers(["--config", config, "--only", "twitter"])
        defer { try? FileManager.default.removeItem(atPath: path) }
        let twitter = try ready.provider(named: "twitter")
        let baseURL = twitter.baseURL
        let credentials = twitter.credentials
        for (method, status) in [(OAuth1SignatureMethod.hmacSHA1, HTTPResponse.Status.unauthorized), (.hmacSHA256, .ok)] {
            let signer = OAuth1Signer(
                credentials: OAuth1Credentials(
                    consumerKey: try #require(credentials["consumerKey"]),
                    consumerSecret: try #require(credentials["consumerSecret"]),
                    token: credentials["accessToken"],
                    tokenSecret: credentials["accessTokenSecret"]
                ),
                signatureMethod: method
            )
            let signed = try signer.sign(OAuth1Request(url: URL(string: baseURL.absoluteString + "/1.1/account/verify_credentials.json")!))
            var headers = HTTPFields()
            for field in signed.request.headers { headers.append(HTTPField(name: HTTPField.Name(field.name)!, value: field.value)) }
            let response = try await MockHTTP.send(.get, "/1.1/account/verify_credentials.json", to: baseURL, headers: headers)
            #expect(response.status == status, "\(method): \(MockHTTP.text(response))")
        }
        child.send(SIGTERM)
        #expect(await child.waitForExit() == 0)
    }
}
