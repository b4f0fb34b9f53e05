#if canImport(FoundationNetworking)
import Foundation
public import FoundationNetworking
#else
public import Foundation
#endif

/// The default ``OAuth1Transport``: Foundation's `URLSession`.
public struct URLSessionTransport: OAuth1Transport {
    /// The session requests go through.
    public let session: URLSession

    /// Creates a transport over `session` (the shared session by default).
    public init(session: URLSession = .shared) {
        self.session = session
    }

    /// Sends `request` with `URLSession`; any HTTP status is returned as a response.
    public func send(_ request: OAuth1Request) async throws -> OAuth1Response {
        let (data, response) = try await session.data(for: URLRequest(request))
        guard let http = response as? HTTPURLResponse else {
            throw OAuth1Error(code: .transportFailed, message: "the response to \(request.method) \(request.url.host ?? "") is not HTTP")
        }
        var headers: [String: String] = [:]
        for (name, value) in http.allHeaderFields {
            if let name = name as? String, let value = value as? String { headers[name] = value }
        }
        return OAuth1Response(statusCode: http.statusCode, headers: headers, body: Array(data))
    }
}
