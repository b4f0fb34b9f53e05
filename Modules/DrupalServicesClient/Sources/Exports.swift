// DrupalServicesClient's public API is built from SignedHTTP's transport, retry policy and
// clock, and takes any CredentialStore, so `import DrupalServicesClient` alone is enough.
@_exported public import CredentialStore
@_exported public import SignedHTTP
@_exported public import SignedVerification
