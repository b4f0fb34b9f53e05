#if MockServers  // without the trait, Server/TraitCheck.swift's #error is the one message
import NIOConcurrencyHelpers

/// A clock for the mock server's waits that only moves when a test moves it.
///
/// Give it to a server as its `sleepClock` (``MockServer/withRunning(_:configuration:clock:sleepClock:logger:replayStore:isolation:_:)``):
/// latency and dribble faults and the linger of a closing connection then wait on it, and a
/// test moves time with ``advance(by:)`` instead of waiting for it. The connections' read
/// deadlines wait on a clock of its own, ``readDeadlines``.
///
/// ```swift
/// let sleeps = ManualSleepClock()
/// try await MockServer.withRunning(provider, configuration: faulty, sleepClock: sleeps) { server in
///     async let answer = MockHTTP.send(.get, "/echo", to: server.baseURL)
///     await sleeps.waitForSleepers()        // the latency fault is waiting
///     sleeps.advance(by: .seconds(60))      // and now its minute has passed
///     #expect(try await answer.status == .ok)
/// }
/// ```
public final class ManualSleepClock: Clock, Sendable {
    /// A moment on a ``ManualSleepClock``: how far it has been moved since it was made.
    public struct Instant: InstantProtocol, Sendable {
        /// The time moved since the clock was made.
        public var offset: Duration

        /// The instant `offset` after the clock was made.
        public init(offset: Duration) {
            self.offset = offset
        }

        /// The instant `duration` later.
        public func advanced(by duration: Duration) -> Instant {
            Instant(offset: offset + duration)
        }

        /// The time from this instant to `other`.
        public func duration(to other: Instant) -> Duration {
            other.offset - offset
        }

        /// Whether `lhs` comes before `rhs`.
        public static func < (lhs: Instant, rhs: Instant) -> Bool {
            lhs.offset < rhs.offset
        }
    }

    private struct Sleeper {
        let deadline: Instant
        let continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var now = Instant(offset: .zero)
        var nextID = 0
        var sleepers: [Int: Sleeper] = [:]
        /// Sleeps cancelled before they were registered.
        var cancelled: Set<Int> = []
        /// Tests waiting for a number of sleepers, by id.
        var watchers: [Int: (count: Int, continuation: CheckedContinuation<Void, Never>)] = [:]
        var cancelledWatchers: Set<Int> = []

        /// Takes the watchers whose count of sleepers is reached.
        mutating func satisfiedWatchers() -> [CheckedContinuation<Void, Never>] {
            let ready = watchers.filter { $0.value.count <= sleepers.count }
            for id in ready.keys { watchers[id] = nil }
            return ready.values.map(\.continuation)
        }
    }

    private let state = NIOLockedValueBox(State())
    private let readDeadlineClock = NIOLockedValueBox<ManualSleepClock?>(nil)

    /// A clock at offset zero, with nobody sleeping.
    public init() {}

    /// The clock the read deadlines of a server's connections (``MockServerLimits/readTimeoutSeconds``)
    /// wait on when this one is the server's `sleepClock`: a clock of its own, which moves only
    /// when a test moves it, so that moving this one past a latency fault never times out a
    /// connection, and its sleepers are not counted by ``waitForSleepers(_:)``.
    ///
    /// ```swift
    /// let sleeps = ManualSleepClock()
    /// let limits = MockServerLimits(readTimeoutSeconds: 30)
    /// try await MockServer.withRunning(provider, configuration: .init(limits: limits), sleepClock: sleeps) { server in
    ///     // … a client sends half a request …
    ///     await sleeps.readDeadlines.waitForSleepers()     // its connection's deadline is set
    ///     sleeps.readDeadlines.advance(by: .seconds(30))   // and has passed: the server closes it
    /// }
    /// ```
    public var readDeadlines: ManualSleepClock {
        readDeadlineClock.withLockedValue { clock in
            if let clock { return clock }
            let made = ManualSleepClock()
            clock = made
            return made
        }
    }

    /// The moment the clock shows.
    public var now: Instant { state.withLockedValue { $0.now } }

    /// The clock moves only in steps a test makes, so it resolves any duration.
    public var minimumResolution: Duration { .zero }

    /// How many sleeps are waiting for the clock to move.
    public var sleeperCount: Int { state.withLockedValue { $0.sleepers.count } }

    /// Suspends until the clock has been moved to `deadline` or past it; throws
    /// `CancellationError` when the task is cancelled first.
    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        let id = state.withLockedValue { state in
            state.nextID += 1
            return state.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                enum Registration { case elapsed, cancelled, waiting([CheckedContinuation<Void, Never>]) }
                let registration = state.withLockedValue { state -> Registration in
                    if state.cancelled.remove(id) != nil { return .cancelled }
                    if deadline <= state.now { return .elapsed }
                    state.sleepers[id] = Sleeper(deadline: deadline, continuation: continuation)
                    return .waiting(state.satisfiedWatchers())
                }
                switch registration {
                case .elapsed: continuation.resume()
                case .cancelled: continuation.resume(throwing: CancellationError())
                case .waiting(let watchers): for watcher in watchers { watcher.resume() }
                }
            }
        } onCancel: {
            let sleeper = state.withLockedValue { state -> Sleeper? in
                guard let sleeper = state.sleepers.removeValue(forKey: id) else {
                    state.cancelled.insert(id)
                    return nil
                }
                return sleeper
            }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Moves the clock forward by `duration` and wakes every sleep whose deadline it reaches.
    public func advance(by duration: Duration) {
        let woken = state.withLockedValue { state -> [CheckedContinuation<Void, any Error>] in
            state.now = state.now.advanced(by: duration)
            let due = state.sleepers.filter { $0.value.deadline <= state.now }
            for id in due.keys { state.sleepers[id] = nil }
            return due.values.sorted { $0.deadline < $1.deadline }.map(\.continuation)
        }
        for continuation in woken { continuation.resume() }
    }

    /// Runs `body` while moving the clock by `step` whenever a sleep waits on it, so that a
    /// string of short waits (a dribbled answer's pauses) passes without a test counting them.
    public func advancing<Result>(
        by step: Duration,
        isolation: isolated (any Actor)? = #isolation,
        during body: () async throws -> Result
    ) async rethrows -> Result {
        let mover = Task { [self] in
            while !Task.isCancelled {
                await waitForSleepers()
                if !Task.isCancelled { advance(by: step) }
            }
        }
        defer { mover.cancel() }
        return try await body()
    }

    /// Returns once at least `count` sleeps are waiting for the clock to move (at once if they
    /// are), or when the task is cancelled: a test calls it before ``advance(by:)`` so that the
    /// wait it means to end has begun.
    public func waitForSleepers(_ count: Int = 1) async {
        let id = state.withLockedValue { state in
            state.nextID += 1
            return state.nextID
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let ready = state.withLockedValue { state -> Bool in
                    if state.cancelledWatchers.remove(id) != nil || state.sleepers.count >= count { return true }
                    state.watchers[id] = (count, continuation)
                    return false
                }
                if ready { continuation.resume() }
            }
        } onCancel: {
            let watcher = state.withLockedValue { state -> CheckedContinuation<Void, Never>? in
                guard let watcher = state.watchers.removeValue(forKey: id) else {
                    state.cancelledWatchers.insert(id)
                    return nil
                }
                return watcher.continuation
            }
            watcher?.resume()
        }
    }
}
#endif
