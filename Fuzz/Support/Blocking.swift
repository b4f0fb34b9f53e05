import Dispatch

/// Runs `operation` to completion from synchronous code (a fuzz target's entry point is a C
/// function) and returns its result.
public func runBlocking<Value: Sendable>(_ operation: @escaping @Sendable () async -> Value) -> Value {
    let box = ResultBox<Value>()
    let done = DispatchSemaphore(value: 0)
    Task {
        box.value = await operation()
        done.signal()
    }
    done.wait()
    return box.value!
}

/// The result handed from the task to the waiting thread; the semaphore orders the accesses.
private final class ResultBox<Value>: @unchecked Sendable {
    var value: Value?
}
