import Testing

/// Every suite of the Google Books mock, one test at a time: its searches render thousands of
/// volumes, and run side by side they would crowd out the timing-sensitive server-kit tests
/// sharing the machine's cores.
@Suite("Google Books mock", .serialized)
enum GoogleBooksMockSuite {}
