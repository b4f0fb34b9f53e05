/// The client credentials of an AFNetworking-style signed backend (`auth_client_id` and the
/// shared secret that keys its HMAC-SHA256 `auth_signature`).
///
/// `description`, `debugDescription` and its mirror show the client id and hide the secret.
public struct AFSignedClientCredential: Codable, Hashable, Sendable {
    /// The client id sent as `auth_client_id` (not secret).
    public var clientID: String
    /// The shared secret that keys the request signature.
    public var secret: String

    /// Creates client credentials.
    public init(clientID: String, secret: String) {
        self.clientID = clientID
        self.secret = secret
    }

    private enum CodingKeys: String, CodingKey {
        case clientID = "client_id"
        case secret
    }
}

extension AFSignedClientCredential: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    public var description: String {
        "AFSignedClientCredential(clientID: \"\(clientID)\", secret: \(Redaction.mask(secret)))"
    }

    public var debugDescription: String { description }

    public var customMirror: Mirror {
        Mirror(self, children: ["clientID": clientID, "secret": Redaction.mask(secret)], displayStyle: .struct)
    }
}
