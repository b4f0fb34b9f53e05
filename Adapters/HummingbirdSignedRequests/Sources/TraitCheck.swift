// This module builds on Hummingbird, which SwiftPM fetches only with the package's
// `HummingbirdAdapter` trait. Without this check the build would stop at a missing `Hummingbird`
// module with no word of why.
#if !HummingbirdAdapter
#error("""
    HummingbirdSignedRequests needs this package's HummingbirdAdapter trait. Add it to the \
    package dependency's traits (`traits: ["HummingbirdAdapter"]`): the app then fetches \
    Hummingbird and what it needs, and still links only the products it names. See the README, \
    "Verifying requests in your server".
    """)
#endif
