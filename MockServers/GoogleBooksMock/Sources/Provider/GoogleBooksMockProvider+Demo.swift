public import Foundation
public import GoogleBooksClient
public import MockServerKit

/// The Google Books mock's demo credentials, typed: the API key it accepts (every key is
/// refused but this one when ``GoogleBooksMockOptions/requiresKey`` is on).
public struct GoogleBooksMockCredentials: Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// The key to send as `key=`.
    public let apiKey: String

    /// The key redacted.
    public var description: String { "GoogleBooksMockCredentials(apiKey: <redacted>)" }
    /// The same as ``description``.
    public var debugDescription: String { description }
    /// The key redacted.
    public var customMirror: Mirror { Mirror(self, children: ["apiKey": "<redacted>"], displayStyle: .struct) }
}

extension GoogleBooksMockProvider: MockDemoProviding {
    /// The demo API key.
    public var demo: GoogleBooksMockCredentials { GoogleBooksMockCredentials(apiKey: Self.apiKey) }

    /// A `GoogleBooksClient` of the mock at `baseURL` with the demo key.
    public func client(at baseURL: URL, http: SignedHTTPClient) -> GoogleBooksClient {
        GoogleBooksClient(configuration: GoogleBooksConfiguration(baseURL: baseURL, apiKey: demo.apiKey), http: http)
    }
}
