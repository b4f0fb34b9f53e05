import Foundation
import MockServerKit
import MockServerTesting
import DrupalMock
import Testing

/// `DrupalMockOptions.declarations`: every option decodes from the config file in each way it
/// may be written, refuses what it does not allow by name, and the README's table is theirs
/// (the checks are `OptionDeclarationChecks`, the same for every provider).
@Suite("Drupal mock option declarations")
struct DrupalOptionDeclarationTests {
    static let checks = OptionDeclarationChecks(DrupalMockOptions.self, provider: "drupal")

    @Test("the option names are the config file's; any other is refused, listing them")
    func names() {
        #expect(DrupalMockOptions.declarations.map(\.name) == [
            "tokenExpirySeconds", "usesKeys", "usesSessid", "strictErrors", "diagnosis", "sessionLifetimeSeconds",
        ])
        Self.checks.expectUnknownRefused(#"{"tokenExpiry": 60}"#, unknown: "tokenExpiry", listing: "diagnosis, sessionLifetimeSeconds, strictErrors, tokenExpirySeconds, usesKeys, usesSessid")
    }

    @Test("every option decodes from each way the config file writes it, and round-trips", arguments: DrupalMockOptions.declarations.flatMap(\.samples))
    func sample(json: String, options: DrupalMockOptions) throws {
        try Self.checks.expectSample(json: json, options: options)
    }

    @Test("values out of range or of the wrong kind are refused, naming the option and what it accepts", arguments: DrupalMockOptions.declarations.flatMap(\.refusals))
    func refusal(json: String, message: String) {
        Self.checks.expectRefusal(json: json, message: message)
    }

    @Test("MockServers/README.md's table is rendered from the declarations")
    func readmeTable() throws {
        try Self.checks.expectReadmeTable(named: "Drupal")
    }
}
