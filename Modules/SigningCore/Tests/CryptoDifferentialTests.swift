#if MockServers
import TestSupport
import Crypto
import SigningCore
import Testing

/// SigningCore against swift-crypto (BoringSSL) on thousands of random messages, with lengths
/// concentrated on the padding edges, fed in random pieces. The seed is fixed, so a failure
/// names a message that reproduces.
@Suite("Differential: SigningCore vs swift-crypto", .heavy)
struct CryptoDifferentialTests {
    static let messagesPerCase = 2_500

    /// Hashes `message` in the random pieces `random` chooses.
    private func streamed<H: SigningCore.HashAlgorithm>(_: H.Type, _ message: [UInt8], _ random: inout SplitMix64) -> SigningCore.Digest {
        var hasher = H()
        var start = 0
        for size in random.chunkSizes(total: message.count) {
            hasher.update(message[start..<(start + size)])
            start += size
        }
        return hasher.finalize()
    }

    private func compareHash<H: SigningCore.HashAlgorithm, R: Crypto.HashFunction>(_: H.Type, _: R.Type, seed: UInt64) {
        var random = SplitMix64(seed: seed)
        var failures = 0
        for index in 0..<Self.messagesPerCase {
            let message = random.bytes(random.messageLength(blockSize: H.blockByteCount))
            let expected = Array(R.hash(data: message))
            let oneShot = Array(H.hash(message))
            let pieces = Array(streamed(H.self, message, &random))
            if oneShot != expected || pieces != expected {
                failures += 1
                Issue.record("\(H.name) differs for message \(index) of seed \(seed), \(message.count) bytes: \(Hex.encode(message.prefix(64)))…")
                if failures > 5 { return }
            }
        }
    }

    @Test func sha1() { compareHash(SigningCore.SHA1.self, Insecure.SHA1.self, seed: 1) }
    @Test func sha256() { compareHash(SigningCore.SHA256.self, Crypto.SHA256.self, seed: 256) }
    @Test func sha512() { compareHash(SigningCore.SHA512.self, Crypto.SHA512.self, seed: 512) }

    private func compareHMAC<H: SigningCore.HashAlgorithm, R: Crypto.HashFunction>(_: H.Type, _: R.Type, seed: UInt64) {
        var random = SplitMix64(seed: seed)
        var failures = 0
        for index in 0..<Self.messagesPerCase {
            let keyLength = Bool.random(using: &random)
                ? Int.random(in: 0...(3 * H.blockByteCount), using: &random)
                : [0, 1, H.blockByteCount - 1, H.blockByteCount, H.blockByteCount + 1].randomElement(using: &random)!
            let key = random.bytes(keyLength)
            let message = random.bytes(random.messageLength(blockSize: H.blockByteCount, blocks: 3))
            let expected = Array(Crypto.HMAC<R>.authenticationCode(for: message, using: SymmetricKey(data: key)))
            let keyed = SigningCore.HMAC<H>(key: key)
            var streaming = keyed
            var start = 0
            for size in random.chunkSizes(total: message.count) {
                streaming.update(message[start..<(start + size)])
                start += size
            }
            let codes = [Array(keyed.authenticationCode(for: message)), Array(streaming.finalize()),
                         Array(SigningCore.HMAC<H>.authenticationCode(for: message, key: key))]
            if codes.contains(where: { $0 != expected }) || !keyed.isValidAuthenticationCode(expected, for: message) {
                failures += 1
                Issue.record("HMAC-\(H.name) differs for case \(index) of seed \(seed): key \(key.count) bytes, message \(message.count) bytes")
                if failures > 5 { return }
            }
        }
    }

    @Test func hmacSHA1() { compareHMAC(SigningCore.SHA1.self, Insecure.SHA1.self, seed: 11) }
    @Test func hmacSHA256() { compareHMAC(SigningCore.SHA256.self, Crypto.SHA256.self, seed: 2256) }
    @Test func hmacSHA512() { compareHMAC(SigningCore.SHA512.self, Crypto.SHA512.self, seed: 2512) }
}
#endif
