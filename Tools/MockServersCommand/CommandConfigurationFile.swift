import ArgumentParser
import Foundation
import MockServerKit

/// The `--config` JSON file:
///
/// ```json
/// {"host": "127.0.0.1", "portBase": 9400,
///  "providers": {"twitter": {"port": 9401, "adminEnabled": true, "options": {"autoApprove": "true"}}}}
/// ```
///
/// Each provider entry takes every ``MockServerConfiguration`` member.
struct CommandConfigurationFile: Decodable {
    /// One provider's entry: its explicit port (if given) and its configuration.
    struct Entry: Decodable {
        var port: Int?
        var configuration: MockServerConfiguration

        private enum CodingKeys: String, CodingKey { case port }

        init(from decoder: any Decoder) throws {
            port = try decoder.container(keyedBy: CodingKeys.self).decodeIfPresent(Int.self, forKey: .port)
            configuration = try MockServerConfiguration(from: decoder)
        }
    }

    var host: String?
    var portBase: Int?
    var providers: [String: Entry]

    init() {
        providers = [:]
    }

    private enum CodingKeys: String, CodingKey { case host, portBase, providers }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        host = try container.decodeIfPresent(String.self, forKey: .host)
        portBase = try container.decodeIfPresent(Int.self, forKey: .portBase)
        providers = try container.decodeIfPresent([String: Entry].self, forKey: .providers) ?? [:]
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
