import ArgumentParser
import Foundation
import MockServerCatalog
import MockServerKit

/// The `--config` JSON file:
///
/// ```json
/// {"host": "127.0.0.1", "portBase": 9400,
///  "providers": {"twitter": {"port": 9401, "adminEnabled": true, "options": {"autoApprove": true}}}}
/// ```
///
/// Each provider entry takes every ``MockServerConfiguration`` member and the provider's typed
/// `options`, decoded by the catalogue (unknown names and bad values are errors).
struct CommandConfigurationFile: Decodable {
    /// One provider's entry: its explicit port (if given), its configuration and the provider
    /// built with its options.
    struct Entry {
        var port: Int?
        var configuration: MockServerConfiguration
        var provider: any MockProvider

        private enum CodingKeys: String, CodingKey { case port, options }

        init(from decoder: any Decoder, catalog entry: MockCatalogEntry) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            port = try container.decodeIfPresent(Int.self, forKey: .port)
            configuration = try MockServerConfiguration(from: decoder)
            provider = container.contains(.options)
                ? try entry.provider(optionsFrom: container.superDecoder(forKey: .options))
                : entry.provider()
        }
    }

    var host: String?
    var portBase: Int?
    var providers: [String: Entry]

    init() {
        providers = [:]
    }

    private enum CodingKeys: String, CodingKey { case host, portBase, providers }

    /// A provider's name as a key of `providers`.
    private struct ProviderName: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        host = try container.decodeIfPresent(String.self, forKey: .host)
        portBase = try container.decodeIfPresent(Int.self, forKey: .portBase)
        providers = [:]
        guard container.contains(.providers) else { return }
        let entries = try container.nestedContainer(keyedBy: ProviderName.self, forKey: .providers)
        try LaunchPlan.requireKnown(entries.allKeys.map(\.stringValue).sorted(), namedBy: "the configuration file")
        for key in entries.allKeys {
            let entry = MockProviderCatalog.entry(named: key.stringValue)!
            providers[key.stringValue] = try Entry(from: entries.superDecoder(forKey: key), catalog: entry)
        }
    }

    /// Reads and decodes `path`, with a message naming the problem.
    static func load(_ path: String) throws -> CommandConfigurationFile {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw ValidationError("cannot read the configuration file \(path): \(error.localizedDescription)")
        }
        do {
            return try JSONDecoder().decode(CommandConfigurationFile.self, from: data)
        } catch let error as ValidationError {
            throw error
        } catch let error as MockServerError {
            throw ValidationError("the configuration file \(path) is not valid: \(error.message)")
        } catch let error as DecodingError {
            throw ValidationError("the configuration file \(path) is not valid: \(Self.describe(error))")
        } catch {
            throw ValidationError("the configuration file \(path) is not valid JSON: \(error.localizedDescription)")
        }
    }

    private static func describe(_ error: DecodingError) -> String {
        func path(_ context: DecodingError.Context) -> String {
            let keys = context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }
            return keys.isEmpty ? "at the top level" : "at \(keys.joined(separator: "."))"
        }
        switch error {
        case .dataCorrupted(let context): return "\(context.debugDescription) (\(path(context)))"
        case .keyNotFound(let key, let context): return "missing '\(key.stringValue)' \(path(context))"
        case .typeMismatch(let type, let context): return "expected \(type) \(path(context))"
        case .valueNotFound(let type, let context): return "expected \(type) \(path(context))"
        @unknown default: return "\(error)"
        }
    }
}
