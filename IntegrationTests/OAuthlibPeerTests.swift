import Foundation
import TestSupport
import Testing

/// Python's requests-oauthlib, an implementation nobody here wrote, runs the 3-legged flow
/// and signed calls against the standalone `mock-servers` process.
///
/// Skips when python3 with oauthlib and requests-oauthlib is missing, unless `CI=true`, where
/// a missing peer fails the test. Install: `pip install oauthlib requests-oauthlib`.
@Suite("oauthlib peer", .heavy)
struct OAuthlibPeerTests {
    static var peerAvailable: Bool { get async { await PythonPeer.hasModules(["oauthlib", "requests", "requests_oauthlib"]) } }

    @Test(
        "requests-oauthlib runs the flow and signed calls against mock-servers",
        .enabled("python3 with oauthlib and requests-oauthlib is not installed (pip install oauthlib requests-oauthlib)") { await peerAvailable || TestEnvironment.isCI }
    )
    func peerFlow() async throws {
        let python = try #require(PythonPeer.executable, "python3 is required under CI=true")
        try #require(await Self.peerAvailable, "oauthlib and requests-oauthlib are required under CI=true")
        try await MockServersPeerRun.run("oauth1_peer.py", python: python)
    }
}
