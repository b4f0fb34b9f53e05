import Foundation
import GoogleBooksMock
import MockServerKit
import Testing

extension GoogleBooksMockSuite {
    /// `GoogleBooksMockOptions.declarations`: every option decodes from the config file in each way it
    /// may be written, refuses what it does not allow by name, and the README's table is theirs.
    @Suite("Google Books mock option declarations")
    struct GoogleBooksOptionDeclarationTests {
        /// Decodes `json` as the googlebooks provider's options object, the way the `mock-servers` config file does.
        static func decode(_ json: String) throws -> GoogleBooksMockOptions {
            try JSONDecoder().decode(Probe.self, from: Data(json.utf8)).options
        }

        private struct Probe: Decodable {
            var options: GoogleBooksMockOptions
            init(from decoder: any Decoder) throws {
                options = try GoogleBooksMockOptions.decode(from: decoder, provider: "googlebooks")
            }
        }

        @Test("the option names are the config file's; any other is refused, listing them")
        func names() {
            #expect(GoogleBooksMockOptions.declarations.map(\.name) == [
                "catalogueSize", "seed", "requiresKey", "rateLimitPerMinute", "shiftingTotals",
            ])
            #expect {
                _ = try Self.decode(#"{"size": 60}"#)
            } throws: { error in
                (error as? MockServerError)?.message == "provider googlebooks, unknown option size; "
                    + "the options are catalogueSize, rateLimitPerMinute, requiresKey, seed, shiftingTotals"
            }
        }

        @Test("every option decodes from each way the config file writes it, and round-trips", arguments: GoogleBooksMockOptions.declarations.flatMap(\.samples))
        func sample(json: String, options: GoogleBooksMockOptions) throws {
            #expect(options != GoogleBooksMockOptions())
            #expect(try Self.decode(json) == options)
            #expect(try Self.decode(String(decoding: JSONEncoder().encode(options), as: UTF8.self)) == options)
        }

        @Test("values out of range or of the wrong kind are refused, naming the option and what it accepts", arguments: GoogleBooksMockOptions.declarations.flatMap(\.refusals))
        func refusal(json: String, message: String) {
            #expect {
                _ = try Self.decode(json)
            } throws: { error in
                let error = error as? MockServerError
                return error?.code == .invalidOption && error?.message == "provider googlebooks, \(message)"
            }
        }

        @Test("MockServers/README.md's table is rendered from the declarations")
        func readmeTable() throws {
            let readme = try String(contentsOf: URL(filePath: #filePath).deletingLastPathComponent().appending(path: "../../README.md").standardized, encoding: .utf8)
            let section = "<!-- GoogleBooksMockOptions.markdownTable -->\n\(GoogleBooksMockOptions.markdownTable)<!-- end of table -->"
            let matches = readme.contains(section)
            #expect(matches, "MockServers/README.md differs from the declarations; the Google Books mock options should read:\n\(section)")
        }
    }
}
