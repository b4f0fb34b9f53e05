// This module builds on postgres-nio, which SwiftPM fetches only with the package's
// `PostgresReplayStore` trait. Without this check the build would stop at a missing
// `PostgresNIO` module with no word of why; the module's other files are inside
// `#if PostgresReplayStore`, so that their imports do not fail before this error is shown.
#if !PostgresReplayStore
#error("""
    The PostgresReplayStore product needs this package's PostgresReplayStore trait. Keep the \
    default traits, or add it to the package dependency: `traits: ["PostgresReplayStore"]` \
    fetches postgres-nio and what it needs, and nothing of the mock servers. See the README, \
    "Using it in an app".
    """)
#endif
