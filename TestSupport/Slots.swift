import Foundation

/// A limit on how many heavy tests run at once across the whole test process.
///
/// Swift Testing starts every test at once on Swift's cooperative pool, which has one thread
/// per core. A test that computes for seconds without suspending holds its thread the whole
/// time, and every other test's next step waits in the pool's queue behind it; a test whose
/// peer processes (Python, PHP, Chromium, servers) keep the cores busy slows every other test
/// the same way. With a few of either at once, an unrelated test that needs a millisecond of
/// CPU per step passes its hang guard. Heavy tests therefore wait for a slot, suspended (no
/// thread held), and leave a core to everything else.
public actor Slots {
    /// Heavy work (``Trait/heavy``): one fewer than the pool has threads, so one thread and one
    /// core always serve the other tests.
    public static let heavy = Slots(count: ProcessInfo.processInfo.activeProcessorCount - 1)

    private var free: Int
    private var waiting: [CheckedContinuation<Void, Never>] = []

    /// A limit of `count` runs at once (at least one).
    public init(count: Int) {
        free = max(1, count)
    }

    /// Runs `body` once a slot is free, and frees it after, whether `body` returned or threw.
    public nonisolated func run<Value: Sendable>(_ body: () async throws -> Value) async throws -> Value {
        await take()
        let result: Result<Value, any Error>
        do {
            result = .success(try await body())
        } catch {
            result = .failure(error)
        }
        await give()
        return try result.get()
    }

    private func take() async {
        if free > 0 {
            free -= 1
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    /// Passes the freed slot to the longest waiter, or keeps it.
    private func give() {
        if waiting.isEmpty {
            free += 1
        } else {
            waiting.removeFirst().resume()
        }
    }
}
