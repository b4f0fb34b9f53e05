import SigningCore
import Testing

/// One published HMAC test case: key, data, and the expected code (possibly truncated).
struct HMACVector: Sendable, CustomTestStringConvertible {
    let name: String
    let key: [UInt8]
    let data: [UInt8]
    /// The expected authentication code in hex; shorter than the digest when the RFC truncates.
    let expected: String

    var testDescription: String { name }

    static func bytes(_ value: UInt8, count: Int) -> [UInt8] { [UInt8](repeating: value, count: count) }
    static func text(_ string: String) -> [UInt8] { Array(string.utf8) }
    /// 0x01, 0x02, … 0x19: the 25-byte key of RFC 2202 case 4 and RFC 4231 case 4.
    static let counting25 = (1...25).map { UInt8($0) }
    static let largerKeyHashFirst = text("Test Using Larger Than Block-Size Key - Hash Key First")

    /// RFC 2202 §3, HMAC-SHA-1 test cases 1–7 (case 5 also truncated to 96 bits).
    static let rfc2202: [HMACVector] = [
        HMACVector(name: "RFC 2202 case 1", key: bytes(0x0B, count: 20), data: text("Hi There"),
                   expected: "b617318655057264e28bc0b6fb378c8ef146be00"),
        HMACVector(name: "RFC 2202 case 2", key: text("Jefe"), data: text("what do ya want for nothing?"),
                   expected: "effcdf6ae5eb2fa2d27416d5f184df9c259a7c79"),
        HMACVector(name: "RFC 2202 case 3", key: bytes(0xAA, count: 20), data: bytes(0xDD, count: 50),
                   expected: "125d7342b9ac11cd91a39af48aa17b4f63f175d3"),
        HMACVector(name: "RFC 2202 case 4", key: counting25, data: bytes(0xCD, count: 50),
                   expected: "4c9007f4026250c6bc8414f9bf50c86c2d7235da"),
        HMACVector(name: "RFC 2202 case 5", key: bytes(0x0C, count: 20), data: text("Test With Truncation"),
                   expected: "4c1a03424b55e07fe7f27be1d58bb9324a9a5a04"),
        HMACVector(name: "RFC 2202 case 5, truncated to 96 bits", key: bytes(0x0C, count: 20),
                   data: text("Test With Truncation"), expected: "4c1a03424b55e07fe7f27be1"),
        HMACVector(name: "RFC 2202 case 6", key: bytes(0xAA, count: 80), data: largerKeyHashFirst,
                   expected: "aa4ae5e15272d00e95705637ce8a3b55ed402112"),
        HMACVector(name: "RFC 2202 case 7", key: bytes(0xAA, count: 80),
                   data: text("Test Using Larger Than Block-Size Key and Larger Than One Block-Size Data"),
                   expected: "e8e99d0f45237d786d6bbaa7965c7808bbff1a91"),
    ]

    /// RFC 4231 §4.2–4.8 inputs, shared by the SHA-256 and SHA-512 tables.
    private static let rfc4231Inputs: [(name: String, key: [UInt8], data: [UInt8])] = [
        ("RFC 4231 case 1", bytes(0x0B, count: 20), text("Hi There")),
        ("RFC 4231 case 2", text("Jefe"), text("what do ya want for nothing?")),
        ("RFC 4231 case 3", bytes(0xAA, count: 20), bytes(0xDD, count: 50)),
        ("RFC 4231 case 4", counting25, bytes(0xCD, count: 50)),
        ("RFC 4231 case 5, truncated to 128 bits", bytes(0x0C, count: 20), text("Test With Truncation")),
        ("RFC 4231 case 6 (131-byte key)", bytes(0xAA, count: 131), largerKeyHashFirst),
        ("RFC 4231 case 7 (131-byte key, long data)", bytes(0xAA, count: 131),
         text("This is a test using a larger than block-size key and a larger than block-size data. "
              + "The key needs to be hashed before being used by the HMAC algorithm.")),
    ]

    private static func rfc4231(_ expected: [String]) -> [HMACVector] {
        zip(rfc4231Inputs, expected).map { HMACVector(name: $0.name, key: $0.key, data: $0.data, expected: $1) }
    }

    /// RFC 4231 HMAC-SHA-256 results.
    static let rfc4231SHA256 = rfc4231([
        "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7",
        "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843",
        "773ea91e36800e46854db8ebd09181a72959098b3ef8c122d9635514ced565fe",
        "82558a389a443c0ea4cc819899f2083a85f0faa3e578f8077a2e3ff46729665b",
        "a3b6167473100ee06e0c796c2955552b",
        "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54",
        "9b09ffa71b942fcb27635fbcd5b0e944bfdc63644f0713938a7f51535c3a35e2",
    ])

