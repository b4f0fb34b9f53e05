import SigningCore

/// Byte-level helpers behind ``OAuth1BaseString`` and the signer: parameters encoded and
/// sorted by byte comparison (RFC 5849 §3.4.1.3.2) and the base string written straight into
/// one buffer, so a signature costs a handful of allocations. The §3.6 percent-encoding itself
/// is SigningCore's appending encoder (``PercentEncoding/append(_:allowing:to:)``).
enum OAuth1Canonicalization {
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
                PercentEncoding.append(parameter.name, to: &bytes)
                let middle = bytes.count
                PercentEncoding.append(parameter.value, to: &bytes)
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
        guard method.utf8.allSatisfy(PercentEncoding.AllowedSet.unreserved.contains) else {
            PercentEncoding.append(method.uppercased(), to: &output)
            return
        }
        for byte in method.utf8 {
            output.append(byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z") ? byte - 32 : byte)
        }
    }

    /// The signature base string's bytes: `METHOD&encoded-uri&double-encoded-parameters`.
    /// `parameters` must already exclude `oauth_signature`; they are sorted here.
    static func baseStringBytes(method: String, baseStringURI: String, parameters: [FormField]) -> [UInt8] {
        baseStringBytes(method: method, uriLength: baseStringURI.utf8.count, parameters: parameters) { PercentEncoding.append(baseStringURI, to: &$0) }
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
                if index > 0 { output.append(contentsOf: "%26".utf8) }
                PercentEncoding.append(encoding: UnsafeBufferPointer(rebasing: bytes[entry.start..<entry.middle]), to: &output)
                output.append(contentsOf: "%3D".utf8)
                PercentEncoding.append(encoding: UnsafeBufferPointer(rebasing: bytes[entry.middle..<entry.end]), to: &output)
            }
        }
        return output
    }
}
