public import SigningCore

/// A parameter's value as an app passes it: text, a list (`tags[]=a&tags[]=b`), or a map of
/// one level (`user[name]=Ann&user[age]=7`, read by PHP as a nested array).
///
/// A literal makes one (`"Ann"`, `7`, `["a", "b"]`); from a variable write `.text(name)`, or pass a
/// `String` or `Int` straight to `AFSignedParameter(_:_:)`.
public enum AFSignedValue: Sendable, Hashable, ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByArrayLiteral {
    /// `name=value`.
    case text(String)
    /// `name[]=item` for each item.
    case list([String])
    /// `name[key]=value` for each entry (a one-level PHP array).
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

    /// Creates a text parameter from a string variable: `AFSignedParameter("name", name)`.
    public init(_ name: String, _ text: String) {
        self.init(name, .text(text))
    }

    /// Creates a text parameter from a number: `AFSignedParameter("page", page)`.
    public init(_ name: String, _ number: Int) {
        self.init(name, .text(String(number)))
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
