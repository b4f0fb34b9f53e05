import Foundation

/// Any JSON value: what JSON-RPC carries as `params`, `result` and `id`, and what Drupal's
/// answers are made of.
///
/// Numbers keep their kind: a whole number decodes as ``int(_:)``, anything else as
/// ``double(_:)``. Drupal sends most numbers as strings (`"nid": "1"`); ``intValue`` reads both.
///
/// ```swift
/// let params: [JSONValue] = ["alice", 1, ["title", "body"]]
/// let title = node["title"]?.stringValue
/// ```
public enum JSONValue: Sendable, Hashable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A whole number.
    case int(Int)
    /// A number with a fraction or exponent, or too large for `Int`.
    case double(Double)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object; member order is not kept.
    case object([String: JSONValue])
}

extension JSONValue {
    /// The member `key` of an object; `nil` for a missing member or a value that is no object.
    public subscript(key: String) -> JSONValue? {
        if case .object(let members) = self { return members[key] }
        return nil
    }

    /// The string, when this is one.
    public var stringValue: String? {
        if case .string(let string) = self { return string }
        return nil
    }

    /// The whole number, when this is one or a string holding one in decimal (`"42"`), as
    /// Drupal writes its numbers.
    public var intValue: Int? {
        switch self {
        case .int(let value): value
        case .double(let value): value.rounded() == value && abs(value) < 9.0e18 ? Int(value) : nil
        case .string(let string): Int(string)
        default: nil
        }
    }

    /// The Boolean, when this is one.
    public var boolValue: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    /// The elements, when this is an array.
    public var arrayValue: [JSONValue]? {
        if case .array(let elements) = self { return elements }
        return nil
    }

    /// The members, when this is an object.
    public var objectValue: [String: JSONValue]? {
        if case .object(let members) = self { return members }
        return nil
    }

    /// Whether this is `null`.
    public var isNull: Bool { self == .null }

    /// The JSON type's name (`string`, `object`, …), for messages.
    public var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "boolean"
        case .int, .double: "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }
}

extension JSONValue: Codable {
    /// How deeply arrays and objects may nest, counted from the decoded document's root.
    ///
    /// Decoding through `Decoder` costs time that grows with the square of the depth (every
    /// level carries its coding path), so a 1 KB body of nested brackets could hold a CPU for
    /// seconds; deeper values are refused with a `DecodingError` naming this limit. JSON-RPC
    /// calls and Drupal's answers nest a handful of levels.
    public static let maximumDepth = 64

    /// Reads any JSON value. Scalars are tried in turn, the most common first (every failed
    /// try is a thrown error, and a test process records a backtrace for each); an array or
    /// object is decoded through its container, so an error inside it (a value nested too
    /// deeply) keeps its own message.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode(Int.self) {
            self = .int(value)
        } else if let value = try? container.decode(Double.self) {
            self = .double(value)
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if decoder.codingPath.count >= Self.maximumDepth {
            throw DecodingError.dataCorrupted(.init(
                codingPath: decoder.codingPath,
                debugDescription: "arrays and objects are nested more than \(Self.maximumDepth) levels deep"
            ))
        } else if let members = try? decoder.container(keyedBy: MemberName.self) {
            var object: [String: JSONValue] = [:]
            for name in members.allKeys { object[name.stringValue] = try members.decode(JSONValue.self, forKey: name) }
            self = .object(object)
        } else {
            var elements = try decoder.unkeyedContainer()
            var array: [JSONValue] = []
            while !elements.isAtEnd { array.append(try elements.decode(JSONValue.self)) }
            self = .array(array)
        }
    }

    /// Any member name of a JSON object.
    private struct MemberName: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .int(let value): try container.encode(value)
        case .double(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }
}

extension JSONValue {
    /// `value` as a JSON value, through its `Encodable` conformance.
    ///
    /// - Throws: `EncodingError` when `value` cannot be encoded (a non-finite `Double`, …).
    public init(encoding value: some Encodable) throws {
        self = try JSONDecoder().decode(JSONValue.self, from: JSONEncoder().encode(value))
    }

    /// This value decoded as `type`, through its `Decodable` conformance.
    ///
    /// - Throws: `DecodingError` naming the coding path that does not fit.
    public func decode<T: Decodable>(as type: T.Type = T.self) throws -> T {
        try JSONDecoder().decode(T.self, from: JSONEncoder().encode(self))
    }

    /// This value as compact JSON text, object members sorted by name.
    public var jsonText: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(self)).map { String(decoding: $0, as: UTF8.self) } ?? "null"
    }
}

extension JSONValue: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByStringLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
    public init(nilLiteral: ()) { self = .null }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(integerLiteral value: Int) { self = .int(value) }
    public init(floatLiteral value: Double) { self = .double(value) }
    public init(stringLiteral value: String) { self = .string(value) }
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
}

extension JSONValue: CustomStringConvertible {
    /// The value as compact JSON.
    public var description: String { jsonText }
}
