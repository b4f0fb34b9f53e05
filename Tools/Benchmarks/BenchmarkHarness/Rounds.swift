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
public func measureInRounds(_ workloads: [Sides], rounds: Int, slices: Int, seconds: Double) -> [RoundRates] {
    for sides in workloads {
        _ = sides.ours(0.2)
        _ = sides.bare?(0.05)
        _ = sides.peer?(0.2)
    }
    var rates = Array(repeating: RoundRates(), count: workloads.count)
    let slice = seconds / Double(slices)
    for _ in 0..<rounds {
        for (index, sides) in workloads.enumerated() {
            var ours = Sample(), bare = Sample(), theirs = Sample(), peerAnswered = sides.peer != nil
            for _ in 0..<slices {
                ours += sides.ours(slice)
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
