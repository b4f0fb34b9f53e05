// Unsafe code here, and why: `forEachRawField` (`package` API) hands each field's bytes to the
// caller without a String per field, for the verifiers' readers. Its plain counterparts, the
// text and bytes parsers, are pinned against it in FormEncodingTests ("text, bytes and
// appending parses agree on 20000 random inputs, errors included").

/// One name–value pair of a query string or an `application/x-www-form-urlencoded` body.
///
/// Kept as an ordered list rather than a dictionary: repeated names are legal, significant and
/// must all be signed (a classic OAuth bug is collapsing them).
public struct FormField: Hashable, Sendable, CustomStringConvertible {
    /// The decoded name.
    public var name: String
    /// The decoded value; empty for `name=` and for a bare `name`.
    public var value: String

    /// Creates a field.
    public init(_ name: String, _ value: String) {
        self.name = name
        self.value = value
    }

    public var description: String { "\(name)=\(value)" }
}

/// `application/x-www-form-urlencoded` parsing and serialisation (the WHATWG URL standard's
/// form format, also used for query strings and OAuth token responses).
public enum FormEncoding {
    /// Parses `text` into fields, in order, keeping repeated names.
    ///
    /// `+` decodes to a space; empty segments (`a=1&&b=2`, a trailing `&`) are skipped; a
    /// segment without `=` is a name with an empty value; only the first `=` separates name
    /// from value. A leading `?` is *not* stripped: pass `URLComponents.percentEncodedQuery`.
    ///
    /// - Throws: ``SigningCoreError`` with code `invalidPercentEncoding` or `invalidUTF8` and
    ///   the byte offset in `text` of the bad escape or of the invalid UTF-8 sequence.
    public static func parse(_ text: some StringProtocol) throws(SigningCoreError) -> [FormField] {
        var fields: [FormField] = []
        try parse(text, into: &fields)
        return fields
    }

    /// Parses `text` like ``parse(_:)`` and appends its fields to `fields`, so that a query and
    /// a body can be collected into one list without intermediate arrays.
    ///
    /// - Throws: as ``parse(_:)``; on error `fields` is left as it was.
    public static func parse(_ text: some StringProtocol, into fields: inout [FormField]) throws(SigningCoreError) {
        if let error = withContiguousUTF8(text, { parse(utf8: $0, into: &fields) }) { throw error }
    }

    /// Parses a form body given as raw bytes (it must be UTF-8), like ``parse(_:)``.
    public static func parse(utf8 bytes: some Collection<UInt8>) throws(SigningCoreError) -> [FormField] {
        var fields: [FormField] = []
        try parse(utf8: bytes, into: &fields)
        return fields
    }

    /// Parses a form body given as raw bytes and appends its fields to `fields`.
    ///
    /// - Throws: as ``parse(_:)``; on error `fields` is left as it was.
    public static func parse(utf8 bytes: some Collection<UInt8>, into fields: inout [FormField]) throws(SigningCoreError) {
        let error = bytes.withContiguousStorageIfAvailable { parse(bytes: $0, into: &fields) }
            ?? Array(bytes).withUnsafeBufferPointer { parse(bytes: $0, into: &fields) }
        if let error { throw error }
    }

    /// ``parse(utf8:into:)`` over raw bytes, which, unlike a string's, may be ill-formed UTF-8:
    /// refused as the text entry points' callers refuse them, even where a stray byte and an
    /// escape would decode together to UTF-8 (`\u{D8}%A9`).
    private static func parse(bytes input: UnsafeBufferPointer<UInt8>, into fields: inout [FormField]) -> SigningCoreError? {
        let invalid = PercentEncoding.firstInvalidUTF8Index(input)
        guard invalid == input.count else {
            return SigningCoreError(code: .invalidUTF8, message: "the form body is not UTF-8 at byte \(invalid); send UTF-8 and percent-encode other bytes", offset: invalid)
        }
        return parse(utf8: input, into: &fields)
    }

    /// The one form parser: the fields ``forEachRawField(in:_:)`` finds, each part decoded.
    /// Appends to `fields` and returns `nil`, or returns the first error with `fields` unchanged.
    static func parse(utf8 input: UnsafeBufferPointer<UInt8>, into fields: inout [FormField]) -> SigningCoreError? {
        let firstNew = fields.count
        var failure: SigningCoreError?
        forEachRawField(in: input) { nameRange, valueRange in
            let field = fields.count - firstNew + 1
            switch (decode(input, nameRange, field: field), decode(input, valueRange, field: field)) {
            case (.success(let name), .success(let value)):
                fields.append(FormField(name, value))
                return true
            case (.failure(let error), _), (_, .failure(let error)):
                failure = error
                return false
            }
        }
        if failure != nil { fields.removeSubrange(firstNew...) }
        return failure
    }

    /// Calls `body` with where each field's name and value lie in `input`, still encoded, in
    /// order: the splitting rule of ``parse(_:)`` (fields separated by `&`, empty ones skipped,
    /// the first `=` ending the name, a field without `=` an empty value), for code that
    /// decodes the parts itself. Stops when `body` returns `false`.
    package static func forEachRawField(in input: UnsafeBufferPointer<UInt8>, _ body: (_ name: Range<Int>, _ value: Range<Int>) -> Bool) {
        var segmentStart = 0
        while segmentStart < input.count {
            var segmentEnd = segmentStart
            var equals = -1
            while segmentEnd < input.count && input[segmentEnd] != UInt8(ascii: "&") {
                if equals < 0 && input[segmentEnd] == UInt8(ascii: "=") { equals = segmentEnd }
                segmentEnd += 1
            }
            if segmentEnd > segmentStart {
                let nameEnd = equals >= 0 ? equals : segmentEnd
                let valueStart = equals >= 0 ? equals + 1 : segmentEnd
                guard body(segmentStart..<nameEnd, valueStart..<segmentEnd) else { return }
            }
            segmentStart = segmentEnd + 1
        }
    }

    /// Decodes the name or value at `range` of `input`, reporting errors at offsets in `input`.
    private static func decode(_ input: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, field: Int) -> Result<String, SigningCoreError> {
        PercentEncoding.decode(utf8: UnsafeBufferPointer(rebasing: input[range]), plusAsSpace: true).mapError { error in
            SigningCoreError(
                code: error.code,
                message: "in form field \(field): \(error.message)",
                offset: range.lowerBound + (error.offset ?? 0)
            )
        }
    }

    /// Serialises fields as `name=value&…`, escaping everything but the RFC 3986 unreserved
    /// characters and writing spaces as `+`. ``parse(_:)`` reads the result back unchanged.
    public static func serialize(_ fields: some Sequence<FormField>) -> String {
        fields.map { field in
            PercentEncoding.encode(field.name, allowing: .unreserved, spaceAsPlus: true) + "="
                + PercentEncoding.encode(field.value, allowing: .unreserved, spaceAsPlus: true)
        }.joined(separator: "&")
    }
}
