public import Testing

/// A trait for a test or suite whose work is heavy: seconds of computation without suspending
/// (thousands of random cases, megabyte inputs, RSA keys, argument parsing in a debug build) or
/// peer processes that keep the cores busy (a Python or PHP peer checking thousands of requests,
/// Chromium, schemathesis, several servers). Each of its test cases waits for one of
/// ``Slots/heavy``'s slots before it runs, so heavy tests never take every core and thread at
/// once and the other tests keep moving.
///
/// A heavy test's hang guard is ``hangGuard``, not `.timeLimit`: Swift Testing's time limit
/// would also count the wait for a slot, which grows with the other heavy tests, not with this
/// one. The guard starts once the slot is held.
public struct HeavyTest: TestTrait, SuiteTrait, TestScoping {
    /// How long one test case may run once it holds its slot; `nil` for no bound.
    public var hangGuard: Duration?

    /// A test case that ran past its ``HeavyTest/hangGuard`` (it is cancelled).
    public struct HangGuardExceeded: Error, CustomStringConvertible {
        /// The bound that was passed.
        public var bound: Duration
        public var description: String { "the test ran past its hang guard of \(bound) (counted from when it held its heavy slot) and was cancelled" }
    }

    /// Applies to every test of a suite, and to each case of a parameterized test.
    public var isRecursive: Bool { true }

    public func scopeProvider(for test: Test, testCase: Test.Case?) -> Self? {
        testCase == nil ? nil : self
    }

    public func provideScope(for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void) async throws {
        try await Slots.heavy.run {
            guard let hangGuard else { return try await function() }
            // The group waits for both children before it returns, so `function` never
            // outlives this call.
            try await withoutActuallyEscaping(function) { function in
                try await withThrowingTaskGroup(of: Void.self) { group in
                    group.addTask { try await function() }
                    group.addTask {
                        try await Task.sleep(for: hangGuard)
                        throw HangGuardExceeded(bound: hangGuard)
                    }
                    defer { group.cancelAll() }
                    try await group.next()
                }
            }
        }
    }
}

extension Trait where Self == HeavyTest {
    /// Runs the test (each of its cases) in one of the heavy slots: ``HeavyTest``.
    public static var heavy: Self { HeavyTest() }

    /// Runs the test (each of its cases) in one of the heavy slots, cancelled and failed when
    /// it runs past `hangGuard` once it holds its slot: ``HeavyTest``.
    public static func heavy(hangGuard: Duration) -> Self { HeavyTest(hangGuard: hangGuard) }
}
