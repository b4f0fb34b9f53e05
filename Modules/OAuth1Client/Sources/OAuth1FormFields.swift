import SigningCore

/// `application/x-www-form-urlencoded` parsing on the signer's hot path, with exactly the
/// semantics of SigningCore's ``FormEncoding/parse(_:)`` (which the tests check it against):
/// empty segments skipped, a bare name has an empty value, `+` is a space. Segments without
/// `%` or `+` are taken as they are, without a decoding pass; the others are decoded by
/// SigningCore's ``PercentEncoding/decode(_:plusAsSpace:)``.
enum OAuth1FormFields {
    static func parse(_ text: Substring) throws(SigningCoreError) -> [FormField] {
        var text = text
        let result: Result<[FormField], SigningCoreError> = text.withUTF8 { buffer in
            Result { () throws(SigningCoreError) in try parse(buffer) }
        }
        return try result.get()
    }

    static func parse(_ bytes: [UInt8]) throws(SigningCoreError) -> [FormField] {
        let result: Result<[FormField], SigningCoreError> = bytes.withUnsafeBufferPointer { buffer in
            Result { () throws(SigningCoreError) in try parse(buffer) }
        }
        return try result.get()
    }

    private static func parse(_ buffer: UnsafeBufferPointer<UInt8>) throws(SigningCoreError) -> [FormField] {
        var fields: [FormField] = []
        var segmentStart = 0
        let count = buffer.count
        while segmentStart <= count {
            var segmentEnd = segmentStart
            var equals = -1
            var needsDecoding = false
            while segmentEnd < count, buffer[segmentEnd] != UInt8(ascii: "&") {
                let byte = buffer[segmentEnd]
                if byte == UInt8(ascii: "="), equals < 0 { equals = segmentEnd }
                if byte == UInt8(ascii: "%") || byte == UInt8(ascii: "+") { needsDecoding = true }
                segmentEnd += 1
            }
            if segmentEnd > segmentStart {
                let nameEnd = equals < 0 ? segmentEnd : equals
                let valueStart = equals < 0 ? segmentEnd : equals + 1
                let rawName = UnsafeBufferPointer(rebasing: buffer[segmentStart..<nameEnd])
                let rawValue = UnsafeBufferPointer(rebasing: buffer[valueStart..<segmentEnd])
                if needsDecoding {
                    do throws(SigningCoreError) {
                        fields.append(FormField(
                            try PercentEncoding.decode(String(decoding: rawName, as: UTF8.self), plusAsSpace: true),
                            try PercentEncoding.decode(String(decoding: rawValue, as: UTF8.self), plusAsSpace: true)
                        ))
                    } catch {
                        throw SigningCoreError(
                            code: error.code,
                            message: "in form field \(fields.count + 1): \(error.message)",
                            offset: segmentStart + (error.offset ?? 0)
                        )
                    }
                } else {
                    fields.append(FormField(String(decoding: rawName, as: UTF8.self), String(decoding: rawValue, as: UTF8.self)))
                }
            }
            segmentStart = segmentEnd + 1
        }
        return fields
    }
}
