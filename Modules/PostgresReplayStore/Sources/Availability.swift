// Compiled with the PostgresReplayStore trait only: without it, TraitCheck.swift's #error is the one message.
#if PostgresReplayStore
import NIOConcurrencyHelpers

/// What the store knows of the database's availability: a breaker that opens when a call finds
/// the database gone (no answer in time, a refused or lost connection), so that later calls
/// fail at once instead of each waiting the whole timeout, and closes when a background probe
/// gets through. Failing at once is still failing closed: no key is ever called new without
/// the database's word.
final class Availability: Sendable {
    /// A known outage.
    struct Outage: Sendable {
        /// When the first call found the database gone.
        var since: ContinuousClock.Instant
        /// The latest reason, in a few words ("connection refused", "no answer within 2 s").
        var reason: String
    }

    private let outage = NIOLockedValueBox<Outage?>(nil)
    /// Yields when the breaker opens: the probe loop's cue.
    let opened: AsyncStream<Void>
    private let open: AsyncStream<Void>.Continuation

    init() {
        (opened, open) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
    }

    /// The outage under way, if any.
    var current: Outage? { outage.withLockedValue { $0 } }

    /// Records that the database is unavailable for `reason`; returns `true` when this opened
    /// the breaker (it was closed).
    @discardableResult
    func fail(_ reason: String) -> Bool {
        let opens = outage.withLockedValue { outage in
            guard outage == nil else {
                outage?.reason = reason
                return false
            }
            outage = Outage(since: .now, reason: reason)
            return true
        }
        if opens { open.yield() }
        return opens
    }

    /// Closes the breaker; returns how long the outage lasted, when there was one.
    func recovered() -> Duration? {
        outage.withLockedValue { outage in
            defer { outage = nil }
            return outage.map { ContinuousClock.now - $0.since }
        }
    }
}
#endif
