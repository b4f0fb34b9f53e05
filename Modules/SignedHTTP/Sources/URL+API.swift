public import Foundation
public import SigningCore

extension URL {
    /// `path` under this URL taken as an API root: exactly one `/` joins them, whatever
    /// slashes either side has (`https://api.example.com/v1/` + `/users` →
    /// `https://api.example.com/v1/users`; `/` alone is the root with its slash, an empty path the
    /// root without one). `path` may carry its own `?query`, kept as written.
    ///
    /// Every client of this package joins its configuration's `baseURL` and a path here, so a
    /// base URL with or without a trailing slash, a mock server's `http://127.0.0.1:PORT` and a
    /// provider's real root all behave alike.
    ///
    /// - Returns: `nil` when Foundation cannot make a URL of the result; percent-encode a path's
    ///   reserved characters first.
    public func appendingAPIPath(_ path: String) -> URL? {
        var base = absoluteString
        if let end = base.firstIndex(where: { $0 == "?" || $0 == "#" }) { base = String(base[..<end]) }
        while base.hasSuffix("/") { base.removeLast() }
        let tail = path.drop { $0 == "/" }
        if path.isEmpty { return URL(string: base) }
        return URL(string: base + "/" + tail)
    }

    /// This URL with `fields` added to its query, each name and value percent-encoded as
    /// RFC 3986 says (everything but the unreserved characters, `%20` for a space:
    /// `PercentEncoding.encode`); the query it already has is kept, first.
    public func appendingQuery(_ fields: some Collection<FormField>) -> URL {
        guard !fields.isEmpty, var components = URLComponents(url: self, resolvingAgainstBaseURL: false) else { return self }
        let added = fields.map { PercentEncoding.encode($0.name) + "=" + PercentEncoding.encode($0.value) }.joined(separator: "&")
        components.percentEncodedQuery = components.percentEncodedQuery.map { $0.isEmpty ? added : $0 + "&" + added } ?? added
        return components.url ?? self
    }
}
