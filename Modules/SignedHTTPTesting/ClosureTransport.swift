public import SignedHTTP

/// A transport that answers every request from a closure: the simplest test double for any
/// client of this package.
///
/// ```swift
/// let transport = ClosureTransport { request in
///     APIResponse(statusCode: 200, body: Array("oauth_token=t&oauth_token_secret=s".utf8))
/// }
/// ```
public struct ClosureTransport: HTTPTransport {
    /// Answers one request; throw to simulate a transport failure (e.g. `URLError(.timedOut)`).
    public let handler: @Sendable (APIRequest) async throws -> APIResponse

    /// Creates a transport answering with `handler`.
    public init(_ handler: @escaping @Sendable (APIRequest) async throws -> APIResponse) {
        self.handler = handler
    }

    /// Calls the handler.
    public func send(_ request: APIRequest) async throws -> APIResponse {
        try await handler(request)
    }
}
