import Foundation
import Testing

/// Python's requests-oauthlib, an implementation nobody here wrote, runs the 3-legged flow
/// and signed calls against the standalone `mock-servers` process.
///
/// Skips when python3 with oauthlib and requests-oauthlib is missing, unless `CI=true`, where
/// a missing peer fails the test. Install: `pip install oauthlib requests-oauthlib`.
@Suite("oauthlib peer")
struct OAuthlibPeerTests {
    static let isCI = ProcessInfo.processInfo.environment["CI"] == "true"

    static let peerAvailable: Bool = {
        guard let python = python() else { return false }
        let process = Process()
        process.executableURL = python
        process.arguments = ["-c", "import oauthlib, requests, requests_oauthlib"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }()

    static func python() -> URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { URL(fileURLWithPath: String($0)).appendingPathComponent("python3") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    @Test(
        "requests-oauthlib runs the flow and signed calls against mock-servers",
        .enabled(if: isCI || peerAvailable, "python3 with oauthlib and requests-oauthlib is not installed (pip install oauthlib requests-oauthlib)")
    )
    func peerFlow() async throws {
        let python = try #require(Self.python(), "python3 is required under CI=true")
        try #require(Self.peerAvailable, "oauthlib and requests-oauthlib are required under CI=true")
        let (server, _, ready) = try await MockServersCommandTests.startServers(["--log-level", "warning"])
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Peers/oauth1_peer.py")
        let peer = try ChildProcess(python, [script.path, ready])
        let status = await peer.waitForExit(timeout: .seconds(120))
        #expect(status == 0, "peer output:\n\(peer.output)\n\(peer.errorOutput)")
        #expect(peer.output.contains("PEER-OK"))
        server.send(SIGTERM)
        #expect(await server.waitForExit() == 0)
        try? FileManager.default.removeItem(atPath: ready)
    }
}
