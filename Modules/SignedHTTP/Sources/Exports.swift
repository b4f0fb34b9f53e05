// SignedHTTP's public API is built from SigningCore's form fields and error shape
// (`SignedAPIError`), so every client that re-exports SignedHTTP makes them available too.
@_exported public import SigningCore
