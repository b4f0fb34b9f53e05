// This module builds on swift-crypto, which SwiftPM fetches only with the package's
// `HTTPMessageSignaturesCrypto` trait. Every file that imports it is inside
// `#if HTTPMessageSignaturesCrypto` (a missing module stops the compiler before it reads any
// `#error`), so without the trait the build stops here, with word of why, instead of at a
// missing `Crypto` module.
#if !HTTPMessageSignaturesCrypto
#error("""
    HTTPMessageSignaturesCrypto needs this package's HTTPMessageSignaturesCrypto trait. Add it to \
    the package dependency's traits (`traits: ["HTTPMessageSignaturesCrypto"]`): the app then \
    fetches swift-crypto and what it needs, and still links only the products it names. \
    hmac-sha256 alone needs no trait: HTTPMessageSignatures signs and verifies it with SigningCore.
    """)
#endif
