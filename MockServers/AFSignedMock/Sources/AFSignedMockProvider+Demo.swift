public import AFSignedClient
public import Foundation
public import MockServerKit

/// The AFSigned mock's demo credentials, typed: the demo client, as the SDK's configuration
/// takes it (`AFSignedConfiguration(baseURL:credentials:)`).
///
/// The same values as `MockServer.Running.credentials` and the `mock-servers` ready file
/// (`clientID`, `clientSecret`). The secret never appears in `description` or `dump`.
public struct AFSignedMockCredentials: Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// The demo client's id and secret.
    public let credentials: AFSignedCredentials

    /// The client id; the secret redacted.
    public var description: String { "AFSignedMockCredentials(clientID: \(credentials.clientID), clientSecret: <redacted>)" }
    /// The same as ``description``.
    public var debugDescription: String { description }
    /// The client id; the secret redacted.
    public var customMirror: Mirror { Mirror(self, children: ["credentials": credentials], displayStyle: .struct) }
}

extension AFSignedMockProvider: MockDemoProviding {
    /// The demo client.
    public var demo: AFSignedMockCredentials { AFSignedMockCredentials(credentials: AFSignedMockContent.client) }

    /// An `AFSignedClient` of the backend at `baseURL` with the demo client, speaking the
    /// options' version and client-id field, with a nonce on every request (which the backend
    /// requires when ``AFSignedMockOptions/requiresNonce`` is on).
    public func client(at baseURL: URL, http: SignedHTTPClient) -> AFSignedClient {
        AFSignedClient(
            configuration: AFSignedConfiguration(baseURL: baseURL, credentials: demo.credentials, version: options.version, clientIDField: options.clientIDField),
            http: http
        )
    }
}
