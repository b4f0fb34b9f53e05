import Foundation
import MockServerKit
import MockServerTesting
import OAuth1Mock
import Testing

/// `OAuth1MockOptions.declarations`: every option decodes from the config file in each way it
/// may be written, refuses what it does not allow by name, and the README's table is theirs
/// (the checks are `OptionDeclarationChecks`, the same for every provider).
@Suite("OAuth 1.0a option declarations")
struct OAuth1OptionDeclarationTests {
    static let checks = OptionDeclarationChecks(OAuth1MockOptions.self, provider: "twitter")

    @Test("the option names are the config file's; any other is refused, listing them")
    func names() {
        #expect(OAuth1MockOptions.declarations.map(\.name) == [
            "timestampWindowSeconds", "exposeBaseString", "autoApprove", "requestTokenLifetimeSeconds",
            "accessTokenLifetimeSeconds", "signatureMethods", "requiresBodyHash", "registeredCallbacks",
        ])
        Self.checks.expectUnknownRefused(#"{"autoapprove": 60}"#, unknown: "autoapprove", listing: "accessTokenLifetimeSeconds, autoApprove, exposeBaseString, registeredCallbacks, requestTokenLifetimeSeconds, requiresBodyHash, signatureMethods, timestampWindowSeconds")
    }

    @Test("every option decodes from each way the config file writes it, and round-trips", arguments: OAuth1MockOptions.declarations.flatMap(\.samples))
    func sample(json: String, options: OAuth1MockOptions) throws {
        try Self.checks.expectSample(json: json, options: options)
    }

    @Test("values out of range or of the wrong kind are refused, naming the option and what it accepts", arguments: OAuth1MockOptions.declarations.flatMap(\.refusals))
    func refusal(json: String, message: String) {
        Self.checks.expectRefusal(json: json, message: message)
    }

    @Test("MockServers/README.md's table is rendered from the declarations")
    func readmeTable() throws {
        try Self.checks.expectReadmeTable(named: "OAuth 1.0a")
    }
}
