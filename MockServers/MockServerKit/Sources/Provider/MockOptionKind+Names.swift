#if MockServers  // without the trait, Server/TraitCheck.swift's #error is the one message
extension MockOptionKind {
    /// One or more of `choices`, written as a JSON array of names or one comma-separated string;
    /// never none.
    public static func names<Choice: Sendable>(_ choices: [Choice], named name: @escaping @Sendable (Choice) -> String) -> Self
    where Value == [Choice] {
        let allowed = choices.map(name)
        let oneOrMore = "one or more of \(allowed.joined(separator: ", "))"
        let expected = "\(oneOrMore) (a JSON array or a comma-separated string)"
        return Self(
            type: "names: a JSON array or a comma-separated string",
            allowed: "one or more of \(allowed.map { "`\($0)`" }.joined(separator: ", "))",
            read: { (reader, option) throws(MockServerError) in
                guard let names = try reader.entries(option, splitAt: { $0 == "," }, expected: expected) else { return nil }
                return try names.map { (text) throws(MockServerError) -> Choice in
                    guard let index = allowed.firstIndex(of: text) else {
                        throw .invalidOption(option, expected: expected, got: Scalar.text(text).shown)
                    }
                    return choices[index]
                }
            },
            check: { (value, option) throws(MockServerError) in
                guard !value.isEmpty else { throw .invalidOption(option, expected: oneOrMore, got: "none") }
            },
            json: { .strings($0.map(name)) },
            shown: { $0.map(name) == allowed ? "all" : $0.map { "`\(name($0))`" }.joined(separator: ", ") },
            other: { value in
                let reversed = Array(choices.reversed().prefix(2))
                return reversed.map(name) == value.map(name) ? Array(choices.prefix(1)) : reversed
            },
            refused: [(#""NOPE""#, #"\#(expected) (got "NOPE")"#), ("[]", "\(oneOrMore) (got none)")]
        )
    }

    /// Exactly one of `choices`, written as a JSON string or, for a name that is a whole number,
    /// a JSON number.
    public static func name(_ choices: [Value], named name: @escaping @Sendable (Value) -> String) -> Self {
        let allowed = choices.map(name)
        let expected = alternatives(allowed)
        return Self(
            type: allowed.allSatisfy { Int($0) != nil } ? "number" : "name",
            allowed: alternatives(allowed.map { "`\($0)`" }),
            read: { (reader, option) throws(MockServerError) in
                guard let text = try reader.name(option, expected: expected) else { return nil }
                guard let index = allowed.firstIndex(of: text) else {
                    throw .invalidOption(option, expected: expected, got: Int(text).map(String.init) ?? Scalar.text(text).shown)
                }
                return choices[index]
            },
            check: { _, _ in },
            json: { .string(name($0)) },
            shown: { "`\(name($0))`" },
            other: { value in choices.first { name($0) != name(value) } ?? value },
            refused: [(#""NOPE""#, #"\#(expected) (got "NOPE")"#)]
        )
    }

    /// `a or b`, `a, b or c`.
    private static func alternatives(_ names: [String]) -> String {
        guard let last = names.last, names.count > 1 else { return names.first ?? "" }
        return "\(names.dropLast().joined(separator: ", ")) or \(last)"
    }
}

extension MockOptionKind where Value == [String] {
    /// Free-form entries (URIs, names), written as a JSON array of strings, taken as they are,
    /// or one string of entries separated by commas or spaces. Each entry must satisfy
    /// `isValid`, which `rule` describes; `none` says what having none means; `example` is a
    /// valid value the tests try.
    public static func strings(
        _ entries: String, rule: String, none: String, example: [String], isValid: @escaping @Sendable (String) -> Bool
    ) -> Self {
        let expected = "a JSON array of strings or one string of entries separated by commas or spaces"
        return Self(
            type: "\(entries): a JSON array, or one string separated by commas or spaces",
            allowed: rule,
            read: { (reader, option) throws(MockServerError) in
                try reader.entries(option, splitAt: { $0 == "," || $0.isWhitespace }, expected: expected)
            },
            check: { (value, option) throws(MockServerError) in
                if let bad = value.first(where: { !isValid($0) }) {
                    throw .invalidOption(option, expected: rule, got: String(reflecting: String(bad.prefix(80))))
                }
            },
            json: { .strings($0) },
            shown: { $0.isEmpty ? "none: \(none)" : $0.map { "`\($0)`" }.joined(separator: ", ") },
            other: { $0 == example ? [] : example },
            refused: [("7", "\(expected) (got 7)")]
        )
    }
}
#endif
