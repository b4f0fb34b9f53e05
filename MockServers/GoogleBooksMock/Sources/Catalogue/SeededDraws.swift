import SigningCore

/// Draws from SigningCore's ``SigningCore/SplitMix64`` that mean the same on every platform:
/// the standard library's `random(in:)` may change its algorithm between releases, these do not,
/// so one seed always gives one catalogue.
struct SeededDraws {
    private var generator: SplitMix64

    init(seed: UInt64) {
        generator = SplitMix64(seed: seed)
    }

    mutating func next() -> UInt64 { generator.next() }

    /// A whole number in `range` (by modulo: the bias is far below what a catalogue can show).
    mutating func int(in range: ClosedRange<Int>) -> Int {
        let width = UInt64(range.upperBound - range.lowerBound) + 1
        return range.lowerBound + Int(next() % width)
    }

    /// A fraction in `0..<1`.
    mutating func unit() -> Double {
        Double(next() >> 11) / Double(1 << 53)
    }

    /// `true` with `percent` in a hundred.
    mutating func chance(_ percent: Int) -> Bool {
        int(in: 0...99) < percent
    }

    /// One element of `elements` (which must not be empty).
    mutating func pick<T>(_ elements: [T]) -> T {
        elements[int(in: 0...(elements.count - 1))]
    }

    /// The index whose weight `int(in:)` lands in.
    mutating func weighted(_ weights: [Int]) -> Int {
        var draw = int(in: 0...(weights.reduce(0, +) - 1))
        for (index, weight) in weights.enumerated() {
            if draw < weight { return index }
            draw -= weight
        }
        return weights.count - 1
    }

    /// `count` characters of `alphabet`.
    mutating func characters(_ count: Int, from alphabet: [Character]) -> String {
        String((0..<count).map { _ in pick(alphabet) })
    }
}
