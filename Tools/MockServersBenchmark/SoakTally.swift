/// What one soak connection (or all of them, merged) saw, per provider and kind: how often each
/// outcome came and how many were not what the kind must get, the latencies of valid requests,
/// and client-side failures.
struct SoakTally: Sendable {
    /// A provider and a kind.
    struct Key: Hashable, Sendable {
        var provider: String
        var kind: SoakKind
    }

    /// How often each outcome came.
    var outcomes: [Key: [SoakOutcome: Int]] = [:]
    /// Answers that were not what the kind must get.
    var mismatches: [Key: Int] = [:]
    /// Send-to-end-of-response time of every valid request, per provider.
    var validLatencies: [String: [Duration]] = [:]
    /// Load connections that could not be opened, or requests that could not be built (each
    /// one a mismatch).
    var clientFailures = 0

    mutating func record(_ provider: String, _ kind: SoakKind, _ outcome: SoakOutcome, matched: Bool) {
        let key = Key(provider: provider, kind: kind)
        outcomes[key, default: [:]][outcome, default: 0] += 1
        if !matched { mismatches[key, default: 0] += 1 }
    }

    mutating func merge(_ other: SoakTally) {
        for (key, counts) in other.outcomes {
            outcomes[key, default: [:]].merge(counts, uniquingKeysWith: +)
        }
        mismatches.merge(other.mismatches, uniquingKeysWith: +)
        validLatencies.merge(other.validLatencies, uniquingKeysWith: +)
        clientFailures += other.clientFailures
    }

    /// Requests (or, for slow clients, connections) of `kind`, for one provider or all.
    func count(_ kind: SoakKind, provider: String? = nil) -> Int {
        outcomes.filter { $0.key.kind == kind && (provider == nil || $0.key.provider == provider) }
            .reduce(0) { $0 + $1.value.values.reduce(0, +) }
    }

    /// Answers of 500 or more, everywhere.
    var serverErrors: Int {
        outcomes.values.reduce(0) { total, counts in
            total + counts.reduce(0) { sum, entry in
                if case .status(let code) = entry.key, code >= 500 { return sum + entry.value }
                return sum
            }
        }
    }

    /// Every mismatch, client failures included.
    var totalMismatches: Int {
        mismatches.values.reduce(clientFailures, +)
    }

    /// Every valid request's latency.
    var allValidLatencies: [Duration] {
        validLatencies.values.flatMap { $0 }
    }
}
