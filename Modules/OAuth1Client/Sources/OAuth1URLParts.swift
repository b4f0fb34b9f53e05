import Foundation

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
        let utf8 = text.utf8
        guard let colon = utf8.firstIndex(of: UInt8(ascii: ":")),
              colon != utf8.startIndex,
              utf8[utf8.startIndex..<colon].allSatisfy(Self.isSchemeByte)
        else {
            throw OAuth1Error(code: .invalidURL, message: "the URL has no scheme; sign an absolute URL such as https://api.example.com/path")
        }
        scheme = text[text.startIndex..<colon]
        let afterColon = utf8.index(after: colon)
        guard utf8[afterColon...].starts(with: "//".utf8) else {
            throw OAuth1Error(code: .invalidURL, message: "the URL has no '//' authority; sign an absolute URL such as https://api.example.com/path")
        }
        let authorityStart = utf8.index(afterColon, offsetBy: 2)
        let authorityEnd = utf8[authorityStart...].firstIndex { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") } ?? utf8.endIndex
        var hostStart = authorityStart
        if let at = utf8[authorityStart..<authorityEnd].lastIndex(of: UInt8(ascii: "@")) {
            hostStart = utf8.index(after: at)
        }
        var hostEnd = authorityEnd
        var portText: Substring?
        let hostAndPort = utf8[hostStart..<authorityEnd]
        if hostAndPort.first == UInt8(ascii: "[") {
            guard let close = hostAndPort.firstIndex(of: UInt8(ascii: "]")) else {
                throw OAuth1Error(code: .invalidURL, message: "the URL's IPv6 host has no closing ']'")
            }
            hostEnd = utf8.index(after: close)
            if hostEnd < authorityEnd {
                guard utf8[hostEnd] == UInt8(ascii: ":") else {
                    throw OAuth1Error(code: .invalidURL, message: "unexpected characters after the URL's IPv6 host")
                }
                portText = text[utf8.index(after: hostEnd)..<authorityEnd]
            }
        } else if let portColon = hostAndPort.lastIndex(of: UInt8(ascii: ":")) {
            hostEnd = portColon
            portText = text[utf8.index(after: portColon)..<authorityEnd]
        }
        host = text[hostStart..<hostEnd]
        guard !host.isEmpty else {
            throw OAuth1Error(code: .invalidURL, message: "the URL has no host; sign an absolute URL such as https://api.example.com/path")
        }
        if let portText, !portText.isEmpty {
            guard portText.utf8.count <= 5, portText.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
                  let number = Int(portText), (1...65535).contains(number)
            else {
                throw OAuth1Error(code: .invalidURL, message: "the URL's port is not a number from 1 to 65535")
            }
            port = number
        } else {
            port = nil
        }
        let fragmentStart = utf8[authorityEnd...].firstIndex(of: UInt8(ascii: "#")) ?? utf8.endIndex
        if let questionMark = utf8[authorityEnd..<fragmentStart].firstIndex(of: UInt8(ascii: "?")) {
            path = text[authorityEnd..<questionMark]
            query = text[utf8.index(after: questionMark)..<fragmentStart]
        } else {
            path = text[authorityEnd..<fragmentStart]
            query = nil
        }
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
}
