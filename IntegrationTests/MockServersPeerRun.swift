import Foundation
import MockServerCatalog
import TestSupport
import Testing

/// A Python peer script of `Peers/` run against a standalone `mock-servers` process, as the
/// peer tests all run one: the servers are started on port 0 with a ready file, the script gets
/// the ready file's path, and passes when it exits 0, prints `PEER-OK` and no `FAIL ` line
/// (`Peers/peer_common.py`'s `check`). The servers then stop on SIGTERM and must exit 0; they
/// are killed however the test ends.
enum MockServersPeerRun {
    /// Runs `Peers/<script>` with `python` against `mock-servers` serving `only` that provider
    /// (every provider when `nil`), within `timeout`.
    static func run(_ script: String, python: URL, only provider: String? = nil, timeout: Duration = .seconds(120)) async throws {
        let (server, ready, readyPath) = try await MockServersCommandTests.startServers(
            (provider.map { ["--only", $0] } ?? []) + ["--log-level", "warning"]
        )
        defer {
            server.stop()
            try? FileManager.default.removeItem(atPath: readyPath)
        }
        if let provider { #expect(Array(ready.providers.keys) == [provider]) }
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Peers/\(script)").path
        let peer = try ChildProcess(python, [path, readyPath])
        let status = await peer.waitForExit(timeout: timeout)
        let output = "\(script) output:\n\(peer.output)\n\(peer.errorOutput)"
        #expect(status != nil, "\(script) did not finish within \(timeout) and was killed. \(output)")
        #expect(status == 0, "\(output)")
        #expect(peer.output.contains("PEER-OK"), "\(output)")
        #expect(!peer.output.contains("FAIL "), "\(output)")
        server.send(SIGTERM)
        #expect(await server.waitForExit() == 0, "mock-servers stderr:\n\(server.errorOutput)")
    }
}
