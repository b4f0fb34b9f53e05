// This module builds on Hummingbird, which SwiftPM fetches only with the package's
// `HummingbirdAdapter` trait. Every file that imports it is inside `#if HummingbirdAdapter`
// (a missing module stops the compiler before it reads any `#error`), so without the trait the
// build stops here, with word of why, instead of at a missing `Hummingbird` module.
#if !HummingbirdAdapter
#error("""
    HummingbirdSignedRequests needs this package's HummingbirdAdapter trait. Add it to the \
    package dependency's traits (`traits: ["HummingbirdAdapter"]`): the app then fetches \
    Hummingbird and what it needs, and still links only the products it names. See the README, \
    "Verifying requests in your server".
    """)
#endif
