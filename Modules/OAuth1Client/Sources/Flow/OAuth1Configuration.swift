/// Which OAuth 1.0a provider an ``OAuth1Client`` talks to and as which application: everything
/// that identifies the service and the credentials. How requests travel (transport, retries,
/// clocks) is the client's `SignedHTTPClient`'s business.
///
/// ```swift
/// let configuration = OAuth1Configuration(provider: .twitter, consumerKey: key, consumerSecret: secret)
/// let client = OAuth1Client(configuration: configuration)
/// ```
public struct OAuth1Configuration: Sendable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// The provider's endpoints and quirks: a preset such as ``OAuth1Provider/twitter``, or one
    /// moved to a mock server with ``OAuth1Provider/pointed(at:)``.
    public var provider: OAuth1Provider
    /// The client credentials (consumer key and secret; no token).
    public var credentials: OAuth1Credentials
    /// The `oauth_nonce` source.
    public var nonce: @Sendable () -> String
    /// Whether every signed request also carries its base string in `X-OAuth1-Base-String`, so
    /// that a mock provider's dashboard shows it beside the provider's when a signature is
    /// refused (``OAuth1Signer/sendsBaseString``). Off by default; turn it on against mocks only.
    public var sendsBaseString = false

    /// Creates a configuration.
    ///
    /// - Parameters:
    ///   - provider: a preset such as ``OAuth1Provider/twitter`` or a custom description.
    ///   - consumerKey: the application's key.
    ///   - consumerSecret: the application's secret.
    ///   - nonce: 30 secure random alphanumerics by default.
    public init(
        provider: OAuth1Provider,
        consumerKey: String,
        consumerSecret: String,
        nonce: @escaping @Sendable () -> String = OAuth1Signer.defaultNonce
    ) {
        self.provider = provider
        self.credentials = OAuth1Credentials(consumerKey: consumerKey, consumerSecret: consumerSecret)
        self.nonce = nonce
    }

    /// Creates a configuration for a provider whose consumers sign with an RSA private key
    /// (``OAuth1Provider/jira(baseURL:)``, or any provider whose ``OAuth1Provider/signatureMethod``
    /// is `RSA-SHA1`, `RSA-SHA256` or `RSA-SHA512`).
    ///
    /// - Parameters:
    ///   - provider: the provider.
    ///   - consumerKey: the application's key (Jira's "Consumer key" of the application link).
    ///   - privateKey: the private key whose public half the provider holds: the `OAuth1RSA`
    ///     product's `OAuth1RSAPrivateKey(pemRepresentation:)`.
    ///   - nonce: 30 secure random alphanumerics by default.
    public init(
        provider: OAuth1Provider,
        consumerKey: String,
        privateKey: any OAuth1PrivateKey,
        nonce: @escaping @Sendable () -> String = OAuth1Signer.defaultNonce
    ) {
        self.provider = provider
        self.credentials = OAuth1Credentials(consumerKey: consumerKey, privateKey: privateKey)
        self.nonce = nonce
    }

    /// The provider and the consumer key; the secret redacted.
    public var description: String { "OAuth1Configuration(\(provider.name), \(credentials))" }
    /// The same as ``description``.
    public var debugDescription: String { description }
    /// The provider and the credentials, redacted as ``OAuth1Credentials`` redacts itself.
    public var customMirror: Mirror { Mirror(self, children: ["provider": provider, "credentials": credentials], displayStyle: .struct) }
}
