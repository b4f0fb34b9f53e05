/// HTTP header fields in the order they were added, with names compared case-insensitively
/// (RFC 9110 §5.1) and repeated names kept.
///
/// ```swift
/// var headers: HeaderFields = ["Content-Type": "application/json"]
/// headers["content-type"]                     // "application/json"
/// headers.append("Accept", "text/plain")
/// headers["Accept"] = "application/json"      // replaces every Accept field
/// ```
///
/// `description` and the mirror (`dump`) show the values of credential-bearing fields
/// (`Authorization`, `Proxy-Authorization`, `Cookie`, `Set-Cookie`) as `<redacted>`.
public struct HeaderFields: Sendable, Hashable, ExpressibleByDictionaryLiteral {
    /// One header field.
    public struct Field: Sendable, Hashable {
        /// The name as it was given.
        public var name: String
        /// The value.
        public var value: String

        /// Creates a field.
        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    /// The fields, in order.
    public private(set) var fields: [Field]

    /// No fields.
    public init() { fields = [] }

    /// The given fields, in order.
    public init(_ fields: some Sequence<Field>) { self.fields = Array(fields) }

    /// The fields of a dictionary literal, in the literal's order.
    public init(dictionaryLiteral elements: (String, String)...) {
        fields = elements.map { Field(name: $0.0, value: $0.1) }
    }

    /// The value of the first field called `name` (in any case); setting replaces every field
    /// of that name with one field at the position of the first, and `nil` removes them all.
    public subscript(name: String) -> String? {
        get { fields.first { Self.equalNames($0.name, name) }?.value }
        set {
            guard let newValue else {
                removeAll(named: name)
                return
            }
            if let first = fields.firstIndex(where: { Self.equalNames($0.name, name) }) {
                fields[first].value = newValue
                var index = fields.index(after: first)
                while index < fields.endIndex {
                    if Self.equalNames(fields[index].name, name) { fields.remove(at: index) } else { index += 1 }
                }
            } else {
                fields.append(Field(name: name, value: newValue))
            }
        }
    }

    /// Every value of the fields called `name`, in order.
    public func values(for name: String) -> [String] {
        var values: [String] = []
        for field in fields where Self.equalNames(field.name, name) { values.append(field.value) }
        return values
    }

    /// Whether a field called `name` is present.
    public func contains(_ name: String) -> Bool {
        fields.contains { Self.equalNames($0.name, name) }
    }

    /// Adds a field, keeping any others of the same name.
    public mutating func append(_ name: String, _ value: String) {
        fields.append(Field(name: name, value: value))
    }

    /// Makes room for `count` fields in all, so appending up to that many allocates nothing.
    package mutating func reserveCapacity(_ count: Int) {
        fields.reserveCapacity(count)
    }

    /// Removes every field called `name`.
    public mutating func removeAll(named name: String) {
        fields.removeAll { Self.equalNames($0.name, name) }
    }

    /// The number of fields.
    public var count: Int { fields.count }

    /// Whether there are no fields.
    public var isEmpty: Bool { fields.isEmpty }

    /// Whether two field names are equal ignoring ASCII case, without allocating.
    public static func equalNames(_ lhs: String, _ rhs: String) -> Bool {
        guard lhs.utf8.count == rhs.utf8.count else { return false }
        // Over the strings' contiguous bytes (in place for native strings): a zip of their
        // UTF-8 views cost more than the rest of a header lookup.
        var lhs = lhs, rhs = rhs
        return lhs.withUTF8 { left in
            rhs.withUTF8 { right in
                for index in 0..<left.count where left[index] != right[index] {
                    let folded = left[index] | 0x20
                    guard folded == right[index] | 0x20, folded >= UInt8(ascii: "a"), folded <= UInt8(ascii: "z") else { return false }
                }
                return true
            }
        }
    }

    /// Names whose values carry credentials and are redacted in descriptions.
    static let credentialNames = ["Authorization", "Proxy-Authorization", "Cookie", "Set-Cookie"]

    /// `value`, or `<redacted>` when the field called `name` carries credentials.
    static func printable(name: String, value: String) -> String {
        credentialNames.contains { equalNames($0, name) } ? "<redacted>" : value
    }
}

extension HeaderFields: Sequence {
    /// The fields in order.
    public func makeIterator() -> IndexingIterator<[Field]> { fields.makeIterator() }
}

extension HeaderFields: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// `[Name: value, …]` with credential-bearing values redacted.
    public var description: String {
        "[" + fields.map { "\($0.name): \(Self.printable(name: $0.name, value: $0.value))" }.joined(separator: ", ") + "]"
    }

    /// The same as ``description``.
    public var debugDescription: String { description }

    /// Name–value pairs with credential-bearing values redacted.
    public var customMirror: Mirror {
        Mirror(self, unlabeledChildren: fields.map { "\($0.name): \(Self.printable(name: $0.name, value: $0.value))" }, displayStyle: .collection)
    }
}
