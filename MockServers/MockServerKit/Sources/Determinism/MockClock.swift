#if MockServers  // without the trait, Server/TraitCheck.swift's #error is the one message
public import Foundation
import NIOConcurrencyHelpers

/// The wall clock a mock server reads for timestamps, token expiry and rate-limit windows.
///
/// Injected so that tests move time instead of waiting: ``ManualClock`` in tests,
/// ``SystemClock`` (the default) for standalone servers.
public protocol MockClock: Sendable {
    /// The current time.
    var now: Date { get }
}

/// The system's wall clock.
public struct SystemClock: MockClock {
    /// Creates the system clock.
    public init() {}

    /// `Date()`.
    public var now: Date { Date() }
}

/// A clock that only moves when a test tells it to.
public final class ManualClock: MockClock {
    private let current: NIOLockedValueBox<Date>

    /// Creates a clock showing `start`: by default the real current time (whole seconds), so a
    /// client on the system clock is inside the provider's timestamp window until the test
    /// moves this clock.
    public init(start: Date = Date(timeIntervalSince1970: Date().timeIntervalSince1970.rounded(.down))) {
        current = NIOLockedValueBox(start)
    }

    /// The time the clock shows.
    public var now: Date { current.withLockedValue { $0 } }

    /// Moves the clock forward (or backward, for a negative interval) by `seconds`.
    public func advance(by seconds: TimeInterval) {
        current.withLockedValue { $0.addTimeInterval(seconds) }
    }

    /// Sets the clock to `date`.
    public func set(_ date: Date) {
        current.withLockedValue { $0 = date }
    }
}
#endif
