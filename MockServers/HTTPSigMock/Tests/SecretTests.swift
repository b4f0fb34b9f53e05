import Foundation
import HTTPMessageSignatures
import HTTPSigMock
import HTTPTypes
import MockServerKit
import MockServerTesting
import SignedHTTP
import SigningCore
import Testing

/// No demo secret leaves the mock: the HMAC secret and the private keys are never in an answer,
/// a header, the journal or the admin route, whatever the requests (accepted, refused with the
/// server's base, Web Bot Auth, the key directory).
@Suite("HTTP Message Signatures mock: secrets kept out")
struct SecretTests {
    @Test("the HMAC secret and the private keys never reach an answer, the journal or the admin route; Signature is journaled as [redacted]")
    func secretsKeptOut() async throws {
        let clock = ManualClock(start: MockServer.harnessStart)
        try await MockServer.withRunning(HTTPSigMockProvider(), configuration: MockServerConfiguration(adminEnabled: true, seed: 5), clock: clock) { server in
            let strings = server.providers[0].credentials
            let demo = try server.demo(HTTPSigMockProvider.self)
            let hmacSecret = try #require(strings["hmacSecret"])
            let rawSecret = try Base64.decode(hmacSecret)
            let privateKeys = ["ed25519PrivateKey", "ecdsaP256PrivateKey", "ecdsaP384PrivateKey", "rsaPssPrivateKey", "rsaV15PrivateKey"].compactMap { strings[$0] }
            #expect(privateKeys.count == 5)
            // Every Base64 line of every private key, the secret in Base64, hex and as text.
            let secrets = [hmacSecret, Hex.encode(rawSecret), String(decoding: rawSecret, as: UTF8.self)]
                + privateKeys.flatMap { pem in pem.split(separator: "\n").filter { !$0.hasPrefix("-----") && $0.count >= 16 }.map(String.init) }

            let url = { (target: String) in URL(string: server.baseURL.absoluteString + target)! }
            let hmac = demo.signer(.hmacSHA256)
            var requests: [APIRequest] = [
                try hmac.sign(APIRequest(url: url("/api/items?q=a")), at: clock.now),
                try demo.signer(.ed25519).sign(APIRequest(method: "POST", url: url("/api/items"), headers: ["Content-Type": "application/json"], body: Array(#"{"name":"Ann"}"#.utf8)), at: clock.now),
                try HTTPMessageSigner(key: try HTTPSignatureHMACKey(secret: Array("wrong".utf8)), keyID: demo.hmacKeyID).sign(APIRequest(url: url("/api/items")), at: clock.now),
                try demo.signer(.rsaPSSSHA512, components: [.authority, HTTPSignatureComponent.field("signature-agent").member("sig1")], tag: "web-bot-auth", expiresAfter: .seconds(60)).sign(
                    APIRequest(url: url("/api/items"), headers: ["Signature-Agent": "sig1=\"\(server.baseURL.absoluteString)\""]), at: clock.now),
                APIRequest(url: url("/.well-known/http-message-signatures-directory")),
            ]
            var tampered = try hmac.sign(APIRequest(url: url("/api/items?q=a")), at: clock.now)
            tampered.url = url("/api/items?q=b")
            requests.append(tampered)

            var answered = ""
            for request in requests {
                let response = try await URLSessionTransport().send(request)
                answered += "\(response.statusCode)\n" + response.headers.map { "\($0.name): \($0.value)" }.joined(separator: "\n") + "\n" + String(decoding: response.body, as: UTF8.self)
            }
            var journal = ""
            let entries = await server.journal.entries
            #expect(entries.map(\.status) == [200, 201, 401, 200, 200, 401], "\(answered)")
            dump(entries, to: &journal)
            #expect(entries.count == requests.count)
            #expect(entries.filter { $0.received.headers[HTTPField.Name("Signature")!] != nil }.allSatisfy { $0.received.headers[HTTPField.Name("Signature")!] == MockSecrets.redacted })
            #expect(entries.contains { $0.diagnosis?.title == "signature base" })
            let admin = MockHTTP.text(try await MockHTTP.send(.get, "/__admin/journal", to: server.baseURL, headers: server.adminHeaders))
            #expect(admin.contains("\"provider\":\"httpsig\""), "the admin route answered no journal: \(admin.prefix(300))")
            for secret in secrets {
                #expect(!answered.contains(secret), "a demo secret is in an answer")
                #expect(!journal.contains(secret), "a demo secret is in the journal")
                #expect(!admin.contains(secret), "a demo secret is on the admin route")
            }
        }
    }
}
