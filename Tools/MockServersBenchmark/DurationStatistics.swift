/// Latency percentiles and seconds from `Duration`s, for the load reports.
extension [Duration] {
    /// The `p` quantile (0...1, nearest rank) in milliseconds; 0 for no values.
    func percentileMilliseconds(_ p: Double) -> Double {
        guard !isEmpty else { return 0 }
        let sorted = sorted()
        let index = Swift.min(sorted.count - 1, Int((Double(sorted.count) * p).rounded(.up)) - 1)
        return sorted[Swift.max(0, index)].seconds * 1000
    }
}

extension Duration {
    /// The duration in seconds, as a `Double`.
    var seconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
