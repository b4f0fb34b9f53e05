#if MockServers  // without the trait, Server/TraitCheck.swift's #error is the one message
import Foundation

/// Reads a provider's JSON `options` object for the ``MockOptionKind``s of its declarations.
///
/// Refuses names that are not declared, and takes each value as a JSON string, number or
/// boolean alike, because config files write `"300"` and `"true"` as often as `300` and
/// `true`. Every problem is a ``MockServerError`` with code
/// ``MockServerError/Code/invalidOption`` naming the option and what it accepts.
struct MockOptionsReader {
    private let container: KeyedDecodingContainer<OptionName>

    /// Opens the options object of `decoder`, whose option names are `names`.
    ///
    /// - Throws: ``MockServerError`` when it is not a JSON object or names an unknown option.
    init(_ decoder: any Decoder, names: [String]) throws(MockServerError) {
        do {
            container = try decoder.container(keyedBy: OptionName.self)
        } catch {
            throw MockServerError(code: .invalidOption, message: "options must be a JSON object of option names and values")
        }
        if let unknown = container.allKeys.map(\.stringValue).sorted().first(where: { !names.contains($0) }) {
            throw MockServerError(
                code: .invalidOption,
                message: "unknown option \(unknown); the options are \(names.sorted().joined(separator: ", "))"
            )
        }
    }

    /// A whole number given as a JSON number or a string of digits; `nil` when absent or `null`.
    func integer(_ name: String) throws(MockServerError) -> Int? {
        guard let value = scalar(name) else { return nil }
        if case .integer(let number) = value { return number }
        if case .text(let text) = value, let number = Int(text.trimmingCharacters(in: .whitespaces)) { return number }
        throw .invalidOption(name, expected: "a whole number", got: value.shown)
    }

    /// `true` or `false`, as a JSON boolean or string; `nil` when absent or `null`.
    func boolean(_ name: String) throws(MockServerError) -> Bool? {
        guard let value = scalar(name) else { return nil }
        if case .boolean(let flag) = value { return flag }
        if case .text(let text) = value, let flag = Bool(text.trimmingCharacters(in: .whitespaces)) { return flag }
        throw .invalidOption(name, expected: "true or false", got: value.shown)
    }

    /// Entries as a JSON array of strings, taken as they are, or one string split where
    /// `isSeparator` holds, each piece trimmed; `nil` when absent or `null`. Anything else is
    /// an error saying the option must be `expected`.
    func entries(_ name: String, splitAt isSeparator: (Character) -> Bool, expected: String) throws(MockServerError) -> [String]? {
        if let array = try? container.decodeIfPresent([String].self, forKey: OptionName(stringValue: name)) {
            return array
        }
        guard let value = scalar(name) else { return nil }
        guard case .text(let text) = value else { throw .invalidOption(name, expected: expected, got: value.shown) }
        return text.split(whereSeparator: isSeparator).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// One name: a JSON string (trimmed), a whole JSON number (its decimal digits), or a JSON
    /// array of exactly one string; `nil` when absent or `null`. Anything else is an error saying
    /// the option must be `expected`.
    func name(_ name: String, expected: String) throws(MockServerError) -> String? {
        if let array = try? container.decodeIfPresent([String].self, forKey: OptionName(stringValue: name)) {
            guard array.count == 1, let only = array.first else { throw .invalidOption(name, expected: expected, got: Scalar.structured.shown) }
            return only
        }
        switch scalar(name) {
        case nil: return nil
        case .integer(let number): return String(number)
        case .text(let text): return text.trimmingCharacters(in: .whitespaces)
        case let value?: throw .invalidOption(name, expected: expected, got: value.shown)
        }
    }

    /// The value under `name` as one JSON scalar; `nil` when absent or `null`.
    private func scalar(_ name: String) -> Scalar? {
        let key = OptionName(stringValue: name)
        guard container.contains(key), (try? container.decodeNil(forKey: key)) != true else { return nil }
        if let value = try? container.decode(Int.self, forKey: key) { return .integer(value) }
        if let value = try? container.decode(Bool.self, forKey: key) { return .boolean(value) }
        if let value = try? container.decode(Double.self, forKey: key) { return .number(value) }
        if let value = try? container.decode(String.self, forKey: key) { return .text(value) }
        return .structured
    }
}

/// One JSON value as the reader sees it.
enum Scalar {
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

/// Any option name, so that unknown names can be found and reported, and options encoded.
struct OptionName: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }

    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}
#endif
