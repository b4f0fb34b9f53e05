import Foundation

/// Reads a provider's JSON `options` object inside ``MockProviderOptions``' `init(from:)`.
///
/// Refuses names that are not among `Key`'s cases, and takes each value as a JSON string,
/// number or boolean alike, because config files write `"300"` and `"true"` as often as `300`
/// and `true`. Every problem is a ``MockServerError`` with code
/// ``MockServerError/Code/invalidOption`` naming the option and what it accepts.
///
/// ```swift
/// public init(from decoder: any Decoder) throws {
///     let options = try MockOptionsReader(decoder, keys: CodingKeys.self)
///     self.init()
///     autoApprove = try options.boolean(.autoApprove) ?? autoApprove
/// }
/// ```
public struct MockOptionsReader<Key: CodingKey & CaseIterable> {
    private let container: KeyedDecodingContainer<OptionName>

    /// Opens the options object of `decoder`.
    ///
    /// - Throws: ``MockServerError`` when it is not a JSON object or names an unknown option.
    public init(_ decoder: any Decoder, keys: Key.Type = Key.self) throws(MockServerError) {
        do {
            container = try decoder.container(keyedBy: OptionName.self)
        } catch {
            throw MockServerError(code: .invalidOption, message: "options must be a JSON object of option names and values")
        }
        let known = Key.allCases.map(\.stringValue)
        if let unknown = container.allKeys.map(\.stringValue).sorted().first(where: { !known.contains($0) }) {
            throw MockServerError(
                code: .invalidOption,
                message: "unknown option \(unknown); the options are \(known.sorted().joined(separator: ", "))"
            )
        }
    }

    /// A whole number given as a JSON number or a string of digits; `nil` when absent or `null`.
    public func integer(_ key: Key) throws(MockServerError) -> Int? {
        guard let value = scalar(key) else { return nil }
        if case .integer(let number) = value { return number }
        if case .text(let text) = value, let number = Int(text.trimmingCharacters(in: .whitespaces)) { return number }
        throw .invalidOption(key.stringValue, expected: "a whole number", got: value.shown)
    }

    /// `true` or `false`, as a JSON boolean or string; `nil` when absent or `null`.
    public func boolean(_ key: Key) throws(MockServerError) -> Bool? {
        guard let value = scalar(key) else { return nil }
        if case .boolean(let flag) = value { return flag }
        if case .text(let text) = value, let flag = Bool(text.trimmingCharacters(in: .whitespaces)) { return flag }
        throw .invalidOption(key.stringValue, expected: "true or false", got: value.shown)
    }

    /// Several of `choices`, as a JSON array of names or one comma-separated string; `nil` when
    /// absent or `null`. An unknown name is an error listing every allowed name.
    public func values<Choice>(_ key: Key, from choices: [Choice], named name: (Choice) -> String) throws(MockServerError) -> [Choice]? {
        let allowed = choices.map(name)
        let expected = "one or more of \(allowed.joined(separator: ", ")) (a JSON array or a comma-separated string)"
        let names: [String]
        if let array = try? container.decodeIfPresent([String].self, forKey: OptionName(key)) {
            names = array
        } else {
            guard let value = scalar(key) else { return nil }
            guard case .text(let text) = value else { throw .invalidOption(key.stringValue, expected: expected, got: value.shown) }
            names = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        }
        return try names.map { (text) throws(MockServerError) -> Choice in
            guard let index = allowed.firstIndex(of: text) else {
                throw .invalidOption(key.stringValue, expected: expected, got: Scalar.text(text).shown)
            }
            return choices[index]
        }
    }

    /// Free-form texts (URIs, names), as a JSON array of strings, taken as they are, or one
    /// string of entries separated by commas or spaces; `nil` when absent or `null`. What each
    /// entry must look like is for ``MockProviderOptions/validate()`` to check.
    public func strings(_ key: Key) throws(MockServerError) -> [String]? {
        if let array = try? container.decodeIfPresent([String].self, forKey: OptionName(key)) {
            return array
        }
        guard let value = scalar(key) else { return nil }
        guard case .text(let text) = value else {
            throw .invalidOption(key.stringValue, expected: "a JSON array of strings or one string of entries separated by commas or spaces", got: value.shown)
        }
        return text.split { $0 == "," || $0.isWhitespace }.map(String.init)
    }

    /// The value under `key` as one JSON scalar; `nil` when absent or `null`.
    private func scalar(_ key: Key) -> Scalar? {
        let name = OptionName(key)
        guard container.contains(name), (try? container.decodeNil(forKey: name)) != true else { return nil }
        if let value = try? container.decode(Int.self, forKey: name) { return .integer(value) }
        if let value = try? container.decode(Bool.self, forKey: name) { return .boolean(value) }
        if let value = try? container.decode(Double.self, forKey: name) { return .number(value) }
        if let value = try? container.decode(String.self, forKey: name) { return .text(value) }
        return .structured
    }

    /// One JSON value as the reader sees it.
    private enum Scalar {
        case boolean(Bool)
        case integer(Int)
        case number(Double)
        case text(String)
        case structured

        /// How an error message shows a value that is not the expected kind.
        var shown: String {
            switch self {
            case .boolean(let value): String(value)
            case .integer(let value): String(value)
            case .number(let value): String(value)
            case .text(let text): "\"\(text.prefix(40))\""
            case .structured: "an array or object"
            }
        }
    }
}

/// Any option name, so that unknown names can be found and reported.
struct OptionName: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }

    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
    init(_ key: some CodingKey) { stringValue = key.stringValue }
}
