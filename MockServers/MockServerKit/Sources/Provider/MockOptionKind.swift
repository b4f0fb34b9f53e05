#if MockServers  // without the trait, Server/TraitCheck.swift's #error is the one message
/// What values one option takes and how the `mock-servers` config file writes them: how the
/// value is read from the JSON `options` object, checked, encoded, shown in the README's table,
/// and which values the tests try.
///
/// Made with ``integer(in:)``, ``integer(in:none:)``, ``boolean``, ``names(_:named:)``,
/// ``name(_:named:)`` or ``strings(_:rule:none:example:isValid:)``; given to a ``MockOption``.
public struct MockOptionKind<Value: Sendable>: Sendable {
    /// The table's "type" column: what the config file writes.
    let type: String
    /// The table's "allowed" column; empty when every value of the type is allowed.
    let allowed: String
    /// Reads the value under an option name; `nil` when absent (the default stays).
    let read: @Sendable (MockOptionsReader, String) throws(MockServerError) -> Value?
    /// Throws when the value, however it was set, is outside what the option allows.
    let check: @Sendable (Value, String) throws(MockServerError) -> Void
    /// The value as the config file writes it; `nil` for an absent optional.
    let json: @Sendable (Value) -> MockOptionJSON?
    /// How the table shows the value as a default.
    let shown: @Sendable (Value) -> String
    /// A valid value other than the given one, for the tests' round trips.
    let other: @Sendable (Value) -> Value
    /// Values the option refuses, as JSON texts, each with what the error says after
    /// `option NAME must be `.
    let refused: [(json: String, expected: String)]
}

extension MockOptionKind where Value == Int {
    /// A whole number in `range`, written as a JSON number or a string of digits.
    public static func integer(in range: ClosedRange<Int>) -> Self {
        Self(
            type: "integer", allowed: WholeNumber.allowed(range),
            read: { (reader, name) throws(MockServerError) in try reader.integer(name) },
            check: { (value, name) throws(MockServerError) in try WholeNumber.check(value, in: range, name) },
            json: { .integer($0) }, shown: { String($0) }, other: { WholeNumber.other(than: $0, in: range) },
            refused: WholeNumber.refused(range)
        )
    }
}

extension MockOptionKind where Value == Int? {
    /// A whole number in `range`, or none (`nil`, the option left out); `none` says what
    /// having none means ("for ever").
    public static func integer(in range: ClosedRange<Int>, none: String) -> Self {
        Self(
            type: "integer", allowed: WholeNumber.allowed(range),
            read: { (reader, name) throws(MockServerError) in try reader.integer(name).map(Optional.some) },
            check: { (value, name) throws(MockServerError) in
                if let value { try WholeNumber.check(value, in: range, name) }
            },
            json: { $0.map { .integer($0) } },
            shown: { $0.map { String($0) } ?? "none: \(none)" },
            other: { WholeNumber.other(than: $0, in: range) },
            refused: WholeNumber.refused(range)
        )
    }
}

/// The rules the two whole-number kinds share.
private enum WholeNumber {
    static func allowed(_ range: ClosedRange<Int>) -> String {
        "\(range.lowerBound)...\(range.upperBound)"
    }

    static func check(_ value: Int, in range: ClosedRange<Int>, _ name: String) throws(MockServerError) {
        guard range.contains(value) else {
            throw .invalidOption(name, expected: "a whole number in \(allowed(range))", got: String(value))
        }
    }

    /// A bound of `range` other than `value`.
    static func other(than value: Int?, in range: ClosedRange<Int>) -> Int {
        value == range.upperBound ? range.lowerBound : range.upperBound
    }

    /// Just outside each bound (where a neighbour exists), and a word.
    static func refused(_ range: ClosedRange<Int>) -> [(json: String, expected: String)] {
        [range.lowerBound.subtractingReportingOverflow(1), range.upperBound.addingReportingOverflow(1)]
            .filter { !$0.overflow }
            .map { (String($0.partialValue), "a whole number in \(allowed(range)) (got \($0.partialValue))") }
            + [(#""many""#, #"a whole number (got "many")"#)]
    }
}

extension MockOptionKind where Value == Bool {
    /// `true` or `false`, written as a JSON boolean or string.
    public static var boolean: Self {
        Self(
            type: "boolean", allowed: "",
            read: { (reader, name) throws(MockServerError) in try reader.boolean(name) },
            check: { _, _ in },
            json: { .boolean($0) }, shown: { String($0) }, other: { !$0 },
            refused: [(#""maybe""#, #"true or false (got "maybe")"#)]
        )
    }
}
#endif
