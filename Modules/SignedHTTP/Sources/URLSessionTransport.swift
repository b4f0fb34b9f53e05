#if canImport(FoundationNetworking)
import Foundation
public import FoundationNetworking
#else
public import Foundation
#endif

/// The default ``HTTPTransport``: Foundation's `URLSession` (FoundationNetworking on Linux).
public struct URLSessionTransport: HTTPTransport {
    /// The session requests go through.
    public let session: URLSession
    /// Whether a 3xx response is followed (`URLSession`'s own behaviour) or returned as it is,
    /// `Location` and all.
    public let followsRedirects: Bool

    /// Creates a transport over `session` (the shared session by default).
    ///
    /// - Parameters:
    ///   - session: the session requests go through.
    ///   - followsRedirects: `false` returns a 3xx response instead of following it, e.g. to
    ///     read an OAuth provider's redirect to an app's callback (`myapp://oauth?…`), which
    ///     `URLSession` cannot follow. Each request then runs in a session of its own with
    ///     `session`'s configuration (`URLSession` asks its session delegate about redirects;
    ///     FoundationNetworking ignores a per-task delegate's answer).
    public init(session: URLSession = .shared, followsRedirects: Bool = true) {
        self.session = session
        self.followsRedirects = followsRedirects
    }

    /// Sends `request` with `URLSession`; any HTTP status is returned as a response.
    ///
    /// - Throws: the session's own error (a `URLError`) when no response arrived;
    ///   ``SignedHTTPError/Code/invalidResponse`` when the response is not HTTP.
    public func send(_ request: APIRequest) async throws -> APIResponse {
        let data: Data
        let response: URLResponse
        if followsRedirects {
            (data, response) = try await session.data(for: URLRequest(request))
        } else {
            let once = URLSession(configuration: session.configuration, delegate: RedirectRefusal(), delegateQueue: nil)
            defer { once.finishTasksAndInvalidate() }
            (data, response) = try await once.data(for: URLRequest(request))
        }
        guard let http = response as? HTTPURLResponse else {
            throw SignedHTTPError(code: .invalidResponse, message: "the response to \(request.method) \(request.url.host ?? "") is not HTTP")
        }
        return APIResponse(http, body: Array(data))
    }

    /// Streams the response body through a data task, reporting progress per chunk received.
    /// The task runs in a session of its own with this transport's session's configuration
    /// (`URLSession` takes its delegate per session); ending the iteration cancels it.
    public func download(_ request: APIRequest) -> AsyncThrowingStream<DownloadEvent, any Error> {
        AsyncThrowingStream { continuation in
            let receiver = DownloadReceiver(request: request, followsRedirects: followsRedirects, continuation: continuation)
            let downloadSession = URLSession(configuration: session.configuration, delegate: receiver, delegateQueue: nil)
            let task = downloadSession.dataTask(with: URLRequest(request))
            continuation.onTermination = { _ in
                task.cancel()
                downloadSession.invalidateAndCancel()
            }
            task.resume()
        }
    }
}

/// Receives one data task's callbacks and turns them into ``DownloadEvent``s.
private final class DownloadReceiver: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    // Callbacks arrive one at a time on the session's serial delegate queue, which is the only
    // place the mutable state is touched.
    private let request: APIRequest
    private let followsRedirects: Bool
    private let continuation: AsyncThrowingStream<DownloadEvent, any Error>.Continuation
    private var response: HTTPURLResponse?
    private var body: [UInt8] = []

    init(request: APIRequest, followsRedirects: Bool, continuation: AsyncThrowingStream<DownloadEvent, any Error>.Continuation) {
        self.request = request
        self.followsRedirects = followsRedirects
        self.continuation = continuation
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest: URLRequest, completionHandler: @escaping (URLRequest?) -> Void
    ) {
        completionHandler(followsRedirects ? newRequest : nil)
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
    ) {
        self.response = response as? HTTPURLResponse
        let expected = response.expectedContentLength
        if expected > 0 { body.reserveCapacity(Int(min(expected, 64 << 20))) }
        continuation.yield(.progress(received: 0, expected: expected >= 0 ? expected : nil))
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        body.append(contentsOf: data)
        let expected = dataTask.countOfBytesExpectedToReceive
        continuation.yield(.progress(received: Int64(body.count), expected: expected > 0 ? expected : nil))
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        defer { session.finishTasksAndInvalidate() }
        if let error {
            continuation.finish(throwing: error)
        } else if let response {
            continuation.yield(.finished(APIResponse(response, body: body)))
            continuation.finish()
        } else {
            continuation.finish(throwing: SignedHTTPError(
                code: .invalidResponse, message: "the response to \(request.method) \(request.url.host ?? "") is not HTTP"
            ))
        }
    }
}

/// A session delegate that answers every redirect with "don't", so the 3xx response itself
/// completes the task.
private final class RedirectRefusal: NSObject, URLSessionTaskDelegate, Sendable {
    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest: URLRequest, completionHandler: @escaping (URLRequest?) -> Void
    ) {
        completionHandler(nil)
    }
}
