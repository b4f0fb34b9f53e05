import Foundation
import SignedHTTP

/// A transport that gives up on a request after a limit (none until ``impose(_:)``), as a
/// client whose timeout a slow server outlasts: the request is cancelled and
/// `URLError(.timedOut)` thrown. Lets a test set its client up without a deadline and then
/// impose one.
final class DeadlineTransport: HTTPTransport, @unchecked Sendable {
    // @unchecked: `limit` is only read and written under `lock`.
    private let lock = NSLock()
    private var limit: Duration?
    private let inner: any HTTPTransport

    init(_ inner: any HTTPTransport) {
        self.inner = inner
    }

    /// Every request from now on fails after `limit`.
    func impose(_ limit: Duration) {
        lock.withLock { self.limit = limit }
    }

    func send(_ request: APIRequest) async throws -> APIResponse {
        guard let limit = lock.withLock({ limit }) else { return try await inner.send(request) }
        return try await withThrowingTaskGroup(of: APIResponse?.self) { group in
            group.addTask { try await self.inner.send(request) }
            group.addTask {
                try await Task.sleep(for: limit)
                return nil
            }
            defer { group.cancelAll() }
            guard let response = try await group.next() ?? nil else { throw URLError(.timedOut) }
            return response
        }
    }
}
