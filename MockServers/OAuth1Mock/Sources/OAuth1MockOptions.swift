public import MockServerKit
public import OAuth1Client

/// How strict ``OAuth1MockProvider`` is: its options, set through the Swift API
/// (`OAuth1MockOptions(autoApprove: true)`) or decoded from the JSON `options` object of a
/// `mock-servers` config entry. Each option is declared once, in ``declarations``; the README's
/// table is rendered from them.
///
/// With `registeredCallbacks`, a request token is issued only for `oob` or a callback that,
/// without its query, equals one of them (Twitter's rule; anything else is refused in the
/// flavour's shape, Twitter's 403 code 415). Without, any absolute URI (RFC 3986 §4.3) is
/// accepted, custom schemes such as `myapp://oauth` included.
public struct OAuth1MockOptions: MockProviderOptions, Hashable {
    /// Accepted distance of `oauth_timestamp` from the server clock, in seconds.
    public var timestampWindowSeconds = 300
    /// Whether a rejected signature's response carries `X-OAuth1-Base-String`.
    public var exposeBaseString = true
    /// Whether the authorisation page approves at once without showing the form.
    public var autoApprove = false
    /// How long a request token can be authorised and exchanged, in seconds.
    public var requestTokenLifetimeSeconds = 900
    /// How long access tokens live, in seconds; `nil` for ever.
    public var accessTokenLifetimeSeconds: Int?
    /// The `oauth_signature_method` values accepted (the consumer's key decides further:
    /// a secret for HMAC and PLAINTEXT, an RSA key for RSA).
    public var signatureMethods = OAuth1SignatureMethod.allCases
    /// Whether a request whose body is not a form must sign it through `oauth_body_hash`
    /// (payment APIs in the Mastercard style); otherwise a body hash is checked only when sent.
    public var requiresBodyHash = false
    /// The application's registered callback URIs (absolute, no query); empty accepts any
    /// absolute URI. `oob` is accepted either way.
    public var registeredCallbacks: [String] = []

    /// The options: a contract of the `mock-servers` config file.
    public static let declarations: [MockOption<Self>] = [
        MockOption("timestampWindowSeconds", \.timestampWindowSeconds, .integer(in: 0...86_400),
                   "accepted distance of `oauth_timestamp` from the server's clock, in seconds"),
        MockOption("exposeBaseString", \.exposeBaseString, .boolean, "a rejected signature's answer carries the server's base string (`X-OAuth1-Base-String`; jira: `oauth_signature_base_string`)"),
        MockOption("autoApprove", \.autoApprove, .boolean, "the authorisation page approves at once, without the form"),
        MockOption("requestTokenLifetimeSeconds", \.requestTokenLifetimeSeconds, .integer(in: 1...31_536_000),
                   "how long a request token can be authorised and exchanged"),
        MockOption("accessTokenLifetimeSeconds", \.accessTokenLifetimeSeconds, .integer(in: 1...31_536_000, none: "for ever"),
                   "how long access tokens live"),
        MockOption("signatureMethods", \.signatureMethods, .names(OAuth1SignatureMethod.allCases, named: \.rawValue),
                   "the `oauth_signature_method` values accepted"),
        MockOption("requiresBodyHash", \.requiresBodyHash, .boolean,
                   "a request whose body is not a form must carry `oauth_body_hash` (hashed with the signature method's hash)"),
        MockOption("registeredCallbacks", \.registeredCallbacks, .strings(
            "URIs",
            rule: "absolute URIs without a query, such as myapp://oauth or https://app.example/callback ('oob' needs no registration)",
            none: "any absolute URI",
            example: ["myapp://oauth", "https://app.example/callback"],
            isValid: { OAuth1CallbackPolicy.isAbsoluteURI($0) && !$0.contains("?") && $0.utf8.count <= OAuth1CallbackPolicy.maximumLength }
        ), "the application's callbacks; a request token is issued only for `oob` or one of them"),
    ]

    /// Creates options; every argument has the provider's default.
    public init(
        timestampWindowSeconds: Int = Self.defaults.timestampWindowSeconds,
        exposeBaseString: Bool = Self.defaults.exposeBaseString,
        autoApprove: Bool = Self.defaults.autoApprove,
        requestTokenLifetimeSeconds: Int = Self.defaults.requestTokenLifetimeSeconds,
        accessTokenLifetimeSeconds: Int? = Self.defaults.accessTokenLifetimeSeconds,
        signatureMethods: [OAuth1SignatureMethod] = Self.defaults.signatureMethods,
        requiresBodyHash: Bool = Self.defaults.requiresBodyHash,
        registeredCallbacks: [String] = Self.defaults.registeredCallbacks
    ) {
        self.timestampWindowSeconds = timestampWindowSeconds
        self.exposeBaseString = exposeBaseString
        self.autoApprove = autoApprove
        self.requestTokenLifetimeSeconds = requestTokenLifetimeSeconds
        self.accessTokenLifetimeSeconds = accessTokenLifetimeSeconds
        self.signatureMethods = signatureMethods
        self.requiresBodyHash = requiresBodyHash
        self.registeredCallbacks = registeredCallbacks
    }

    /// The defaults.
    public init() {}
}
