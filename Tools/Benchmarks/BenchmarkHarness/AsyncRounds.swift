/// ``Sides`` for code under test that is `async` (a verifier whose key look-up may suspend):
/// its side is awaited, the bare reference and the peer are as in ``Sides``.
///
/// Call ``measureInRoundsAsync(_:rounds:slices:seconds:)`` from a nonisolated async function,
/// not from the main actor: a nonisolated `async` operation called from an actor hops to the
/// global executor and back on every call, which would be timed with it (and on another
/// thread than the one whose CPU time is read).
public struct AsyncSides {
    public var ours: (Double) async -> Sample
    public var bare: ((Double) -> Sample)?
    public var peer: ((Double) -> Sample?)?

    public init(ours: @escaping (Double) async -> Sample, bare: ((Double) -> Sample)?, peer: ((Double) -> Sample?)?) {
        self.ours = ours
        self.bare = bare
        self.peer = peer
    }
}

/// The rounds of ``measureInRounds(_:rounds:slices:seconds:)`` (which runs its ``Sides``
/// here): a short warm-up each, then `rounds` rounds in which each workload in turn runs its
/// sides in `slices` alternating slices of `seconds / slices` (the bare reference a quarter
/// slice). Returns the rates in the order of `workloads`; a peer that stops answering is not
/// asked again.
public func measureInRoundsAsync(_ workloads: [AsyncSides], rounds: Int, slices: Int, seconds: Double) async -> [RoundRates] {
    for sides in workloads {
        _ = await sides.ours(0.2)
        _ = sides.bare?(0.05)
        _ = sides.peer?(0.2)
    }
    var rates = Array(repeating: RoundRates(), count: workloads.count)
    let slice = seconds / Double(slices)
    for _ in 0..<rounds {
        for (index, sides) in workloads.enumerated() {
            var ours = Sample(), bare = Sample(), theirs = Sample(), peerAnswered = sides.peer != nil
            for _ in 0..<slices {
                ours += await sides.ours(slice)
                if let measureBare = sides.bare { bare += measureBare(slice / 4) }
                guard peerAnswered, let sample = sides.peer?(slice) else {
                    peerAnswered = false
                    continue
                }
                theirs += sample
            }
            rates[index].ours.append(ours.rate)
            if sides.bare != nil { rates[index].bare.append(bare.rate) }
            if peerAnswered { rates[index].peer.append(theirs.rate) }
        }
    }
    return rates
}

/// ``measureCPU(batch:seconds:_:)`` for an `async` operation that does not suspend (so this
/// thread's CPU time is its own).
public func measureCPUAsync(batch: Int, seconds: Double, _ operation: () async -> Int) async -> Sample {
    var count = 0
    let start = threadCPUTime()
    while threadCPUTime() - start < seconds {
        for _ in 0..<batch { count &+= await operation() > 0 ? 1 : 0 }
    }
    return Sample(count: count, seconds: threadCPUTime() - start)
}
