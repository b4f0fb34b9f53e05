import DrupalMock
import Foundation
import MockServerKit
import Testing

/// `DrupalMockOptions.declarations`: every option decodes from the config file in each way it
/// may be written, refuses what it does not allow by name, and the README's table is theirs.
@Suite("Drupal mock option declarations")
struct DrupalOptionDeclarationTests {
    /// Decodes `json` as the drupal provider's options object, the way the `mock-servers` config file does.
    static func decode(_ json: String) throws -> DrupalMockOptions {
        try JSONDecoder().decode(Probe.self, from: Data(json.utf8)).options
    }

    private struct Probe: Decodable {
        var options: DrupalMockOptions
        init(from decoder: any Decoder) throws {
            options = try DrupalMockOptions.decode(from: decoder, provider: "drupal")
        }
    }

    @Test("the option names are the config file's; any other is refused, listing them")
    func names() {
        #expect(DrupalMockOptions.declarations.map(\.name) == [
            "tokenExpirySeconds", "usesKeys", "usesSessid", "strictErrors", "diagnosis", "sessionLifetimeSeconds",
        ])
        #expect {
            _ = try Self.decode(#"{"tokenExpiry": 60}"#)
        } throws: { error in
            (error as? MockServerError)?.message == "provider drupal, unknown option tokenExpiry; "
                + "the options are diagnosis, sessionLifetimeSeconds, strictErrors, tokenExpirySeconds, usesKeys, usesSessid"
        }
    }

    @Test("every option decodes from each way the config file writes it, and round-trips", arguments: DrupalMockOptions.declarations.flatMap(\.samples))
    func sample(json: String, options: DrupalMockOptions) throws {
        #expect(options != DrupalMockOptions())
        #expect(try Self.decode(json) == options)
        #expect(try Self.decode(String(decoding: JSONEncoder().encode(options), as: UTF8.self)) == options)
    }

    @Test("values out of range or of the wrong kind are refused, naming the option and what it accepts", arguments: DrupalMockOptions.declarations.flatMap(\.refusals))
    func refusal(json: String, message: String) {
        #expect {
            _ = try Self.decode(json)
        } throws: { error in
            let error = error as? MockServerError
            return error?.code == .invalidOption && error?.message == "provider drupal, \(message)"
        }
    }

    @Test("MockServers/README.md's table is rendered from the declarations")
    func readmeTable() throws {
        let readme = try String(contentsOf: URL(filePath: #filePath).deletingLastPathComponent().appending(path: "../../README.md").standardized, encoding: .utf8)
        let section = "<!-- DrupalMockOptions.markdownTable -->\n\(DrupalMockOptions.markdownTable)<!-- end of table -->"
        let matches = readme.contains(section)
        #expect(matches, "MockServers/README.md differs from the declarations; the Drupal options should read:\n\(section)")
    }
}
