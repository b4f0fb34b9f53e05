import Foundation

/// `rateLimitPerMinute`: the times of the last `limit` requests admitted, on the server's clock.
/// A request is admitted while fewer than `limit` were admitted in the 60 seconds before it;
/// otherwise it waits until the oldest of them is a minute old (its `Retry-After`). Holds at
/// most `limit` times, however many requests arrive.
actor RateWindow {
    let limit: Int
    private var admitted: [Date] = []
    private var oldest = 0

    init(limit: Int) {
        self.limit = limit
    }

    /// `nil` when the request at `now` is admitted, else the whole seconds until one would be.
    func admit(at now: Date) -> Int? {
        if admitted.count < limit {
            admitted.append(now)
            return nil
        }
        let first = admitted[oldest]
        let age = now.timeIntervalSince(first)
        guard age >= 60 else { return max(1, Int((60 - age).rounded(.up))) }
        admitted[oldest] = now
        oldest = (oldest + 1) % limit
        return nil
    }
}
