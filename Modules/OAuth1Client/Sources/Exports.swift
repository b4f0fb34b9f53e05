// OAuth1Client's public API is built from SignedHTTP's request, response and transport values
// and SigningCore's form fields, so `import OAuth1Client` alone makes them available.
@_exported public import SignedHTTP
@_exported public import SignedVerification
@_exported public import SigningCore

/// The request ``OAuth1Signer`` signs and ``OAuth1Client`` sends: SignedHTTP's `APIRequest`.
public typealias OAuth1Request = APIRequest

/// A provider's response: SignedHTTP's `APIResponse`.
public typealias OAuth1Response = APIResponse

/// What ``OAuth1Client`` sends requests through: SignedHTTP's `HTTPTransport`
/// (`URLSessionTransport` by default).
public typealias OAuth1Transport = HTTPTransport
