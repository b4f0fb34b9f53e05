public import AFSignedClient
public import Foundation
public import MockServerKit

extension AFSignedMockProvider: MockDemoProviding {
    /// The demo client's id and secret (the client's own `AFSignedCredentials`, which redacts
    /// the secret).
    public var demo: AFSignedCredentials { AFSignedMockContent.client }

    /// An `AFSignedClient` of the backend at `baseURL` with the demo client, speaking the
    /// options' version and client-id field, with a nonce on every request (which the backend
    /// requires when ``AFSignedMockOptions/requiresNonce`` is on).
    public func client(at baseURL: URL, http: SignedHTTPClient) -> AFSignedClient {
        AFSignedClient(
            configuration: AFSignedConfiguration(baseURL: baseURL, credentials: demo, version: options.version, clientIDField: options.clientIDField),
            http: http
        )
    }
}
