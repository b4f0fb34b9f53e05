@testable import Examples
import Foundation
import HTTPMessageSignatures
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import OAuth1Client
import Testing
import TestSupport

/// The documented servers (Examples' `sharedStorePhotosServer` for OAuth 1.0a and
/// `sharedStoreItemsServer` for HTTP Message Signatures) each run as two instances on the test
/// database: a signed request accepted by one is refused by the other as a replay, a request
/// changed after signing is refused, and a body sent unsigned (OAuth 1.0a) or a request
/// without a nonce (RFC 9421) is refused.
@Suite("The example servers: two instances on one PostgreSQL replay store", .enabled(if: TestPostgres.isEnabled, Comment(rawValue: TestPostgres.missingMessage)))
struct ExampleServerTests {
    static let secrets = ["photos-app": "photos-secret"]

    /// `/photos` signed for `http://localhost/photos`: HummingbirdTesting's live client sends
    /// `Host: localhost` to every instance, as a load balancer passes one `Host` on.
    static func signed(_ signer: OAuth1Signer, body: [UInt8] = [], contentType: String? = nil) throws -> (uri: String, headers: HTTPFields, body: [UInt8]) {
        var request = APIRequest(method: body.isEmpty ? "GET" : "POST", url: URL(string: "http://localhost/photos")!, body: body)
        if let contentType { request.setHeader("Content-Type", contentType) }
        let signed = try signer.sign(request).request
        var headers = HTTPFields()
        for field in signed.headers { headers.append(HTTPField(name: HTTPField.Name(field.name)!, value: field.value)) }
        return ("/photos", headers, signed.body)
    }

    @Test("a request accepted by one instance is a replay at the other; a changed or unsigned-body request is refused")
    func twoInstances() async throws {
        // Each store call may wait 30 s, as the other tests of the shared database allow.
        let url = try #require(TestPostgres.url, "\(TestPostgres.variable) must be set when CI=true") + "?timeout=30"
        let first = try await sharedStorePhotosServer(databaseURL: url, consumerSecrets: Self.secrets)
        let second = try await sharedStorePhotosServer(databaseURL: url, consumerSecrets: Self.secrets)
        let signer = OAuth1Signer(credentials: OAuth1Credentials(consumerKey: "photos-app", consumerSecret: "photos-secret"))
        try await first.test(.live) { a in
            try await second.test(.live) { b in
                let request = try Self.signed(signer)
                let accepted = try await a.execute(uri: request.uri, method: .get, headers: request.headers)
                #expect(accepted.status == .ok && String(buffer: accepted.body) == "Photos of photos-app")
                // The same request at the other instance: a replay, known from the shared store.
                let refused = try await b.execute(uri: request.uri, method: .get, headers: request.headers)
                #expect(refused.status == .unauthorized)
                #expect(String(buffer: refused.body).contains("oauth_problem=nonce_used"), "\(String(buffer: refused.body))")

                let unsigned = try Self.signed(OAuth1Signer(credentials: signer.credentials, bodySigning: .unsigned), body: Array(#"{"a":1}"#.utf8), contentType: "application/json")
                let noHash = try await b.execute(uri: unsigned.uri, method: .post, headers: unsigned.headers, body: ByteBuffer(bytes: unsigned.body))
                #expect(noHash.status == .badRequest && String(buffer: noHash.body).contains("oauth_problem=parameter_absent"))
            }
        }
    }

    /// The HMAC secret the RFC 9421 example's instances know under `keyid` `items-peer`.
    static let itemsSecret = Array("the items API's secret for the Python peer".utf8)
    static let itemsPeerModules = ["http_message_signatures", "http_sf", "requests"]

    /// Python's `http-message-signatures` (`Peers/httpsig_shared_store_peer.py`, an independent
    /// client) signs each request once, for the public URL, with a nonce, and sends it to one
    /// instance and then to the other: accepted by the first, refused by the second as a replay
    /// (the GET and a POST whose JSON body is covered through `content-digest`); a request
    /// without a nonce and one changed after signing are refused. Skips without the Python
    /// peer, unless `CI=true`.
    @Test(
        "RFC 9421: a request the Python peer signed is accepted by one instance and a replay at the other",
        .enabled("python3 with http-message-signatures and requests is not installed (pip install -r .ci/requirements.txt)") {
            await PythonPeer.hasModules(itemsPeerModules) || TestEnvironment.isCI
        }
    )
    func httpSignaturesTwoInstances() async throws {
        let python = try #require(PythonPeer.executable, "python3 is required under CI=true")
        try #require(await PythonPeer.hasModules(Self.itemsPeerModules), "http-message-signatures and requests are required under CI=true (pip install -r .ci/requirements.txt)")
        let url = try #require(TestPostgres.url, "\(TestPostgres.variable) must be set when CI=true") + "?timeout=30"
        let keys: [String: any HTTPMessageVerifyingKey] = ["items-peer": try HTTPSignatureHMACKey(secret: Self.itemsSecret)]
        let first = try await sharedStoreItemsServer(databaseURL: url, keys: keys)
        let second = try await sharedStoreItemsServer(databaseURL: url, keys: keys)
        try await first.test(.live) { a in
            try await second.test(.live) { b in
                let ports = try [#require(a.port), #require(b.port)]
                let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Peers/httpsig_shared_store_peer.py").path
                let key = #"{"keyid":"items-peer","secret":"\#(Data(Self.itemsSecret).base64EncodedString())"}"#
                let peer = try await ChildProcess.run(
                    python, [script] + ports.map { "http://localhost:\($0)" }, input: Data((key + "\n").utf8), timeout: .seconds(120)
                )
                let output = "httpsig_shared_store_peer.py output:\n\(peer.output)\n\(peer.errorOutput)"
                #expect(peer.status == 0, "\(output)")
                #expect(peer.output.contains("PEER-OK"), "\(output)")
                #expect(!peer.output.contains("FAIL "), "\(output)")
            }
        }
    }
}
