public import Foundation

/// A bounded table whose entries expire: the memory replay store's nonces, the Drupal mock's
/// sessions.
///
/// Each entry has a deadline, which ``touch(_:until:now:)`` can move later (a sliding session).
/// Expired entries are dropped as time passes, and past ``capacity`` the entry with the
/// earliest deadline goes first, so memory stays flat under any load. Lookups, insertions and
/// purges cost amortised O(1): deadlines are queued in the order they were set, and the queue
/// is rebuilt when stale positions make it more than twice the table.
public struct ExpiringTable<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private struct Entry: Sendable {
        var value: Value
        var deadline: Date
    }

    /// The most entries kept.
    public let capacity: Int
    private var entries: [Key: Entry] = [:]
    /// (key, deadline) in the order deadlines were set; a position is stale when its key's
    /// deadline has moved since. Deadlines are set at increasing times, so the head is earliest.
    private var queue: [(key: Key, deadline: Date)] = []
    private var head = 0

    /// An empty table keeping at most `capacity` entries.
    public init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    /// How many entries are live or not yet purged.
    public var count: Int { entries.count }

    /// How many deadlines are queued, stale ones included (bounded by about twice the capacity).
    public var queuedCount: Int { queue.count - head }

    /// The value under `key`, unless it expired by `now`.
    public func value(_ key: Key, now: Date) -> Value? {
        guard let entry = entries[key], entry.deadline > now else { return nil }
        return entry.value
    }

    /// Stores `value` under `key` until `deadline` unless a live entry is already there, and
    /// says whether it stored: a replay store's insert-if-absent. A new key costs one look-up
    /// (the key is hashed once, where ``value(_:now:)`` then ``set(_:_:until:now:)`` hash it
    /// at least twice); what expired and what exceeds the capacity go as in `set`.
    public mutating func insertIfAbsent(_ key: Key, _ value: Value, until deadline: Date, now: Date) -> Bool {
        purge(now: now)
        if let existing = entries.updateValue(Entry(value: value, deadline: deadline), forKey: key), existing.deadline > now {
            entries[key] = existing
            return false
        }
        queue.append((key, deadline))
        if entries.count > capacity { purge(now: now) }
        return true
    }

    /// Sets `key` to `value` until `deadline`, dropping what expired by `now` and, past the
    /// capacity, the entries closest to their deadline.
    public mutating func set(_ key: Key, _ value: Value, until deadline: Date, now: Date) {
        entries[key] = Entry(value: value, deadline: deadline)
        queue.append((key, deadline))
        purge(now: now)
    }

    /// Moves the deadline of `key` (when it is live) to `deadline`.
    public mutating func touch(_ key: Key, until deadline: Date, now: Date) {
        guard let entry = entries[key], entry.deadline > now else { return }
        set(key, entry.value, until: deadline, now: now)
    }

    /// Removes `key`.
    public mutating func remove(_ key: Key) {
        entries[key] = nil
    }

    /// Drops expired entries and those beyond the capacity, earliest deadline first.
    public mutating func purge(now: Date) {
        // The head's deadline is the earliest queued: while it has not passed and the table is
        // within its capacity, nothing is due and no key is hashed. A stale position (its key
        // removed, or its deadline moved later) waits for its turn like the others.
        while head < queue.count {
            let (key, deadline) = queue[head]
            guard deadline <= now || entries.count > capacity else { break }
            head += 1
            // One hash for the usual case, the head's own entry dropped; a stale position's
            // entry is put back.
            if let current = entries.removeValue(forKey: key), current.deadline != deadline {
                entries[key] = current
            }
        }
        if head > 1024, head * 2 > queue.count {
            queue.removeFirst(head)
            head = 0
        }
        if queue.count - head > 2 * capacity + 1024 {
            rebuildQueue()
        }
    }

    /// The queue anew from the live entries, in deadline order (after many touches of the
    /// same keys have filled it with stale positions).
    private mutating func rebuildQueue() {
        queue = entries.map { ($0.key, $0.value.deadline) }.sorted { $0.deadline < $1.deadline }
        head = 0
    }
}
