/// A media type as a `Content-Type` header carries it (RFC 9110 §8.3.1): `type/subtype`
/// lowercased, and parameters with lowercased names and unquoted values.
///
/// ```swift
/// let type = MediaType("Application/X-WWW-Form-URLEncoded; charset=\"UTF-8\"")
/// type?.isFormURLEncoded        // true
/// type?.parameters["charset"]   // "UTF-8"
/// ```
public struct MediaType: Sendable, Hashable, CustomStringConvertible {
    /// The top-level type, lowercased (`application`).
    public let type: String
    /// The subtype, lowercased (`x-www-form-urlencoded`).
    public let subtype: String
    /// Parameters by lowercased name; values as given (unquoted, escapes resolved).
    public let parameters: [String: String]

    /// Parses a `Content-Type` value; `nil` when it has no `type/subtype` of RFC 9110 tokens.
    /// A malformed parameter is skipped rather than failing the whole value, as browsers do.
    public init?(_ text: String) {
        let parts = Self.splitParameters(text)
        let essence = parts[0].trimmed.lowercased()
        let pieces = essence.split(separator: "/", omittingEmptySubsequences: false)
        guard pieces.count == 2, Self.isToken(pieces[0]), Self.isToken(pieces[1]) else { return nil }
        type = String(pieces[0])
        subtype = String(pieces[1])
        var parameters: [String: String] = [:]
        for part in parts.dropFirst() {
            guard let equals = part.firstIndex(of: "=") else { continue }
            let name = part[..<equals].trimmed.lowercased()
            guard Self.isToken(Substring(name)), parameters[name] == nil else { continue }
            var value = part[part.index(after: equals)...].trimmed
            if value.hasPrefix("\"") {
                guard let unquoted = Self.unquote(value) else { continue }
                value = unquoted
            }
            parameters[name] = value
        }
        self.parameters = parameters
    }

    /// Creates a media type from its parts.
    public init(type: String, subtype: String, parameters: [String: String] = [:]) {
        self.type = type.lowercased()
        self.subtype = subtype.lowercased()
        self.parameters = Dictionary(uniqueKeysWithValues: parameters.map { ($0.key.lowercased(), $0.value) })
    }

    /// `application/x-www-form-urlencoded`.
    public static let formURLEncoded = MediaType(type: "application", subtype: "x-www-form-urlencoded")
    /// `application/json`.
    public static let json = MediaType(type: "application", subtype: "json")

    /// Whether this is `application/x-www-form-urlencoded`, whose fields OAuth signs.
    public var isFormURLEncoded: Bool { type == "application" && subtype == "x-www-form-urlencoded" }

    /// Whether this is JSON: `application/json` or any `+json` structured syntax suffix.
    public var isJSON: Bool { (type == "application" && subtype == "json") || subtype.hasSuffix("+json") }

    /// Whether the `Content-Type` value `text` is `application/x-www-form-urlencoded`, ignoring
    /// case, surrounding spaces and parameters: the check signers make on every request,
    /// without parsing or allocating.
    public static func isFormURLEncoded(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            var start = 0
            var end = bytes.firstIndex(of: UInt8(ascii: ";")) ?? bytes.count
            while start < end, bytes[start] == UInt8(ascii: " ") || bytes[start] == UInt8(ascii: "\t") { start += 1 }
            while end > start, bytes[end - 1] == UInt8(ascii: " ") || bytes[end - 1] == UInt8(ascii: "\t") { end -= 1 }
            let expected: StaticString = "application/x-www-form-urlencoded"
            guard end - start == expected.utf8CodeUnitCount else { return false }
            return expected.withUTF8Buffer { expected in
                (0..<expected.count).allSatisfy { bytes[start + $0] == expected[$0] || bytes[start + $0] | 0x20 == expected[$0] }
            }
        }
    }

    /// Whether `type/subtype` match, ignoring parameters.
    public func hasSameEssence(as other: MediaType) -> Bool { type == other.type && subtype == other.subtype }

    /// `type/subtype; name=value…`, parameters sorted by name, quoted where needed.
    public var description: String {
        var text = "\(type)/\(subtype)"
        for (name, value) in parameters.sorted(by: { $0.key < $1.key }) {
            let needsQuotes = value.isEmpty || !Self.isToken(Substring(value))
            let escaped = value.replacingAll("\\", with: "\\\\").replacingAll("\"", with: "\\\"")
            text += "; \(name)=" + (needsQuotes ? "\"\(escaped)\"" : value)
        }
        return text
    }

    /// Splits at `;` outside quoted strings.
    private static func splitParameters(_ text: String) -> [Substring] {
        var parts: [Substring] = []
        var start = text.startIndex
        var inQuotes = false
        var escaped = false
        for index in text.indices {
            let character = text[index]
            if escaped { escaped = false; continue }
            if inQuotes && character == "\\" { escaped = true; continue }
            if character == "\"" { inQuotes.toggle() }
            if character == ";" && !inQuotes {
                parts.append(text[start..<index])
                start = text.index(after: index)
            }
        }
        parts.append(text[start...])
        return parts
    }

    /// The content of a quoted string (RFC 9110 §5.6.4), or `nil` when it is not one.
    private static func unquote(_ text: String) -> String? {
        guard text.count >= 2, text.hasPrefix("\""), text.hasSuffix("\"") else { return nil }
        var output = ""
        var escaped = false
        for character in text.dropFirst().dropLast() {
            if escaped {
                output.append(character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == "\"" {
                return nil
            } else {
                output.append(character)
            }
        }
        return escaped ? nil : output
    }

    /// RFC 9110 `token`: one or more `tchar`.
    private static func isToken(_ text: Substring) -> Bool {
        !text.isEmpty && text.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                true
            default:
                "!#$%&'*+-.^_`|~".utf8.contains(byte)
            }
        }
    }
}

extension StringProtocol {
    /// Without leading and trailing spaces and tabs (HTTP's optional whitespace).
    var trimmed: String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let start = firstIndex(where: { !isSpace($0) }), let end = lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(self[start...end])
    }

    /// Every occurrence of `target` replaced by `replacement` (Foundation-free).
    func replacingAll(_ target: Character, with replacement: String) -> String {
        var output = ""
        for character in self { if character == target { output += replacement } else { output.append(character) } }
        return output
    }
}
