// The middlewares are built from the SDK's verifiers (`OAuth1Verifier`, `AFSignedVerifier`,
// `DrupalKeyVerifier`) and its replay stores, so `import HummingbirdSignedRequests` alone makes
// them available.
@_exported public import AFSignedClient
@_exported public import DrupalServicesClient
@_exported public import OAuth1Client
@_exported public import SignedVerification
