public import Foundation

/// Where an `auth_signature` API is and as whom an ``AFSignedClient`` signs: everything that
/// identifies the service and the credentials. How requests travel (transport, retries, clocks)
/// is the client's `SignedHTTPClient`'s business.
///
/// ```swift
/// let configuration = AFSignedConfiguration(
///     baseURL: URL(string: "https://api.example.com")!,
///     credentials: AFSignedCredentials(clientID: "CLIENT_ID", clientSecret: secret))
/// ```
public struct AFSignedConfiguration: Sendable {
    /// The API root; a request's path is appended to it (`URL.appendingAPIPath(_:)`).
    public var baseURL: URL
    /// The client id and secret.
    public var credentials: AFSignedCredentials
    /// The scheme's version: 2 sends the auth values in the query or form, 4 in headers.
    public var version: AFSignedVersion
    /// The name the client id is sent under (`auth_client_id`, or `auth_key` in the README's variant).
    public var clientIDField: AFSignedClientIDField
    /// The `auth_nonce` source, or `nil` to send none (the scheme's original backend takes none).
    public var nonce: (@Sendable () -> String)?

    /// Creates a configuration.
    ///
    /// - Parameters:
    ///   - baseURL: the API root.
    ///   - credentials: the client id and secret.
    ///   - version: ``AFSignedVersion/v2`` by default.
    ///   - clientIDField: ``AFSignedClientIDField/clientID`` (`auth_client_id`) by default.
    ///   - nonce: 32 secure random alphanumerics by default; `nil` sends no nonce.
    public init(
        baseURL: URL,
        credentials: AFSignedCredentials,
        version: AFSignedVersion = .v2,
        clientIDField: AFSignedClientIDField = .clientID,
        nonce: (@Sendable () -> String)? = AFSignedSigner.defaultNonce
    ) {
        self.baseURL = baseURL
        self.credentials = credentials
        self.version = version
        self.clientIDField = clientIDField
        self.nonce = nonce
    }

    /// The signer these settings make.
    var signer: AFSignedSigner {
        AFSignedSigner(credentials: credentials, version: version, clientIDField: clientIDField, nonce: nonce)
    }
}

extension AFSignedConfiguration: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    public var description: String {
        "AFSignedConfiguration(\(baseURL.absoluteString), \(credentials), version: \(version), clientIDField: \(clientIDField))"
    }
    public var debugDescription: String { description }
    public var customMirror: Mirror {
        Mirror(self, children: ["baseURL": baseURL, "credentials": credentials, "version": version, "clientIDField": clientIDField], displayStyle: .struct)
    }
}
