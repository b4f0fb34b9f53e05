public import MockServerKit

/// How ``DrupalMockProvider`` behaves: its options, set through the Swift API
/// (`DrupalMockOptions(strictErrors: true)`) or decoded from the JSON `options` object of a
/// `mock-servers` config entry. Each option is declared once, in ``declarations``; the README's
/// table is rendered from them.
public struct DrupalMockOptions: MockProviderOptions, Hashable {
    /// How old a call's `domain_time_stamp` may be, in seconds; also how long nonces are
    /// remembered. A timestamp in the future is never refused (Drupal does not).
    public var tokenExpirySeconds = 30
    /// Whether calls carry the key-authentication arguments `hash, domain_name,
    /// domain_time_stamp, nonce` (every method but `system.connect`).
    public var usesKeys = true
    /// Whether calls carry `sessid` after the key arguments (every method but `system.connect`).
    public var usesSessid = true
    /// Whether failures are answered as JSON-RPC error objects (message: Drupal's string)
    /// instead of Drupal's HTTP 200 with the string as `result`.
    public var strictErrors = false
    /// Whether an `Invalid API key.` answer carries `X-Drupal-Hash-Input`, the string the
    /// server hashed (`timestamp;domain;nonce;method`; never the key).
    public var diagnosis = true
    /// How long a session lives without a call, in seconds (each call extends it).
    public var sessionLifetimeSeconds = 200_000

    /// The options: a contract of the `mock-servers` config file.
    public static let declarations: [MockOption<Self>] = [
        MockOption("tokenExpirySeconds", \.tokenExpirySeconds, .integer(in: 1...86_400),
                   "how old a call's timestamp may be; key authentication's \"Token expiry time\""),
        MockOption("usesKeys", \.usesKeys, .boolean, "calls carry the key arguments; Drupal's \"Use keys\""),
        MockOption("usesSessid", \.usesSessid, .boolean,
                   "calls carry `sessid`; Drupal's \"Use sessid\" (without it the session comes from the cookie)"),
        MockOption("strictErrors", \.strictErrors, .boolean, "JSON-RPC error objects instead of Drupal's HTTP-200 strings"),
        MockOption("diagnosis", \.diagnosis, .boolean, "`X-Drupal-Hash-Input` on an `Invalid API key.` answer"),
        MockOption("sessionLifetimeSeconds", \.sessionLifetimeSeconds, .integer(in: 1...31_536_000),
                   "how long an idle session lives; PHP's `session.gc_maxlifetime`"),
    ]

    /// Creates options; every argument has Drupal's default.
    public init(
        tokenExpirySeconds: Int = Self.defaults.tokenExpirySeconds,
        usesKeys: Bool = Self.defaults.usesKeys,
        usesSessid: Bool = Self.defaults.usesSessid,
        strictErrors: Bool = Self.defaults.strictErrors,
        diagnosis: Bool = Self.defaults.diagnosis,
        sessionLifetimeSeconds: Int = Self.defaults.sessionLifetimeSeconds
    ) {
        self.tokenExpirySeconds = tokenExpirySeconds
        self.usesKeys = usesKeys
        self.usesSessid = usesSessid
        self.strictErrors = strictErrors
        self.diagnosis = diagnosis
        self.sessionLifetimeSeconds = sessionLifetimeSeconds
    }

    /// The defaults: Drupal's.
    public init() {}
}
