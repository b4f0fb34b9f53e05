// Every mock-server product (MockServerKit, OAuth1Mock, DrupalMock, AFSignedMock,
// GoogleBooksMock, MockServerCatalog, OAuth1MockTesting) builds on this module, and this module
// on Hummingbird and swift-log, which SwiftPM fetches only with the package's `MockServers` trait.
// Without this check the build would stop at a missing `Logging` module with no word of why;
// every other file of this module sits inside `#if MockServers`, since a failing import stops the
// compiler before it reads any `#error`.
#if !MockServers
#error("""
    The mock-server products need this package's MockServers trait. Drop `traits: []` from the \
    package dependency (or write `traits: ["MockServers"]`): the app target still links only the \
    SDK products it names. See the README, "Testing your app against the mocks".
    """)
#endif
