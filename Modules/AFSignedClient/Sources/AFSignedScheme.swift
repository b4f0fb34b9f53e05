/// The scheme's versions: where the auth values travel and how the string to sign is built.
public enum AFSignedVersion: String, Sendable, Hashable, CaseIterable, Codable {
    /// Version 2 (AFNetworking's AFSignedHTTPRequestOperationManager): `auth_version=2`, the client id, `auth_timestamp` and
    /// `auth_signature` travel with the parameters (query for GET and DELETE, form body
    /// otherwise); the string signed is `METHOD\nPATH\nk=v&…`, keys sorted as PHP's `ksort`
    /// sorts them, arrays as `k[]=v`, the whole URL-decoded, as the original PHP verifier builds it.
    case v2 = "2"
    /// Version 4 (the 4.x releases): the auth values travel in headers (`X-Auth-Version: 4`,
    /// `X-Auth-Client-ID`, `X-Auth-Timestamp`, `X-Auth-Signature`, and `X-Auth-Nonce` when
    /// used); the string signed is `METHOD\nPATH\nk=v&…` with the path as sent, keys sorted by
    /// their bytes, keys and values RFC 3986-encoded, arrays and maps as JSON — no decoding,
    /// so no two parameter sets sign alike.
    case v4 = "4"
}

/// The parameter that carries the client id in version 2.
public enum AFSignedClientIDField: String, Sendable, Hashable, CaseIterable, Codable {
    /// `auth_client_id`, which the original PHP verifier reads and the library sends (the default).
    case clientID = "auth_client_id"
    /// `auth_key`, as the scheme's README shows (and Pusher's `signature` gem uses).
    case key = "auth_key"
}

/// The names of the scheme's parameters and headers.
public enum AFSignedField {
    public static let version = "auth_version"
    public static let timestamp = "auth_timestamp"
    public static let signature = "auth_signature"
    public static let nonce = "auth_nonce"
    /// The prefix of every auth parameter; none of them is signed.
    public static let prefix = "auth_"

    public static let versionHeader = "X-Auth-Version"
    public static let clientIDHeader = "X-Auth-Client-ID"
    public static let timestampHeader = "X-Auth-Timestamp"
    public static let signatureHeader = "X-Auth-Signature"
    public static let nonceHeader = "X-Auth-Nonce"
    /// The response header in which a verifier with diagnosis on (the mock) returns the string
    /// it signed.
    public static let stringToSignHeader = "X-Auth-String-To-Sign"
}
