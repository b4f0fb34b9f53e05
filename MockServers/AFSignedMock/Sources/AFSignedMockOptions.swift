public import AFSignedClient
public import MockServerKit

/// How ``AFSignedMockProvider`` behaves: its options, set through the Swift API
/// (`AFSignedMockOptions(version: .v4, requiresNonce: true)`) or decoded from the JSON `options`
/// object of a `mock-servers` config entry, where each value may be a JSON string, number or
/// boolean:
///
/// | option | type | default | allowed | the seed backend |
/// |---|---|---|---|---|
/// | `version` | `2` or `4` | 2 | | `auth_version` must be `"2"` |
/// | `clientIDField` | name | `auth_client_id` | `auth_client_id`, `auth_key` | reads `auth_client_id` (its README shows `auth_key`) |
/// | `timestampWindowSeconds` | integer | 43200 | 1...604800 | ±12 hours, the bounds refused |
/// | `requiresNonce` | boolean | false | | none: no replay protection |
/// | `diagnosis` | boolean | true | | appends the string it signed to its message |
public struct AFSignedMockOptions: MockProviderOptions, Hashable {
    /// The scheme's version the server accepts: 2 (auth values with the parameters) or 4 (in
    /// `X-Auth-*` headers).
    public var version: AFSignedVersion
    /// Where version 2 reads the client id: `auth_client_id` (the seed's verifier) or `auth_key`.
    public var clientIDField: AFSignedClientIDField
    /// How far `auth_timestamp` may lie from the server's clock either way, in seconds; the
    /// bounds themselves are refused, as the seed does. Also how long nonces are remembered.
    public var timestampWindowSeconds: Int
    /// Whether every request must carry a nonce (`auth_nonce`, or `X-Auth-Nonce` in version 4)
    /// not used within the window: replay protection the seed lacked.
    public var requiresNonce: Bool
    /// Whether a 401 for a bad signature carries `X-Auth-String-To-Sign`, the string the server
    /// signed (printable ASCII, other bytes and `%` as `%XX`; never the secret).
    public var diagnosis: Bool

    /// The accepted `timestampWindowSeconds`: a second to a week.
    public static let timestampWindowRange = 1...604_800

    /// Creates options; every argument has the seed backend's default.
    public init(
        version: AFSignedVersion = .v2,
        clientIDField: AFSignedClientIDField = .clientID,
        timestampWindowSeconds: Int = 43_200,
        requiresNonce: Bool = false,
        diagnosis: Bool = true
    ) {
        self.version = version
        self.clientIDField = clientIDField
        self.timestampWindowSeconds = timestampWindowSeconds
        self.requiresNonce = requiresNonce
        self.diagnosis = diagnosis
    }

    /// The defaults.
    public init() {
        self.init(version: .v2)
    }

    /// The option names: a contract of the `mock-servers` config file.
    enum CodingKeys: String, CodingKey, CaseIterable {
        case version, clientIDField, timestampWindowSeconds, requiresNonce, diagnosis
    }

    /// Decodes the options present, keeping the default for each absent one.
    ///
    /// - Throws: `MockServerError` for an unknown name or a value of the wrong
    ///   kind (`version` other than 2 or 4, an unknown `clientIDField`; ranges are checked by
    ///   ``validate()``).
    public init(from decoder: any Decoder) throws {
        let options = try MockOptionsReader(decoder, keys: CodingKeys.self)
        self.init()
        if let number = try Self.version(options) {
            guard let version = AFSignedVersion(rawValue: String(number)) else {
                throw MockServerError.invalidOption(CodingKeys.version.stringValue, expected: "2 or 4", got: String(number))
            }
            self.version = version
        }
        if let fields = try options.values(.clientIDField, from: AFSignedClientIDField.allCases, named: \.rawValue) {
            guard fields.count == 1, let field = fields.first else {
                throw MockServerError.invalidOption(CodingKeys.clientIDField.stringValue, expected: "one of auth_client_id, auth_key")
            }
            clientIDField = field
        }
        timestampWindowSeconds = try options.integer(.timestampWindowSeconds) ?? timestampWindowSeconds
        requiresNonce = try options.boolean(.requiresNonce) ?? requiresNonce
        diagnosis = try options.boolean(.diagnosis) ?? diagnosis
    }

    /// `version` as a whole number, with an error naming the two versions.
    private static func version(_ options: MockOptionsReader<CodingKeys>) throws(MockServerError) -> Int? {
        do {
            return try options.integer(.version)
        } catch {
            throw MockServerError.invalidOption(CodingKeys.version.stringValue, expected: "2 or 4")
        }
    }

    /// Encodes every option (`version` as a string, `"2"` or `"4"`).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(version.rawValue, forKey: .version)
        try container.encode(clientIDField.rawValue, forKey: .clientIDField)
        try container.encode(timestampWindowSeconds, forKey: .timestampWindowSeconds)
        try container.encode(requiresNonce, forKey: .requiresNonce)
        try container.encode(diagnosis, forKey: .diagnosis)
    }

    /// Checks the range in the table above.
    public func validate() throws(MockServerError) {
        try Self.require(timestampWindowSeconds, in: Self.timestampWindowRange, CodingKeys.timestampWindowSeconds)
    }
}
