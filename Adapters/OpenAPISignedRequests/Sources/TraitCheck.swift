// This module builds on swift-openapi-runtime, which SwiftPM fetches only with the package's
// `OpenAPIAdapter` trait. Without this check the build would stop at a missing `OpenAPIRuntime`
// module with no word of why.
#if !OpenAPIAdapter
#error("""
    OpenAPISignedRequests needs this package's OpenAPIAdapter trait. Add it to the package \
    dependency's traits (`traits: ["OpenAPIAdapter"]`): the app then fetches \
    swift-openapi-runtime and swift-http-types, and still links only the products it names.
    """)
#endif
