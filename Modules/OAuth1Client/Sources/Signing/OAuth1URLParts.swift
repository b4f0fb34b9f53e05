// Unsafe code here, and why: the URL's scheme, authority, path and query are found by one scan
// of its UTF-8 bytes instead of Foundation's URL parsing, which costs more than the signature.
// Pinned against oauthlib's normalisation in OAuthlibPeerTests (3000 random requests, with
// ports, case, percent-encoded and UTF-8 paths) and by OAuth1VectorTests.

import Foundation
import SigningCore

/// The pieces of an absolute URL that OAuth signing needs, found in its text without
/// Foundation's URL parser (so the result is the same on every platform and allocates little).
///
/// The parts are kept as byte offsets into the text: the signer and ``OAuth1IncomingRequest``
/// read the query and write the base string URI from the bytes, and a part becomes a
/// `Substring` only when asked for.
struct OAuth1URLParts {
    /// The URL's text.
    private let text: String
    /// Where the parts are in ``text``'s UTF-8.
    private let bounds: Offsets

    /// The scheme, as written.
    var scheme: Substring { part(0..<bounds.schemeEnd) }
    /// The host, as written (IPv6 literals keep their brackets).
    var host: Substring { part(bounds.hostStart..<bounds.hostEnd) }
    /// The port number when the URL names one.
    var port: Int? { bounds.port }
    /// The path, still percent-encoded; may be empty.
    var path: Substring { part(bounds.pathStart..<bounds.pathEnd) }
    /// The query without its `?`, still encoded; `nil` when the URL has no `?`.
    var query: Substring? { bounds.queryStart.map { part($0..<bounds.queryEnd) } }
    /// The length of the query in bytes (0 when there is none).
    var queryByteCount: Int { bounds.queryStart.map { bounds.queryEnd - $0 } ?? 0 }

    init(_ url: URL) throws(OAuth1Error) {
        try self.init(string: url.absoluteString)
    }

    init(string text: String) throws(OAuth1Error) {
        var text = text
        switch text.withUTF8({ Self.offsets(in: $0) }) {
        case .success(let found): bounds = found
        case .failure(let error): throw error
        }
        self.text = text
    }

    private func part(_ range: Range<Int>) -> Substring {
        let utf8 = text.utf8
        return text[utf8.index(utf8.startIndex, offsetBy: range.lowerBound)..<utf8.index(utf8.startIndex, offsetBy: range.upperBound)]
    }

    /// Calls `body` with the query's bytes (without its `?`), or `nil` when there is no query.
    func withQueryBytes<Value, Failure: Error>(_ body: (UnsafeBufferPointer<UInt8>?) throws(Failure) -> Value) throws(Failure) -> Value {
        guard let start = bounds.queryStart else { return try body(nil) }
        var text = text
        let end = bounds.queryEnd
        return try text.withUTF8 { utf8 in Result { () throws(Failure) in try body(UnsafeBufferPointer(rebasing: utf8[start..<end])) } }.get()
    }

    /// Byte offsets of the parts of an absolute URL.
    private struct Offsets {
        var schemeEnd = 0
        var hostStart = 0
        var hostEnd = 0
        var port: Int?
        var pathStart = 0
        var pathEnd = 0
        var queryStart: Int?
        var queryEnd = 0
    }

