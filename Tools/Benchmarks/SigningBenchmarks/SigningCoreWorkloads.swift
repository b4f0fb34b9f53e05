import SigningCore

/// The operations measured for SigningCore.
enum SigningCoreWorkloads {
    static func hash<H: HashAlgorithm>(_: H.Type, label: String, size: Int) -> Workload {
        let message = benchmarkMessage(size)
        return Workload(name: "\(shortName(H.name))/\(label)", bytesPerCall: size) { n in
            var sink: UInt8 = 0
            for _ in 0..<n { sink &+= H.hash(message)[0] }
            return sink
        }
    }

    static func hmacFresh<H: HashAlgorithm>(_: H.Type) -> Workload {
        Workload(name: "hmac-\(shortName(H.name))/300B/fresh-key", bytesPerCall: 0) { n in
            var sink: UInt8 = 0
            for _ in 0..<n { sink &+= HMAC<H>(key: hmacKey).authenticationCode(for: hmacMessage)[0] }
            return sink
        }
    }

    static func hmacReused<H: HashAlgorithm>(_: H.Type) -> Workload {
        let keyed = HMAC<H>(key: hmacKey)
        return Workload(name: "hmac-\(shortName(H.name))/300B/reused-key", bytesPerCall: 0) { n in
            var sink: UInt8 = 0
            for _ in 0..<n { sink &+= keyed.authenticationCode(for: hmacMessage)[0] }
            return sink
        }
    }

    static let all: [Workload] =
        hashSizes.map { hash(SHA1.self, label: $0.label, size: $0.bytes) }
        + hashSizes.map { hash(SHA256.self, label: $0.label, size: $0.bytes) }
        + hashSizes.map { hash(SHA512.self, label: $0.label, size: $0.bytes) }
        + [hmacFresh(SHA1.self), hmacReused(SHA1.self), hmacFresh(SHA256.self), hmacReused(SHA256.self)]

    /// Allocation probes: `run(n)` does `n` units of work (blocks or HMACs) with everything
    /// else constant, so the difference between two `n` is the per-unit allocation count.
    static func blocks<H: HashAlgorithm>(_: H.Type) -> Workload {
        let block = benchmarkMessage(H.blockByteCount)
        return Workload(name: "\(shortName(H.name))/per-block", bytesPerCall: 0) { n in
            var hasher = H()
            for _ in 0..<n { hasher.update(block) }
            return hasher.finalize()[0]
        }
    }

    static let allocationProbes: [Workload] = [
        blocks(SHA1.self), blocks(SHA256.self), blocks(SHA512.self),
        hash(SHA256.self, label: "64B", size: 64),
        hmacFresh(SHA1.self), hmacReused(SHA1.self), hmacFresh(SHA256.self), hmacReused(SHA256.self),
    ]
}
