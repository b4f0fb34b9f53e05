/// A client id and its secret. The secret never appears in `description`, dumps or errors.
public struct AFSignedCredentials: Sendable, Hashable {
    /// The client id sent with every request (`auth_client_id`).
    public var clientID: String
    /// The shared secret the HMAC is keyed with.
    public var clientSecret: String

    /// Creates credentials.
    public init(clientID: String, clientSecret: String) {
        self.clientID = clientID
        self.clientSecret = clientSecret
    }
}

extension AFSignedCredentials: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    public var description: String { "AFSignedCredentials(clientID: \(clientID), clientSecret: <redacted>)" }
    public var debugDescription: String { description }
    public var customMirror: Mirror { Mirror(self, children: ["clientID": clientID, "clientSecret": "<redacted>"], displayStyle: .struct) }
}
