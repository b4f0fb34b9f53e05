/// Sends HTTP requests for ``OAuth1Client``. ``URLSessionTransport`` is the default; tests
/// inject their own (or point the client at a mock server).
public protocol OAuth1Transport: Sendable {
    /// Sends `request` and returns the response, whatever its status code. Throws only when no
    /// response arrived (connection failure, cancellation).
    func send(_ request: OAuth1Request) async throws -> OAuth1Response
}

/// An HTTP response as a plain value.
public struct OAuth1Response: Sendable, Hashable {
    /// The HTTP status code.
    public var statusCode: Int
    /// Header fields; ``header(_:)`` matches names case-insensitively.
    public var headers: [String: String]
    /// The raw body.
    public var body: [UInt8]

    /// Creates a response.
    public init(statusCode: Int, headers: [String: String] = [:], body: [UInt8] = []) {
        self.statusCode = statusCode
        self.headers = headers
        self.body = body
    }

    /// The value of header `name`, compared case-insensitively.
    public func header(_ name: String) -> String? {
        if let value = headers[name] { return value }
        return headers.first { OAuth1Canonicalization.equalsIgnoringASCIICase($0.key, name) }?.value
    }

    /// Whether the status code is 2xx.
    public var isSuccess: Bool { (200..<300).contains(statusCode) }
}
