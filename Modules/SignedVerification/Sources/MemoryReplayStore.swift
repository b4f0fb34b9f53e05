public import Foundation

/// A ``ReplayStore`` in this process's memory: for one instance of a service, tests and the
/// mock servers.
///
/// Bounded: past ``capacity`` the records closest to expiry go first, so memory stays flat
/// under any load (a record dropped early can only let through a replay older than every
/// record kept). Expiry costs amortised O(1) per call (``ExpiringTable``). It never throws.
public actor MemoryReplayStore: ReplayStore {
    /// The most records kept.
    public nonisolated let capacity: Int
    private var records: ExpiringTable<ReplayKey, Bool>

    /// An empty store keeping at most `capacity` records.
    public init(capacity: Int = 100_000) {
        self.capacity = max(1, capacity)
        records = ExpiringTable(capacity: capacity)
    }

    public func insertIfAbsent(_ key: ReplayKey, until expiry: Date, now: Date) -> Bool {
        records.insertIfAbsent(key, true, until: expiry, now: now)
    }

    /// How many records are kept (live ones and any not yet purged).
    public var count: Int { records.count }
}
