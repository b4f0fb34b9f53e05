public import Foundation

/// One attempt of a ``SignedHTTPClient`` request, as its observer sees it: enough to log what
/// was sent and what happened, nothing that is a secret.
///
/// ```swift
/// let http = SignedHTTPClient(observer: { attempt in logger.debug("\(attempt)") })
/// // GET https://api.example.com/users?key=<redacted> → 503 (attempt 1; retrying in 0.4 s)
/// ```
public struct SignedHTTPAttempt: Sendable, CustomStringConvertible {
    /// The request's method.
    public let method: String
    /// The request's URL with the values of credential-bearing query parameters
    /// (``SecretParameterNames/holdsCredential(_:)``) replaced by `<redacted>`.
    public let url: String
    /// Which attempt this was, the first being 1 (a clock-skew retry counts as one).
    public let number: Int
    /// The answer's status; `nil` when no response arrived.
    public let statusCode: Int?
    /// Why no response arrived (the transport's words); `nil` when one did.
    public let failure: String?
    /// How long the client waits before the next attempt; `nil` when there is none.
    public let retryWait: Duration?
    /// Whether the next attempt is the one clock-skew retry, signed at the server's time.
    public let correctsClock: Bool
    /// The server's clock minus the device's, as learned so far; `nil` before any `Date` header.
    public let serverClockOffset: TimeInterval?

    init(request: APIRequest, number: Int, statusCode: Int?, failure: String?, retryWait: Duration?, correctsClock: Bool, serverClockOffset: TimeInterval?) {
        method = request.method
        url = Self.redacting(request.url)
        self.number = number
        self.statusCode = statusCode
        self.failure = failure
        self.retryWait = retryWait
        self.correctsClock = correctsClock
        self.serverClockOffset = serverClockOffset
    }

    /// `GET https://… → 401 (attempt 2; retrying at the server's time)`.
    public var description: String {
        var notes = ["attempt \(number)"]
        if correctsClock { notes.append("retrying at the server's time" + (serverClockOffset.map { String(format: " (%+.0f s)", $0) } ?? "")) }
        if let retryWait {
            let seconds = Double(retryWait.components.seconds) + Double(retryWait.components.attoseconds) / 1e18
            notes.append("retrying in \(String(format: "%.3g", seconds)) s")
        }
        let outcome = statusCode.map(String.init) ?? "no response" + (failure.map { ": \($0)" } ?? "")
        return "\(method) \(url) → \(outcome) (\(notes.joined(separator: "; ")))"
    }

    /// `url` with secret-bearing query values redacted and any user information dropped.
    static func redacting(_ url: URL) -> String {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return "<unreadable URL>" }
        components.user = nil
        components.password = nil
        if let query = components.percentEncodedQuery {
            components.percentEncodedQuery = query.split(separator: "&", omittingEmptySubsequences: false).map { pair in
                guard let equals = pair.firstIndex(of: "=") else { return String(pair) }
                let name = String(pair[..<equals])
                let decoded = name.removingPercentEncoding ?? name
                return SecretParameterNames.holdsCredential(decoded) ? name + "=%3Credacted%3E" : String(pair)
            }.joined(separator: "&")
        }
        return (components.string ?? "<unreadable URL>").replacingOccurrences(of: "%3Credacted%3E", with: "<redacted>")
    }
}
