// The `mock-servers --config` file on arbitrary bytes: JSON decoded the way the command reads
// it (each provider entry is a `MockServerConfiguration` plus the provider's typed `options`,
// built through the catalogue), then validated. Round trip: a configuration that decodes
// encodes to JSON that decodes to the same configuration, and validates the same way.
import Foundation
import FuzzSupport
import MockServerCatalog
import MockServerKit

/// The file's shape as `mock-servers` reads it (Tools/MockServersCommand/CommandConfigurationFile.swift,
/// an executable target this package cannot import): unknown provider names are errors.
struct ConfigurationFile: Decodable {
    var configurations: [String: MockServerConfiguration] = [:]

    private enum CodingKeys: String, CodingKey { case host, portBase, providers }
    private enum EntryKeys: String, CodingKey { case port, options }
    private struct Name: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        _ = try container.decodeIfPresent(String.self, forKey: .host)
        _ = try container.decodeIfPresent(Int.self, forKey: .portBase)
        guard container.contains(.providers) else { return }
        let entries = try container.nestedContainer(keyedBy: Name.self, forKey: .providers)
        for key in entries.allKeys {
            guard let entry = MockProviderCatalog.entry(named: key.stringValue) else {
                throw DecodingError.dataCorruptedError(forKey: key, in: entries, debugDescription: "unknown provider")
            }
            let entryDecoder = try entries.superDecoder(forKey: key)
            let fields = try entryDecoder.container(keyedBy: EntryKeys.self)
            _ = try fields.decodeIfPresent(Int.self, forKey: .port)
            configurations[key.stringValue] = try MockServerConfiguration(from: entryDecoder)
            _ = fields.contains(.options) ? try entry.provider(optionsFrom: fields.superDecoder(forKey: .options)) : entry.provider()
        }
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard let file = try? JSONDecoder().decode(ConfigurationFile.self, from: Data(bytes: data, count: size)) else { return 0 }
    for (name, configuration) in file.configurations {
        let valid = (try? configuration.validate()) != nil
        guard let json = try? JSONEncoder().encode(configuration) else {
            fuzzRequire(false, "the configuration of \(name) does not encode")
            return 0
        }
        let again = try? JSONDecoder().decode(MockServerConfiguration.self, from: json)
        fuzzRequire(again == configuration, "\(name)'s configuration changed through encode → decode: \(String(decoding: json, as: UTF8.self))")
        fuzzRequire(((try? again?.validate()) != nil) == valid, "\(name)'s configuration validates differently after encode → decode")
    }
    return 0
}
