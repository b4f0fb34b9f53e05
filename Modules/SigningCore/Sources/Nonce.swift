/// Random single-use values for signed requests, from an injectable random number generator.
///
/// The operating system's secure generator is the default (its first 64 bytes fetched in one
/// call, so a nonce costs one system call); tests pass a seeded generator for reproducible
/// output. Every signer of this package makes its nonces here.
public enum Nonce {
    private static let alphanumerics: StaticString = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"

    /// `length` characters from `A–Z a–z 0–9`, uniformly distributed (rejection sampling).
    ///
    /// Alphanumeric nonces need no escaping anywhere and satisfy strict verifiers such as
    /// oauthlib's (20–30 alphanumerics by default). 32 characters carry ≈190 bits.
    ///
    /// - Precondition: `length` is in `1...4096`.
    public static func alphanumeric(length: Int = 32, using generator: inout some RandomNumberGenerator) -> String {
        precondition((1...4096).contains(length), "a nonce has 1 to 4096 characters")
        return alphanumerics.withUTF8Buffer { table in
            var output = [UInt8]()
            output.reserveCapacity(length)
            while output.count < length {
                var word = generator.next()
                for _ in 0..<8 where output.count < length {
                    let byte = UInt8(truncatingIfNeeded: word)
                    word >>= 8
                    if byte < 248 { output.append(table[Int(byte % 62)]) }  // 248 = 4 × 62
                }
            }
            return String(decoding: output, as: UTF8.self)
        }
    }

    /// `length` alphanumeric characters from the system's secure generator.
    public static func alphanumeric(length: Int = 32) -> String {
        var generator = PrefetchedSecureRandom()
        return alphanumeric(length: length, using: &generator)
    }

    /// `byteCount` random bytes as unpadded URL-safe Base64 (16 bytes give 22 characters).
    ///
    /// - Precondition: `byteCount` is in `1...4096`.
    public static func urlSafe(byteCount: Int = 16, using generator: inout some RandomNumberGenerator) -> String {
        precondition((1...4096).contains(byteCount), "a nonce has 1 to 4096 bytes")
        var bytes = [UInt8]()
        bytes.reserveCapacity(byteCount + 7)
        while bytes.count < byteCount {
            withUnsafeBytes(of: generator.next()) { bytes.append(contentsOf: $0) }
        }
        return Base64.encode(bytes.prefix(byteCount), alphabet: .urlSafe, padding: false)
    }

    /// `byteCount` bytes from the system's secure generator as unpadded URL-safe Base64.
    public static func urlSafe(byteCount: Int = 16) -> String {
        var generator = PrefetchedSecureRandom()
        return urlSafe(byteCount: byteCount, using: &generator)
    }
}
