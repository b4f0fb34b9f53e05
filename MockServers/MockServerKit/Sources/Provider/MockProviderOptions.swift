/// The typed options of one provider: a `Codable` value with a default for every member.
///
/// Decoded from the JSON `options` object of the provider's configuration entry (the
/// `mock-servers` config file) with ``decode(from:provider:)``; read it in `init(from:)` with
/// ``MockOptionsReader``, which refuses unknown names and takes JSON strings, numbers and
/// booleans alike (`"300"` and `300`, `"true"` and `true`). Ranges are checked once, in
/// ``validate()``, which the kit runs on every provider before ``MockServer`` binds a port —
/// so values set through the Swift API are checked exactly like decoded ones.
public protocol MockProviderOptions: Codable, Sendable {
    /// The defaults.
    init()

    /// Throws ``MockServerError`` with code ``MockServerError/Code/invalidOption`` naming the
    /// first option out of its range and the range (use ``require(_:in:_:)``).
    func validate() throws(MockServerError)
}

extension MockProviderOptions {
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

    /// Throws ``MockServerError/Code/invalidOption`` unless `value` lies in `range`.
    ///
    /// - Parameters:
    ///   - value: the option's value.
    ///   - range: the values the option accepts.
    ///   - option: the option's key, whose `stringValue` is its name in JSON.
    public static func require(_ value: Int, in range: ClosedRange<Int>, _ option: some CodingKey) throws(MockServerError) {
        guard range.contains(value) else {
            throw .invalidOption(option.stringValue, expected: "a whole number in \(range.lowerBound)...\(range.upperBound)", got: String(value))
        }
    }
}

extension MockServerError {
    /// An ``Code/invalidOption`` error: `option` must be `expected`. `got` is shown only when it
    /// is safe to show (numbers, booleans, names from a fixed list — never a credential).
    public static func invalidOption(_ option: String, expected: String, got: String? = nil) -> MockServerError {
        let shown = got.map { " (got \($0))" } ?? ""
        return MockServerError(code: .invalidOption, message: "option \(option) must be \(expected)\(shown)")
    }

    /// The same error with `provider` named at the front of its message.
    func naming(provider: String) -> MockServerError {
        MockServerError(code: code, message: "provider \(provider), \(message)")
    }
}
