// HTTPMessageSignatures' public API is built from SignedHTTP's requests, responses and
// headers, SignedVerification's verifier shape and replay stores, and SigningCore's errors and
// form fields, so `import HTTPMessageSignatures` alone is enough.
@_exported public import SignedHTTP
@_exported public import SignedVerification
@_exported public import SigningCore
