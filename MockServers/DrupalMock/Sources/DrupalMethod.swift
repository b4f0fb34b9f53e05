import Foundation
import DrupalServicesClient

/// The methods the mock site serves, with their required arguments (after the
/// key-authentication and sessid arguments) as Drupal Services declares them.
enum DrupalMethod: String, CaseIterable, Sendable {
    case connect = "system.connect"
    case login = "user.login"
    case logout = "user.logout"
    case nodeGet = "node.get"
    case nodeSave = "node.save"
    case nodeDelete = "node.delete"

    /// The names of the required arguments, in order.
    var requiredArguments: [String] {
        switch self {
        case .connect, .logout: []
        case .login: ["username", "password"]
        case .nodeGet, .nodeDelete: ["nid"]
        case .nodeSave: ["node"]
        }
    }

    /// Whether calls carry the key-authentication and sessid arguments (every method but
    /// `system.connect`).
    var isAuthenticated: Bool { self != .connect }
}

/// Reading a method's own arguments as Drupal's PHP does, and refusing what PHP could not use
/// with JSON-RPC's -32602.
enum DrupalArgument {
    /// A node id: a number or a numeric string; `nil` for other text (which finds no node).
    static func nid(_ value: JSONValue, position: Int?) throws(DrupalMockError) -> Int? {
        switch value {
        case .int(let number): return number
        case .double(let number): return number.rounded() == number && abs(number) < 1e15 ? Int(number) : nil
        case .string(let text): return Int(text.trimmingCharacters(in: .whitespaces))
        default: throw invalid(position == nil ? "node.nid" : "nid", position: position, expected: "a number", got: value)
        }
    }

    /// The `fields` of `node.get`: an array of names or one comma-separated string; `nil`
    /// (every field) when absent, null or empty.
    static func fields(_ value: JSONValue?, position: Int) throws(DrupalMockError) -> [String]? {
        switch value {
        case nil, .null?: return nil
        case .string(let text)?:
            let names = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            return names.isEmpty ? nil : names
        case .array(let elements)?:
            var names: [String] = []
            for element in elements {
                guard case .string(let name) = element else {
                    throw invalid("fields", position: position, expected: "an array of field names", got: element)
                }
                names.append(name)
            }
            return names.isEmpty ? nil : names
        case let other?:
            throw invalid("fields", position: position, expected: "an array of field names", got: other)
        }
    }

    /// A text argument (`username`, `password`): a string, or a number read as text.
    static func text(_ value: JSONValue, name: String, position: Int) throws(DrupalMockError) -> String {
        switch value {
        case .string(let text): return text
        case .int(let number): return String(number)
        case .double(let number): return String(number)
        default: throw invalid(name, position: position, expected: "a string", got: value)
        }
    }

    /// A struct argument (`node`): a JSON object.
    static func object(_ value: JSONValue, name: String, position: Int) throws(DrupalMockError) -> [String: JSONValue] {
        guard case .object(let members) = value else {
            throw invalid(name, position: position, expected: "an object", got: value)
        }
        return members
    }

    /// A node field's value as PHP stores it: scalars as text (`true` → `1`, `null` → empty).
    static func fieldText(_ value: JSONValue, name: String) throws(DrupalMockError) -> String {
        switch value {
        case .null: return ""
        case .bool(let flag): return flag ? "1" : "0"
        case .int(let number): return String(number)
        case .double(let number): return String(number)
        case .string(let text): return text
        case .array, .object: throw invalid("node.\(name)", position: nil, expected: "a string or number", got: value)
        }
    }

    static func invalid(_ name: String, position: Int?, expected: String, got value: JSONValue) -> DrupalMockError {
        let place = position.map { "argument \($0) (\(name))" } ?? name
        return DrupalMockError(
            protocol: JSONRPCErrorObject.invalidParams, code: .invalidArguments,
            message: "Invalid params: \(name) must be \(expected)",
            reason: "\(place) must be \(expected), not \(value.typeName)"
        )
    }
}
