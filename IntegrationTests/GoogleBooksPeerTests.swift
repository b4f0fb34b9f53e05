import Foundation
import MockServerCatalog
import TestSupport
import Testing

/// Google's own Python client (google-api-python-client, built from the Books v1 discovery
/// document it ships), an implementation nobody here wrote, searches, pages, looks up, asks for
/// `LITE` and gets a 400 from the standalone `mock-servers --only googlebooks`.
///
/// Skips when python3 with google-api-python-client is missing, unless `CI=true`, where a
/// missing peer fails the test. Install: `pip install google-api-python-client`.
@Suite("Google Books Python peer", .heavy)
struct GoogleBooksPeerTests {
    static var peerAvailable: Bool { get async { await PythonPeer.hasModules(["googleapiclient.discovery"]) } }

    @Test(
        "Google's Python client runs searches, paging, a lookup, LITE and an out-of-range maxResults against mock-servers",
        .enabled("python3 with google-api-python-client is not installed (pip install google-api-python-client)") { await peerAvailable || TestEnvironment.isCI }
    )
    func peer() async throws {
        let python = try #require(PythonPeer.executable, "python3 is required under CI=true")
        try #require(await Self.peerAvailable, "google-api-python-client is required under CI=true")
        let (server, ready, readyPath) = try await MockServersCommandTests.startServers(["--only", "googlebooks", "--log-level", "warning"])
        #expect(Array(ready.providers.keys) == ["googlebooks"])
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Peers/googlebooks_peer.py")
        let peer = try ChildProcess(python, [script.path, readyPath])
        let status = await peer.waitForExit(timeout: .seconds(120))
        #expect(status == 0, "peer output:\n\(peer.output)\n\(peer.errorOutput)")
        #expect(peer.output.contains("PEER-OK"), "peer output:\n\(peer.output)")
        #expect(!peer.output.contains("FAIL "))
        server.send(SIGTERM)
        #expect(await server.waitForExit() == 0, "mock-servers stderr:\n\(server.errorOutput)")
        try? FileManager.default.removeItem(atPath: readyPath)
    }
}
