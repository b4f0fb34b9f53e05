@testable import Examples
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import OAuth1Client
import Testing
import TestSupport

/// The documented server (Examples' `sharedStorePhotosServer`) run as two instances on the
/// test database: a signed request accepted by one is refused by the other as a replay, a
/// request changed after signing is refused, and a JSON body sent unsigned is refused.
@Suite("The example server: two instances on one PostgreSQL replay store", .enabled(if: TestPostgres.isEnabled, Comment(rawValue: TestPostgres.missingMessage)))
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
}
