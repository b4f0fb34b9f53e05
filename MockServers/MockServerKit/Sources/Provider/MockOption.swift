#if MockServers  // without the trait, Server/TraitCheck.swift's #error is the one message
/// The one declaration of one provider option: its name in the `mock-servers` config file, the
/// stored property it sets, what values it takes, and a line saying what it does. Its default
/// is the property's value in `Options()`.
///
/// Everything else is derived from the declarations in ``MockProviderOptions/declarations``:
/// decoding the JSON `options` object, refusing unknown names, checking values, the errors
/// naming the option and what it accepts, encoding, and the README's table
/// (``MockProviderOptions/markdownTable``).
///
/// ```swift
/// MockOption("tokenExpirySeconds", \.tokenExpirySeconds, .integer(in: 1...86_400),
///            "how old a call's timestamp may be (Drupal's token expiry time)")
/// ```
public struct MockOption<Options: MockProviderOptions>: Sendable {
    /// The option's name: a contract of the config file.
    public let name: String
    /// One line saying what the option does, for the README's table.
    public let summary: String
    /// The table's "type" and "allowed" columns.
    let type: String, allowed: String
    /// The table's "default" column.
    let shownDefault: @Sendable () -> String
    /// Sets the option from the reader when present.
    let read: @Sendable (MockOptionsReader, inout Options) throws(MockServerError) -> Void
    /// Checks the option's value.
    let check: @Sendable (Options) throws(MockServerError) -> Void
    /// The option's value as the config file writes it; `nil` when absent.
    let json: @Sendable (Options) -> MockOptionJSON?
    /// Options with this option set to another valid value than the default.
    let other: @Sendable () -> Options
    /// Values refused, each with the error's text after `option NAME must be `.
    let refused: [(json: String, expected: String)]

    /// Declares the option `name`, stored at `property`, taking the values `kind` describes.
    public init<Value>(
        _ name: String, _ property: any WritableKeyPath<Options, Value> & Sendable, _ kind: MockOptionKind<Value>, _ summary: String
    ) {
        self.name = name
        self.summary = summary
        type = kind.type
        allowed = kind.allowed
        shownDefault = { kind.shown(Options()[keyPath: property]) }
        read = { (reader, options) throws(MockServerError) in
            if let value = try kind.read(reader, name) { options[keyPath: property] = value }
        }
        check = { (options) throws(MockServerError) in try kind.check(options[keyPath: property], name) }
        json = { kind.json($0[keyPath: property]) }
        other = {
            var options = Options()
            options[keyPath: property] = kind.other(options[keyPath: property])
            return options
        }
        refused = kind.refused
    }

    /// A valid value other than the default, in every way the config file may write it: each
    /// as a JSON `options` object holding just this option, with the options it decodes to.
    public var samples: [(json: String, options: Options)] {
        let options = other()
        return (json(options)?.spellings ?? []).map { ("{\"\(name)\": \($0)}", options) }
    }

    /// Values this option refuses, each as a JSON `options` object holding just this option,
    /// with the error message (`option NAME must be …`, before the provider is named).
    public var refusals: [(json: String, message: String)] {
        refused.map { ("{\"\(name)\": \($0.json)}", "option \(name) must be \($0.expected)") }
    }
}
#endif
