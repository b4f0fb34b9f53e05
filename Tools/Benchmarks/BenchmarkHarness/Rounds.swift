import Dispatch

/// What a benchmark times for one workload: the code under test, the bare reference it is
/// expressed in (none for some workloads), and the peer (none when it is not installed). Each
/// runs for about the CPU seconds it is given and returns what it did; the peer returns `nil`
/// once it stops answering.
public struct Sides {
    public var ours: (Double) -> Sample
    public var bare: ((Double) -> Sample)?
    public var peer: ((Double) -> Sample?)?

    public init(ours: @escaping (Double) -> Sample, bare: ((Double) -> Sample)?, peer: ((Double) -> Sample?)?) {
        self.ours = ours
        self.bare = bare
        self.peer = peer
    }
}

/// One workload's rates (operations per CPU second), one per round. `bare` is empty without a
/// reference; `peer` holds only the rounds in which the peer answered every slice.
public struct RoundRates {
    public var ours: [Double] = []
    public var bare: [Double] = []
    public var peer: [Double] = []
}

/// Times every workload's sides: a short warm-up each, then `rounds` rounds in which each
/// workload in turn runs its sides in `slices` alternating slices of `seconds / slices` (the
/// bare reference, steady and fast, a quarter slice). So all sides of a ratio see the same
/// machine load, and each workload's rounds are spread over the whole run. Returns the rates
/// in the order of `workloads`; a peer that stops answering is not asked again.
///
/// The rounds are ``measureInRoundsAsync(_:rounds:slices:seconds:)``'s, run in a task while
/// this thread waits: call it from a program's top-level code (a thread of its own, not a
/// task's), which stays synchronous (valgrind cannot run an async `main`).
public func measureInRounds(_ workloads: [Sides], rounds: Int, slices: Int, seconds: Double) -> [RoundRates] {
    let run = BlockingRun(workloads.map { AsyncSides(ours: $0.ours, bare: $0.bare, peer: $0.peer) })
    let done = DispatchSemaphore(value: 0)
    Task.detached {
        run.rates = await measureInRoundsAsync(run.sides, rounds: rounds, slices: slices, seconds: seconds)
        done.signal()
    }
    done.wait()
    return run.rates
}

/// The sides handed to the task and its rates handed back. Unchecked: the calling thread waits
/// while the task runs, so only one thread touches it at a time.
private final class BlockingRun: @unchecked Sendable {
    let sides: [AsyncSides]
    var rates: [RoundRates] = []

    init(_ sides: [AsyncSides]) {
        self.sides = sides
    }
}
