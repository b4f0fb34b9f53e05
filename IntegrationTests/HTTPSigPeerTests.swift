import Foundation
import TestSupport
import Testing

/// Python's `http-message-signatures` (RFC 9421; an implementation nobody here wrote, pinned in
/// `.ci/requirements.txt` with its structured-fields parser `http-sf`) as the client of a
/// standalone `mock-servers --only httpsig`, with the demo keys of the ready file
/// (`Peers/httpsig_peer.py`):
///
/// - requests signed with every algorithm (`hmac-sha256`, `ed25519`, `ecdsa-p256-sha256`,
///   `ecdsa-p384-sha384`, `rsa-pss-sha512`, `rsa-v1_5-sha256`) for `GET /api/items?q=tea` and
///   `POST /api/items` with a JSON body covered through `content-digest`: accepted;
/// - refused with the status, problem `code`, `WWW-Authenticate` error and `X-Mock-Reason` of
///   each cause: changed after signing (query, method, body, body with its digest; the mock's
///   `X-Signature-Base` equal to the base the library builds for the request as it arrived),
///   replayed with a `nonce`, `expires` past, `created` outside the window, ahead or missing,
///   a wrong key under a demo `keyid`, an unknown `keyid`, `alg` disagreeing with the key, a body
///   not covered, each component the default policy requires left out; an unsigned request's
///   `Accept-Signature` followed as RFC 9421 §5.2 says: accepted;
/// - every answer's signature verified by the library with `serverPublicKey`, `@status`,
///   `content-digest` (against the content received) and the `req`-bound `@method` and
///   `@target-uri` required, and refused as the answer to another request (the library
///   resolves `;req` components from the request a response answers: no limitation);
/// - as a Web Bot Auth agent: the key directory read (its media type, each key's RFC 7638
///   thumbprint computed by the script, each of the directory's signatures verified with the
///   key it lists), then a request signed with the directory's Ed25519 key (tag `web-bot-auth`,
///   `Signature-Agent` covered by member, `@authority`, `created`/`expires`): accepted; too long
///   an `expires`, none, `@authority` or `Signature-Agent` left out, a key not in the directory,
///   a replay: refused.
///
/// Skips when python3 with http-message-signatures, http-sf and requests is missing, unless
/// `CI=true`, where a missing peer fails the test. Install: `pip install -r .ci/requirements.txt`.
@Suite("http-message-signatures peer against mock-servers --only httpsig", .heavy)
struct HTTPSigPeerTests {
    static let modules = ["http_message_signatures", "http_sf", "requests", "cryptography"]
    static var peerAvailable: Bool { get async { await PythonPeer.hasModules(modules) } }

    @Test(
        "http-message-signatures signs with every algorithm, is refused for each cause, verifies the answers and the key directory, and signs as a Web Bot Auth agent",
        .enabled("python3 with http-message-signatures, http-sf and requests is not installed (pip install -r .ci/requirements.txt)") { await peerAvailable || TestEnvironment.isCI }
    )
    func peerAgainstMock() async throws {
        let python = try #require(PythonPeer.executable, "python3 is required under CI=true")
        try #require(await Self.peerAvailable, "http-message-signatures, http-sf and requests are required under CI=true (pip install -r .ci/requirements.txt)")
        try await MockServersPeerRun.run("httpsig_peer.py", python: python, only: "httpsig")
    }
}
