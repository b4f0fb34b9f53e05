import Foundation

import HummingbirdTesting
import HTTPTypes
import MockServerTesting
import Testing
import TestSupport

/// The `mock-servers` executable as a real process: started on port 0 with `--ready-file`,
/// checked over HTTP, stopped with SIGTERM (graceful, exit 0); bad flags and config files.
@Suite("mock-servers command", .serialized)
struct MockServersCommandTests {
    static func binary() throws -> URL {
        try #require(BuiltExecutable.url("mock-servers", override: "MOCK_SERVERS_BINARY"), Comment(rawValue: BuiltExecutable.missingMessage("mock-servers")))
    }

    static func temporaryPath(_ name: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("\(UUID().uuidString)-\(name)").path
    }

    /// Starts the command and waits until its ready file appears; returns the decoded file.
    static func startServers(_ extra: [String] = []) async throws -> (ChildProcess, [String: Any], String) {
        let ready = temporaryPath("ready.json")
        let child = try ChildProcess(try binary(), ["--port-base", "0", "--ready-file", ready] + extra)
        for _ in 0..<600 where !FileManager.default.fileExists(atPath: ready) {
            try await Task.sleep(for: .milliseconds(100))
        }
        let data = try #require(FileManager.default.contents(atPath: ready), "no ready file; stderr: \(child.errorOutput)")
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        return (child, object, ready)
    }

    @Test("port 0 with --ready-file: every provider listed, reachable, credentials as strings; SIGTERM exits 0")
    func readyFileAndGracefulStop() async throws {
        let (child, ready, path) = try await Self.startServers()
        #expect(Set(ready.keys) == ["twitter", "discogs", "netflix"])
        for (name, value) in ready {
            let entry = try #require(value as? [String: Any])
            let baseURL = try #require((entry["baseURL"] as? String).flatMap(URL.init(string:)))
            #expect(baseURL.host == "127.0.0.1")
            #expect((baseURL.port ?? 0) > 0)
            let credentials = try #require(entry["credentials"] as? [String: String])
            #expect(credentials["consumerKey"]?.isEmpty == false)
            let health = try await MockHTTP.send(.get, "/health", to: baseURL)
            #expect(MockHTTP.json(health)?["provider"] as? String == name)
            #expect(child.output.contains("\(name) \(baseURL.absoluteString) "))
        }
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        child.send(SIGTERM)
        #expect(await child.waitForExit() == 0)
        try? FileManager.default.removeItem(atPath: path)
    }

    @Test("--only starts just the named providers; SIGINT stops them")
    func only() async throws {
        let (child, ready, path) = try await Self.startServers(["--only", "discogs", "--log-level", "error"])
        #expect(Array(ready.keys) == ["discogs"])
        child.send(SIGINT)
        #expect(await child.waitForExit() == 0)
        try? FileManager.default.removeItem(atPath: path)
    }

    @Test("a config file sets options per provider")
    func configFile() async throws {
        let config = Self.temporaryPath("config.json")
        try Data(#"{"providers": {"twitter": {"adminEnabled": true, "options": {"autoApprove": "true"}}}}"#.utf8)
            .write(to: URL(fileURLWithPath: config))
        let (child, ready, path) = try await Self.startServers(["--config", config, "--only", "twitter"])
        let entry = try #require(ready["twitter"] as? [String: Any])
        let baseURL = try #require((entry["baseURL"] as? String).flatMap(URL.init(string:)))
        #expect(try await MockHTTP.send(.get, "/__admin/faults", to: baseURL).status == .ok)
        child.send(SIGTERM)
        #expect(await child.waitForExit() == 0)
        try? FileManager.default.removeItem(atPath: path)
        try? FileManager.default.removeItem(atPath: config)
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
    ])
    func badInput(arguments: [String], expected: String) async throws {
        var arguments = arguments
        var cleanup: String?
        if let index = arguments.firstIndex(where: { ["BROKEN", "UNKNOWN", "WRONGTYPE"].contains($0) }) {
            let contents = switch arguments[index] {
            case "BROKEN": "{ this is not json"
            case "UNKNOWN": #"{"providers": {"myspace": {}}}"#
            default: #"{"providers": {"twitter": {"port": "eighty"}}}"#
            }
            let path = Self.temporaryPath("bad.json")
            try Data(contents.utf8).write(to: URL(fileURLWithPath: path))
            arguments[index] = path
            cleanup = path
        }
        // Port 0 keeps a wrongly started server off the fixed ports; never override a tested --port-base.
        let child = try ChildProcess(try Self.binary(), arguments.contains("--port-base") ? arguments : arguments + ["--port-base", "0"])
        let status = await child.waitForExit(timeout: .seconds(60))
        #expect(status != nil && status != 0)
        #expect(child.errorOutput.contains(expected), "stderr: \(child.errorOutput)")
        if let cleanup { try? FileManager.default.removeItem(atPath: cleanup) }
    }
}
