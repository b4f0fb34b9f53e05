#if MockServers
import Crypto
import Foundation

/// The same operations through swift-crypto (BoringSSL), the reference.
enum ReferenceWorkloads {
    static func hash<H: HashFunction>(_: H.Type, name: String, label: String, size: Int) -> Workload {
        let message = benchmarkMessage(size)
        return Workload(name: "\(name)/\(label)", bytesPerCall: size) { n in
            var sink: UInt8 = 0
            for _ in 0..<n { sink &+= H.hash(data: message).withUnsafeBytes { $0[0] } }
            return sink
        }
    }

    /// swift-crypto's one-shot API: `HMAC.authenticationCode(for:using:)` does the key setup on
    /// every call (there is no other way to use a `SymmetricKey`).
    static func hmacFresh<H: HashFunction>(_: H.Type, name: String) -> Workload {
        let key = SymmetricKey(data: hmacKey)
        return Workload(name: "hmac-\(name)/300B/fresh-key", bytesPerCall: 0) { n in
            var sink: UInt8 = 0
            for _ in 0..<n { sink &+= HMAC<H>.authenticationCode(for: hmacMessage, using: key).withUnsafeBytes { $0[0] } }
            return sink
        }
    }

    /// swift-crypto's closest thing to a reusable keyed state: copy a keyed `HMAC` value and
    /// finish the copy (its hash contexts are copied on write).
    static func hmacReused<H: HashFunction>(_: H.Type, name: String) -> Workload {
        let keyed = HMAC<H>(key: SymmetricKey(data: hmacKey))
        return Workload(name: "hmac-\(name)/300B/reused-key", bytesPerCall: 0) { n in
            var sink: UInt8 = 0
            for _ in 0..<n {
                var copy = keyed
                copy.update(data: hmacMessage)
                sink &+= copy.finalize().withUnsafeBytes { $0[0] }
            }
            return sink
        }
    }

    static let all: [Workload] =
        hashSizes.map { hash(Insecure.SHA1.self, name: "sha1", label: $0.label, size: $0.bytes) }
        + hashSizes.map { hash(SHA256.self, name: "sha256", label: $0.label, size: $0.bytes) }
        + hashSizes.map { hash(SHA512.self, name: "sha512", label: $0.label, size: $0.bytes) }
        + [hmacFresh(Insecure.SHA1.self, name: "sha1"), hmacReused(Insecure.SHA1.self, name: "sha1"),
           hmacFresh(SHA256.self, name: "sha256"), hmacReused(SHA256.self, name: "sha256")]
}
#endif
