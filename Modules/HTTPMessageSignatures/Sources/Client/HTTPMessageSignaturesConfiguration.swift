public import Foundation

/// Where an API that verifies HTTP Message Signatures is and how an
/// ``HTTPMessageSignaturesClient`` signs for it: the service and the credentials. How requests
/// travel (transport, retries, clocks) is the client's `SignedHTTPClient`'s business.
///
/// ```swift
/// let configuration = HTTPMessageSignaturesConfiguration(
///     baseURL: URL(string: "https://api.example.com")!,
///     signer: HTTPMessageSigner(key: try HTTPSignatureHMACKey(secret: secret), keyID: "my-key"))
/// ```
public struct HTTPMessageSignaturesConfiguration: Sendable, CustomStringConvertible {
    /// The API root; a request's path is appended to it (`URL.appendingAPIPath(_:)`).
    public var baseURL: URL
    /// How each request is signed: key, `keyid`, covered components, label, tag, expiry, nonce.
    public var signer: HTTPMessageSigner
    /// When set, every 2xx answer must carry a signature this verifier accepts (its `req`
    /// components read from the request as signed and sent); `nil` reads answers unchecked.
    public var responseVerifier: HTTPMessageSignatureVerifier?

    /// Creates a configuration.
    public init(baseURL: URL, signer: HTTPMessageSigner, responseVerifier: HTTPMessageSignatureVerifier? = nil) {
        self.baseURL = baseURL
        self.signer = signer
        self.responseVerifier = responseVerifier
    }

    /// The base URL and the signer (its key redacted).
    public var description: String {
        "HTTPMessageSignaturesConfiguration(\(baseURL.absoluteString), \(signer)\(responseVerifier == nil ? "" : ", verifies responses"))"
    }
}
