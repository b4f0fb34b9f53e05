import Foundation
import TestSupport
import Testing

/// Discogs' official Python client, `discogs-client` (which nobody here wrote), runs both of its
/// documented sign-in flows against the discogs flavour of the standalone `mock-servers`
/// process: `get_authorize_url()` without a callback (the user copies the verifier from the
/// page) and `get_authorize_url(callback_url=…)` (its `oauth_callback` in the form body beside
/// the `Authorization` header), then `get_access_token(verifier)`, `identity()` and `search(…)`.
///
/// Skips when python3 with discogs-client is missing, unless `CI=true`, where a missing peer
/// fails the test. Install: `pip install discogs-client==2.3.0`.
@Suite("discogs-client peer", .heavy)
struct DiscogsClientPeerTests {
    static var peerAvailable: Bool { get async { await PythonPeer.hasModules(["discogs_client", "requests"]) } }

    @Test(
        "discogs-client runs its desktop and web flows, identity() and search() against mock-servers",
        .enabled("python3 with discogs-client is not installed (pip install discogs-client==2.3.0)") { await peerAvailable || TestEnvironment.isCI }
    )
    func officialClient() async throws {
        let python = try #require(PythonPeer.executable, "python3 is required under CI=true")
        try #require(await Self.peerAvailable, "discogs-client is required under CI=true (pip install discogs-client==2.3.0)")
        try await MockServersPeerRun.run("discogs_peer.py", python: python, only: "discogs")
    }
}
