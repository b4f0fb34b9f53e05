import Foundation
public import SignedHTTP

/// A transport that records every request it is given and answers through another transport
/// (or a closure), so a test can assert what a client sent, how often and in what order.
///
/// ```swift
/// let transport = RecordingTransport { _ in APIResponse(statusCode: 503) }
/// _ = try await client.send(request)
/// #expect(transport.requests.count == 3)        // the retry policy's attempts
/// ```
public final class RecordingTransport: HTTPTransport, @unchecked Sendable {
    // `lock` guards `recorded`; nothing else is mutable.
    private let lock = NSLock()
    private var recorded: [APIRequest] = []
    private let next: any HTTPTransport

    /// Records, then forwards to `next`.
    public init(forwardingTo next: any HTTPTransport) {
        self.next = next
    }

    /// Records, then answers with `handler`.
    public convenience init(_ handler: @escaping @Sendable (APIRequest) async throws -> APIResponse) {
        self.init(forwardingTo: ClosureTransport(handler))
    }

    /// The requests sent so far, in order.
    public var requests: [APIRequest] {
        lock.withLock { recorded }
    }

    /// Forgets the requests recorded so far.
    public func reset() {
        lock.withLock { recorded.removeAll() }
    }

    /// Records `request`, then forwards it.
    public func send(_ request: APIRequest) async throws -> APIResponse {
        lock.withLock { recorded.append(request) }
        return try await next.send(request)
    }
}
