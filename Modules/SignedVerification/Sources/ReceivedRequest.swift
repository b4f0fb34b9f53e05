public import SignedHTTP

/// An HTTP request as a server received it, in the terms every verifier reads: what the
/// Hummingbird adapter and the mock servers hand to `OAuth1Verifier`,
/// `AFSignedVerifier` and `DrupalKeyVerifier`.
public struct ReceivedRequest: Sendable {
    /// The method, as received (`GET`).
    public var method: String
    /// The request target as received: the path and, after `?`, the query, still percent-encoded.
    public var target: String
    /// Every header, in the order received.
    public var headers: HeaderFields
    /// The body's bytes (empty when none).
    public var body: [UInt8]
    /// The scheme of the connection the request came on: `http`, or `https` when this server
    /// terminates TLS itself.
    public var scheme: String
    /// The address of the peer that sent it (an IP address, no port), when the server knows it:
    /// what ``PublicURLPolicy/trustedProxies(_:)`` compares.
    public var remoteAddress: String?

    /// A received request.
    public init(method: String, target: String, headers: HeaderFields, body: [UInt8] = [], scheme: String = "http", remoteAddress: String? = nil) {
        self.method = method
        self.target = target
        self.headers = headers
        self.body = body
        self.scheme = scheme
        self.remoteAddress = remoteAddress
    }

    /// The path part of ``target`` (before `?`), still percent-encoded.
    public var path: Substring {
        target[..<(questionMark ?? target.endIndex)]
    }

    /// The query part of ``target`` (after `?`), still percent-encoded; `nil` without a `?`.
    public var query: Substring? {
        questionMark.map { target[target.index(after: $0)...] }
    }

    /// The target's first `?` character. In an ASCII target, the usual one, every byte is a
    /// character, so the `?` byte is looked for directly instead of reading characters.
    private var questionMark: String.Index? {
        var target = target
        // `.none` when the target is not ASCII; else where its `?` byte is, if it has one.
        let offset = target.withUTF8 { bytes -> Int?? in
            var union: UInt8 = 0
            for byte in bytes { union |= byte }
            guard union < 0x80 else { return .none }
            return .some(bytes.firstIndex(of: UInt8(ascii: "?")))
        }
        guard let offset else { return self.target.firstIndex(of: "?") }
        return offset.map { self.target.utf8.index(self.target.startIndex, offsetBy: $0) }
    }
}
