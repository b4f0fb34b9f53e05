// Compiled with the PostgresReplayStore trait only: without it, TraitCheck.swift's #error is the one message.
#if PostgresReplayStore
import NIOConcurrencyHelpers
import SignedVerification

/// Runs one database call with a bound on the caller's wait that holds even when the driver
/// does not react to cancellation.
///
/// The call runs in an unstructured task; a second one sleeps for the timeout. Whichever
/// finishes first resumes the caller, exactly once, and the other's answer is dropped. A task
/// group would not do: it awaits every child before returning, so a call stuck in the driver
/// would hold the caller past its timeout. On a timeout (or the caller's cancellation) the
/// call's task is cancelled, which postgres-nio answers by leaving the pool's queue or cancelling
/// the query; if it does not, that task ends later on its own, nobody waiting for it.
enum BoundedCall {
    static func run<Value: Sendable>(
        timeout: Duration,
        onTimeout: @escaping @Sendable () -> SignedVerificationError,
        onCancel: @escaping @Sendable () -> SignedVerificationError,
        _ operation: @escaping @Sendable () async throws(SignedVerificationError) -> Value
    ) async throws(SignedVerificationError) -> Value {
        let gate = ResumeOnce<Value>()
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Result<Value, SignedVerificationError>, Never>) in
                gate.install(continuation)
                let work = Task {
                    do throws(SignedVerificationError) {
                        gate.resume(.success(try await operation()))
                    } catch {
                        gate.resume(.failure(error))
                    }
                }
                let timer = Task {
                    do { try await Task.sleep(for: timeout) } catch { return }  // cancelled: the call answered first
                    gate.resume(.failure(onTimeout()))
                    work.cancel()
                }
                gate.onFinish { timer.cancel(); work.cancel() }
            }
        } onCancel: {
            gate.resume(.failure(onCancel()))
        }
        return try result.get()
    }

    /// ``run(timeout:onTimeout:onCancel:_:)`` for an operation that answers through a callback:
    /// `start` is called at once with the function to answer with, and the operation needs no
    /// task of its own. An answer after the timeout or the cancellation is dropped.
    static func run<Value: Sendable>(
        timeout: Duration,
        onTimeout: @escaping @Sendable () -> SignedVerificationError,
        onCancel: @escaping @Sendable () -> SignedVerificationError,
        starting start: (_ answer: @escaping @Sendable (Result<Value, SignedVerificationError>) -> Void) -> Void
    ) async throws(SignedVerificationError) -> Value {
        let gate = ResumeOnce<Value>()
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Result<Value, SignedVerificationError>, Never>) in
                gate.install(continuation)
                let timer = Task {
                    do { try await Task.sleep(for: timeout) } catch { return }  // cancelled: the call answered first
                    gate.resume(.failure(onTimeout()))
                }
                gate.onFinish { timer.cancel() }
                start { gate.resume($0) }
            }
        } onCancel: {
            gate.resume(.failure(onCancel()))
        }
        return try result.get()
    }
}

/// A continuation resumed once, by whichever of its racers answers first; an answer that
/// arrives before the continuation is installed (a cancellation, in practice) is kept for it.
private final class ResumeOnce<Value: Sendable>: Sendable {
    private struct State {
        var continuation: CheckedContinuation<Result<Value, SignedVerificationError>, Never>?
        var early: Result<Value, SignedVerificationError>?
        var resumed = false
        var finish: (@Sendable () -> Void)?
    }

    private let state = NIOLockedValueBox(State())

    func install(_ continuation: CheckedContinuation<Result<Value, SignedVerificationError>, Never>) {
        let early: Result<Value, SignedVerificationError>? = state.withLockedValue { state in
            if let early = state.early {
                state.early = nil
                state.resumed = true
                return early
            }
            state.continuation = continuation
            return nil
        }
        if let early { continuation.resume(returning: early) }
    }

    /// Runs `finish` once the continuation has been resumed (now, when it already has been).
    func onFinish(_ finish: @escaping @Sendable () -> Void) {
        let now = state.withLockedValue { state in
            if state.resumed { return true }
            state.finish = finish
            return false
        }
        if now { finish() }
    }

    func resume(_ result: Result<Value, SignedVerificationError>) {
        let (continuation, finish) = state.withLockedValue { state -> (CheckedContinuation<Result<Value, SignedVerificationError>, Never>?, (@Sendable () -> Void)?) in
            guard !state.resumed else { return (nil, nil) }
            guard let continuation = state.continuation else {
                if state.early == nil { state.early = result }
                return (nil, nil)
            }
            state.resumed = true
            state.continuation = nil
            defer { state.finish = nil }
            return (continuation, state.finish)
        }
        continuation?.resume(returning: result)
        finish?()
    }
}
#endif
