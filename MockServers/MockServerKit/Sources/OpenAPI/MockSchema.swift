#if MockServers  // without the trait, Server/TraitCheck.swift's #error is the one message
/// A JSON Schema (the subset OpenAPI 3.1 descriptions of the mocks need), for the body of a
/// request or response or the value of a parameter.
public indirect enum MockSchema: Sendable, Hashable {
    /// Any JSON value.
    case any
    /// A string; `values` lists the only ones allowed, `format` names its form (`uri`).
    case string(values: [String] = [], format: String? = nil, minLength: Int? = nil, maxLength: Int? = nil)
    /// An integer within `minimum...maximum` where given.
    case integer(minimum: Int? = nil, maximum: Int? = nil)
    /// A number.
    case number
    /// `true` or `false`.
    case boolean
    /// `null`.
    case null
    /// An array of `items`.
    case array(MockSchema)
    /// An object: its `properties` (those in `required` always present); other members allowed
    /// unless `closed`.
    case object([String: MockSchema], required: [String] = [], closed: Bool = false)
    /// A value matching at least one of the schemas.
    case anyOf([MockSchema])

    /// A string.
    public static let string = MockSchema.string()
    /// An integer.
    public static let integer = MockSchema.integer()

    /// The schema as a JSON value (for the OpenAPI document).
    var json: [String: any Sendable] {
        switch self {
        case .any:
            return [:]
        case .string(let values, let format, let minLength, let maxLength):
            var schema: [String: any Sendable] = ["type": "string"]
            if !values.isEmpty { schema["enum"] = values }
            if let format { schema["format"] = format }
            if let minLength { schema["minLength"] = minLength }
            if let maxLength { schema["maxLength"] = maxLength }
            return schema
        case .integer(let minimum, let maximum):
            var schema: [String: any Sendable] = ["type": "integer"]
            if let minimum { schema["minimum"] = minimum }
            if let maximum { schema["maximum"] = maximum }
            return schema
        case .number:
            return ["type": "number"]
        case .boolean:
            return ["type": "boolean"]
        case .null:
            return ["type": "null"]
        case .array(let items):
            return ["type": "array", "items": items.json]
        case .object(let properties, let required, let closed):
            var schema: [String: any Sendable] = ["type": "object", "properties": properties.mapValues(\.json)]
            if !required.isEmpty { schema["required"] = required }
            if closed { schema["additionalProperties"] = false }
            return schema
        case .anyOf(let schemas):
            return ["anyOf": schemas.map(\.json)]
        }
    }
}
#endif
