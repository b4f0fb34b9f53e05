import AFSignedMock
import Foundation
import MockServerKit
import Testing

/// `AFSignedMockOptions.declarations`: every option decodes from the config file in each way it
/// may be written, refuses what it does not allow by name, and the README's table is theirs.
@Suite("AFSigned mock option declarations")
struct AFSignedOptionDeclarationTests {
    @Test("the option names are the config file's; any other is refused, listing them")
    func names() {
        #expect(AFSignedMockOptions.declarations.map(\.name) == [
            "version", "clientIDField", "timestampWindowSeconds", "requiresNonce", "diagnosis",
        ])
        #expect {
            _ = try OptionsProbe.decode(#"{"window": 60}"#)
        } throws: { error in
            (error as? MockServerError)?.message == "provider afsigned, unknown option window; "
                + "the options are clientIDField, diagnosis, requiresNonce, timestampWindowSeconds, version"
        }
    }

    @Test("every option decodes from each way the config file writes it, and round-trips", arguments: AFSignedMockOptions.declarations.flatMap(\.samples))
    func sample(json: String, options: AFSignedMockOptions) throws {
        #expect(options != AFSignedMockOptions())
        #expect(try OptionsProbe.decode(json) == options)
        #expect(try OptionsProbe.decode(String(decoding: JSONEncoder().encode(options), as: UTF8.self)) == options)
    }

    @Test("values out of range or of the wrong kind are refused, naming the option and what it accepts", arguments: AFSignedMockOptions.declarations.flatMap(\.refusals))
    func refusal(json: String, message: String) {
        #expect {
            _ = try OptionsProbe.decode(json)
        } throws: { error in
            let error = error as? MockServerError
            return error?.code == .invalidOption && error?.message == "provider afsigned, \(message)"
        }
    }

    @Test("MockServers/README.md's table is rendered from the declarations")
    func readmeTable() throws {
        let readme = try String(contentsOf: URL(filePath: #filePath).deletingLastPathComponent().appending(path: "../../README.md").standardized, encoding: .utf8)
        let section = "<!-- AFSignedMockOptions.markdownTable -->\n\(AFSignedMockOptions.markdownTable)<!-- end of table -->"
        let matches = readme.contains(section)
        #expect(matches, "MockServers/README.md differs from the declarations; the AFSigned mock options should read:\n\(section)")
    }
}
