public import SigningCore

/// The string an AFSigned signature covers — the one definition the signer and the verifier
/// share. It is built from the request as the server receives it: method, path as sent
/// (percent-encoded), and the decoded query and form-body fields, auth fields included (they
/// are left out here).
public enum AFSignedCanonicalForm {
    /// The bytes signed for `version`.
    ///
    /// Version 2 follows the original PHP verifier exactly: the fields are read into arrays as
    /// PHP reads `$_GET` and `$_POST`, merged with `array_merge`, sorted with `ksort`, every
    /// `auth_*` key removed, each written `key=value` (an array's items `key[]=item`), joined with
    /// `&`; then `METHOD\nurldecode(path)\nurldecode(joined)`.
    ///
    /// Version 4 writes each parameter (as PHP reads it) as RFC 3986-encoded `key=value`, arrays
    /// and maps as JSON, keys sorted by their bytes, joined with `&`; then `METHOD\npath\njoined`,
    /// the path exactly as sent. Nothing is decoded, so distinct requests never sign alike.
    ///
    /// - Throws: ``AFSignedError/Code/unsignableParameters`` when PHP has no consistent order
    ///   for the keys (`9`, `10` and `1z`), or a field sits deeper than a PHP backend reads.
    public static func bytes(version: AFSignedVersion, method: String, path: String, query: [FormField], body: [FormField]) throws(AFSignedError) -> [UInt8] {
        if let bytes = AFSignedFlatForm.bytes(version: version, method: method, path: path, query: query, body: body) { return bytes }
        return try modelBytes(version: version, method: method, path: path, query: query, body: body)
    }

    /// ``bytes(version:method:path:query:body:)`` through the full PHP-array model
    /// (``PHPArray``): every request can take this way; the common ones take
    /// ``AFSignedFlatForm``'s, which must give the same bytes.
    static func modelBytes(version: AFSignedVersion, method: String, path: String, query: [FormField], body: [FormField]) throws(AFSignedError) -> [UInt8] {
        let parameters = PHPArray(parsing: query.map { ($0.name, $0.value) })
            .merged(with: PHPArray(parsing: body.map { ($0.name, $0.value) }))
        switch version {
        case .v2:
            guard let sorted = parameters.sortedByKey() else {
                throw AFSignedError(
                    code: .unsignableParameters,
                    message: "PHP's ksort has no consistent order for these parameter names (\(parameters.entries.map(\.key.text).prefix(12).joined(separator: ", "))): numbers mixed with names that start with digits; rename the parameters"
                )
            }
            var pieces: [String] = []
            for (key, value) in sorted {
                if case .string(let name) = key, name.hasPrefix(AFSignedField.prefix) { continue }
                switch value {
                case .string(let text): pieces.append(key.text + "=" + text)
                case .array(let items): pieces += items.values.map { key.text + "[]=" + $0.text }
                }
            }
            return Array(method.utf8) + [0x0A] + urlDecoded(Array(path.utf8)) + [0x0A] + urlDecoded(Array(pieces.joined(separator: "&").utf8))
        case .v4:
            let entries = parameters.entries
                .filter { !$0.key.text.hasPrefix(AFSignedField.prefix) }
                .sorted { PHPNumericString.compareBytes($0.key.text, $1.key.text) < 0 }
            let pieces = entries.map { entry in
                PercentEncoding.encode(entry.key.text) + "=" + PercentEncoding.encode(jsonText(entry.value))
            }
            return Array(method.utf8) + [0x0A] + Array(path.utf8) + [0x0A] + Array(pieces.joined(separator: "&").utf8)
        }
    }

    /// The string signed, as text (bytes that are not UTF-8 — possible after version 2's
    /// decoding — shown as `\u{FFFD}`): what diagnosis headers and the command line show.
    public static func text(_ bytes: [UInt8]) -> String {
        String(decoding: bytes, as: UTF8.self)
    }

    /// PHP's `urldecode`: `+` is a space, `%XX` a byte, any other `%` kept.
    static func urlDecoded(_ bytes: [UInt8]) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        bytes.withUnsafeBufferPointer { appendURLDecoded($0, to: &output) }
        return output
    }

    /// Appends `bytes` decoded as PHP's `urldecode` does to `output`. Decoding pieces one by one
    /// gives the joined string's decoding when the separators between them are neither hex
    /// digits nor `%` (`&`, `=`, `[]=`).
    static func appendURLDecoded(_ bytes: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) {
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "+") {
                output.append(0x20)
            } else if byte == UInt8(ascii: "%"), index + 2 < bytes.count, let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2]) {
                output.append(high << 4 | low)
                index += 2
            } else {
                output.append(byte)
            }
            index += 1
        }
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 0x30...0x39: byte - 0x30
        case 0x41...0x46: byte - 0x41 + 10
        case 0x61...0x66: byte - 0x61 + 10
        default: nil
        }
    }

    /// A parameter's value for version 4: text as it is; an array as compact JSON (a list as
    /// an array, an object's keys sorted by their bytes; in strings only `"`, `\` and control
    /// characters escaped, `/` and non-ASCII text as they are).
    ///
    /// Written here rather than by `JSONSerialization`, whose `.sortedKeys` compares keys as the
    /// locale does: keys that differ only in characters it ignores (control characters, U+FFFD)
    /// came out in whichever order the dictionary held them, so the signer and the verifier
    /// could sign the same fields differently.
    static func jsonText(_ value: PHPValue) -> String {
        switch value {
        case .string(let text): return text
        case .array(let array):
            var output: [UInt8] = []
            appendJSON(array, to: &output)
            return String(decoding: output, as: UTF8.self)
        }
    }

    private static func appendJSON(_ array: PHPArray, to output: inout [UInt8]) {
        func append(_ value: PHPValue) {
            switch value {
            case .string(var text): text.withUTF8 { appendJSONString($0, to: &output) }
            case .array(let nested): appendJSON(nested, to: &output)
            }
        }
        if array.isList {
            output.append(UInt8(ascii: "["))
            for (index, value) in array.values.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                append(value)
            }
            output.append(UInt8(ascii: "]"))
            return
        }
        output.append(UInt8(ascii: "{"))
        let members = array.entries.sorted { PHPNumericString.compareBytes($0.key.text, $1.key.text) < 0 }
        for (index, member) in members.enumerated() {
            if index > 0 { output.append(UInt8(ascii: ",")) }
            var key = member.key.text
            key.withUTF8 { appendJSONString($0, to: &output) }
            output.append(UInt8(ascii: ":"))
            append(member.value)
        }
        output.append(UInt8(ascii: "}"))
    }

    /// Appends the UTF-8 text `text` as a JSON string: only `"`, `\` and control characters
    /// escaped (`\n`-style where JSON has one, else `\u00XX` in lowercase hex); bytes of
    /// non-ASCII characters as they are.
    static func appendJSONString(_ text: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        for byte in text {
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"): output += [UInt8(ascii: "\\"), byte]
            case 0x0A: output += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
            case 0x0D: output += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
            case 0x09: output += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
            case 0x08: output += [UInt8(ascii: "\\"), UInt8(ascii: "b")]
            case 0x0C: output += [UInt8(ascii: "\\"), UInt8(ascii: "f")]
            case 0x00...0x1F: output += Array("\\u00".utf8) + [hexDigit(byte >> 4), hexDigit(byte & 0x0F)]
            default: output.append(byte)
            }
        }
        output.append(UInt8(ascii: "\""))
    }

    private static func hexDigit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? 0x30 + nibble : UInt8(ascii: "a") + nibble - 10
    }
}
