import SignedVerification
import Foundation
import Testing

/// The bounded table behind nonces and sessions: memory stays flat under any load.
@Suite("Expiring table")
struct ExpiringTableTests {
    let start = Date(timeIntervalSince1970: 1_800_000_000)

    @Test("entries expire at their deadline and a touch moves it")
    func expiry() {
        var table = ExpiringTable<String, Int>(capacity: 10)
        table.set("a", 1, until: start + 10, now: start)
        #expect(table.value("a", now: start + 9) == 1)
        table.touch("a", until: start + 20, now: start + 9)
        #expect(table.value("a", now: start + 19) == 1)
        #expect(table.value("a", now: start + 20) == nil)
        table.touch("a", until: start + 40, now: start + 25)  // an expired entry is not revived
        #expect(table.value("a", now: start + 26) == nil)
    }

    /// A touched key leaves its old deadline queued: when that position's turn comes (expired,
    /// or the table over its capacity), the key's live entry stays and something else goes.
    @Test("a touched key outlives its old queued deadline, at expiry and past the capacity")
    func staleDeadlines() {
        var table = ExpiringTable<String, Int>(capacity: 2)
        table.set("a", 1, until: start + 10, now: start)
        table.touch("a", until: start + 100, now: start + 5)
        table.set("b", 2, until: start + 110, now: start + 20)  // the purge reaches a's old deadline
        #expect(table.value("a", now: start + 20) == 1 && table.count == 2)
        table.set("c", 3, until: start + 120, now: start + 21)  // over the capacity: a, the earliest, goes
        #expect(table.value("a", now: start + 21) == nil && table.value("b", now: start + 21) == 2 && table.value("c", now: start + 21) == 3)
        #expect(table.count == 2)
    }

    @Test("past the capacity the earliest deadline goes first")
    func capacity() {
        var table = ExpiringTable<Int, Int>(capacity: 3)
        for key in 0..<5 { table.set(key, key, until: start + Double(100 + key), now: start) }
        #expect(table.count == 3)
        #expect(table.value(0, now: start) == nil && table.value(1, now: start) == nil && table.value(4, now: start) == 4)
    }

    @Test("insert-if-absent stores a new key once, keeps a live entry as it was, and takes an expired key again")
    func insertIfAbsent() {
        var table = ExpiringTable<String, Int>(capacity: 2)
        let first = table.insertIfAbsent("a", 1, until: start + 10, now: start)
        let replayed = table.insertIfAbsent("a", 2, until: start + 50, now: start + 5)
        #expect(first && !replayed)
        #expect(table.value("a", now: start + 9) == 1)
        #expect(table.value("a", now: start + 10) == nil)  // the refused insert did not move the deadline
        let again = table.insertIfAbsent("a", 3, until: start + 30, now: start + 10)
        #expect(again && table.value("a", now: start + 29) == 3)
        let second = table.insertIfAbsent("b", 4, until: start + 30, now: start + 10)
        let third = table.insertIfAbsent("c", 5, until: start + 30, now: start + 10)
        #expect(second && third && table.count == 2)
        #expect(table.value("a", now: start + 11) == nil && table.value("c", now: start + 11) == 5)
    }

    @Test("200 000 touches of a few keys and of distinct keys keep the table and its queue bounded")
    func bounded() {
        var table = ExpiringTable<Int, Bool>(capacity: 1000)
        var now = start
        var largest = 0
        for step in 0..<200_000 {
            now += 0.001
            if step % 2 == 0 {
                table.set(step, true, until: now + 30, now: now)
            } else {
                table.touch(1, until: now + 30, now: now)
                table.set(1, true, until: now + 30, now: now)
            }
            largest = max(largest, table.count)
        }
        #expect(largest <= 1001)
        #expect(table.queuedCount <= 2 * 1000 + 1024 + 1)
    }
}
