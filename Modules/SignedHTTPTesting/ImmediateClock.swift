import Foundation

/// A clock whose `sleep` returns at once and moves its time forward by the amount slept, so
/// retry and backoff tests take no real time yet still see time pass. It records every sleep
/// and honours cancellation like a real clock.
///
/// ```swift
/// let clock = ImmediateClock()
/// let http = SignedHTTPClient(transport: transport, sleepClock: clock)
/// _ = try await http.send(request)
/// #expect(clock.sleeps == [.milliseconds(500), .seconds(1)])
/// ```
public final class ImmediateClock: Clock, @unchecked Sendable {
    /// A point in this clock's time.
    public struct Instant: InstantProtocol, Hashable, Sendable {
        /// Time since the clock was created.
        public var offset: Duration

        /// Creates an instant `offset` after the clock's start.
        public init(offset: Duration) { self.offset = offset }

        public func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        public func duration(to other: Instant) -> Duration { other.offset - offset }
        public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
    }

    // `lock` guards `current` and `recorded`.
    private let lock = NSLock()
    private var current = Instant(offset: .zero)
    private var recorded: [Duration] = []

    /// A clock at its start.
    public init() {}

    /// The current instant.
    public var now: Instant {
        lock.withLock { current }
    }

    /// The smallest step: none.
    public var minimumResolution: Duration { .zero }

    /// Every sleep so far, as durations, in order.
    public var sleeps: [Duration] {
        lock.withLock { recorded }
    }

    /// Moves time to `deadline` (if later) at once; throws `CancellationError` when cancelled.
    public func sleep(until deadline: Instant, tolerance: Duration?) async throws {
        try Task.checkCancellation()
        lock.withLock {
            recorded.append(max(.zero, current.duration(to: deadline)))
            if deadline > current { current = deadline }
        }
        await Task.yield()
        try Task.checkCancellation()
    }
}
