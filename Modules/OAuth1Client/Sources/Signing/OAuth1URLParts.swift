import Foundation
import SigningCore

/// The pieces of an absolute URL that OAuth signing needs, sliced out of its text without
/// Foundation's URL parser (so the result is the same on every platform and allocates little).
struct OAuth1URLParts {
    /// The scheme, as written.
    var scheme: Substring
    /// The host, as written (IPv6 literals keep their brackets).
    var host: Substring
    /// The port number when the URL names one.
    var port: Int?
    /// The path, still percent-encoded; may be empty.
    var path: Substring
    /// The query without its `?`, still encoded; `nil` when the URL has no `?`.
    var query: Substring?

    init(_ url: URL) throws(OAuth1Error) {
        try self.init(string: url.absoluteString)
    }

    init(string text: String) throws(OAuth1Error) {
        // Offsets are found over the contiguous UTF-8 bytes, then turned into Substrings once.
        var copy = text
        let offsets = copy.withUTF8 { Self.offsets(in: $0) }
        let bounds: Offsets
        switch offsets {
        case .success(let found): bounds = found
        case .failure(let error): throw error
        }
        let utf8 = text.utf8
        func index(_ offset: Int) -> String.Index { utf8.index(utf8.startIndex, offsetBy: offset) }
        scheme = text[index(0)..<index(bounds.schemeEnd)]
        host = text[index(bounds.hostStart)..<index(bounds.hostEnd)]
        port = bounds.port
        path = text[index(bounds.pathStart)..<index(bounds.pathEnd)]
        query = bounds.queryStart.map { text[index($0)..<index(bounds.queryEnd)] }
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

    /// Appends ``baseStringURI`` percent-encoded (§3.6), without building it as a string.
    func appendEncodedBaseStringURI(to output: inout [UInt8]) {
        // Over contiguous bytes: walking a Substring's UTF-8 view byte by byte cost ~100
        // instructions a byte here.
        func isASCII(_ text: Substring) -> Bool {
            text.utf8.withContiguousStorageIfAvailable { $0.allSatisfy { $0 < 0x80 } } ?? text.utf8.allSatisfy { $0 < 0x80 }
        }
        guard isASCII(scheme), isASCII(host) else {
            PercentEncoding.append(baseStringURI, to: &output)
            return
        }
        func appendLowercased(_ text: Substring) {
            let appended = text.utf8.withContiguousStorageIfAvailable { bytes in
                guard bytes.allSatisfy({ PercentEncoding.AllowedSet.unreserved.contains($0) }) else { return false }
                let start = output.count
                output.append(contentsOf: bytes)
                for index in start..<output.count where output[index] >= UInt8(ascii: "A") && output[index] <= UInt8(ascii: "Z") {
                    output[index] |= 0x20
                }
                return true
            }
            // Not unreserved (an IPv6 literal, an escape) or not contiguous: lowercase, then encode.
            if appended != true { PercentEncoding.append(text.lowercased(), to: &output) }
        }
        appendLowercased(scheme)
        output.append(contentsOf: "%3A%2F%2F".utf8)
        appendLowercased(host)
        if let port {
            let isHTTP = scheme.utf8.count == 4 && scheme.lowercased() == "http"
            let isHTTPS = scheme.utf8.count == 5 && scheme.lowercased() == "https"
            if !(isHTTP && port == 80), !(isHTTPS && port == 443) {
                output.append(contentsOf: "%3A".utf8)
                output.append(contentsOf: String(port).utf8)
            }
        }
        if path.isEmpty {
            output.append(contentsOf: "%2F".utf8)
        } else {
            PercentEncoding.append(path, to: &output)
        }
    }
}
