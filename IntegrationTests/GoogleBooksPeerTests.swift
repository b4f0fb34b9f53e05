import Foundation
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
        try await MockServersPeerRun.run("googlebooks_peer.py", python: python, only: "googlebooks")
    }
}