    private static func offsets(in bytes: UnsafeBufferPointer<UInt8>) -> Result<Offsets, OAuth1Error> {
        func failure(_ message: String) -> Result<Offsets, OAuth1Error> { .failure(OAuth1Error(code: .invalidURL, message: message)) }
        let count = bytes.count
        var found = Offsets()
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")), colon > 0, bytes[..<colon].allSatisfy(isSchemeByte) else {
            return failure("the URL has no scheme; sign an absolute URL such as https://api.example.com/path")
        }
        found.schemeEnd = colon
        guard colon + 2 < count, bytes[colon + 1] == UInt8(ascii: "/"), bytes[colon + 2] == UInt8(ascii: "/") else {
            return failure("the URL has no '//' authority; sign an absolute URL such as https://api.example.com/path")
        }
        let authorityStart = colon + 3
        var authorityEnd = authorityStart
        while authorityEnd < count, bytes[authorityEnd] != UInt8(ascii: "/"), bytes[authorityEnd] != UInt8(ascii: "?"), bytes[authorityEnd] != UInt8(ascii: "#") {
            authorityEnd += 1
        }
        var hostStart = authorityStart
        for index in authorityStart..<authorityEnd where bytes[index] == UInt8(ascii: "@") { hostStart = index + 1 }
        var hostEnd = authorityEnd
        var portStart: Int?
        if hostStart < authorityEnd, bytes[hostStart] == UInt8(ascii: "[") {
            guard let close = bytes[hostStart..<authorityEnd].firstIndex(of: UInt8(ascii: "]")) else {
                return failure("the URL's IPv6 host has no closing ']'")
            }
            hostEnd = close + 1
            if hostEnd < authorityEnd {
                guard bytes[hostEnd] == UInt8(ascii: ":") else { return failure("unexpected characters after the URL's IPv6 host") }
                portStart = hostEnd + 1
            }
        } else if let portColon = bytes[hostStart..<authorityEnd].lastIndex(of: UInt8(ascii: ":")) {
            hostEnd = portColon
            portStart = portColon + 1
        }
        guard hostEnd > hostStart else {
            return failure("the URL has no host; sign an absolute URL such as https://api.example.com/path")
        }
        found.hostStart = hostStart
        found.hostEnd = hostEnd
        if let portStart, portStart < authorityEnd {
            var number = 0
            for index in portStart..<authorityEnd {
                let byte = bytes[index]
                guard authorityEnd - portStart <= 5, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else {
                    return failure("the URL's port is not a number from 1 to 65535")
                }
                number = number * 10 + Int(byte - UInt8(ascii: "0"))
            }
            guard (1...65535).contains(number) else { return failure("the URL's port is not a number from 1 to 65535") }
            found.port = number
        }
        var fragmentStart = authorityEnd
        while fragmentStart < count, bytes[fragmentStart] != UInt8(ascii: "#") { fragmentStart += 1 }
        found.pathStart = authorityEnd
        if let questionMark = bytes[authorityEnd..<fragmentStart].firstIndex(of: UInt8(ascii: "?")) {
            found.pathEnd = questionMark
            found.queryStart = questionMark + 1
            found.queryEnd = fragmentStart
        } else {
            found.pathEnd = fragmentStart
        }
        return .success(found)
    }

    private static func isSchemeByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."):
            true
        default:
            false
        }
    }

    /// RFC 5849 §3.4.1.2: lowercase scheme and host, the port only when it is not the
    /// scheme's default, the path (`/` when empty), no query, no fragment, no user info.
    var baseStringURI: String {
        let scheme = scheme.lowercased()
        var result = scheme
        result += "://"
        result += host.lowercased()
        if let port, !(scheme == "http" && port == 80), !(scheme == "https" && port == 443) {
            result += ":"
            result += String(port)
        }
        result += path.isEmpty ? "/" : path
        return result
    }

    /// The length of the base string URI before encoding, at most (for reserving room).
    var baseStringURIByteCount: Int { bounds.schemeEnd + (bounds.hostEnd - bounds.hostStart) + (bounds.pathEnd - bounds.pathStart) + 10 }

    /// Appends ``baseStringURI`` percent-encoded (§3.6), without building it as a string.
    func appendEncodedBaseStringURI(to output: inout [UInt8]) {
        var text = text
        let written = text.withUTF8 { text in
            // Scheme and host are copied and lowercased in place when they need no escape
            // (ASCII letters, digits and `-._~`: their encoding is themselves).
            let scheme = UnsafeBufferPointer(rebasing: text[0..<bounds.schemeEnd])
            let host = UnsafeBufferPointer(rebasing: text[bounds.hostStart..<bounds.hostEnd])
            guard Self.isUnreserved(scheme), Self.isUnreserved(host) else { return false }
            Self.appendLowercased(scheme, to: &output)
            output.append(contentsOf: "%3A%2F%2F".utf8)
            Self.appendLowercased(host, to: &output)
            if let port = bounds.port, !Self.isDefaultPort(port, scheme: scheme) {
                output.append(contentsOf: "%3A".utf8)
                output.append(contentsOf: String(port).utf8)
            }
            let path = UnsafeBufferPointer(rebasing: text[bounds.pathStart..<bounds.pathEnd])
            if path.isEmpty {
                output.append(contentsOf: "%2F".utf8)
            } else {
                PercentEncoding.append(encoding: path, to: &output)
            }
            return true
        }
        // Not unreserved (an IPv6 literal, an escape, non-ASCII): lowercase as text, then encode.
        if !written { PercentEncoding.append(baseStringURI, to: &output) }
    }

    private static func appendLowercased(_ bytes: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) {
        let start = output.count
        output.append(contentsOf: bytes)
        output.withUnsafeMutableBufferPointer { output in
            for index in start..<output.count where output[index] &- UInt8(ascii: "A") < 26 { output[index] |= 0x20 }
        }
    }

    private static func isUnreserved(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        bytes.allSatisfy { PercentEncoding.AllowedSet.unreserved.contains($0) }
    }

    /// Whether `port` is the default port of `scheme` (80 for http, 443 for https, any case),
    /// which the base string URI leaves out.
    private static func isDefaultPort(_ port: Int, scheme: UnsafeBufferPointer<UInt8>) -> Bool {
        func isScheme(_ name: StaticString) -> Bool {
            scheme.count == name.utf8CodeUnitCount && name.withUTF8Buffer { name in zip(scheme, name).allSatisfy { $0 | 0x20 == $1 } }
        }
        switch port {
        case 80: return isScheme("http")
        case 443: return isScheme("https")
        default: return false
        }
    }
}
