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
        // By scalars: a combining mark after the `?` belongs to the query, not to the `?`.
        questionMark.map { Substring(target.unicodeScalars[target.unicodeScalars.index(after: $0)...]) }
    }

    /// The target's first `?`, found in its UTF-8 bytes: a `?` byte is never part of another
    /// character's encoding, so its index is a character boundary.
    private var questionMark: String.Index? {
        target.utf8.firstIndex(of: UInt8(ascii: "?"))
    }
}
