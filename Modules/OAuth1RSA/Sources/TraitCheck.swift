// This module builds on swift-crypto, which SwiftPM fetches only with the package's `OAuth1RSA`
// trait. Every file that imports it is inside `#if OAuth1RSA` (a missing module stops the
// compiler before it reads any `#error`), so without the trait the build stops here, with word
// of why, instead of at a missing `_CryptoExtras` module.
#if !OAuth1RSA
#error("""
    OAuth1RSA needs this package's OAuth1RSA trait. Add it to the package dependency's traits \
    (`traits: ["OAuth1RSA"]`): the app then fetches swift-crypto and what it needs, and still \
    links only the products it names. See the README, "Using it in an app", and OAuth1Client's article "RSA-SHA1 and Jira".
    """)
#endif
