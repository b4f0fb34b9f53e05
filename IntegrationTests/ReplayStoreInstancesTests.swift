import AFSignedClient
import DrupalServicesClient
import Foundation
import MockServerCatalog
import MockServerTesting
import OAuth1Client
import Testing
import TestSupport

/// Several `mock-servers` processes behind one address (a load balancer passing `Host` on),
/// sharing one PostgreSQL replay store (`--replay-store`, `"replayStore"`): a signed request
/// is accepted by exactly one of them, every other copy is refused as a replay; with the
/// database stopped every request is refused as store-unavailable (503), and acceptances resume
/// when it is back, without restarting the servers.
@Suite("mock-servers instances sharing a PostgreSQL replay store", .serialized, .heavy(hangGuard: .seconds(300)))
struct ReplayStoreInstancesTests {
    /// How long one exchange may take before the test calls it a hang: generous, since the whole
    /// suite runs at once on two cores; no assertion is about time.
    static let hangGuard: Duration = .seconds(60)

    /// The `Host` every instance is reached by, as behind a load balancer.
    static let publicHost = "api.mock.test"

    /// A running `mock-servers` and its ready file.
    struct Instance {
        let process: ChildProcess
        let ready: MockServersReadyFile

        func port(_ provider: String) throws -> Int {
            try #require(ready.providers[provider]?.baseURL.port, "no \(provider) in the ready file")
        }
    }

    /// `count` instances on free ports, each with `arguments`; stopped when `body` ends.
    static func withInstances(_ count: Int, _ arguments: [String], _ body: ([Instance]) async throws -> Void) async throws {
        var instances: [Instance] = []
        var readyPaths: [String] = []
        defer {
            for instance in instances { instance.process.stop() }
            for path in readyPaths { try? FileManager.default.removeItem(atPath: path) }
        }
        for _ in 0..<count {
            let (process, ready, path) = try await MockServersCommandTests.startServers(arguments)
            instances.append(Instance(process: process, ready: ready))
            readyPaths.append(path)
        }
        try await body(instances)
    }

    /// A fresh signed request for the Twitter flavour's verify-credentials resource, as raw
    /// HTTP/1.1 addressed to ``publicHost``.
    static func oauth1Request(_ demo: [String: String], nonce: String) throws -> String {
        let credentials = OAuth1Credentials(
            consumerKey: try #require(demo["consumerKey"]), consumerSecret: try #require(demo["consumerSecret"]),
            token: demo["accessToken"], tokenSecret: demo["accessTokenSecret"]
        )
        let signer = OAuth1Signer(credentials: credentials, nonce: { nonce })
        let signed = try signer.sign(APIRequest(url: URL(string: "http://\(publicHost)/1.1/account/verify_credentials.json")!))
        return SharedReplayStoreTests.rawText(signed.request, host: publicHost, extraHeaders: ["User-Agent": "ReplayStoreInstancesTests"])
    }

    @Test(
        "three instances, one database: each of 1000 requests sent to all three at once is accepted exactly once",
        .enabled(if: TestPostgres.isEnabled, Comment(rawValue: TestPostgres.missingMessage))
    )
    func threeInstances() async throws {
        // A generous timeout per call: this test counts acceptances, and the whole suite runs
        // at once on two cores; the outage test below keeps the default.
        let url = try #require(TestPostgres.url, "\(TestPostgres.variable) must be set when CI=true") + "?timeout=30"
        try await Self.withInstances(3, ["--only", "twitter", "--replay-store", url]) { instances in
            let ports = try instances.map { try $0.port("twitter") }
            let demo = try #require(instances[0].ready.providers["twitter"]?.credentials)
            let run = UUID().uuidString
            var accepted = 0
            var replays = 0
            var other: [String] = []
            // Eight requests at a time, each to the three instances at once: 24 connections.
            for batch in stride(from: 0, to: 1000, by: 8) {
                let requests = try (batch..<batch + 8).map { try Self.oauth1Request(demo, nonce: "\(run)-\($0)") }
                let replies = try await withThrowingTaskGroup(of: (Int, RawHTTP.Reply).self) { group in
                    for (index, text) in requests.enumerated() {
                        for port in ports {
                            group.addTask { (index, try await RawHTTP.exchange(port: port, text: text, timeout: Self.hangGuard)) }
                        }
                    }
                    return try await group.reduce(into: [Int: [RawHTTP.Reply]]()) { $0[$1.0, default: []].append($1.1) }
                }
                for (index, answers) in replies.sorted(by: { $0.key < $1.key }) {
                    let ok = answers.filter { $0.status == 200 }.count
                    let replayed = answers.filter { $0.status == 401 && $0.text.contains("nonce used") }.count
                    accepted += ok
                    replays += replayed
                    if ok != 1 || replayed != 2 {
                        other.append("request \(batch + index): \(answers.map { "\($0.status ?? 0)" })")
                    }
                }
            }
            #expect(accepted == 1000 && replays == 2000, "\(other.prefix(5))")
            #expect(other.isEmpty, "\(other.prefix(5))")

            // One accepted by an instance, replayed to each other one in turn.
            let text = try Self.oauth1Request(demo, nonce: "\(run)-sequential")
            #expect(try await RawHTTP.exchange(port: ports[0], text: text, timeout: Self.hangGuard).status == 200)
            for port in ports.dropFirst() + [ports[0]] {
                let replayed = try await RawHTTP.exchange(port: port, text: text, timeout: Self.hangGuard)
                #expect(replayed.status == 401 && replayed.text.contains("nonce used"), "\(replayed.text)")
            }
        }
    }

