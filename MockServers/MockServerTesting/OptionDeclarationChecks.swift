import Foundation
public import MockServerKit
public import Testing

/// The checks every mock provider's option declarations get, in one place: each family's test
/// file only names its options type, its provider and its expected option names.
public struct OptionDeclarationChecks<Options: MockProviderOptions & Equatable>: Sendable {
    /// The provider name errors carry (`provider drupal, …`).
    public let provider: String

    /// Checks for `Options` as the provider called `provider` reads them.
    public init(_ options: Options.Type, provider: String) {
        self.provider = provider
    }

    /// `json` decoded as the provider's `options` object, the way the `mock-servers` config file is.
    public func decode(_ json: String) throws -> Options {
        try JSONDecoder().decode(Probe.self, from: Data(json.utf8), configuration: provider).options
    }

    /// `json`, whose option `unknown` the provider does not have, is refused naming it and
    /// listing the options there are (`names`, sorted, comma-separated).
    public func expectUnknownRefused(_ json: String, unknown: String, listing names: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(sourceLocation: sourceLocation) { _ = try decode(json) } throws: { error in
            (error as? MockServerError)?.message == "provider \(provider), unknown option \(unknown); the options are \(names)"
        }
    }

    /// A declaration's sample decodes to `options` (not the defaults) and round-trips through encoding.
    public func expectSample(json: String, options: Options, sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(options != Options(), sourceLocation: sourceLocation)
        #expect(try decode(json) == options, sourceLocation: sourceLocation)
        #expect(try decode(String(decoding: JSONEncoder().encode(options), as: UTF8.self)) == options, sourceLocation: sourceLocation)
    }

    /// A declaration's refusal: `json` is refused as an invalid option with `message`.
    public func expectRefusal(json: String, message: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(sourceLocation: sourceLocation) { _ = try decode(json) } throws: { error in
            let error = error as? MockServerError
            return error?.code == .invalidOption && error?.message == "provider \(provider), \(message)"
        }
    }

    /// `MockServers/README.md` holds `Options.markdownTable` between its markers; when it does
    /// not, the failure prints the table it should hold.
    public func expectReadmeTable(named title: String, filePath: String = #filePath, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let url = URL(filePath: filePath).deletingLastPathComponent().appending(path: "../../README.md").standardized
        let readme = try String(contentsOf: url, encoding: .utf8)
        let section = "<!-- \(Options.self).markdownTable -->\n\(Options.markdownTable)<!-- end of table -->"
        #expect(readme.contains(section), "MockServers/README.md differs from the declarations; the \(title) options should read:\n\(section)",
                sourceLocation: sourceLocation)
    }

    /// Decodes the options as the config file's entry does, for a provider name.
    private struct Probe: DecodableWithConfiguration {
        var options: Options
        init(from decoder: any Decoder, configuration provider: String) throws {
            options = try Options.decode(from: decoder, provider: provider)
        }
    }
}
