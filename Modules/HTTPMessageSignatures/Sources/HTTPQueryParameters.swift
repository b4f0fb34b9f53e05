import Foundation
import SigningCore

/// `@query-param` (RFC 9421 §2.2.8): the query parsed as `application/x-www-form-urlencoded`
/// (WHATWG URL, "application/x-www-form-urlencoded parsing": `+` is a space, `%XX` decoded
/// leniently, UTF-8 with replacement), each name and value encoded again with the
/// form-urlencoded percent-encode set (spaces as `%20`).
enum HTTPQueryParameters {
    /// What the WHATWG serialiser leaves unencoded: alphanumerics and `*-._`.
    static let allowed = PercentEncoding.AllowedSet("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789*-._")

    /// The value of `@query-param;name="…"` in a target URI's `query` (still percent-encoded).
    static func value(of component: HTTPSignatureComponent, query: String?) throws(HTTPMessageSignatureError) -> String {
        guard let name = component.queryParameterName else {
            throw HTTPMessageSignatureError(code: .invalidComponentParameter, message: "@query-param needs its name parameter, as \"@query-param\";name=\"q\" (RFC 9421 §2.2.8)")
        }
        let query = query ?? ""
        let matches = pairs(query).filter { $0.name == name }
        guard let match = matches.first else {
            throw HTTPMessageSignatureError(code: .missingComponent, message: "the query has no parameter \"\(name.prefix(60))\" (RFC 9421 §2.2.8)")
        }
        guard matches.count == 1 else {
            throw HTTPMessageSignatureError(code: .invalidComponentValue, message: "the query parameter \"\(name.prefix(60))\" occurs \(matches.count) times; a repeated parameter cannot be covered by @query-param, cover @query (RFC 9421 §2.2.8)")
        }
        return match.value
    }

    /// Every name–value pair of `query`, each decoded and encoded again.
    static func pairs(_ query: String) -> [(name: String, value: String)] {
        query.utf8.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: true).map { sequence in
            let bytes = Array(sequence)
            let equals = bytes.firstIndex(of: UInt8(ascii: "="))
            let name = bytes[..<(equals ?? bytes.endIndex)]
            let value = equals.map { bytes[($0 + 1)...] } ?? []
            return (encode(decode(name)), encode(decode(value)))
        }
    }

    /// `+` as a space, `%XX` as its byte (a `%` not followed by two hex digits kept), then
    /// UTF-8 with replacement characters.
    static func decode(_ bytes: ArraySlice<UInt8>) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            if byte == UInt8(ascii: "+") {
                output.append(0x20)
            } else if byte == UInt8(ascii: "%"), index + 2 < bytes.endIndex, let high = hex(bytes[index + 1]), let low = hex(bytes[index + 2]) {
                output.append(high << 4 | low)
                index += 2
            } else {
                output.append(byte)
            }
            index += 1
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// The form-urlencoded percent-encoding of `text`'s UTF-8, spaces as `%20`.
    static func encode(_ text: String) -> String {
        var output: [UInt8] = []
        PercentEncoding.append(text, allowing: allowed, to: &output)
        return String(decoding: output, as: UTF8.self)
    }

    private static func hex(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
