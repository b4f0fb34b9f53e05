#if MockServers  // without the trait, Server/TraitCheck.swift's #error is the one message
/// The typed options of one provider: a value with a default for every member, each option
/// declared once in ``declarations``.
///
/// From the declarations the kit derives `Codable` (decoding the JSON `options` object of the
/// provider's `mock-servers` config entry with ``decode(from:provider:)``: unknown names refused,
/// JSON strings, numbers and booleans taken alike, `"300"` and `300`, `"true"` and `true`),
/// ``validate()``, which the kit runs on every provider before ``MockServer`` binds a port — so
/// values set through the Swift API are checked exactly like decoded ones — and the README's
/// table, ``markdownTable``.
public protocol MockProviderOptions: Codable, Sendable {
    /// The defaults.
    init()

    /// Every option, in the README's order: its name, property, values and one line of doc.
    static var declarations: [MockOption<Self>] { get }

    /// Throws ``MockServerError`` with code ``MockServerError/Code/invalidOption`` naming the
    /// first option whose value its declaration refuses, and what it accepts.
    func validate() throws(MockServerError)
}

extension MockProviderOptions {
    /// The defaults, for the default arguments of a memberwise initialiser
    /// (`tokenExpirySeconds: Int = Self.defaults.tokenExpirySeconds`).
    public static var defaults: Self { Self() }

    /// Decodes the options present, keeping the default for each absent one.
    ///
    /// - Throws: ``MockServerError`` for an unknown name or a value of the wrong kind (what the
    ///   declarations allow is checked by ``validate()``).
    public init(from decoder: any Decoder) throws {
        let reader = try MockOptionsReader(decoder, names: Self.declarations.map(\.name))
        self.init()
        for option in Self.declarations {
            try option.read(reader, &self)
        }
    }

    /// Encodes every option that has a value, as the config file writes it.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: OptionName.self)
        for option in Self.declarations {
            try option.json(self)?.encode(to: &container, forKey: OptionName(stringValue: option.name))
        }
    }

    /// Checks every option against its declaration, in order.
    public func validate() throws(MockServerError) {
        for option in Self.declarations {
            try option.check(self)
        }
    }

    /// Decodes options from `decoder` (the JSON `options` object) and validates them.
    ///
    /// - Throws: ``MockServerError`` with code ``MockServerError/Code/invalidOption`` whose
    ///   message names `provider`, the option and its allowed values or range.
    public static func decode(from decoder: any Decoder, provider: String) throws(MockServerError) -> Self {
        do {
            let options = try Self(from: decoder)
            try options.validate()
            return options
        } catch let error as MockServerError {
            throw error.naming(provider: provider)
        } catch {
            throw MockServerError(code: .invalidOption, message: "provider \(provider): the options cannot be read (\(error))")
        }
    }

    /// ``validate()``, with the error naming `provider`.
    func validate(provider: String) throws(MockServerError) {
        do {
            try validate()
        } catch {
            throw error.naming(provider: provider)
        }
    }
}

extension MockServerError {
    /// An ``Code/invalidOption`` error: `option` must be `expected`. `got` is shown only when it
    /// is safe to show (numbers, booleans, names from a fixed list — never a credential).
    static func invalidOption(_ option: String, expected: String, got: String? = nil) -> MockServerError {
        let shown = got.map { " (got \($0))" } ?? ""
        return MockServerError(code: .invalidOption, message: "option \(option) must be \(expected)\(shown)")
    }

    /// The same error with `provider` named at the front of its message.
    func naming(provider: String) -> MockServerError {
        MockServerError(code: code, message: "provider \(provider), \(message)")
    }
}
#endif
