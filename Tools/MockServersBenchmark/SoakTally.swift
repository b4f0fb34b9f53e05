/// What one soak connection (or all of them, merged) saw: outcomes per kind, the latencies of
/// valid requests, and client-side failures.
struct SoakTally: Sendable {
    /// How often each outcome came, per kind.
    var outcomes: [SoakKind: [SoakOutcome: Int]] = [:]
    /// Send-to-end-of-response time of every valid request.
    var validLatencies: [Duration] = []
    /// Load connections that could not be opened, or requests that could not be signed (each
    /// one a mismatch).
    var clientFailures = 0

    mutating func record(_ kind: SoakKind, _ outcome: SoakOutcome) {
        outcomes[kind, default: [:]][outcome, default: 0] += 1
    }

    mutating func merge(_ other: SoakTally) {
        for (kind, counts) in other.outcomes {
            outcomes[kind, default: [:]].merge(counts, uniquingKeysWith: +)
        }
        validLatencies += other.validLatencies
        clientFailures += other.clientFailures
    }

    /// Requests (or, for slow clients, connections) of `kind`.
    func count(_ kind: SoakKind) -> Int {
        outcomes[kind]?.values.reduce(0, +) ?? 0
    }

    /// Those of `kind` whose outcome was not what the kind should get.
    func mismatches(_ kind: SoakKind) -> Int {
        (outcomes[kind] ?? [:]).reduce(0) { $0 + (kind.accepts($1.key) ? 0 : $1.value) }
    }

    /// Every mismatch, client failures included.
    var totalMismatches: Int {
        SoakKind.allCases.reduce(clientFailures) { $0 + mismatches($1) }
    }
}
