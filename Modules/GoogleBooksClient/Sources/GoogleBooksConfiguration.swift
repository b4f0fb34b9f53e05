public import Foundation

/// Where and as whom a ``GoogleBooksClient`` asks.
public struct GoogleBooksConfiguration: Sendable, Hashable {
    /// The API root; searches go to `{baseURL}/books/v1/volumes`. Google's is
    /// `https://www.googleapis.com` (also `https://books.googleapis.com`); a mock's is its base URL.
    public var baseURL: URL
    /// The API key (`key`), sent with every request when set. Never printed.
    public var apiKey: String?
    /// `country` (ISO 3166-1, `US`): needed when Google cannot place the caller (`unknownLocation`).
    public var country: String?

    /// Google's own endpoint.
    public static let googleAPIs = URL(string: "https://www.googleapis.com")!

    public init(baseURL: URL = GoogleBooksConfiguration.googleAPIs, apiKey: String? = nil, country: String? = nil) {
        self.baseURL = baseURL
        self.apiKey = apiKey
        self.country = country
    }
}

extension GoogleBooksConfiguration: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    public var description: String { "GoogleBooksConfiguration(\(baseURL.absoluteString), key: \(apiKey == nil ? "none" : "<redacted>"), country: \(country ?? "none"))" }
    public var debugDescription: String { description }
    public var customMirror: Mirror {
        Mirror(self, children: ["baseURL": baseURL, "apiKey": apiKey == nil ? "none" : "<redacted>", "country": country as Any], displayStyle: .struct)
    }
}
