// Unsafe code here, and why: parameters are sorted by comparing slices of one encoded buffer
// and the base string is written into one allocation, because every signature and every
// verification builds a base string. The plain reference is oauthlib's base string, pinned in
// OAuthlibPeerTests ("identical base strings and signatures for 3000 random requests") and by
// the published vectors in OAuth1VectorTests.

import SigningCore

/// Byte-level helpers behind ``OAuth1BaseString`` and the signer: parameters encoded and
/// sorted by byte comparison (RFC 5849 §3.4.1.3.2) and the base string written straight into
/// one buffer, so a signature costs a handful of allocations. The §3.6 percent-encoding itself
/// is SigningCore's (``PercentEncoding/write(_:allowing:to:at:)`` and
/// ``PercentEncoding/append(_:allowing:to:)``); each parameter is encoded once per signature,
/// its encoding reused for the second encoding of the base string and by the signer's output.
enum OAuth1Canonicalization {
    /// Parameters percent-encoded into one buffer and sorted (§3.4.1.3.2): by encoded name,
    /// then encoded value, comparing bytes.
    struct SortedParameters {
        /// Every encoded name and value, back to back.
        let bytes: [UInt8]
        /// One parameter: where its name starts in ``bytes``, where the name ends and the value
        /// starts, where the value ends, how many `%XX` escapes name and value hold (so how many
        /// `%` bytes: everything else in them is unreserved), and its position in the list given.
        typealias Entry = (start: Int, middle: Int, end: Int, escapes: Int, index: Int)
        /// The parameters in sorted order.
        let entries: [Entry]

        init(_ parameters: OAuth1DecodedParameters) {
            var entries: [Entry] = []
            entries.reserveCapacity(parameters.count)
            // One buffer with room for the worst case (every byte escaped), so that each name and
            // value is encoded into it in one pass.
            let bytes = parameters.bytes.withUnsafeBufferPointer { decoded in
                [UInt8](unsafeUninitializedCapacity: 3 * decoded.count) { buffer, initialized in
                    var written = 0
                    for (index, parameter) in parameters.entries.enumerated() {
                        let start = written
                        let name = UnsafeBufferPointer(rebasing: decoded[parameter.nameStart..<parameter.valueStart])
                        written = PercentEncoding.write(encoding: name, to: buffer, at: written)
                        let middle = written
                        let value = UnsafeBufferPointer(rebasing: decoded[parameter.valueStart..<parameter.valueEnd])
                        written = PercentEncoding.write(encoding: value, to: buffer, at: written)
                        // Each escape turns one byte into three.
                        let escapes = (written - start - (parameter.valueEnd - parameter.nameStart)) / 2
                        entries.append((start, middle, written, escapes, index))
                    }
                    initialized = written
                }
            }
            bytes.withUnsafeBufferPointer { buffer in
                func precedes(_ lhs: Entry, _ rhs: Entry) -> Bool {
                    let order = Self.compare(buffer, lhs.start, lhs.middle, rhs.start, rhs.middle)
                    if order != 0 { return order < 0 }
                    return Self.compare(buffer, lhs.middle, lhs.end, rhs.middle, rhs.end) < 0
                }
                entries.sort(by: precedes)
            }
            self.bytes = bytes
            self.entries = entries
        }

        /// Byte-wise three-way comparison of two ranges.
        @inline(__always) private static func compare(_ buffer: UnsafeBufferPointer<UInt8>, _ a: Int, _ aEnd: Int, _ b: Int, _ bEnd: Int) -> Int {
            let length = min(aEnd - a, bEnd - b)
            var index = 0
            // Eight bytes at a time while both ranges have them (names share `oauth_`): read as
            // big-endian integers, they order as their bytes do.
            if let base = buffer.baseAddress {
                let raw = UnsafeRawPointer(base)
                while length - index >= 8 {
                    let x = raw.loadUnaligned(fromByteOffset: a + index, as: UInt64.self).bigEndian
                    let y = raw.loadUnaligned(fromByteOffset: b + index, as: UInt64.self).bigEndian
                    if x != y { return x < y ? -1 : 1 }
                    index += 8
                }
            }
            while index < length {
                let x = buffer[a + index], y = buffer[b + index]
                if x != y { return x < y ? -1 : 1 }
                index += 1
            }
            return (aEnd - a) - (bEnd - b)
        }

        /// The total length of the encoded names and values.
        var encodedCount: Int { bytes.count }

        /// Calls `body` with the encoded name and value of each of the first `count` parameters
        /// of the list given, in its order: how the signer's `Authorization` header reuses the
        /// encoding of the protocol parameters (the first ones it signs).
        func forEachEncoded(first count: Int, _ body: (_ name: UnsafeBufferPointer<UInt8>, _ value: UnsafeBufferPointer<UInt8>) -> Void) {
            bytes.withUnsafeBufferPointer { bytes in
                // `count` is the number of protocol parameters (at most eight), so a search per
                // index costs less than an index built first (measured: 2 more allocations and
                // 5 % more per signature).
                for index in 0..<count {
                    guard let entry = entries.first(where: { $0.index == index }) else { preconditionFailure("no parameter \(index)") }
                    body(UnsafeBufferPointer(rebasing: bytes[entry.start..<entry.middle]), UnsafeBufferPointer(rebasing: bytes[entry.middle..<entry.end]))
                }
            }
        }

