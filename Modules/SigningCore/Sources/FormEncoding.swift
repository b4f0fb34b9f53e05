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
    ///   the byte offset of the offending segment.
    public static func parse(_ text: some StringProtocol) throws(SigningCoreError) -> [FormField] {
        let text = String(decoding: text.utf8, as: UTF8.self)
        var fields: [FormField] = []
        var offset = 0
        for segment in text.utf8.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: false) {
            defer { offset += segment.count + 1 }
            guard !segment.isEmpty else { continue }
            let equals = segment.firstIndex(of: UInt8(ascii: "="))
            let rawName = Substring(segment[..<(equals ?? segment.endIndex)])
            let rawValue = equals.map { Substring(segment[segment.index(after: $0)...]) } ?? ""
            do throws(SigningCoreError) {
                fields.append(FormField(
                    try PercentEncoding.decode(rawName, plusAsSpace: true),
                    try PercentEncoding.decode(rawValue, plusAsSpace: true)
                ))
            } catch {
                throw SigningCoreError(
                    code: error.code,
                    message: "in form field \(fields.count + 1): \(error.message)",
                    offset: offset + (error.offset ?? 0)
                )
            }
        }
        return fields
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
