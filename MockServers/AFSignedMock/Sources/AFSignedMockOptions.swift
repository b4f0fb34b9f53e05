public import AFSignedClient
public import MockServerKit

/// How ``AFSignedMockProvider`` behaves: its options, set through the Swift API
/// (`AFSignedMockOptions(version: .v4, requiresNonce: true)`) or decoded from the JSON `options`
/// object of a `mock-servers` config entry. Each option is declared once, in ``declarations``;
/// the README's table is rendered from them.
public struct AFSignedMockOptions: MockProviderOptions, Hashable {
    /// The scheme's version the server accepts: 2 (auth values with the parameters) or 4 (in
    /// `X-Auth-*` headers).
    public var version = AFSignedVersion.v2
    /// Where version 2 reads the client id: `auth_client_id` (the reference backend's verifier) or `auth_key`.
    public var clientIDField = AFSignedClientIDField.clientID
    /// How far `auth_timestamp` may lie from the server's clock either way, in seconds; the
    /// bounds themselves are refused, as the reference backend does. Also how long nonces are remembered.
    public var timestampWindowSeconds = 43_200
    /// Whether every request must carry a nonce (`auth_nonce`, or `X-Auth-Nonce` in version 4)
    /// not used within the window: replay protection the reference backend lacked.
    public var requiresNonce = false
    /// Whether a 401 for a bad signature carries `X-Auth-String-To-Sign`, the string the server
    /// signed (printable ASCII, other bytes and `%` as `%XX`; never the secret).
    public var diagnosis = true

    /// The options: a contract of the `mock-servers` config file.
    public static let declarations: [MockOption<Self>] = [
        MockOption("version", \.version, .name(AFSignedVersion.allCases, named: \.rawValue),
                   "2: auth values with the parameters; 4: in `X-Auth-*` headers (the reference backend takes `auth_version` \"2\" only)"),
        MockOption("clientIDField", \.clientIDField, .name(AFSignedClientIDField.allCases, named: \.rawValue),
                   "where version 2 reads the client id (the reference backend reads `auth_client_id`; its README shows `auth_key`)"),
        MockOption("timestampWindowSeconds", \.timestampWindowSeconds, .integer(in: 1...604_800),
                   "how far `auth_timestamp` may lie from the server's clock, bounds refused (the reference backend: ±12 hours)"),
        MockOption("requiresNonce", \.requiresNonce, .boolean, "a nonce unused within the window is required (the reference backend has no replay protection)"),
        MockOption("diagnosis", \.diagnosis, .boolean,
                   "`X-Auth-String-To-Sign` on a bad signature's 401 (the reference backend appends the string it signed to its exception's message)"),
    ]

    /// Creates options; every argument has the reference backend's default.
    public init(
        version: AFSignedVersion = Self.defaults.version,
        clientIDField: AFSignedClientIDField = Self.defaults.clientIDField,
        timestampWindowSeconds: Int = Self.defaults.timestampWindowSeconds,
        requiresNonce: Bool = Self.defaults.requiresNonce,
        diagnosis: Bool = Self.defaults.diagnosis
    ) {
        self.version = version
        self.clientIDField = clientIDField
        self.timestampWindowSeconds = timestampWindowSeconds
        self.requiresNonce = requiresNonce
        self.diagnosis = diagnosis
    }

    /// The defaults: the reference backend's.
    public init() {}
}