        /// Appends the parameters' part of the base string (§3.4.1.1): `name%3Dvalue` pairs
        /// joined by `%26`, the encoded names and values encoded a second time. As they hold
        /// nothing but unreserved bytes and the `%` of their escapes, that second encoding only
        /// turns `%` into `%25`, so its length is known from `escapes` and a parameter without
        /// escapes is copied as it is; the whole part is written in one pass.
        func appendDoubleEncoded(to output: inout [UInt8]) {
            guard !entries.isEmpty else { return }
            var length = 3 * (entries.count - 1)
            for entry in entries { length += entry.end - entry.start + 2 * entry.escapes + 3 }
            let start = output.count
            output.append(contentsOf: repeatElement(0, count: length))
            output.withUnsafeMutableBufferPointer { output in
                bytes.withUnsafeBufferPointer { bytes in
                    var written = start
                    func write(_ a: UInt8, _ b: UInt8, _ c: UInt8) {
                        output[written] = a
                        output[written &+ 1] = b
                        output[written &+ 2] = c
                        written &+= 3
                    }
                    func copy(_ range: Range<Int>, escaped: Bool) {
                        guard escaped else {
                            _ = UnsafeMutableBufferPointer(rebasing: output[written..<written + range.count])
                                .update(fromContentsOf: UnsafeBufferPointer(rebasing: bytes[range]))
                            written &+= range.count
                            return
                        }
                        for byte in UnsafeBufferPointer(rebasing: bytes[range]) {
                            if byte == UInt8(ascii: "%") {
                                write(UInt8(ascii: "%"), UInt8(ascii: "2"), UInt8(ascii: "5"))
                            } else {
                                output[written] = byte
                                written &+= 1
                            }
                        }
                    }
                    for (index, entry) in entries.enumerated() {
                        if index > 0 { write(UInt8(ascii: "%"), UInt8(ascii: "2"), UInt8(ascii: "6")) }
                        copy(entry.start..<entry.middle, escaped: entry.escapes > 0)
                        write(UInt8(ascii: "%"), UInt8(ascii: "3"), UInt8(ascii: "D"))
                        copy(entry.middle..<entry.end, escaped: entry.escapes > 0)
                    }
                    precondition(written == start + length, "the base string's parameters were not written to the length computed")
                }
            }
        }
    }

    /// The normalised parameter string (§3.4.1.3.2): `name=value&…`, encoded once.
    static func normalizedBytes(_ parameters: OAuth1DecodedParameters) -> [UInt8] {
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
        var method = method
        let appended = method.withUTF8 { bytes in
            // A closure, not the method reference `unreserved.contains`, which allocated a context.
            guard bytes.allSatisfy({ PercentEncoding.AllowedSet.unreserved.contains($0) }) else { return false }
            let start = output.count
            output.append(contentsOf: bytes)
            output.withUnsafeMutableBufferPointer { output in
                for index in start..<output.count where output[index] &- UInt8(ascii: "a") < 26 { output[index] &-= 32 }
            }
            return true
        }
        if !appended { PercentEncoding.append(method.uppercased(), to: &output) }
    }

    /// The signature base string's bytes: `METHOD&encoded-uri&double-encoded-parameters`.
    /// `parameters` must already exclude `oauth_signature`; they are sorted here.
    static func baseStringBytes(method: String, baseStringURI: String, parameters: OAuth1DecodedParameters) -> [UInt8] {
        baseStringBytes(method: method, uriLength: baseStringURI.utf8.count, sorted: SortedParameters(parameters)) {
            PercentEncoding.append(baseStringURI, to: &$0)
        }
    }

    /// The signature base string's bytes for a parsed URL, its base string URI written directly,
    /// and the parameters as encoded for it (the signer's `Authorization` header reuses them).
    static func baseStringBytes(method: String, url: OAuth1URLParts, parameters: OAuth1DecodedParameters) -> (bytes: [UInt8], encoded: SortedParameters) {
        let sorted = SortedParameters(parameters)
        return (baseStringBytes(method: method, uriLength: url.baseStringURIByteCount, sorted: sorted) { url.appendEncodedBaseStringURI(to: &$0) }, sorted)
    }

    private static func baseStringBytes(
        method: String, uriLength: Int, sorted: SortedParameters, appendURI: (inout [UInt8]) -> Void
    ) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(method.utf8.count + uriLength * 3 + sorted.encodedCount * 2 + 6 * sorted.entries.count + 8)
        appendUppercasedMethod(method, to: &output)
        output.append(UInt8(ascii: "&"))
        appendURI(&output)
        output.append(UInt8(ascii: "&"))
        sorted.appendDoubleEncoded(to: &output)
        return output
    }
}
