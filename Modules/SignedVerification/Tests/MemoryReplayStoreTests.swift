import Foundation
import SignedVerification
import Testing

/// The in-memory replay store: once per key, until the expiry, bounded, atomic under races.
@Suite("Memory replay store")
struct MemoryReplayStoreTests {
    let start = Date(timeIntervalSince1970: 1_800_000_000)

    func key(_ nonce: String, client: String = "c", token: String? = nil, timestamp: Int = 1_800_000_000, scheme: String = "oauth1") -> ReplayKey {
        ReplayKey(scheme: scheme, client: client, token: token, timestamp: timestamp, nonce: nonce)
    }

    @Test("a key is accepted once until its expiry, then again")
    func onceUntilExpiry() async {
        let store = MemoryReplayStore()
        #expect(await store.insertIfAbsent(key("n"), until: start + 10, now: start))
        #expect(await !store.insertIfAbsent(key("n"), until: start + 20, now: start + 9))
        #expect(await store.insertIfAbsent(key("n"), until: start + 30, now: start + 10))
    }

    @Test("every part of the key scopes it: scheme, client, token, timestamp, nonce")
    func scoped() async {
        let store = MemoryReplayStore()
        let variants = [
            key("n"), key("n", client: "other"), key("n", token: "t"), key("n", token: ""), key("n", timestamp: 1_800_000_001),
            key("n", scheme: "afsigned"), key("m"),
        ]
        for variant in variants {
            #expect(await store.insertIfAbsent(variant, until: start + 60, now: start), "\(variant)")
        }
        for variant in variants {
            #expect(await !store.insertIfAbsent(variant, until: start + 60, now: start), "\(variant)")
        }
    }

    @Test("past its capacity the store forgets the records closest to expiry, so memory stays flat")
    func bounded() async {
        let store = MemoryReplayStore(capacity: 100)
        for index in 0..<10_000 {
            _ = await store.insertIfAbsent(key("n\(index)"), until: start + 3600 + TimeInterval(index), now: start)
        }
        #expect(await store.count <= 100)
        // The newest records are the ones kept.
        #expect(await !store.insertIfAbsent(key("n9999"), until: start + 7200, now: start))
    }

    @Test("200 concurrent inserts of one key: exactly one succeeds")
    func atomic() async {
        let store = MemoryReplayStore()
        let key = key("race")
        let start = start
        let accepted = await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<200 { group.addTask { await store.insertIfAbsent(key, until: start + 60, now: start) } }
            return await group.reduce(0) { $0 + ($1 ? 1 : 0) }
        }
        #expect(accepted == 1)
    }

    @Test("the digest is 32 bytes, tells an absent token from an empty one, and cannot be forged by moving bytes between parts")
    func digest() {
        #expect(key("n").digest.count == 32)
        #expect(key("n").digest != key("n", token: "").digest)
        #expect(ReplayKey(scheme: "s", client: "ab", timestamp: 1, nonce: "c").digest != ReplayKey(scheme: "s", client: "a", timestamp: 1, nonce: "bc").digest)
        #expect(key(String(repeating: "\u{0}';--", count: 2000)).digest.count == 32)
        #expect(key("n").digest == key("n").digest)
    }

    @Test("a key's description shortens the nonce and the token")
    func description() {
        let long = ReplayKey(scheme: "oauth1", client: "c", token: String(repeating: "t", count: 100), timestamp: 1, nonce: String(repeating: "n", count: 100))
        #expect(long.description.count < 120)
    }
}
