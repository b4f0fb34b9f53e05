// AFSignedClient's public API is built from SignedHTTP's requests, responses, transport and
// retry policy, and SigningCore's form fields, so `import AFSignedClient` alone is enough.
@_exported public import SignedHTTP
@_exported public import SignedVerification
@_exported public import SigningCore
