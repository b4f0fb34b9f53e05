import Foundation

// Drupal 6 writes its numbers, flags and times as strings (`"nid": "1"`, `"status": "1"`,
// `"created": "1262304000"`). The models read both forms, tolerate a missing member, and
// reject any other type with a `DecodingError` that names the member's path.

extension KeyedDecodingContainer {
    /// A whole number written as a number or as decimal text; `nil` when absent or `null`.
    func decodeDrupalInt(forKey key: Key) throws -> Int? {
        guard let value = try decodeIfPresent(JSONValue.self, forKey: key), !value.isNull else { return nil }
        if case .string(let text) = value, text.isEmpty { return nil }
        guard let number = value.intValue else {
            throw DecodingError.typeMismatch(Int.self, .init(
                codingPath: codingPath + [key],
                debugDescription: "expected a whole number or its decimal text, found \(value.typeName) \(value.jsonText.prefix(40))"
            ))
        }
        return number
    }

    /// A flag written as `"1"`/`"0"`, `1`/`0` or `true`/`false`; `nil` when absent or `null`.
    func decodeDrupalBool(forKey key: Key) throws -> Bool? {
        guard let value = try decodeIfPresent(JSONValue.self, forKey: key), !value.isNull else { return nil }
        if let flag = value.boolValue { return flag }
        switch value.intValue {
        case 0?: return false
        case 1?: return true
        default:
            throw DecodingError.typeMismatch(Bool.self, .init(
                codingPath: codingPath + [key],
                debugDescription: "expected a flag (\"0\", \"1\", 0, 1, true or false), found \(value.typeName) \(value.jsonText.prefix(40))"
            ))
        }
    }

    /// A time written as seconds since 1970 (number or text); `nil` when absent, `null` or `"0"`.
    func decodeDrupalDate(forKey key: Key) throws -> Date? {
        guard let seconds = try decodeDrupalInt(forKey: key), seconds > 0 else { return nil }
        return Date(timeIntervalSince1970: TimeInterval(seconds))
    }

    /// Text, tolerating a number in its place (Drupal is loose); `nil` when absent or `null`.
    func decodeDrupalString(forKey key: Key) throws -> String? {
        guard let value = try decodeIfPresent(JSONValue.self, forKey: key), !value.isNull else { return nil }
        switch value {
        case .string(let text): return text
        case .int(let number): return String(number)
        default:
            throw DecodingError.typeMismatch(String.self, .init(
                codingPath: codingPath + [key],
                debugDescription: "expected text, found \(value.typeName) \(value.jsonText.prefix(40))"
            ))
        }
    }

    /// Drupal's role map `{"2": "authenticated user"}` (also accepted as a list of names, which
    /// PHP writes for a map keyed 0, 1, …); `[:]` when absent.
    func decodeDrupalRoles(forKey key: Key) throws -> [Int: String] {
        guard let value = try decodeIfPresent(JSONValue.self, forKey: key), !value.isNull else { return [:] }
        switch value {
        case .object(let members):
            var roles: [Int: String] = [:]
            for (id, name) in members {
                guard let rid = Int(id), let text = name.stringValue else {
                    throw DecodingError.dataCorrupted(.init(codingPath: codingPath + [key], debugDescription: "expected role ids mapped to role names"))
                }
                roles[rid] = text
            }
            return roles
        case .array(let names):
            var roles: [Int: String] = [:]
            for (index, name) in names.enumerated() {
                guard let text = name.stringValue else {
                    throw DecodingError.dataCorrupted(.init(codingPath: codingPath + [key], debugDescription: "expected role names"))
                }
                roles[index] = text
            }
            return roles
        default:
            throw DecodingError.typeMismatch([Int: String].self, .init(codingPath: codingPath + [key], debugDescription: "expected a role map, found \(value.typeName)"))
        }
    }
}

