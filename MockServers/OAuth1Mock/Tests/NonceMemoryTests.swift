import Foundation


@testable import OAuth1Mock
import Testing

@Suite("Nonce memory")
struct NonceMemoryTests {
    @Test("nonces older than the window are forgotten, so memory stays bounded")
    func bounded() async {
        let store = OAuth1TokenStore(options: OAuth1MockOptions(timestampWindowSeconds: 300))
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        for index in 0..<100 {
            #expect(await store.useNonce("n\(index)", consumerKey: "c", timestamp: 1_800_000_000, now: start))
        }
        #expect(await store.useNonce("n1", consumerKey: "c", timestamp: 1_800_000_000, now: start) == false)
        #expect(await store.useNonce("n1", consumerKey: "other", timestamp: 1_800_000_000, now: start))
        #expect(await store.useNonce("n1", consumerKey: "c", timestamp: 1_800_000_001, now: start))
        #expect(await store.rememberedNonceCount == 102)
        let later = start.addingTimeInterval(301)
        #expect(await store.useNonce("fresh", consumerKey: "c", timestamp: 1_800_000_301, now: later))
        #expect(await store.rememberedNonceCount == 2)
    }
}
