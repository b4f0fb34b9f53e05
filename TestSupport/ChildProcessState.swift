import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What a ``ChildProcess``'s child has done so far (its output, its exit), behind one condition
/// that every change signals, so a wait for any of it wakes when it happens, not on a poll.
final class ChildProcessState: @unchecked Sendable {
    // @unchecked: every access to `snapshot` holds `condition`'s lock.

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

    private let condition = NSCondition()
    private var snapshot = Snapshot()

    /// `body`'s value of the current snapshot.
    func current<Value>(_ body: (Snapshot) -> Value) -> Value {
        condition.lock()
        defer { condition.unlock() }
        return body(snapshot)
    }

    /// Records the child's exit.
    func exited(status: Int32, bySignal: Bool) {
        update {
            $0.status = status
            $0.bySignal = bySignal
        }
    }

    /// Blocks until `done` holds for the snapshot or `timeout` passes.
    func wait(timeout: Duration, until done: (Snapshot) -> Bool) {
        let seconds = Double(timeout.components.seconds) + Double(timeout.components.attoseconds) / 1e18
        let deadline = Date(timeIntervalSinceNow: seconds)
        condition.lock()
        defer { condition.unlock() }
        while !done(snapshot), condition.wait(until: deadline) {}
    }

    /// Reads `handle` to its end on a thread of its own, appending to `stream` as bytes arrive
    /// (`read(2)`, which returns what is there; `FileHandle.read(upToCount:)` waits for all).
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

    private func update(_ body: (inout Snapshot) -> Void) {
        condition.lock()
        body(&snapshot)
        condition.broadcast()
        condition.unlock()
    }
}
