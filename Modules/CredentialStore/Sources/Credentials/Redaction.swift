/// The text that stands in for a secret in descriptions, debug descriptions and mirrors.
enum Redaction {
    static let placeholder = "<redacted>"

    /// `<redacted>` for a non-empty value, `""` for an empty one (an empty secret is worth
    /// seeing when debugging, and reveals nothing).
    static func mask(_ value: String) -> String { value.isEmpty ? "\"\"" : placeholder }
}
