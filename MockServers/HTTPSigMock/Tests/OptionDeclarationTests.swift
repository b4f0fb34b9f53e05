import Foundation
import HTTPSigMock
import MockServerKit
import MockServerTesting
import Testing

/// `HTTPSigMockOptions.declarations`: every option decodes from the config file in each way it
/// may be written, refuses what it does not allow by name, and the README's table is theirs
/// (the checks are `OptionDeclarationChecks`, the same for every provider).
@Suite("HTTP Message Signatures mock option declarations")
struct HTTPSigOptionDeclarationTests {
    static let checks = OptionDeclarationChecks(HTTPSigMockOptions.self, provider: "httpsig")

    @Test("the option names are the config file's; any other is refused, listing them")
    func names() {
        #expect(HTTPSigMockOptions.declarations.map(\.name) == [
            "requiredComponents", "windowSeconds", "clockSkewSeconds", "algorithms", "requiresNonce", "signsResponses", "webBotAuth",
            "webBotAuthMaxValiditySeconds", "diagnosis",
        ])
        Self.checks.expectUnknownRefused(
            #"{"window": 60}"#, unknown: "window",
            listing: "algorithms, clockSkewSeconds, diagnosis, requiredComponents, requiresNonce, signsResponses, webBotAuth, webBotAuthMaxValiditySeconds, windowSeconds"
        )
    }

    @Test("every option decodes from each way the config file writes it, and round-trips", arguments: HTTPSigMockOptions.declarations.flatMap(\.samples))
    func sample(json: String, options: HTTPSigMockOptions) throws {
        try Self.checks.expectSample(json: json, options: options)
    }

    @Test("values out of range or of the wrong kind are refused, naming the option and what it accepts", arguments: HTTPSigMockOptions.declarations.flatMap(\.refusals))
    func refusal(json: String, message: String) {
        Self.checks.expectRefusal(json: json, message: message)
    }

    @Test("a required component that is not one is refused")
    func badComponent() {
        Self.checks.expectRefusal(
            json: #"{"requiredComponents": ["@method", "@status"]}"#,
            message: #"option requiredComponents must be derived component names (`@method`, `@authority`, `@path`, `@target-uri`, `@scheme`, `@request-target`, `@query`) or lowercase field names (got "@status")"#
        )
    }

    @Test("MockServers/README.md's table is rendered from the declarations")
    func readmeTable() throws {
        try Self.checks.expectReadmeTable(named: "HTTPSig")
    }
}
