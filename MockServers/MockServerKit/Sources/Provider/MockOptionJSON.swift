#if MockServers  // without the trait, Server/TraitCheck.swift's #error is the one message
/// One option's value as the `mock-servers` config file writes it.
enum MockOptionJSON: Sendable {
    case integer(Int)
    case boolean(Bool)
    case string(String)
    case strings([String])

    /// Writes the value under `key`.
    func encode(to container: inout KeyedEncodingContainer<OptionName>, forKey key: OptionName) throws {
        switch self {
        case .integer(let number): try container.encode(number, forKey: key)
        case .boolean(let flag): try container.encode(flag, forKey: key)
        case .string(let text): try container.encode(text, forKey: key)
        case .strings(let texts): try container.encode(texts, forKey: key)
        }
    }

    /// Every way the config file may write the value, as JSON texts: the value itself, and the
    /// one string the reader also takes (`"300"` for `300`, `"a, b"` for `["a", "b"]`).
    var spellings: [String] {
        switch self {
        case .integer(let number): ["\(number)", quoted("\(number)")]
        case .boolean(let flag): ["\(flag)", quoted("\(flag)")]
        case .string(let text): [quoted(text)] + (Int(text).map { ["\($0)"] } ?? [])
        case .strings(let texts): ["[\(texts.map(quoted).joined(separator: ", "))]", quoted(texts.joined(separator: ", "))]
        }
    }

    /// `text` as a JSON string (the kit's own sample values: no control characters).
    private func quoted(_ text: String) -> String {
        "\"\(text.replacing("\\", with: "\\\\").replacing("\"", with: "\\\""))\""
    }
}
#endif
