/// The shape every error of this package shares, so that having handled one product's errors
/// you can handle them all.
///
/// Each module has exactly one error type (``SigningCoreError``, `SignedHTTPError`,
/// `OAuth1Error`, `DrupalServicesError`, `AFSignedError`, `GoogleBooksError`,
/// `CredentialStoreError`, and the mock servers' own) and each adopts this protocol:
///
/// - ``code``: what kind of failure it is, an open set of static values (a struct, not an
///   enum, so that a new code is not a breaking change; switch with a `default` branch). The
///   same condition has the same name in every module: a bad signature is `signatureInvalid`,
///   a timestamp outside the server's window `timestampRefused`, an HTTP 429 `rateLimited`
///   (with ``retryAfter``), a nonce seen before
///   `nonceUsed` (the names of the OAuth Problem Reporting extension), a request that got no
///   response `transportFailed`, a body that does not decode `decodingFailed`, a request a
///   verifier refused because its replay store could not answer `replayStoreUnavailable`.
/// - ``message``: a sentence a person can act on. It never contains a secret.
/// - ``cause``: the underlying error, when there is one (a `URLError` stays a `URLError`).
/// - when a server answered: ``statusCode``, the provider's own ``providerCode`` and
///   ``providerMessage``, and ``mockReason``, the explanation this package's mock servers add
///   in `X-Mock-Reason`; for a bad signature, ``serverSignatureBase``, the text the server
///   signed, to diff with yours.
///
/// Two errors are equal when their codes are (`==` and `hash(into:)` look at ``code`` only),
/// so a test can write `#expect(throws: OAuth1Error(code: .signatureInvalid, message: ""))`
/// and a `catch let error as OAuth1Error where error.code == .signatureInvalid` reads as it
/// says.
public protocol SignedAPIError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The kind of failure: an open set of static values of the module's error type.
    associatedtype Code: Hashable, Sendable, CustomStringConvertible

    /// The kind of failure.
    var code: Code { get }
    /// A sentence a person can act on; never a secret.
    var message: String { get }
    /// The underlying error, when there is one.
    var cause: (any Error)? { get }
    /// The HTTP status of the server's answer, when the error comes from one.
    var statusCode: Int? { get }
    /// The provider's own error code (Twitter's `"32"`, an OAuth problem such as
    /// `"token_expired"`, Google's `keyInvalid`, a JSON-RPC error code), when it sent one.
    var providerCode: String? { get }
    /// The provider's own words (`Token has expired.`, `Incorrect auth signature`), when it
    /// said something.
    var providerMessage: String? { get }
    /// The mock server's own explanation (`X-Mock-Reason`), when the server is one of this
    /// package's mock servers: the real reason behind a provider's generic words.
    var mockReason: String? { get }
    /// For a bad signature, the text the server signed (OAuth 1.0a's base string, AFSigned's
    /// string to sign, Drupal's hash input), when it showed it: diff it with what you signed.
    var serverSignatureBase: String? { get }
    /// For `rateLimited` (HTTP 429): how long to wait before trying again, in seconds, from the
    /// answer's `Retry-After`, when it sent one.
    var retryAfter: Double? { get }
}

extension SignedAPIError {
    /// No underlying error.
    public var cause: (any Error)? { nil }
    /// No server answered.
    public var statusCode: Int? { nil }
    /// The provider sent no code of its own.
    public var providerCode: String? { nil }
    /// The provider said nothing of its own.
    public var providerMessage: String? { nil }
    /// Not an answer of this package's mock servers.
    public var mockReason: String? { nil }
    /// The server showed no signed text.
    public var serverSignatureBase: String? { nil }
    /// No wait was asked for.
    public var retryAfter: Double? { nil }

    /// `code: message`, with the HTTP status when a server answered.
    public var description: String {
        if let statusCode { return "\(code) (HTTP \(statusCode)): \(message)" }
        return "\(code): \(message)"
    }

    /// Errors are equal when their codes are.
    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.code == rhs.code }

    /// Hashes the code only, as ``==(_:_:)`` compares.
    public func hash(into hasher: inout Hasher) { hasher.combine(code) }
}
