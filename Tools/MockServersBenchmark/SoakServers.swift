import Foundation
import MockServerCatalog
import MockServerKit

/// The servers a soak runs against: the catalogue's providers started in this process, or a
/// standalone `mock-servers` the soak launches (and stops) itself, both with the soak's
/// options (``configuration``), or a running Twitter provider given by URL.
struct SoakServers {
    /// One provider to send traffic to.
    struct Endpoint: Sendable {
        var name: String
        var target: LoopbackTarget
        var credentials: [String: String]
    }

    let endpoints: [Endpoint]
    /// The process whose memory and descriptors are measured (`nil`: not measured).
    let pid: Int32?
    /// What to stop at the end.
    private let stopping: @Sendable () async throws -> Void

    /// Windows of 30 s instead of 300 (OAuth, AFSigned, HTTP Message Signatures) so remembered nonces reach their bound
    /// within a run and memory must then stay flat; AFSigned with replay protection (the
    /// reference backend has none by default); Google Books requiring its key.
    static let options: [String: [String: String]] = [
        "twitter": ["timestampWindowSeconds": "30"],
        "discogs": ["timestampWindowSeconds": "30"],
        "netflix": ["timestampWindowSeconds": "30"],
        "jira": ["timestampWindowSeconds": "30"],
        "drupal": ["tokenExpirySeconds": "30"],
        "afsigned": ["timestampWindowSeconds": "30", "requiresNonce": "true"],
        "googlebooks": ["requiresKey": "true"],
        "httpsig": ["windowSeconds": "30"],
    ]

    /// The soak's `mock-servers` config file for `names`: every provider on a free loopback
    /// port with ``options``.
    static func configuration(_ names: [String]) throws -> Data {
        let providers = Dictionary(uniqueKeysWithValues: names.map { ($0, ["options": options[$0] ?? [:]]) })
        return try JSONSerialization.data(withJSONObject: ["host": "127.0.0.1", "portBase": 0, "providers": providers], options: [.sortedKeys])
    }

    /// Starts `names` from the catalogue in this process, with ``options`` (read from
    /// ``configuration(_:)`` as `mock-servers` would read it).
    static func inProcess(_ names: [String]) async throws -> SoakServers {
        let file = try JSONDecoder().decode(MockServersFile.self, from: configuration(names))
        let providers = try names.map { name in
            guard let entry = file.providers[name] else { throw LoopbackTargetError(message: "no provider named \(name)") }
            return (entry.provider, MockServerConfiguration())
        }
        let server = try await MockServer.start(providers)
        return SoakServers(
            endpoints: server.providers.map { Endpoint(name: $0.name, target: LoopbackTarget(loopbackPort: $0.baseURL.port!), credentials: $0.credentials) },
            pid: getpid(),
            stopping: { await server.stop() }
        )
    }

    /// Launches the `mock-servers` at `executable` with the soak's config for `names`, waits for
    /// its ready file, and stops it (SIGTERM, then a wait) at the end.
    static func standalone(executable: String, names: [String]) async throws -> SoakServers {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("soak-\(getpid())-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let config = directory.appendingPathComponent("config.json")
        let ready = directory.appendingPathComponent("ready.json")
        try configuration(names).write(to: config)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["--config", config.path, "--ready-file", ready.path, "--only", names.joined(separator: ","), "--log-level", "error"]
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let stop: @Sendable () async throws -> Void = {
            if process.isRunning { process.terminate() }
            process.waitUntilExit()
            try? FileManager.default.removeItem(at: directory)
        }
        do {
            let deadline = ContinuousClock.now + .seconds(60)
            while !FileManager.default.fileExists(atPath: ready.path) {
                guard process.isRunning, ContinuousClock.now < deadline else {
                    throw LoopbackTargetError(message: "\(executable) did not write its ready file within 60 s (exit status \(process.isRunning ? "none, still running" : String(process.terminationStatus)))")
                }
                try await Task.sleep(for: .milliseconds(100))
            }
            let file = try MockServersReadyFile.read(from: ready.path)
            let endpoints = try names.map { name in
                let entry = try file.provider(named: name)
                return Endpoint(name: name, target: try LoopbackTarget(baseURL: entry.baseURL.absoluteString), credentials: entry.credentials)
            }
            return SoakServers(endpoints: endpoints, pid: process.processIdentifier, stopping: stop)
        } catch {
            try await stop()
            throw error
        }
    }

    /// A Twitter provider already running at `baseURL` (credentials: the catalogue's defaults).
    static func twitter(at baseURL: String, pid: Int32?) throws -> SoakServers {
        let endpoint = Endpoint(name: "twitter", target: try LoopbackTarget(baseURL: baseURL), credentials: MockCatalogEntry.twitter.provider().demoCredentials)
        return SoakServers(endpoints: [endpoint], pid: pid, stopping: {})
    }

    /// Stops what this soak started.
    func stop() async throws {
        try await stopping()
    }

    /// The traffic of every endpoint, built from its credentials (Drupal opens a session, Google
    /// Books finds volumes to look up).
    func traffic() async throws -> [SoakTraffic] {
        var traffic: [SoakTraffic] = []
        for endpoint in endpoints {
            switch endpoint.name {
            case "drupal": traffic.append(try await .drupal(target: endpoint.target, credentials: endpoint.credentials))
            case "afsigned": traffic.append(.afsigned(target: endpoint.target, credentials: endpoint.credentials))
            case "googlebooks": traffic.append(try await .googleBooks(target: endpoint.target, credentials: endpoint.credentials))
            case "httpsig": traffic.append(try .httpsig(target: endpoint.target, credentials: endpoint.credentials))
            default:
                guard let oauth = SoakTraffic.oauth1(provider: endpoint.name, target: endpoint.target, credentials: endpoint.credentials) else {
                    throw LoopbackTargetError(message: "the soak has no traffic for provider \(endpoint.name)")
                }
                traffic.append(oauth)
            }
        }
        return traffic
    }
}
