import SigningCore

/// `application/x-www-form-urlencoded` parsing on the signer's hot path, with exactly the
/// semantics of SigningCore's ``FormEncoding/parse(_:)`` (the tests check it against that on
/// random input, errors included): empty segments skipped, a bare name has an empty value,
/// `+` is a space, `%XX` strict, UTF-8 required. Well-formed segments are decoded in place;
/// anything malformed is handed to SigningCore's ``PercentEncoding/decode(_:plusAsSpace:)``,
/// so errors (codes and messages) are SigningCore's.
enum OAuth1FormFields {
    /// Appends the fields of `text` to `fields`.
    static func parse(_ text: Substring, into fields: inout [FormField]) throws(SigningCoreError) {
        var text = text
        let result: Result<Void, SigningCoreError> = text.withUTF8 { buffer in
            Result { () throws(SigningCoreError) in try parse(buffer, into: &fields) }
        }
        try result.get()
    }

    /// Appends the fields of the form body `bytes` to `fields`.
    static func parse(_ bytes: [UInt8], into fields: inout [FormField]) throws(SigningCoreError) {
        let result: Result<Void, SigningCoreError> = bytes.withUnsafeBufferPointer { buffer in
            Result { () throws(SigningCoreError) in try parse(buffer, into: &fields) }
        }
        try result.get()
    }

    /// The fields of `text`.
    static func parse(_ text: Substring) throws(SigningCoreError) -> [FormField] {
        var fields: [FormField] = []
        try parse(text, into: &fields)
        return fields
    }

    /// The fields of the form body `bytes`.
    static func parse(_ bytes: [UInt8]) throws(SigningCoreError) -> [FormField] {
        var fields: [FormField] = []
        try parse(bytes, into: &fields)
        return fields
    }

    private static func parse(_ buffer: UnsafeBufferPointer<UInt8>, into fields: inout [FormField]) throws(SigningCoreError) {
        let firstField = fields.count
        var segmentStart = 0
        let count = buffer.count
        while segmentStart <= count {
            var segmentEnd = segmentStart
            var equals = -1
            while segmentEnd < count, buffer[segmentEnd] != UInt8(ascii: "&") {
                if buffer[segmentEnd] == UInt8(ascii: "="), equals < 0 { equals = segmentEnd }
                segmentEnd += 1
            }
            if segmentEnd > segmentStart {
                let nameEnd = equals < 0 ? segmentEnd : equals
                let valueStart = equals < 0 ? segmentEnd : equals + 1
                let name = UnsafeBufferPointer(rebasing: buffer[segmentStart..<nameEnd])
                let value = UnsafeBufferPointer(rebasing: buffer[valueStart..<segmentEnd])
                do throws(SigningCoreError) {
                    fields.append(FormField(try decode(name), try decode(value)))
                } catch {
                    throw SigningCoreError(
                        code: error.code,
                        message: "in form field \(fields.count - firstField + 1): \(error.message)",
                        offset: segmentStart + (error.offset ?? 0)
                    )
                }
            }
            segmentStart = segmentEnd + 1
        }
    }

    /// Decodes one name or value: in place when it is well-formed, through SigningCore otherwise.
    private static func decode(_ raw: UnsafeBufferPointer<UInt8>) throws(SigningCoreError) -> String {
        var needsDecoding = false
        for byte in raw where byte == UInt8(ascii: "%") || byte == UInt8(ascii: "+") {
            needsDecoding = true
            break
        }
        guard needsDecoding else { return String(decoding: raw, as: UTF8.self) }
        var wellFormed = true
        let decoded = String(unsafeUninitializedCapacity: raw.count) { output in
            var written = 0
            var index = 0
            while index < raw.count {
                let byte = raw[index]
                if byte == UInt8(ascii: "%") {
                    guard index + 2 < raw.count, let high = hexValue(raw[index + 1]), let low = hexValue(raw[index + 2]) else {
                        wellFormed = false
                        return 0
                    }
                    output[written] = high << 4 | low
                    index += 3
                } else {
                    output[written] = byte == UInt8(ascii: "+") ? UInt8(ascii: " ") : byte
                    index += 1
                }
                written += 1
            }
            let decodedBytes = UnsafeBufferPointer(rebasing: output[..<written])
            guard decodedBytes.allSatisfy({ $0 < 0x80 }) || String(validating: decodedBytes, as: UTF8.self) != nil else {
                wellFormed = false
                return 0
            }
            return written
        }
        if wellFormed { return decoded }
        return try PercentEncoding.decode(String(decoding: raw, as: UTF8.self), plusAsSpace: true)
    }

    @inline(__always) private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte &- UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte &- UInt8(ascii: "a") &+ 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte &- UInt8(ascii: "A") &+ 10
        default: nil
        }
    }
}