    @Test(
        "the config file's replayStore: an AFSigned and a Drupal request accepted by one instance are refused by the other",
        .enabled(if: TestPostgres.isEnabled, Comment(rawValue: TestPostgres.missingMessage))
    )
    func configFile() async throws {
        let url = try #require(TestPostgres.url, "\(TestPostgres.variable) must be set when CI=true") + "?timeout=30"
        let config = try MockServersCommandTests.configFile("""
            {"replayStore": "\(url)",
             "providers": {"afsigned": {"options": {"requiresNonce": true}}, "drupal": {"options": {"usesSessid": false}}}}
            """)
        defer { try? FileManager.default.removeItem(atPath: config) }
        try await Self.withInstances(2, ["--only", "afsigned,drupal", "--config", config]) { instances in
            let afsignedDemo = try #require(instances[0].ready.providers["afsigned"]?.credentials)
            let signer = AFSignedSigner(credentials: AFSignedCredentials(clientID: try #require(afsignedDemo["clientID"]), clientSecret: try #require(afsignedDemo["clientSecret"])))
            let afsigned = try signer.sign(APIRequest(url: URL(string: "http://\(Self.publicHost)/users")!), at: Date())
            let afsignedText = SharedReplayStoreTests.rawText(afsigned, host: Self.publicHost)
            #expect(try await RawHTTP.exchange(port: instances[0].port("afsigned"), text: afsignedText, timeout: Self.hangGuard).status == 200)
            let refused = try await RawHTTP.exchange(port: instances[1].port("afsigned"), text: afsignedText, timeout: Self.hangGuard)
            #expect(refused.status == 401 && refused.text.contains(AFSignedVerifier.Message.incorrectNonce), "\(refused.text)")

            let drupalDemo = try #require(instances[0].ready.providers["drupal"]?.credentials)
            let key = DrupalAPIKey(key: try #require(drupalDemo["apiKey"]), domain: try #require(drupalDemo["domain"]))
            let call = DrupalKeySigner(apiKey: key, call: JSONRPCRequest(method: "node.get", params: [1], id: 1), sessid: nil).signedCall(at: Date())
            let drupal = APIRequest(method: "POST", url: URL(string: "http://\(Self.publicHost)/services/json-rpc")!, headers: ["Content-Type": "application/json"], body: call.encoded())
            let drupalText = SharedReplayStoreTests.rawText(drupal, host: Self.publicHost)
            #expect(try await RawHTTP.exchange(port: instances[0].port("drupal"), text: drupalText, timeout: Self.hangGuard).json?["result"] != nil)
            let replayed = try await RawHTTP.exchange(port: instances[1].port("drupal"), text: drupalText, timeout: Self.hangGuard)
            #expect(replayed.text.contains(DrupalServiceMessage.nonceReused.prefix(30)), "\(replayed.text)")
        }
    }

    @Test(
        "the database stopped mid-run: every request refused as store-unavailable (503), no crash; started again: accepted, no restart",
        .enabled(if: TestPostgres.hasServer || TestEnvironment.isCI, Comment(rawValue: TestPostgres.missingServerMessage))
    )
    func outage() async throws {
        try await ThrowawayCluster.with { cluster in
            try await Self.withInstances(1, ["--only", "twitter", "--replay-store", cluster.url]) { instances in
                let port = try instances[0].port("twitter")
                let demo = try #require(instances[0].ready.providers["twitter"]?.credentials)
                #expect(try await Self.acceptedWithin(30, port: port, demo: demo), "the first request was never accepted")

                try await cluster.stop()
                for _ in 0..<5 {
                    let refused = try await RawHTTP.exchange(port: port, text: Self.oauth1Request(demo, nonce: UUID().uuidString), timeout: Self.hangGuard)
                    #expect(refused.status == 503 && refused.text.contains("replay store unavailable"), "\(refused.text)")
                }
                #expect(instances[0].process.isRunning)

                try await cluster.resume()
                // The pool reconnects on its own.
                #expect(try await Self.acceptedWithin(30, port: port, demo: demo), "acceptances did not resume after the database came back")
            }
        }
    }

    /// Whether a fresh signed request is accepted within `attempts` tries half a second apart
    /// (each a new request, so none is a replay; a 503 is the store not answering yet).
    static func acceptedWithin(_ attempts: Int, port: Int, demo: [String: String]) async throws -> Bool {
        for _ in 0..<attempts {
            let reply = try await RawHTTP.exchange(port: port, text: oauth1Request(demo, nonce: UUID().uuidString), timeout: hangGuard)
            if reply.status == 200 { return true }
            try #require(reply.status == 503, "neither accepted nor store-unavailable: \(reply.text)")
            try await Task.sleep(for: .milliseconds(500))
        }
        return false
    }
}
