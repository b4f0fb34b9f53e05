// This module builds on swift-openapi-runtime, which SwiftPM fetches only with the package's
// `OpenAPIAdapter` trait. Every file that imports it is inside `#if OpenAPIAdapter` (a missing
// module stops the compiler before it reads any `#error`), so without the trait the build stops
// here, with word of why, instead of at a missing `OpenAPIRuntime` module.
#if !OpenAPIAdapter
#error("""
    OpenAPISignedRequests needs this package's OpenAPIAdapter trait. Add it to the package \
    dependency's traits (`traits: ["OpenAPIAdapter"]`): the app then fetches \
    swift-openapi-runtime and swift-http-types, and still links only the products it names.
    """)
#endif
