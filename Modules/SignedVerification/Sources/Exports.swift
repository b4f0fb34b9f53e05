// SignedVerification's public API is built from SignedHTTP's header fields and SigningCore's
// error shape, so `import SignedVerification` alone makes them available.
@_exported public import SignedHTTP
@_exported public import SigningCore
