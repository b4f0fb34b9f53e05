public import HTTPMessageSignatures
public import MockServerKit

/// How ``HTTPSigMockProvider`` behaves: its options, set through the Swift API
/// (`HTTPSigMockOptions(requiresNonce: true)`) or decoded from the JSON `options` object of a
/// `mock-servers` config entry. Each option is declared once, in ``declarations``; the README's
/// table is rendered from them.
public struct HTTPSigMockOptions: MockProviderOptions, Hashable {
    /// The components every signature judged by the default policy must cover (RFC 9421
    /// §3.2.1): derived component names (`@method`, `@target-uri`, …) or lowercase field
    /// names. `@query` (when the target has one) and `content-digest` (when there is a body)
    /// are required besides, whatever this says. `@target-uri` stands for `@authority`,
    /// `@path` and `@query`.
    public var requiredComponents = ["@method", "@authority", "@path"]
    /// How old `created` may be, in seconds (RFC 9421 §3.2.1, the verifier's `maximumAge`);
    /// also how long an accepted nonce is remembered.
    public var windowSeconds = 300
    /// How far the signer's clock may be ahead of or behind the server's, in seconds.
    public var clockSkewSeconds = 60
    /// The algorithms whose demo keys are accepted (RFC 9421 §6.2); a signature by another
    /// demo key is refused as an unknown key.
    public var algorithms = HTTPSignatureAlgorithm.all
    /// Whether every signature must carry a `nonce` (RFC 9421 §2.3, §7.2.2). A nonce sent is
    /// accepted once either way.
    public var requiresNonce = false
    /// Whether every answer of the items API is signed by the server's Ed25519 key
    /// (`@status`, `content-digest`, `"@method";req`, `"@target-uri";req`).
    public var signsResponses = true
    /// Whether the Web Bot Auth profile is on: the key directory at
    /// `/.well-known/http-message-signatures-directory`, and a signature tagged `web-bot-auth`
    /// judged by the profile's rules instead of the default policy.
    public var webBotAuth = true
    /// The longest `expires − created` of a Web Bot Auth signature, in seconds (the protocol
    /// draft recommends at most 24 hours).
    public var webBotAuthMaxValiditySeconds = 86_400
    /// Whether a refused signature's answer shows the signature base the server built
    /// (`X-Signature-Base`, and `signature_base` in the problem body).
    public var diagnosis = true

    /// The options: a contract of the `mock-servers` config file.
    public static let declarations: [MockOption<Self>] = [
        MockOption("requiredComponents", \.requiredComponents, .strings(
            "components", rule: "derived component names (`@method`, `@authority`, `@path`, `@target-uri`, `@scheme`, `@request-target`, `@query`) or lowercase field names",
            none: "any signature", example: ["@method", "@target-uri"], isValid: HTTPSigMockOptions.isComponentName
        ), "what every signature of the default policy covers; `@query` when the target has one and `content-digest` when there is a body are required besides"),
        MockOption("windowSeconds", \.windowSeconds, .integer(in: 1...86_400), "how old `created` may be (RFC 9421 §3.2.1); nonces are remembered as long"),
        MockOption("clockSkewSeconds", \.clockSkewSeconds, .integer(in: 0...3_600), "how far the signer's clock may lie ahead of or behind the server's"),
        MockOption("algorithms", \.algorithms, .names(HTTPSignatureAlgorithm.all, named: { $0.name }), "the algorithms whose demo keys are accepted (RFC 9421 §6.2)"),
        MockOption("requiresNonce", \.requiresNonce, .boolean, "every signature must carry a `nonce` (one sent is accepted once either way)"),
        MockOption("signsResponses", \.signsResponses, .boolean, "the items API's answers are signed by the server's Ed25519 key, `req`-bound to the request"),
        MockOption("webBotAuth", \.webBotAuth, .boolean,
                   "the Web Bot Auth profile: the key directory, and signatures tagged `web-bot-auth` judged by the profile's rules"),
        MockOption("webBotAuthMaxValiditySeconds", \.webBotAuthMaxValiditySeconds, .integer(in: 1...604_800),
                   "the longest `expires` − `created` of a Web Bot Auth signature (the draft recommends at most 24 hours)"),
        MockOption("diagnosis", \.diagnosis, .boolean, "`X-Signature-Base` (and `signature_base` in the body) on a refused signature: the base the server built"),
    ]

    /// Creates options; every argument has its default.
    public init(
        requiredComponents: [String] = Self.defaults.requiredComponents,
        windowSeconds: Int = Self.defaults.windowSeconds,
        clockSkewSeconds: Int = Self.defaults.clockSkewSeconds,
        algorithms: [HTTPSignatureAlgorithm] = Self.defaults.algorithms,
        requiresNonce: Bool = Self.defaults.requiresNonce,
        signsResponses: Bool = Self.defaults.signsResponses,
        webBotAuth: Bool = Self.defaults.webBotAuth,
        webBotAuthMaxValiditySeconds: Int = Self.defaults.webBotAuthMaxValiditySeconds,
        diagnosis: Bool = Self.defaults.diagnosis
    ) {
        self.requiredComponents = requiredComponents
        self.windowSeconds = windowSeconds
        self.clockSkewSeconds = clockSkewSeconds
        self.algorithms = algorithms
        self.requiresNonce = requiresNonce
        self.signsResponses = signsResponses
        self.webBotAuth = webBotAuth
        self.webBotAuthMaxValiditySeconds = webBotAuthMaxValiditySeconds
        self.diagnosis = diagnosis
    }

    /// The defaults.
    public init() {}

    /// The derived components a request's signature can be required to cover (not
    /// `@query-param`, which needs a name, nor `@status`, a response's).
    static let requirableDerived: Set<String> = ["@method", "@target-uri", "@authority", "@scheme", "@request-target", "@path", "@query"]

    /// Whether `name` is a requirable derived component or a lowercase field name (a token).
    @Sendable static func isComponentName(_ name: String) -> Bool {
        if name.hasPrefix("@") { return requirableDerived.contains(name) }
        return !name.isEmpty && name.utf8.count <= 64 && name.utf8.allSatisfy { byte in
            (0x61...0x7A).contains(byte) || (0x30...0x39).contains(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ".")
        }
    }

    /// ``requiredComponents`` as components.
    var components: [HTTPSignatureComponent] {
        requiredComponents.map { $0.hasPrefix("@") ? HTTPSignatureComponent(name: $0) : .field($0) }
    }
}
