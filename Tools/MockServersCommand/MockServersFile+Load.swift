import ArgumentParser
import Foundation
import MockServerCatalog
import MockServerKit

/// Reading the `--config` file (its format is ``MockServersFile``, in MockServerCatalog) with
/// messages for the command line.
extension MockServersFile {
    /// Reads and decodes `path`, with a message naming the problem.
    static func load(_ path: String) throws -> MockServersFile {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw ValidationError("cannot read the configuration file \(path): \(error.localizedDescription)")
        }
        do {
            return try JSONDecoder().decode(MockServersFile.self, from: data)
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
