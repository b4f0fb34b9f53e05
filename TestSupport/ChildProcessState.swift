import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What a ``ChildProcess``'s child has done so far (its output, its exit), behind one lock.
/// A wait is a suspended task, not a blocked thread: each change resumes the waiters whose
/// condition now holds, so a wait wakes when the thing happens, never on a poll, and never
/// holds one of the cooperative pool's few threads.
final class ChildProcessState: @unchecked Sendable {
    // @unchecked: every access to `snapshot`, `waiters` and `released` holds `lock`.

    /// The child's output and exit as seen at one moment.
    struct Snapshot {
        var status: Int32?
        var bySignal = false
        var output = Data()
        var errors = Data()
        var outputEnded = false
        var errorsEnded = false
    }

    /// One of the child's output streams.
    enum Stream { case output, errors }

    /// A suspended ``wait(timeout:until:)``.
    private struct Waiter {
        var done: @Sendable (Snapshot) -> Bool
        var continuation: CheckedContinuation<Void, Never>
    }

    private let lock = NSLock()
    private var snapshot = Snapshot()
    private var waiters: [UInt64: Waiter] = [:]
    /// Waits begun but not registered yet.
    private var pending: Set<UInt64> = []
    /// Pending waits that timed out or were cancelled before they registered.
    private var released: Set<UInt64> = []
    private var nextWaiter: UInt64 = 0

    /// `body`'s value of the current snapshot.
    func current<Value>(_ body: (Snapshot) -> Value) -> Value {
        lock.withLock { body(snapshot) }
    }

    /// Records the child's exit.
    func exited(status: Int32, bySignal: Bool) {
        update {
            $0.status = status
            $0.bySignal = bySignal
        }
    }

    /// Returns once `done` holds for the snapshot, `timeout` has passed, or the calling task
    /// is cancelled, whichever comes first (the caller reads the snapshot to learn which).
    func wait(timeout: Duration, until done: @escaping @Sendable (Snapshot) -> Bool) async {
        let id = lock.withLock {
            nextWaiter += 1
            pending.insert(nextWaiter)
            return nextWaiter
        }
        // The bound: a timer task, cancelled as soon as the wait ends.
        let timer = Task { [weak self] in
            try? await Task.sleep(for: timeout)
            self?.release(id)
        }
        defer { timer.cancel() }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let resumeNow = lock.withLock {
                    pending.remove(id)
                    if released.remove(id) != nil || done(snapshot) { return true }
                    waiters[id] = Waiter(done: done, continuation: continuation)
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        } onCancel: {
            release(id)
        }
    }

    /// Reads `handle` to its end on a thread of its own, appending to `stream` as bytes arrive
    /// (`read(2)`, which returns what is there; `FileHandle.read(upToCount:)` waits for all).
    /// The blocking read is this thread's whole job; no task waits on it.
    func drain(_ handle: FileHandle, into stream: Stream) {
        Thread.detachNewThread { [self] in
            var buffer = [UInt8](repeating: 0, count: 1 << 16)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(handle.fileDescriptor, $0.baseAddress, $0.count) }
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { break }
                let chunk = Data(buffer[..<count])
                update {
                    switch stream {
                    case .output: $0.output.append(chunk)
                    case .errors: $0.errors.append(chunk)
                    }
                }
            }
            update {
                switch stream {
                case .output: $0.outputEnded = true
                case .errors: $0.errorsEnded = true
                }
            }
        }
    }

    /// Ends wait `id` now (its bound passed, or its task was cancelled); remembered when the
    /// wait has not registered yet, so it ends as soon as it tries.
    private func release(_ id: UInt64) {
        let waiter: Waiter? = lock.withLock {
            if let waiter = waiters.removeValue(forKey: id) { return waiter }
            if pending.contains(id) { released.insert(id) }
            return nil
        }
        waiter?.continuation.resume()
    }

    /// Changes the snapshot, then resumes every waiter whose condition now holds.
    private func update(_ body: (inout Snapshot) -> Void) {
        let ready: [Waiter] = lock.withLock {
            body(&snapshot)
            let now = snapshot
            let ids = waiters.filter { $0.value.done(now) }.map(\.key)
            return ids.compactMap { waiters.removeValue(forKey: $0) }
        }
        for waiter in ready { waiter.continuation.resume() }
    }
}
