public import MockServerKit
public import OAuth1Client

/// How strict ``OAuth1MockProvider`` is: its options, set through the Swift API
/// (`OAuth1MockOptions(autoApprove: true)`) or decoded from the JSON `options` object of a
/// `mock-servers` config entry, where each value may be a JSON string, number or boolean:
///
/// | option | type | default | range |
/// |---|---|---|---|
/// | `timestampWindowSeconds` | integer | 300 | 0...86400 |
/// | `exposeBaseString` | boolean | true | |
/// | `autoApprove` | boolean | false | |
/// | `requestTokenLifetimeSeconds` | integer | 900 | 1...31536000 |
/// | `accessTokenLifetimeSeconds` | integer | none (for ever) | 1...31536000 |
/// | `signatureMethods` | names | all four | one or more of HMAC-SHA1, HMAC-SHA256, HMAC-SHA512, PLAINTEXT |
/// | `registeredCallbacks` | URIs: a JSON array, or one string separated by commas or spaces | none: any absolute URI | absolute URIs without a query, e.g. `myapp://oauth` |
///
/// With `registeredCallbacks`, a request token is issued only for `oob` or a callback that,
/// without its query, equals one of them (Twitter's rule; anything else is refused in the
/// flavour's shape, Twitter's 403 code 415). Without, any absolute URI (RFC 3986 §4.3) is
/// accepted, custom schemes such as `myapp://oauth` included.
public struct OAuth1MockOptions: MockProviderOptions, Hashable {
    /// Accepted distance of `oauth_timestamp` from the server clock, in seconds.
    public var timestampWindowSeconds: Int
    /// Whether a rejected signature's response carries `X-OAuth1-Base-String`.
    public var exposeBaseString: Bool
    /// Whether the authorisation page approves at once without showing the form.
    public var autoApprove: Bool
    /// How long a request token can be authorised and exchanged, in seconds.
    public var requestTokenLifetimeSeconds: Int
    /// How long access tokens live, in seconds; `nil` for ever.
    public var accessTokenLifetimeSeconds: Int?
    /// The `oauth_signature_method` values accepted.
    public var signatureMethods: [OAuth1SignatureMethod]
    /// The application's registered callback URIs (absolute, no query); empty accepts any
    /// absolute URI. `oob` is accepted either way.
    public var registeredCallbacks: [String]

    /// The accepted `timestampWindowSeconds`: up to a day.
    public static let timestampWindowRange = 0...86_400
    /// The accepted token lifetimes: a second to a year.
    public static let lifetimeRange = 1...31_536_000

    /// Creates options; every argument has the provider's default.
    public init(
        timestampWindowSeconds: Int = 300,
        exposeBaseString: Bool = true,
        autoApprove: Bool = false,
        requestTokenLifetimeSeconds: Int = 900,
        accessTokenLifetimeSeconds: Int? = nil,
        signatureMethods: [OAuth1SignatureMethod] = OAuth1SignatureMethod.allCases,
        registeredCallbacks: [String] = []
    ) {
        self.timestampWindowSeconds = timestampWindowSeconds
        self.exposeBaseString = exposeBaseString
        self.autoApprove = autoApprove
        self.requestTokenLifetimeSeconds = requestTokenLifetimeSeconds
        self.accessTokenLifetimeSeconds = accessTokenLifetimeSeconds
        self.signatureMethods = signatureMethods
        self.registeredCallbacks = registeredCallbacks
    }

    /// The defaults.
    public init() {
        self.init(accessTokenLifetimeSeconds: nil)
    }

    /// The option names: a contract of the `mock-servers` config file.
    enum CodingKeys: String, CodingKey, CaseIterable {
        case timestampWindowSeconds, exposeBaseString, autoApprove, requestTokenLifetimeSeconds
        case accessTokenLifetimeSeconds, signatureMethods, registeredCallbacks
    }

    /// Decodes the options present, keeping the default for each absent one.
    ///
    /// - Throws: `MockServerError` for an unknown name or a value of the wrong
    ///   kind (ranges are checked by ``validate()``).
    public init(from decoder: any Decoder) throws {
        let options = try MockOptionsReader(decoder, keys: CodingKeys.self)
        self.init()
        timestampWindowSeconds = try options.integer(.timestampWindowSeconds) ?? timestampWindowSeconds
        exposeBaseString = try options.boolean(.exposeBaseString) ?? exposeBaseString
        autoApprove = try options.boolean(.autoApprove) ?? autoApprove
        requestTokenLifetimeSeconds = try options.integer(.requestTokenLifetimeSeconds) ?? requestTokenLifetimeSeconds
        accessTokenLifetimeSeconds = try options.integer(.accessTokenLifetimeSeconds)
        signatureMethods = try options.values(.signatureMethods, from: OAuth1SignatureMethod.allCases, named: \.rawValue) ?? signatureMethods
        registeredCallbacks = try options.strings(.registeredCallbacks) ?? registeredCallbacks
    }

    /// Encodes every option, signature methods as an array of names, callbacks as an array.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(timestampWindowSeconds, forKey: .timestampWindowSeconds)
        try container.encode(exposeBaseString, forKey: .exposeBaseString)
        try container.encode(autoApprove, forKey: .autoApprove)
        try container.encode(requestTokenLifetimeSeconds, forKey: .requestTokenLifetimeSeconds)
        try container.encodeIfPresent(accessTokenLifetimeSeconds, forKey: .accessTokenLifetimeSeconds)
        try container.encode(signatureMethods.map(\.rawValue), forKey: .signatureMethods)
        try container.encode(registeredCallbacks, forKey: .registeredCallbacks)
    }

    /// Checks every range in the table above; signature methods must not be empty; each
    /// registered callback must be an absolute URI without a query.
    public func validate() throws(MockServerError) {
        try Self.require(timestampWindowSeconds, in: Self.timestampWindowRange, CodingKeys.timestampWindowSeconds)
        try Self.require(requestTokenLifetimeSeconds, in: Self.lifetimeRange, CodingKeys.requestTokenLifetimeSeconds)
        if let accessTokenLifetimeSeconds {
            try Self.require(accessTokenLifetimeSeconds, in: Self.lifetimeRange, CodingKeys.accessTokenLifetimeSeconds)
        }
        guard !signatureMethods.isEmpty else {
            throw .invalidOption(
                CodingKeys.signatureMethods.stringValue,
                expected: "one or more of \(OAuth1SignatureMethod.allCases.map(\.rawValue).joined(separator: ", "))",
                got: "none"
            )
        }
        for callback in registeredCallbacks {
            guard OAuth1CallbackPolicy.isAbsoluteURI(callback), !callback.contains("?"), callback.utf8.count <= OAuth1CallbackPolicy.maximumLength else {
                throw .invalidOption(
                    CodingKeys.registeredCallbacks.stringValue,
                    expected: "absolute URIs without a query, such as myapp://oauth or https://app.example/callback ('oob' needs no registration)",
                    got: String(reflecting: String(callback.prefix(80)))
                )
            }
        }
    }
}
