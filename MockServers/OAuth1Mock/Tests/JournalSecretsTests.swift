import Foundation
import HTTPTypes
import HummingbirdTesting
import MockServerKit
import MockServerTesting
import OAuth1Client
import OAuth1Mock
import Testing

/// What the OAuth 1.0a mock keeps of a request must never include a secret: a PLAINTEXT
/// signature is the consumer and token secrets, a verifier is a one-time credential; and the
/// headers it sets are ASCII whatever its reasons say.
@Suite("OAuth1 mock: secrets and header text")
struct JournalSecretsTests {
    @Test("a PLAINTEXT signature sent in the query or the form body is redacted in the journal and the admin route", arguments: [
        OAuth1Transmission.query, .formBody,
    ])
    func plaintextSignature(transmission: OAuth1Transmission) async throws {
        try await OAuth1Harness.withRunning(.twitter) { harness in
            let request = transmission == .formBody
                ? OAuth1Request(method: "POST", url: harness.url("/1.1/statuses/update.json"), form: [FormField("status", "hi")])
                : OAuth1Request(url: harness.url("/1.1/account/verify_credentials.json"))
            let response = try await harness.send(request, signer: harness.demoSigner(method: .plaintext, transmission: transmission))
            #expect(response.status == .ok)
            let entry = try #require(await harness.server.journal.last)
            #expect(entry.parameter("oauth_signature") == MockSecrets.redacted)
            #expect(entry.parameter("oauth_signature_method") == "PLAINTEXT")
            let secret = try #require(harness.credentials["consumerSecret"])
            #expect(!entry.parameters.contains { $0.value.contains(secret) })
        }
    }

    @Test("an HMAC signature is kept (it reveals no secret); a verifier is not")
    func hmacAndVerifier() async throws {
        try await OAuth1Harness.withRunning(.twitter) { harness in
            _ = try await harness.send(OAuth1Request(url: harness.url("/1.1/account/verify_credentials.json")), signer: harness.demoSigner(transmission: .query))
            let entry = try #require(await harness.server.journal.last)
            #expect(entry.parameter("oauth_signature") != MockSecrets.redacted)
            let verifierSent = OAuth1Request(method: "POST", url: harness.url(OAuth1Flavour.twitter.accessTokenPath))
            _ = try await harness.send(verifierSent, signer: harness.signer(token: "unknown", tokenSecret: "x", transmission: .query), verifier: "the-verifier")
            let rejected = try #require(await harness.server.journal.last)
            #expect(rejected.parameter("oauth_verifier") == MockSecrets.redacted)
        }
    }

    @Test("X-Mock-Reason carries '±' and '—' as percent-encoded UTF-8, which the SDK reads back as the journal's words")
    func encodedReason() async throws {
        try await OAuth1Harness.withRunning(.twitter) { harness in
            let stale = harness.signer(token: harness.credentials["accessToken"], tokenSecret: harness.credentials["accessTokenSecret"], skew: -3600)
            let response = try await harness.send(OAuth1Request(url: harness.url("/1.1/account/verify_credentials.json")), signer: stale)
            let reason = try #require(response.headers[.mockReason])
            #expect(reason.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value < 0x7F })
            #expect(reason.contains("the window is %C2%B1300 s %E2%80%94 check the device clock"), "\(reason)")
            let journaled = try #require(await harness.server.journal.last?.reason)
            #expect(journaled.contains("±300 s — check"))   // the journal keeps the words
            #expect(APIResponse(statusCode: 401, headers: ["X-Mock-Reason": reason]).mockReason == journaled)
        }
    }
}
