/// Sends HTTP requests. ``URLSessionTransport`` is the one real implementation; tests inject
/// their own (`SignedHTTPTesting` has a closure-backed and a recording transport) or point a
/// client at a mock server.
public protocol HTTPTransport: Sendable {
    /// Sends `request` and returns the response, whatever its status code. Throws only when no
    /// response arrived (connection failure, timeout, cancellation), with the underlying error.
    func send(_ request: APIRequest) async throws -> APIResponse

    /// Sends `request` and reports the body's arrival: ``DownloadEvent/progress(received:expected:)``
    /// as bytes come in, then one ``DownloadEvent/finished(_:)`` with the whole response.
    /// Ending the iteration early (or cancelling its task) cancels the transfer.
    ///
    /// The default sends the request whole and reports one progress event.
    func download(_ request: APIRequest) -> AsyncThrowingStream<DownloadEvent, any Error>
}

/// One step of a download.
public enum DownloadEvent: Sendable, Hashable {
    /// `received` bytes of the body have arrived; `expected` is the `Content-Length`, when known.
    case progress(received: Int64, expected: Int64?)
    /// The transfer is complete.
    case finished(APIResponse)
}

extension HTTPTransport {
    public func download(_ request: APIRequest) -> AsyncThrowingStream<DownloadEvent, any Error> {
        AsyncThrowingStream { continuation in
            let task = Task {
                do {
                    let response = try await send(request)
                    let count = Int64(response.body.count)
                    continuation.yield(.progress(received: count, expected: count))
                    continuation.yield(.finished(response))
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }
}

extension AsyncSequence where Element == DownloadEvent {
    /// The finished response, ignoring progress; throws what the download threw.
    public func response() async throws -> APIResponse {
        for try await event in self {
            if case .finished(let response) = event { return response }
        }
        try Task.checkCancellation()
        throw SignedHTTPError(code: .invalidResponse, message: "the download ended without a response")
    }
}
