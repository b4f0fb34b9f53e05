import Foundation
import NIOCore
import NIOPosix
import SignedVerification

/// A memory replay store that answers each call `delay` after it was made, each call on its
/// own (no batching, no limit on calls in flight): the best any shared store with that round
/// trip can do. `compare --reference-delay` runs the signed route on it, so the PostgreSQL
/// store's ratio can be read against what its latency alone allows in the same run.
struct DelayedReplayStore: ReplayStore {
    let delay: TimeAmount
    /// The signed route's own default store, so that the delay is the only difference.
    let memory = MemoryReplayStore()

    func insertIfAbsent(_ key: ReplayKey, until expiry: Date, now: Date) async throws(SignedVerificationError) -> Bool {
        // An event loop's timer (epoll's timerfd), not `Task.sleep`, whose wake-up on Linux
        // comes up to a millisecond late: the reference must wait what it says.
        let delay = delay
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            MultiThreadedEventLoopGroup.singleton.next().scheduleTask(in: delay) { continuation.resume() }
        }
        return await memory.insertIfAbsent(key, until: expiry, now: now)
    }
}
