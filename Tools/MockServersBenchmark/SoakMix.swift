import ArgumentParser

/// The proportions of the mixed kinds, as integer weights: `valid=80,replay=5,…`. A kind left
/// out gets weight 0.
struct SoakMix: ExpressibleByArgument, Sendable, CustomStringConvertible {
    /// Each mixed kind's weight, in ``SoakKind/mixed`` order.
    let weights: [SoakKind: Int]

    /// The default mix: mostly valid traffic with every hostile kind present.
    static let standard = SoakMix(weights: [.valid: 80, .replay: 5, .tamper: 5, .invalid: 4, .oversized: 1, .malformed: 5])

    init(weights: [SoakKind: Int]) {
        self.weights = weights
    }

    /// Parses `kind=weight` pairs separated by commas; kinds are those of ``SoakKind/mixed``,
    /// weights 0...1000, at least one above 0.
    init?(argument: String) {
        var weights: [SoakKind: Int] = [:]
        for pair in argument.split(separator: ",") {
            let parts = pair.split(separator: "=", maxSplits: 1)
            guard parts.count == 2, let kind = SoakKind(rawValue: String(parts[0])), SoakKind.mixed.contains(kind),
                  weights[kind] == nil, let weight = Int(parts[1]), (0...1000).contains(weight)
            else { return nil }
            weights[kind] = weight
        }
        guard weights.values.reduce(0, +) > 0 else { return nil }
        self.weights = weights
    }

    var description: String {
        SoakKind.mixed.map { "\($0.rawValue)=\(weights[$0] ?? 0)" }.joined(separator: ",")
    }

    /// A kind drawn with these weights.
    func pick(using random: inout some RandomNumberGenerator) -> SoakKind {
        let total = weights.values.reduce(0, +)
        var draw = Int.random(in: 0..<total, using: &random)
        for kind in SoakKind.mixed {
            let weight = weights[kind] ?? 0
            if draw < weight { return kind }
            draw -= weight
        }
        return .valid
    }
}
