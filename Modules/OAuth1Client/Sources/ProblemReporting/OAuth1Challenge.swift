import SigningCore

/// The `OAuth` challenge of a `WWW-Authenticate` header (RFC 9110 §11.6.1; RFC 5849 §3.5.1:
/// `realm` an HTTP quoted string, the other values percent-encoded and quoted), written and
/// read leniently: another scheme's challenge, a token68, a stray byte or a malformed
/// parameter is passed over, never a failure.
enum OAuth1Challenge {
    /// The longest header value read (64 KiB, as for `Authorization`); a longer one is ignored.
    static let maximumLength = OAuth1AuthorizationHeader.maximumLength

    /// `OAuth realm="…", name="value", …`: `realm` ``quoted(_:)``, names and values percent-encoded.
    static func serialize(realm: String, parameters: [FormField]) -> String {
        "OAuth realm=\"\(quoted(realm))\""
            + parameters.map { ", \(PercentEncoding.encode($0.name))=\"\(PercentEncoding.encode($0.value))\"" }.joined()
    }

    /// `text` as the inside of an HTTP quoted string: `"` and `\` escaped, control characters dropped.
    static func quoted(_ text: String) -> String {
        var output = ""
        for scalar in text.unicodeScalars where scalar.value >= 0x20 && scalar.value != 0x7F {
            if scalar == "\"" || scalar == "\\" { output.append("\\") }
            output.unicodeScalars.append(scalar)
        }
        return output
    }

    /// The parameters of each `OAuth` challenge in the header value `value`, in order, names
    /// and values percent-decoded; `realm` and parameters that do not decode are left out.
    static func parameterLists(in value: String) -> [[FormField]] {
        let input = Array(value.utf8.prefix(maximumLength + 1))
        guard input.count <= maximumLength else { return [] }
        var lists: [[FormField]] = []
        var inOAuth = false
        var position = 0
        func skip(_ bytes: String) {
            while position < input.count, bytes.utf8.contains(input[position]) { position += 1 }
        }
        while position < input.count {
            skip(" \t,")
            let nameStart = position
            while position < input.count, isTokenByte(input[position]) { position += 1 }
            guard position > nameStart else {
                position += 1  // a byte no element starts with
                continue
            }
            let name = input[nameStart..<position]
            skip(" \t")
            let isParameter = position < input.count && input[position] == UInt8(ascii: "=")
                && (position + 1 == input.count || input[position + 1] != UInt8(ascii: "="))
            guard isParameter else {
                skip("=")  // a token68's padding
                inOAuth = name.count == 5 && zip(name, "oauth".utf8).allSatisfy { $0 | 0x20 == $1 }
                if inOAuth { lists.append([]) }
                continue
            }
            position += 1
            skip(" \t")
            guard let raw = readValue(input, at: &position) else { break }  // an unterminated quoted string ends the header
            if inOAuth, let field = decoded(name: name, value: raw) { lists[lists.count - 1].append(field) }
        }
        return lists
    }

    /// A quoted string (escapes resolved) or a token at `position`; `nil` for an unterminated quoted string.
    private static func readValue(_ input: [UInt8], at position: inout Int) -> [UInt8]? {
        guard position < input.count, input[position] == UInt8(ascii: "\"") else {
            let start = position
            while position < input.count, isTokenByte(input[position]) { position += 1 }
            return Array(input[start..<position])
        }
        var value: [UInt8] = []
        position += 1
        while position < input.count {
            let byte = input[position]
            position += 1
            if byte == UInt8(ascii: "\"") { return value }
            if byte == UInt8(ascii: "\\") {
                guard position < input.count else { return nil }
                value.append(input[position])
                position += 1
            } else {
                value.append(byte)
            }
        }
        return nil
    }

    /// The parameter percent-decoded; `nil` for `realm` and for bad percent-encoding or UTF-8.
    private static func decoded(name: ArraySlice<UInt8>, value: [UInt8]) -> FormField? {
        guard let name = String(validating: name, as: UTF8.self), name != "realm",
              let value = String(validating: value, as: UTF8.self),
              let decodedName = try? PercentEncoding.decode(name),
              let decodedValue = try? PercentEncoding.decode(value)
        else { return nil }
        return FormField(decodedName, decodedValue)
    }

    /// RFC 9110 `tchar`.
    private static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        default:
            "!#$%&'*+-.^_`|~".utf8.contains(byte)
        }
    }
}
