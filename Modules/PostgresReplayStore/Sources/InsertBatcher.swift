// Compiled with the PostgresReplayStore trait only: without it, TraitCheck.swift's #error is the one message.
#if PostgresReplayStore
import Foundation
import NIOConcurrencyHelpers
import SignedVerification

/// Coalesces the inserts of concurrent callers into batches: one statement and one commit for
/// many keys, each caller answered from the keys the database says it recorded.
///
/// A batch is sent at once when fewer than `concurrentBatches` are on their way, so a lone
/// caller waits for no timer; the keys that arrive meanwhile go in the next batch, sent as soon
/// as one returns, at most `maximumBatchSize` keys each. Within a batch a key is sent once,
/// and the keys are sorted, so that batches of several instances lock their rows in one order
/// and never deadlock; a key given twice in one batch is new for its first caller at most.
final class InsertBatcher: Sendable {
    /// One caller's insert.
    struct Entry: Sendable {
        var key: [UInt8]
        var expiry: Date
        var now: Date
    }

    /// Sends distinct, sorted entries as one statement; answers the keys the database
    /// recorded (new, or taking over an expired record).
    typealias Send = @Sendable (_ entries: [Entry]) async -> Result<Set<[UInt8]>, SignedVerificationError>

    private struct Waiting {
        var entry: Entry
        var answer: @Sendable (Result<Bool, SignedVerificationError>) -> Void
    }

    private struct State {
        var queue: [Waiting] = []
        var running = 0
        var sent = PostgresReplayStore.BatchStatistics()
    }

    private let state = NIOLockedValueBox(State())
    private let maximumBatchSize: Int
    private let concurrentBatches: Int

    init(maximumBatchSize: Int, concurrentBatches: Int) {
        self.maximumBatchSize = maximumBatchSize
        self.concurrentBatches = concurrentBatches
    }

    /// Queues `entry`; `answer` is called once with whether the key was new (`true`: the
    /// database recorded it), or the batch's failure. `send` runs the batches this call starts.
    func insert(_ entry: Entry, send: @escaping Send, answer: @escaping @Sendable (Result<Bool, SignedVerificationError>) -> Void) {
        let starts = state.withLockedValue { state in
            state.queue.append(Waiting(entry: entry, answer: answer))
            guard state.running < concurrentBatches else { return false }
            state.running += 1
            return true
        }
        if starts { Task { await self.drain(send) } }
    }

    /// The batches sent so far, and the callers waiting for one now.
    var statistics: PostgresReplayStore.BatchStatistics {
        state.withLockedValue { state in
            var statistics = state.sent
            statistics.waiting = state.queue.count
            return statistics
        }
    }

    /// Sends batches while callers wait, then gives its place back.
    private func drain(_ send: Send) async {
        while true {
            let batch = state.withLockedValue { state -> [Waiting] in
                guard !state.queue.isEmpty else {
                    state.running -= 1
                    return []
                }
                if state.queue.count <= maximumBatchSize {
                    defer { state.queue = [] }
                    return state.queue
                }
                defer { state.queue.removeFirst(maximumBatchSize) }
                return Array(state.queue.prefix(maximumBatchSize))
            }
            if batch.isEmpty { return }
            await run(batch, send)
        }
    }

    private func run(_ batch: [Waiting], _ send: Send) async {
        var first: [[UInt8]: Int] = [:]
        var entries: [Entry] = []
        entries.reserveCapacity(batch.count)
        for (index, waiting) in batch.enumerated() where first[waiting.entry.key] == nil {
            first[waiting.entry.key] = index
            entries.append(waiting.entry)
        }
        entries.sort { $0.key.lexicographicallyPrecedes($1.key) }
        state.withLockedValue { [count = entries.count] in $0.sent.add(count) }
        let result = await send(entries)
        for (index, waiting) in batch.enumerated() {
            waiting.answer(result.map { recorded in first[waiting.entry.key] == index && recorded.contains(waiting.entry.key) })
        }
    }
}
#endif
