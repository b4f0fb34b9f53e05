import SigningCore

/// Byte-level helpers behind ``OAuth1BaseString`` and the signer: RFC 5849 §3.6
/// percent-encoding written straight into buffers, and sorting of encoded parameters by byte
/// comparison, so a signature costs a handful of allocations and no per-byte calls. The
/// unreserved set itself is SigningCore's (``PercentEncoding/AllowedSet/unreserved``), read
/// once into a bit mask.
enum OAuth1Canonicalization {
    /// The unreserved set as a 128-bit mask (`low` for bytes 0–63, `high` for 64–127).
    struct Mask {
        let low: UInt64
        let high: UInt64

        init(_ set: PercentEncoding.AllowedSet) {
            var low: UInt64 = 0
            var high: UInt64 = 0
            for byte in UInt8(0)..<128 where set.contains(byte) {
                if byte < 64 { low |= 1 << UInt64(byte) } else { high |= 1 << UInt64(byte - 64) }
            }
            self.low = low
            self.high = high
        }

        @inline(__always) func contains(_ byte: UInt8) -> Bool {
            if byte < 64 { return low & (1 &<< UInt64(byte)) != 0 }
            if byte < 128 { return high & (1 &<< UInt64(byte &- 64)) != 0 }
            return false
        }
    }

    static let unreserved = Mask(.unreserved)

    @inline(__always) static func hexDigit(_ value: UInt8) -> UInt8 {
        let nibble = value & 0x0F
        return nibble < 10 ? nibble &+ 48 : nibble &+ 55
    }

