import ArgumentParser
import Foundation
import SignedHTTP
import SigningCore

/// An HTTP/1.1 request as captured on the wire — the request line, the header lines, an empty
/// line, the body — which `signed-api explain` reads from a file or standard input.
///
/// Lenient where a pasted capture differs from the wire: lines may end in LF instead of CRLF,
/// empty lines before the request line are skipped, and without `Content-Length` one final line
/// end is dropped from the body (a file or a shell here-document ends with one). Strict where a
/// guess would change what was signed: a body shorter than its `Content-Length` and a chunked
/// body are refused, saying what to give instead.
struct CapturedRequest: Sendable, Hashable {
    /// The method, as in the request line.
    var method: String
    /// The request target, as in the request line (`/path?query` or an absolute URL).
    var target: String
    /// The header fields, in order.
    var headers: HeaderFields
    /// The body's bytes.
    var body: [UInt8]

    /// The largest capture read: 8 MiB.
    static let maximumSize = 8 << 20

    /// Reads a capture.
    ///
    /// - Throws: `ValidationError` naming what is wrong with the capture and what to give instead.
    init(parsing bytes: [UInt8]) throws {
        guard bytes.count <= Self.maximumSize else {
            throw ValidationError("the capture has \(bytes.count) bytes, more than the \(Self.maximumSize) read: give one request")
        }
        var lines = LineReader(bytes: bytes)
        var requestLine = ""
        while requestLine.isEmpty, let line = lines.next() { requestLine = try Self.text(line, what: "the request line") }
        guard !requestLine.isEmpty else {
            throw ValidationError("the capture is empty: give the request as sent, e.g. 'GET /path HTTP/1.1', its header lines, an empty line and the body")
        }
        let parts = requestLine.split(separator: " ", omittingEmptySubsequences: true)
        guard parts.count == 3 || parts.count == 2, parts.count == 2 || parts[2].hasPrefix("HTTP/"),
              parts[0].utf8.allSatisfy({ Self.isTokenByte($0) })
        else {
            throw ValidationError("the first line is not a request line: expected 'METHOD TARGET HTTP/1.1', got '\(Self.excerpt(requestLine))'")
        }
        method = String(parts[0])
        target = String(parts[1])

        var fields: [HeaderFields.Field] = []
        var ended = false
        while let line = lines.next() {
            if line.isEmpty { ended = true; break }
            let text = try Self.text(line, what: "a header line")
            if let first = text.utf8.first, first == UInt8(ascii: " ") || first == UInt8(ascii: "\t") {
                // An obsolete folded line continues the previous field (RFC 9112 §5.2: read as one space).
                guard !fields.isEmpty else { throw ValidationError("the first header line begins with white space: '\(Self.excerpt(text))'") }
                fields[fields.count - 1].value += " " + text.trimmingCharacters(in: .whitespaces)
                continue
            }
            guard let colon = text.firstIndex(of: ":"), colon != text.startIndex,
                  text[..<colon].utf8.allSatisfy({ Self.isTokenByte($0) })
            else {
                throw ValidationError("a header line is not 'Name: value': '\(Self.excerpt(text))' (is the empty line between the headers and the body missing?)")
            }
            fields.append(HeaderFields.Field(name: String(text[..<colon]), value: text[text.index(after: colon)...].trimmingCharacters(in: .whitespaces)))
        }
        headers = HeaderFields(fields)
        body = ended ? Array(bytes[lines.offset...]) : []
        try trimBody()
    }

    /// Cuts the body to its `Content-Length`, or drops one final line end when there is none.
    private mutating func trimBody() throws {
        if let coding = headers["Transfer-Encoding"], coding.lowercased() != "identity" {
            throw ValidationError("the body is sent with Transfer-Encoding: \(coding): give it decoded, with a Content-Length header instead")
        }
        guard let declared = headers["Content-Length"] else {
            if body.last == UInt8(ascii: "\n") { body.removeLast() }
            if body.last == UInt8(ascii: "\r") { body.removeLast() }
            return
        }
        guard let length = Int(declared), length >= 0, declared.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else {
            throw ValidationError("Content-Length is not a number of bytes: '\(Self.excerpt(declared))'")
        }
        guard body.count >= length else {
            throw ValidationError("the body has \(body.count) bytes but Content-Length says \(length): the capture is cut short")
        }
        body.removeLast(body.count - length)
    }

    /// The request's URL: the target when it is absolute, else `scheme://Host` and the target.
    func url(scheme: String) throws -> URL {
        let lowered = target.lowercased()
        if lowered.hasPrefix("http://") || lowered.hasPrefix("https://") {
            guard let url = URL(string: target) else { throw ValidationError("the request target is not a valid URL: '\(Self.excerpt(target))'") }
            return url
        }
        guard target.hasPrefix("/") else {
            throw ValidationError("the request target must be a path such as /1.1/statuses/update.json or an absolute URL, not '\(Self.excerpt(target))'")
        }
        guard let host = headers["Host"], !host.isEmpty else {
            throw ValidationError("the request has no Host header, so its URL is unknown: add 'Host: api.example.com' or put the absolute URL in the request line")
        }
        guard let url = URL(string: "\(scheme)://\(host)\(target)"), url.host != nil else {
            throw ValidationError("'\(scheme)://\(Self.excerpt(host))\(Self.excerpt(target))' is not a valid URL: check the Host header and the request target")
        }
        return url
    }

    /// The decoded fields of the query and, for a form body, of the body (empty when they do not
    /// decode: the scheme's own parser then says why).
    var fields: (query: [FormField], body: [FormField]) {
        let query = target.firstIndex(of: "?").map { (try? FormEncoding.parse(target[target.index(after: $0)...])) ?? [] } ?? []
        let isForm = headers["Content-Type"].map(MediaType.isFormURLEncoded) ?? false
        return (query, isForm ? (try? FormEncoding.parse(utf8: body)) ?? [] : [])
    }

    private static func text(_ line: ArraySlice<UInt8>, what: String) throws -> String {
        guard let text = String(bytes: line, encoding: .utf8) else { throw ValidationError("\(what) is not UTF-8 text") }
        return text
    }

    /// RFC 9110 `tchar`: the bytes of a method or a field name.
    private static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"): true
        default: "!#$%&'*+-.^_`|~".utf8.contains(byte)
        }
    }

    /// At most 60 characters of `text`, to quote in an error.
    private static func excerpt(_ text: some StringProtocol) -> String {
        text.count <= 60 ? String(text) : String(text.prefix(60)) + "…"
    }
}

/// The lines of a capture's head, each without its LF or CRLF; `offset` is where the next starts.
private struct LineReader {
    let bytes: [UInt8]
    var offset = 0

    mutating func next() -> ArraySlice<UInt8>? {
        guard offset < bytes.count else { return nil }
        let end = bytes[offset...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
        var line = bytes[offset..<end]
        offset = min(end + 1, bytes.count)
        if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
        return line
    }
}
