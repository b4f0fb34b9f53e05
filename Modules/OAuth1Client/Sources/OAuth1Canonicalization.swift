import SigningCore

/// Byte-level helpers behind ``OAuth1BaseString``: RFC 5849 §3.6 percent-encoding written
/// straight into one buffer, and comparison of encoded forms without building them, so a
/// base string costs a handful of allocations. The unreserved set is SigningCore's.
enum OAuth1Canonicalization {
    private static let hexDigits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
        (48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 65, 66, 67, 68, 69, 70)

    @inline(__always) static func hexDigit(_ value: UInt8) -> UInt8 {
        withUnsafeBytes(of: hexDigits) { $0[Int(value & 0x0F)] }
    }

    /// The bytes of `text` percent-encoded (§3.6), as a lazy sequence.
    struct EncodedBytes: Sequence, IteratorProtocol {
        private var source: Substring.UTF8View.Iterator
        private var pending: (UInt8, UInt8) = (0, 0)
        private var pendingCount = 0

        init(_ text: Substring) { source = text.utf8.makeIterator() }

        mutating func next() -> UInt8? {
            if pendingCount == 2 { pendingCount = 1; return pending.0 }
            if pendingCount == 1 { pendingCount = 0; return pending.1 }
            guard let byte = source.next() else { return nil }
            if PercentEncoding.AllowedSet.unreserved.contains(byte) { return byte }
            pending = (hexDigit(byte >> 4), hexDigit(byte))
            pendingCount = 2
            return UInt8(ascii: "%")
        }
    }

    /// Whether the encoded form of `lhs` sorts before the encoded form of `rhs` (byte order).
    static func encodedPrecedes(_ lhs: String, _ rhs: String) -> Bool {
        EncodedBytes(lhs[...]).lexicographicallyPrecedes(EncodedBytes(rhs[...]))
    }

    /// RFC 5849 §3.4.1.3.2 order: by encoded name, then by encoded value.
    static func parameterPrecedes(_ lhs: FormField, _ rhs: FormField) -> Bool {
        if lhs.name != rhs.name { return encodedPrecedes(lhs.name, rhs.name) }
        return encodedPrecedes(lhs.value, rhs.value)
    }

    /// Appends `%XY` for `byte`.
    @inline(__always) static func appendEscape(_ byte: UInt8, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "%"))
        output.append(hexDigit(byte >> 4))
        output.append(hexDigit(byte))
    }

    /// Appends `text` percent-encoded once.
    static func appendEncoded(_ text: some StringProtocol, to output: inout [UInt8]) {
        for byte in text.utf8 {
            if PercentEncoding.AllowedSet.unreserved.contains(byte) {
                output.append(byte)
            } else {
                output.append(UInt8(ascii: "%"))
                output.append(hexDigit(byte >> 4))
                output.append(hexDigit(byte))
            }
        }
    }

    /// Appends `text` percent-encoded twice: what a parameter becomes inside the base string.
    /// An unreserved byte stays; any other byte `b` becomes `%25XY` (the `%` of `%XY` encoded).
    static func appendDoubleEncoded(_ text: some StringProtocol, to output: inout [UInt8]) {
        for byte in text.utf8 {
            if PercentEncoding.AllowedSet.unreserved.contains(byte) {
                output.append(byte)
            } else {
                output.append(UInt8(ascii: "%"))
                output.append(UInt8(ascii: "2"))
                output.append(UInt8(ascii: "5"))
                output.append(hexDigit(byte >> 4))
                output.append(hexDigit(byte))
            }
        }
    }

    /// Appends the HTTP method uppercased and percent-encoded.
    static func appendUppercasedMethod(_ method: String, to output: inout [UInt8]) {
        guard method.utf8.allSatisfy({ $0 < 0x80 }) else {
            appendEncoded(method.uppercased(), to: &output)
            return
        }
        for byte in method.utf8 {
            let upperByte = byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z") ? byte - 32 : byte
            if PercentEncoding.AllowedSet.unreserved.contains(upperByte) {
                output.append(upperByte)
            } else {
                output.append(UInt8(ascii: "%"))
                output.append(hexDigit(upperByte >> 4))
                output.append(hexDigit(upperByte))
            }
        }
    }

    /// The signature base string's bytes: `METHOD&encoded-uri&double-encoded-parameters`.
    /// `parameters` must already exclude `oauth_signature`; they are sorted here.
    static func baseStringBytes(method: String, baseStringURI: String, parameters: [FormField]) -> [UInt8] {
        var sorted = parameters
        sorted.sort(by: parameterPrecedes)
        var capacity = method.utf8.count + baseStringURI.utf8.count * 3 + 2
        for parameter in sorted { capacity += (parameter.name.utf8.count + parameter.value.utf8.count) * 3 + 6 }
        var output = [UInt8]()
        output.reserveCapacity(capacity + capacity / 2)
        appendUppercasedMethod(method, to: &output)
        output.append(UInt8(ascii: "&"))
        appendEncoded(baseStringURI, to: &output)
        output.append(UInt8(ascii: "&"))
        for (index, parameter) in sorted.enumerated() {
            if index > 0 { appendEscape(UInt8(ascii: "&"), to: &output) }
            appendDoubleEncoded(parameter.name, to: &output)
            appendEscape(UInt8(ascii: "="), to: &output)
            appendDoubleEncoded(parameter.value, to: &output)
        }
        return output
    }
}
