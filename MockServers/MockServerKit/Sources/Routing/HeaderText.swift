#if MockServers  // without the trait, Server/TraitCheck.swift's #error is the one message
/// The one encoding of text in the header values the mocks set — `X-Mock-Reason` and every
/// diagnosis header (`X-Auth-String-To-Sign`, `X-Drupal-Hash-Input`; `X-OAuth1-Base-String`
/// is percent-encoded ASCII by construction): the text's UTF-8 bytes, percent-encoded as
/// RFC 8187's `value-chars` are (without its `UTF-8''` prefix). Printable ASCII stays as it
/// is, except `%`; `%`, every other byte (non-ASCII, control characters, CR and LF) and a
/// space at either end (which HTTP would trim) are written `%XX`, uppercase hex. So `§` is
/// `%C2%A7`, `é` is `%C3%A9`, `💥` is `%F0%9F%92%A5`, a line feed `%0A`, and
/// `PercentEncoding.decode` gives the text back exactly (the SDK's `APIResponse.mockReason`
/// does).
public enum HeaderText {
    /// The marker that ends a value cut at its limit; never produced by the encoding itself
    /// (a `%` not followed by two hex digits), so a cut value cannot be mistaken for a whole one.
    public static let cutMarker = "%..."

    /// `text` encoded, at most `limit` characters: a longer value is cut and ends with
    /// ``cutMarker`` (within the limit; never in the middle of an escape).
    public static func encode(_ text: some StringProtocol, limit: Int = .max) -> String {
        encode(bytes: Array(text.utf8), limit: limit)
    }

    /// `bytes` encoded, at most `limit` characters (see ``encode(_:limit:)``).
    public static func encode(bytes: [UInt8], limit: Int = .max) -> String {
        let last = bytes.count - 1
        func isPlain(_ index: Int, _ byte: UInt8) -> Bool {
            (0x20...0x7E).contains(byte) && byte != UInt8(ascii: "%") && !(byte == 0x20 && (index == 0 || index == last))
        }
        var length = 0
        for (index, byte) in bytes.enumerated() { length += isPlain(index, byte) ? 1 : 3 }
        let room = length <= limit ? length : max(0, limit - cutMarker.utf8.count)
        let hex = Array("0123456789ABCDEF".utf8)
        var output: [UInt8] = []
        output.reserveCapacity(min(length, limit))
        for (index, byte) in bytes.enumerated() {
            let piece: [UInt8] = isPlain(index, byte) ? [byte] : [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
            guard output.count + piece.count <= room else {
                output += Array(cutMarker.utf8)
                break
            }
            output += piece
        }
        return String(decoding: output, as: UTF8.self)
    }
}
#endif
