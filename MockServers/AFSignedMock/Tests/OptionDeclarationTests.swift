import Foundation
import MockServerKit
import MockServerTesting
import AFSignedMock
import Testing

/// `AFSignedMockOptions.declarations`: every option decodes from the config file in each way it
/// may be written, refuses what it does not allow by name, and the README's table is theirs
/// (the checks are `OptionDeclarationChecks`, the same for every provider).
@Suite("AFSigned mock option declarations")
struct AFSignedOptionDeclarationTests {
    static let checks = OptionDeclarationChecks(AFSignedMockOptions.self, provider: "afsigned")

    @Test("the option names are the config file's; any other is refused, listing them")
    func names() {
        #expect(AFSignedMockOptions.declarations.map(\.name) == [
            "version", "clientIDField", "timestampWindowSeconds", "requiresNonce", "diagnosis",
        ])
        Self.checks.expectUnknownRefused(#"{"window": 60}"#, unknown: "window", listing: "clientIDField, diagnosis, requiresNonce, timestampWindowSeconds, version")
    }

    @Test("every option decodes from each way the config file writes it, and round-trips", arguments: AFSignedMockOptions.declarations.flatMap(\.samples))
    func sample(json: String, options: AFSignedMockOptions) throws {
        try Self.checks.expectSample(json: json, options: options)
    }

    @Test("values out of range or of the wrong kind are refused, naming the option and what it accepts", arguments: AFSignedMockOptions.declarations.flatMap(\.refusals))
    func refusal(json: String, message: String) {
        Self.checks.expectRefusal(json: json, message: message)
    }

    @Test("MockServers/README.md's table is rendered from the declarations")
    func readmeTable() throws {
        try Self.checks.expectReadmeTable(named: "AFSigned")
    }
}
