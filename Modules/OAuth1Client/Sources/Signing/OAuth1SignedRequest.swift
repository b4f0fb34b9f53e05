public import SigningCore

/// The result of signing: the request ready to send, and everything needed to debug it.
public struct OAuth1SignedRequest: Sendable, Hashable {
    /// The request with the protocol parameters added where the transmission says.
    public var request: OAuth1Request
    /// The signature base string that was signed (RFC 5849 §3.4.1.1).
    public let baseString: String
    /// The `oauth_signature` value, before percent-encoding.
    public let signature: String
    /// The protocol parameters sent, `oauth_signature` last.
    public let protocolParameters: [FormField]
    /// The `Authorization` header value when the transmission is the header, else `nil`.
    public let authorizationHeader: String?
}
