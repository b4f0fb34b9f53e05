import DrupalMock
import Foundation
import MockServerKit
import Testing

@Suite("Drupal mock options")
struct DrupalMockOptionsTests {
    @Test("the defaults are Drupal's: 30 s expiry, keys and sessid on, faithful errors")
    func defaults() {
        let options = DrupalMockOptions()
        #expect(options.tokenExpirySeconds == 30)
        #expect(options.usesKeys && options.usesSessid && options.diagnosis)
        #expect(!options.strictErrors)
        #expect(options.sessionLifetimeSeconds == 200_000)
    }

    @Test("JSON options take strings and numbers alike; unknown names and bad ranges are refused by name")
    func decoding() throws {
        let decoded = try JSONDecoder().decode(DrupalMockOptions.self, from: Data(#"{"tokenExpirySeconds":"60","strictErrors":true,"usesSessid":"false"}"#.utf8))
        #expect(decoded.tokenExpirySeconds == 60 && decoded.strictErrors && !decoded.usesSessid)
        #expect(throws: MockServerError.self) {
            try JSONDecoder().decode(DrupalMockOptions.self, from: Data(#"{"tokenExpiry":60}"#.utf8))
        }
        let error = #expect(throws: MockServerError.self) { try DrupalMockOptions(tokenExpirySeconds: 0).validate() }
        #expect(error?.message.contains("tokenExpirySeconds") == true)
        #expect(throws: MockServerError.self) { try DrupalMockOptions(sessionLifetimeSeconds: -1).validate() }
    }
}
