import Foundation
import MockServerKit
import MockServerTesting
import GoogleBooksMock
import Testing

extension GoogleBooksMockSuite {
    /// `GoogleBooksMockOptions.declarations`: every option decodes from the config file in each way it
    /// may be written, refuses what it does not allow by name, and the README's table is theirs
    /// (the checks are `OptionDeclarationChecks`, the same for every provider).
    @Suite("Google Books mock option declarations")
    struct GoogleBooksOptionDeclarationTests {
        static let checks = OptionDeclarationChecks(GoogleBooksMockOptions.self, provider: "googlebooks")

        @Test("the option names are the config file's; any other is refused, listing them")
        func names() {
            #expect(GoogleBooksMockOptions.declarations.map(\.name) == [
                "catalogueSize", "seed", "requiresKey", "rateLimitPerMinute", "shiftingTotals",
            ])
            Self.checks.expectUnknownRefused(#"{"size": 60}"#, unknown: "size", listing: "catalogueSize, rateLimitPerMinute, requiresKey, seed, shiftingTotals")
        }

        @Test("every option decodes from each way the config file writes it, and round-trips", arguments: GoogleBooksMockOptions.declarations.flatMap(\.samples))
        func sample(json: String, options: GoogleBooksMockOptions) throws {
            try Self.checks.expectSample(json: json, options: options)
        }

        @Test("values out of range or of the wrong kind are refused, naming the option and what it accepts", arguments: GoogleBooksMockOptions.declarations.flatMap(\.refusals))
        func refusal(json: String, message: String) {
            Self.checks.expectRefusal(json: json, message: message)
        }

        @Test("MockServers/README.md's table is rendered from the declarations")
        func readmeTable() throws {
            try Self.checks.expectReadmeTable(named: "Google Books")
        }
    }
}