    /// Appends `%XY` for `byte`.
    @inline(__always) static func appendEscape(_ byte: UInt8, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "%"))
        output.append(hexDigit(byte >> 4))
        output.append(hexDigit(byte))
    }

    /// Appends `text` percent-encoded once (§3.6).
    static func appendEncoded(_ text: String, to output: inout [UInt8]) {
        let done: Void? = text.utf8.withContiguousStorageIfAvailable { appendEncoded(bytes: $0, to: &output) }
        if done == nil {
            var copy = text
            copy.withUTF8 { appendEncoded(bytes: $0, to: &output) }
        }
    }

    /// Appends `bytes` percent-encoded once: copied whole when nothing needs escaping, else
    /// written in one pass into space appended at once.
    static func appendEncoded(bytes: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) {
        let mask = unreserved
        var escapes = 0
        for byte in bytes where !mask.contains(byte) { escapes += 1 }
        guard escapes > 0 else {
            output.append(contentsOf: bytes)
            return
        }
        let start = output.count
        output.append(contentsOf: repeatElement(0, count: bytes.count + 2 * escapes))
        output.withUnsafeMutableBufferPointer { out in
            var position = start
            for byte in bytes {
                if mask.contains(byte) {
                    out[position] = byte
                    position += 1
                } else {
                    out[position] = UInt8(ascii: "%")
                    out[position + 1] = hexDigit(byte >> 4)
                    out[position + 2] = hexDigit(byte)
                    position += 3
                }
            }
        }
    }

    /// Appends `text` percent-encoded once (§3.6).
    static func appendEncoded(_ text: Substring, to output: inout [UInt8]) {
        var text = text
        text.withUTF8 { appendEncoded(bytes: $0, to: &output) }
    }

    /// `text` percent-encoded once (§3.6).
    static func encoded(_ text: String) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(text.utf8.count * 3)
        appendEncoded(text, to: &output)
        return String(decoding: output, as: UTF8.self)
    }

    /// Appends `bytes` (already percent-encoded once) percent-encoded a second time: only `%`
    /// needs escaping then, since everything else is unreserved.
    static func appendReencoded(_ bytes: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) {
        var escapes = 0
        for byte in bytes where byte == UInt8(ascii: "%") { escapes += 1 }
        guard escapes > 0 else {
            output.append(contentsOf: bytes)
            return
        }
        let start = output.count
        output.append(contentsOf: repeatElement(0, count: bytes.count + 2 * escapes))
        output.withUnsafeMutableBufferPointer { out in
            var position = start
            for byte in bytes {
                out[position] = byte
                if byte == UInt8(ascii: "%") {
                    out[position + 1] = UInt8(ascii: "2")
                    out[position + 2] = UInt8(ascii: "5")
                    position += 3
                } else {
                    position += 1
                }
            }
        }
    }

    /// Parameters percent-encoded into one buffer and sorted (§3.4.1.3.2): by encoded name,
    /// then encoded value, comparing bytes.
    struct SortedParameters {
        /// Every encoded name and value, back to back.
        let bytes: [UInt8]
        /// For each parameter in sorted order: where its name starts, where the name ends and
        /// the value starts, and where the value ends.
        let entries: [(start: Int, middle: Int, end: Int)]

        init(_ parameters: [FormField]) {
            var capacity = 0
            for parameter in parameters { capacity += parameter.name.utf8.count + parameter.value.utf8.count }
            var bytes: [UInt8] = []
            bytes.reserveCapacity(capacity + capacity / 2 + 16)
            var entries: [(start: Int, middle: Int, end: Int)] = []
            entries.reserveCapacity(parameters.count)
            for parameter in parameters {
                let start = bytes.count
                appendEncoded(parameter.name, to: &bytes)
                let middle = bytes.count
                appendEncoded(parameter.value, to: &bytes)
                entries.append((start, middle, bytes.count))
            }
            bytes.withUnsafeBufferPointer { buffer in
                entries.sort { lhs, rhs in
                    let order = Self.compare(buffer, lhs.start, lhs.middle, rhs.start, rhs.middle)
                    if order != 0 { return order < 0 }
                    return Self.compare(buffer, lhs.middle, lhs.end, rhs.middle, rhs.end) < 0
                }
            }
            self.bytes = bytes
            self.entries = entries
        }

        /// Byte-wise three-way comparison of two ranges.
        @inline(__always) private static func compare(_ buffer: UnsafeBufferPointer<UInt8>, _ a: Int, _ aEnd: Int, _ b: Int, _ bEnd: Int) -> Int {
            let length = min(aEnd - a, bEnd - b)
            var index = 0
            while index < length {
                let x = buffer[a + index], y = buffer[b + index]
                if x != y { return x < y ? -1 : 1 }
                index += 1
            }
            return (aEnd - a) - (bEnd - b)
        }

        /// The total length of the encoded names and values.
        var encodedCount: Int { bytes.count }
    }

    /// The normalised parameter string (§3.4.1.3.2): `name=value&…`, encoded once.
    static func normalizedBytes(_ parameters: [FormField]) -> [UInt8] {
        let sorted = SortedParameters(parameters)
        var output: [UInt8] = []
        output.reserveCapacity(sorted.encodedCount + 2 * sorted.entries.count)
        for (index, entry) in sorted.entries.enumerated() {
            if index > 0 { output.append(UInt8(ascii: "&")) }
            output.append(contentsOf: sorted.bytes[entry.start..<entry.middle])
            output.append(UInt8(ascii: "="))
            output.append(contentsOf: sorted.bytes[entry.middle..<entry.end])
        }
        return output
    }

    /// Appends the HTTP method uppercased and percent-encoded.
    static func appendUppercasedMethod(_ method: String, to output: inout [UInt8]) {
        guard method.utf8.allSatisfy({ $0 < 0x80 }) else {
            appendEncoded(method.uppercased(), to: &output)
            return
        }
        let mask = unreserved
        for byte in method.utf8 {
            let upper = byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z") ? byte - 32 : byte
            if mask.contains(upper) { output.append(upper) } else { appendEscape(upper, to: &output) }
        }
    }

    /// The signature base string's bytes: `METHOD&encoded-uri&double-encoded-parameters`.
    /// `parameters` must already exclude `oauth_signature`; they are sorted here.
    static func baseStringBytes(method: String, baseStringURI: String, parameters: [FormField]) -> [UInt8] {
        baseStringBytes(method: method, uriLength: baseStringURI.utf8.count, parameters: parameters) { appendEncoded(baseStringURI, to: &$0) }
    }

    /// The signature base string's bytes for a parsed URL, its base string URI written directly.
    static func baseStringBytes(method: String, url: OAuth1URLParts, parameters: [FormField]) -> [UInt8] {
        let length = url.scheme.utf8.count + url.host.utf8.count + url.path.utf8.count + 10
        return baseStringBytes(method: method, uriLength: length, parameters: parameters) { url.appendEncodedBaseStringURI(to: &$0) }
    }

    private static func baseStringBytes(
        method: String, uriLength: Int, parameters: [FormField], appendURI: (inout [UInt8]) -> Void
    ) -> [UInt8] {
        let sorted = SortedParameters(parameters)
        var output: [UInt8] = []
        output.reserveCapacity(method.utf8.count + uriLength * 3 + sorted.encodedCount * 2 + 6 * sorted.entries.count + 8)
        appendUppercasedMethod(method, to: &output)
        output.append(UInt8(ascii: "&"))
        appendURI(&output)
        output.append(UInt8(ascii: "&"))
        sorted.bytes.withUnsafeBufferPointer { bytes in
            for (index, entry) in sorted.entries.enumerated() {
                if index > 0 { appendEscape(UInt8(ascii: "&"), to: &output) }
                appendReencoded(UnsafeBufferPointer(rebasing: bytes[entry.start..<entry.middle]), to: &output)
                appendEscape(UInt8(ascii: "="), to: &output)
                appendReencoded(UnsafeBufferPointer(rebasing: bytes[entry.middle..<entry.end]), to: &output)
            }
        }
        return output
    }

    /// Whether two header names are equal ignoring ASCII case, without allocating.
    static func equalsIgnoringASCIICase(_ lhs: String, _ rhs: String) -> Bool {
        guard lhs.utf8.count == rhs.utf8.count else { return false }
        return zip(lhs.utf8, rhs.utf8).allSatisfy { a, b in
            a == b || (a | 0x20 == b | 0x20 && (a | 0x20) >= UInt8(ascii: "a") && (a | 0x20) <= UInt8(ascii: "z"))
        }
    }
}
