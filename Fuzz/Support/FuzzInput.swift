/// The bytes libFuzzer hands a target, read front to back: a few leading bytes choose options
/// (an alphabet, a flag, a split point) and the rest is the text under test.
public struct FuzzInput {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var position = 0

    /// Wraps one libFuzzer input; the buffer must outlive this value.
    public init(_ data: UnsafePointer<UInt8>, _ size: Int) {
        bytes = UnsafeBufferPointer(start: size == 0 ? nil : data, count: size)
    }

    /// The next byte, or 0 once the input is used up.
    public mutating func byte() -> UInt8 {
        guard position < bytes.count else { return 0 }
        defer { position += 1 }
        return bytes[position]
    }

    /// The next byte as a flag (its lowest bit).
    public mutating func flag() -> Bool { byte() & 1 == 1 }

    /// Everything not read yet, as bytes.
    public mutating func rest() -> [UInt8] {
        defer { position = bytes.count }
        return Array(bytes[position...])
    }

    /// Everything not read yet, as text (invalid UTF-8 repaired, as a server's decoder would).
    public mutating func restText() -> String {
        String(decoding: rest(), as: UTF8.self)
    }

    /// Up to `count` further bytes, as text.
    public mutating func text(upTo count: Int) -> String {
        let end = min(bytes.count, position + count)
        defer { position = end }
        return String(decoding: bytes[position..<end], as: UTF8.self)
    }
}

extension FuzzInput {
    /// The rest of the input as fields: one per line, name and value split at the first tab
    /// (a line without a tab is a name with an empty value). Any text, escapes and all.
    public mutating func restFields() -> [(name: String, value: String)] {
        restText().split(separator: "\n", omittingEmptySubsequences: false).map { line in
            guard let tab = line.firstIndex(of: "\t") else { return (String(line), "") }
            return (String(line[..<tab]), String(line[line.index(after: tab)...]))
        }
    }
}