    /// RFC 4231 HMAC-SHA-512 results.
    static let rfc4231SHA512 = rfc4231([
        "87aa7cdea5ef619d4ff0b4241a1d6cb02379f4e2ce4ec2787ad0b30545e17cde"
            + "daa833b7d6b8a702038b274eaea3f4e4be9d914eeb61f1702e696c203a126854",
        "164b7a7bfcf819e2e395fbe73b56e0a387bd64222e831fd610270cd7ea250554"
            + "9758bf75c05a994a6d034f65f8f0e6fdcaeab1a34d4a6b4b636e070a38bce737",
        "fa73b0089d56a284efb0f0756c890be9b1b5dbdd8ee81a3655f83e33b2279d39"
            + "bf3e848279a722c806b485a47e67c807b946a337bee8942674278859e13292fb",
        "b0ba465637458c6990e5a8c5f61d4af7e576d97ff94b872de76f8050361ee3db"
            + "a91ca5c11aa25eb4d679275cc5788063a5f19741120c4f2de2adebeb10a298dd",
        "415fad6271580a531d4179bc891d87a6",
        "80b24263c7c1a3ebb71493c1dd7be8b49b46d1f41b4aeec1121b013783f8f352"
            + "6b56d037e05f2598bd0fd2215d6a1e5295e64f73f63f0aec8b915a985d786598",
        "e37b6a775dc87dbaa4dfa9f96e5e3ffddebd71f8867289865df5a32d20cdc944"
            + "b6022cac3c4982b10d5eeb55c3e4de15134676fb6de0446065c97440fa8c6a58",
    ])
}

@Suite("RFC 2202 and RFC 4231 HMAC vectors")
struct HMACVectorTests {
    /// Checks `code` against a possibly truncated expected value (RFC 2104 §5: leftmost bits).
    private func check(_ code: Digest, _ vector: HMACVector) {
        #expect(String(code.hex.prefix(vector.expected.count)) == vector.expected)
        #expect(code.hex.count >= vector.expected.count)
    }

    @Test(arguments: HMACVector.rfc2202)
    func hmacSHA1(_ vector: HMACVector) {
        check(HMAC<SHA1>(key: vector.key).authenticationCode(for: vector.data), vector)
        check(HMAC<SHA1>.authenticationCode(for: vector.data, key: vector.key), vector)
    }

    @Test(arguments: HMACVector.rfc4231SHA256)
    func hmacSHA256(_ vector: HMACVector) {
        check(HMAC<SHA256>(key: vector.key).authenticationCode(for: vector.data), vector)
    }

    @Test(arguments: HMACVector.rfc4231SHA512)
    func hmacSHA512(_ vector: HMACVector) {
        check(HMAC<SHA512>(key: vector.key).authenticationCode(for: vector.data), vector)
    }

    /// Streaming updates, string keys and messages, and verification give the same answers.
    @Test(arguments: HMACVector.rfc4231SHA256)
    func streamingAndVerification(_ vector: HMACVector) throws {
        var mac = HMAC<SHA256>(key: vector.key)
        for byte in vector.data { mac.update([byte]) }
        check(mac.finalize(), vector)
        check(mac.finalize(), vector)

        let full = HMAC<SHA256>(key: vector.key).authenticationCode(for: vector.data)
        let keyed = HMAC<SHA256>(key: vector.key)
        #expect(keyed.isValidAuthenticationCode(Array(full), for: vector.data))
        var forged = Array(full)
        forged[forged.count - 1] ^= 1
        #expect(!keyed.isValidAuthenticationCode(forged, for: vector.data))
        #expect(!keyed.isValidAuthenticationCode(Array(full.dropLast()), for: vector.data))
    }

    /// One keyed state signs many messages: reuse gives the same codes as fresh key setup.
    @Test func reusedKeyedState() {
        let keyed = HMAC<SHA1>(key: "kd94hf93k423kf44&pfkkdhi9sl3r4s00")
        for message in ["", "a", "GET&http%3A%2F%2Fphotos.example.net%2Fphotos", String(repeating: "x", count: 300)] {
            #expect(keyed.authenticationCode(for: message) == HMAC<SHA1>(key: Array("kd94hf93k423kf44&pfkkdhi9sl3r4s00".utf8))
                .authenticationCode(for: Array(message.utf8)))
        }
        #expect(HMAC<SHA256>(key: "key").authenticationCode(for: "The quick brown fox jumps over the lazy dog").hex
            == "f7bc83f430538424b13298e6aa6fb143ef4d59a14946175997479dbc2d1a3cd8")
    }
}
