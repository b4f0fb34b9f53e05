public import MockServerKit

/// How ``DrupalMockProvider`` behaves: its options, set through the Swift API
/// (`DrupalMockOptions(strictErrors: true)`) or decoded from the JSON `options` object of a
/// `mock-servers` config entry, where each value may be a JSON string, number or boolean:
///
/// | option | type | default | range | Drupal's setting |
/// |---|---|---|---|---|
/// | `tokenExpirySeconds` | integer | 30 | 1...86400 | key authentication's "Token expiry time" |
/// | `usesKeys` | boolean | true | | "Use keys" |
/// | `usesSessid` | boolean | true | | "Use sessid" |
/// | `strictErrors` | boolean | false | | none: JSON-RPC error objects instead of Drupal's HTTP-200 strings |
/// | `diagnosis` | boolean | true | | none: `X-Drupal-Hash-Input` on an `Invalid API key.` answer |
/// | `sessionLifetimeSeconds` | integer | 200000 | 1...31536000 | PHP's `session.gc_maxlifetime` (Drupal 6's default) |
public struct DrupalMockOptions: MockProviderOptions, Hashable {
    /// How old a call's `domain_time_stamp` may be, in seconds; also how long nonces are
    /// remembered. A timestamp in the future is never refused (Drupal does not).
    public var tokenExpirySeconds: Int
    /// Whether calls carry the key-authentication arguments `hash, domain_name,
    /// domain_time_stamp, nonce` (every method but `system.connect`).
    public var usesKeys: Bool
    /// Whether calls carry `sessid` after the key arguments (every method but `system.connect`).
    public var usesSessid: Bool
    /// Whether failures are answered as JSON-RPC error objects (message: Drupal's string)
    /// instead of Drupal's HTTP 200 with the string as `result`.
    public var strictErrors: Bool
    /// Whether an `Invalid API key.` answer carries `X-Drupal-Hash-Input`, the string the
    /// server hashed (`timestamp;domain;nonce;method`; never the key).
    public var diagnosis: Bool
    /// How long a session lives without a call, in seconds (each call extends it).
    public var sessionLifetimeSeconds: Int

    /// The accepted `tokenExpirySeconds`: a second to a day.
    public static let tokenExpiryRange = 1...86_400
    /// The accepted `sessionLifetimeSeconds`: a second to a year.
    public static let sessionLifetimeRange = 1...31_536_000

    /// Creates options; every argument has Drupal's default.
    public init(
        tokenExpirySeconds: Int = 30,
        usesKeys: Bool = true,
        usesSessid: Bool = true,
        strictErrors: Bool = false,
        diagnosis: Bool = true,
        sessionLifetimeSeconds: Int = 200_000
    ) {
        self.tokenExpirySeconds = tokenExpirySeconds
        self.usesKeys = usesKeys
        self.usesSessid = usesSessid
        self.strictErrors = strictErrors
        self.diagnosis = diagnosis
        self.sessionLifetimeSeconds = sessionLifetimeSeconds
    }

    /// The defaults.
    public init() {
        self.init(tokenExpirySeconds: 30)
    }

    /// The option names: a contract of the `mock-servers` config file.
    enum CodingKeys: String, CodingKey, CaseIterable {
        case tokenExpirySeconds, usesKeys, usesSessid, strictErrors, diagnosis, sessionLifetimeSeconds
    }

    /// Decodes the options present, keeping the default for each absent one.
    ///
    /// - Throws: `MockServerError` for an unknown name or a value of the wrong
    ///   kind (ranges are checked by ``validate()``).
    public init(from decoder: any Decoder) throws {
        let options = try MockOptionsReader(decoder, keys: CodingKeys.self)
        self.init()
        tokenExpirySeconds = try options.integer(.tokenExpirySeconds) ?? tokenExpirySeconds
        usesKeys = try options.boolean(.usesKeys) ?? usesKeys
        usesSessid = try options.boolean(.usesSessid) ?? usesSessid
        strictErrors = try options.boolean(.strictErrors) ?? strictErrors
        diagnosis = try options.boolean(.diagnosis) ?? diagnosis
        sessionLifetimeSeconds = try options.integer(.sessionLifetimeSeconds) ?? sessionLifetimeSeconds
    }

    /// Encodes every option.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(tokenExpirySeconds, forKey: .tokenExpirySeconds)
        try container.encode(usesKeys, forKey: .usesKeys)
        try container.encode(usesSessid, forKey: .usesSessid)
        try container.encode(strictErrors, forKey: .strictErrors)
        try container.encode(diagnosis, forKey: .diagnosis)
        try container.encode(sessionLifetimeSeconds, forKey: .sessionLifetimeSeconds)
    }

    /// Checks the ranges in the table above.
    public func validate() throws(MockServerError) {
        try Self.require(tokenExpirySeconds, in: Self.tokenExpiryRange, CodingKeys.tokenExpirySeconds)
        try Self.require(sessionLifetimeSeconds, in: Self.sessionLifetimeRange, CodingKeys.sessionLifetimeSeconds)
    }
}
