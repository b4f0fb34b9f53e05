/// A JSON value as the Books API writes it: object members in the order they were built (so the
/// answer reads like Google's, `kind` first), integers and doubles kept apart (`pageCount` is an
/// `int32`, `amount` a `double`).
enum BooksJSON: Sendable, Equatable {
    case object([Member])
    case array([BooksJSON])
    case string(String)
    case integer(Int)
    case number(Double)
    case boolean(Bool)

    /// One member of an object.
    struct Member: Sendable, Equatable {
        var name: String
        var value: BooksJSON
    }

    /// The member called `name` of an object.
    subscript(name: String) -> BooksJSON? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.name == name }?.value
    }

    /// The text, when this is a string.
    var stringValue: String? {
        if case .string(let text) = self { return text }
        return nil
    }
}

/// Builds an object's members in order, leaving out absent values.
struct BooksJSONObject {
    private(set) var members: [BooksJSON.Member] = []

    mutating func add(_ name: String, _ value: BooksJSON?) {
        if let value { members.append(BooksJSON.Member(name: name, value: value)) }
    }

    mutating func add(_ name: String, _ text: String?) {
        add(name, text.map(BooksJSON.string))
    }

    mutating func add(_ name: String, _ number: Int?) {
        add(name, number.map(BooksJSON.integer))
    }

    mutating func add(_ name: String, _ flag: Bool?) {
        add(name, flag.map(BooksJSON.boolean))
    }

    var json: BooksJSON { .object(members) }
}

extension BooksJSON {
    /// The value as Google writes it: pretty (two-space indentation, `"name": value`) unless
    /// `pretty` is false, UTF-8 as is, and `<`, `>`, `&`, `'` written `\u003c` … as Google's
    /// serialiser does (a `previewLink` reads `…?id=X\u0026printsec=frontcover…`).
    func written(pretty: Bool) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(4096)
        write(into: &output, pretty: pretty, depth: 0)
        if pretty { output.append(0x0A) }
        return output
    }

    /// Appends the value as ``written(pretty:)`` does, as if it sat `depth` levels deep
    /// (nested lines indented for that depth), with no newline before or after.
    func write(into output: inout [UInt8], pretty: Bool, depth: Int) {
        switch self {
        case .object(let members):
            guard !members.isEmpty else { return output.append(contentsOf: "{}".utf8) }
            output.append(UInt8(ascii: "{"))
            for index in members.indices {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                Self.newline(&output, pretty: pretty, depth: depth + 1)
                Self.writeString(members[index].name, into: &output)
                output.append(UInt8(ascii: ":"))
                if pretty { output.append(UInt8(ascii: " ")) }
                members[index].value.write(into: &output, pretty: pretty, depth: depth + 1)
            }
            Self.newline(&output, pretty: pretty, depth: depth)
            output.append(UInt8(ascii: "}"))
        case .array(let elements):
            guard !elements.isEmpty else { return output.append(contentsOf: "[]".utf8) }
            output.append(UInt8(ascii: "["))
            for index in elements.indices {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                Self.newline(&output, pretty: pretty, depth: depth + 1)
                elements[index].write(into: &output, pretty: pretty, depth: depth + 1)
            }
            Self.newline(&output, pretty: pretty, depth: depth)
            output.append(UInt8(ascii: "]"))
        case .string(let text):
            Self.writeString(text, into: &output)
        case .integer(let number):
            output.append(contentsOf: String(number).utf8)
        case .number(let number):
            output.append(contentsOf: Self.numberText(number).utf8)
        case .boolean(let flag):
            output.append(contentsOf: (flag ? "true" : "false").utf8)
        }
    }

    /// The shortest text that reads back as `number`, whole numbers without `.0` (Google
    /// writes an `averageRating` of 4.0 as `4`); a non-finite value (never built) as `0`.
    static func numberText(_ number: Double) -> String {
        guard number.isFinite else { return "0" }
        if number == number.rounded(), abs(number) < 1e15 { return String(Int(number)) }
        return String(number)
    }

    /// A newline and the indentation of `depth` when `pretty`; nothing otherwise.
    static func newline(_ output: inout [UInt8], pretty: Bool, depth: Int) {
        guard pretty else { return }
        output.append(0x0A)
        for _ in 0..<depth { output.append(contentsOf: "  ".utf8) }
    }

    private static let hex = Array("0123456789abcdef".utf8)

    /// Which bytes a string cannot hold as they are: `"`, `\`, controls, and `<`, `>`, `&`, `'`.
    private static let escaped: [Bool] = (0...255).map { byte in
        byte < 0x20 || [UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "&"), UInt8(ascii: "'")].contains(UInt8(byte))
    }

    /// `text` quoted.
    static func writeString(_ text: String, into output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        writeEscaped(text, into: &output)
        output.append(UInt8(ascii: "\""))
    }

    /// `text` as it reads between a string's quotes, runs of bytes that need no escape copied whole.
    static func writeEscaped(_ text: String, into output: inout [UInt8]) {
        var text = text
        text.withUTF8 { bytes in
            var run = 0
            for index in bytes.indices where escaped[Int(bytes[index])] {
                output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run..<index]))
                escape(bytes[index], into: &output)
                run = index + 1
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run...]))
        }
    }

    private static func escape(_ byte: UInt8, into output: inout [UInt8]) {
        output.append(UInt8(ascii: "\\"))
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"): output.append(byte)
        case 0x0A: output.append(UInt8(ascii: "n"))
        case 0x0D: output.append(UInt8(ascii: "r"))
        case 0x09: output.append(UInt8(ascii: "t"))
        default:
            output.append(contentsOf: "u00".utf8)
            output.append(hex[Int(byte >> 4)])
            output.append(hex[Int(byte & 0x0F)])
        }
    }
}
