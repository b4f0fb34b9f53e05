import Foundation
import MockServerKit
import OAuth1Mock
import Testing

/// `OAuth1MockOptions.declarations`: every option decodes from the config file in each way it
/// may be written, refuses what it does not allow by name, and the README's table is theirs.
@Suite("OAuth 1.0a option declarations")
struct OAuth1OptionDeclarationTests {
    @Test("the option names are the config file's; any other is refused, listing them")
    func names() {
        #expect(OAuth1MockOptions.declarations.map(\.name) == [
            "timestampWindowSeconds", "exposeBaseString", "autoApprove", "requestTokenLifetimeSeconds",
            "accessTokenLifetimeSeconds", "signatureMethods", "registeredCallbacks",
        ])
        #expect {
            _ = try OptionsTests.decode(#"{"autoapprove": 60}"#)
        } throws: { error in
            (error as? MockServerError)?.message == "provider twitter, unknown option autoapprove; "
                + "the options are accessTokenLifetimeSeconds, autoApprove, exposeBaseString, registeredCallbacks, requestTokenLifetimeSeconds, signatureMethods, timestampWindowSeconds"
        }
    }

    @Test("every option decodes from each way the config file writes it, and round-trips", arguments: OAuth1MockOptions.declarations.flatMap(\.samples))
    func sample(json: String, options: OAuth1MockOptions) throws {
        #expect(options != OAuth1MockOptions())
        #expect(try OptionsTests.decode(json) == options)
        #expect(try OptionsTests.decode(String(decoding: JSONEncoder().encode(options), as: UTF8.self)) == options)
    }

    @Test("values out of range or of the wrong kind are refused, naming the option and what it accepts", arguments: OAuth1MockOptions.declarations.flatMap(\.refusals))
    func refusal(json: String, message: String) {
        #expect {
            _ = try OptionsTests.decode(json)
        } throws: { error in
            let error = error as? MockServerError
            return error?.code == .invalidOption && error?.message == "provider twitter, \(message)"
        }
    }

    @Test("MockServers/README.md's table is rendered from the declarations")
    func readmeTable() throws {
        let readme = try String(contentsOf: URL(filePath: #filePath).deletingLastPathComponent().appending(path: "../../README.md").standardized, encoding: .utf8)
        let section = "<!-- OAuth1MockOptions.markdownTable -->\n\(OAuth1MockOptions.markdownTable)<!-- end of table -->"
        let matches = readme.contains(section)
        #expect(matches, "MockServers/README.md differs from the declarations; the OAuth 1.0a options should read:\n\(section)")
    }
}
