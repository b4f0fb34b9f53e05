public import SigningCore

/// A parameter's value as an app passes it: text, a list (`tags[]=a&tags[]=b`), or a map of
/// one level (`user[name]=Ann&user[age]=7`, read by PHP as a nested array).
public enum AFSignedValue: Sendable, Hashable, ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByArrayLiteral {
    case text(String)
    case list([String])
    case map([FormField])

    public init(stringLiteral value: String) { self = .text(value) }
    public init(integerLiteral value: Int) { self = .text(String(value)) }
    public init(arrayLiteral elements: String...) { self = .list(elements) }
}

/// One named parameter of a signed request.
public struct AFSignedParameter: Sendable, Hashable {
    public var name: String
    public var value: AFSignedValue

    /// Creates a parameter.
    public init(_ name: String, _ value: AFSignedValue) {
        self.name = name
        self.value = value
    }

    /// The fields sent for `parameters`, in order: `name=value`, `name[]=item` for each item of
    /// a list, `name[key]=value` for each entry of a map.
    public static func fields(_ parameters: [AFSignedParameter]) -> [FormField] {
        parameters.flatMap { parameter -> [FormField] in
            switch parameter.value {
            case .text(let text): [FormField(parameter.name, text)]
            case .list(let items): items.map { FormField(parameter.name + "[]", $0) }
            case .map(let entries): entries.map { FormField("\(parameter.name)[\($0.name)]", $0.value) }
            }
        }
    }
}
