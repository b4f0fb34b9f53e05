// CredentialStoreError has the shape every error of this package shares (SigningCore's
// `SignedAPIError`), so `import CredentialStore` alone makes its members available.
@_exported public import SigningCore
