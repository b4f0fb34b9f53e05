import SigningCore
import Testing

/// FIPS 180-4 example messages (NIST CSRC "Examples with intermediate values" and the
/// one-million-`a` long message of the Secure Hash Standard validation set).
struct HashVector: Sendable, CustomTestStringConvertible {
    /// What the message is, for the test log.
    let name: String
    /// The message: `text` repeated `repeating` times.
    let text: String
    let repeating: Int
    let sha1: String
    let sha256: String
    let sha512: String

    var message: [UInt8] { Array(String(repeating: text, count: repeating).utf8) }
    var testDescription: String { name }

    static let all: [HashVector] = [
        HashVector(
            name: "empty", text: "", repeating: 1,
            sha1: "da39a3ee5e6b4b0d3255bfef95601890afd80709",
            sha256: "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
            sha512: "cf83e1357eefb8bdf1542850d66d8007d620e4050b5715dc83f4a921d36ce9ce"
                + "47d0d13c5d85f2b0ff8318d2877eec2f63b931bd47417a81a538327af927da3e"
        ),
        HashVector(
            name: "abc", text: "abc", repeating: 1,
            sha1: "a9993e364706816aba3e25717850c26c9cd0d89d",
            sha256: "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
            sha512: "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a"
                + "2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f"
        ),
        HashVector(
            name: "448 bits", text: "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", repeating: 1,
            sha1: "84983e441c3bd26ebaae4aa1f95129e5e54670f1",
            sha256: "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1",
            sha512: "204a8fc6dda82f0a0ced7beb8e08a41657c16ef468b228a8279be331a703c335"
                + "96fd15c13b1b07f9aa1d3bea57789ca031ad85c7a71dd70354ec631238ca3445"
        ),
        HashVector(
            name: "896 bits",
            text: "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu",
            repeating: 1,
            sha1: "a49b2446a02c645bf419f995b67091253a04a259",
            sha256: "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1",
            sha512: "8e959b75dae313da8cf4f72814fc143f8f7779c6eb9f7fa17299aeadb6889018"
                + "501d289e4900f7e4331b99dec4b5433ac7d329eeb6dd26545e96e55b874be909"
        ),
        HashVector(
            name: "one million a", text: "a", repeating: 1_000_000,
            sha1: "34aa973cd4c4daa4f61eeb2bdbad27316534016f",
            sha256: "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0",
            sha512: "e718483d0ce769644e2e42c7bc15b4638e1f98b13b2044285632a803afa973eb"
                + "de0ff244877ea60a4cb0432ce577c31beb009c5c2c49aa2e4eadb217ad8cc09b"
        ),
    ]
}

@Suite("FIPS 180-4 hash vectors")
struct HashVectorTests {
    @Test(arguments: HashVector.all)
    func sha1(_ vector: HashVector) {
        #expect(SHA1.hash(vector.message).hex == vector.sha1)
    }

    @Test(arguments: HashVector.all)
    func sha256(_ vector: HashVector) {
        #expect(SHA256.hash(vector.message).hex == vector.sha256)
    }

    @Test(arguments: HashVector.all)
    func sha512(_ vector: HashVector) {
        #expect(SHA512.hash(vector.message).hex == vector.sha512)
    }

    /// The same vectors fed one byte at a time, then in 1000-byte pieces, through the streaming
    /// interface; `finalize()` leaves the hasher usable.
    @Test(arguments: HashVector.all)
    func streaming(_ vector: HashVector) {
        let message = vector.message
        var sha1 = SHA1(), sha256 = SHA256(), sha512 = SHA512()
        let pieceSize = message.count > 10_000 ? 1000 : 1
        for start in stride(from: 0, to: message.count, by: pieceSize) {
            let piece = message[start..<min(start + pieceSize, message.count)]
            sha1.update(piece)
            sha256.update(piece)
            sha512.update(piece)
        }
        #expect(sha1.finalize().hex == vector.sha1)
        #expect(sha256.finalize().hex == vector.sha256)
        #expect(sha512.finalize().hex == vector.sha512)
        #expect(sha256.finalize().hex == vector.sha256, "finalize() must not change the hasher")
    }

    /// Strings, non-contiguous sequences and contiguous arrays of the same bytes hash alike.
    @Test func inputKinds() {
        let text = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"
        let expected = "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
        #expect(SHA256.hash(text).hex == expected)
        #expect(SHA256.hash(text.utf8).hex == expected)
        #expect(SHA256.hash(Array(text.utf8)).hex == expected)
        #expect(SHA256.hash(text.utf8.lazy.map { $0 }).hex == expected)
        #expect(SHA256.hash(Substring(text)).hex == expected)
    }

    @Test func metadata() {
        #expect((SHA1.blockByteCount, SHA1.digestByteCount, SHA1.name) == (64, 20, "SHA-1"))
        #expect((SHA256.blockByteCount, SHA256.digestByteCount, SHA256.name) == (64, 32, "SHA-256"))
        #expect((SHA512.blockByteCount, SHA512.digestByteCount, SHA512.name) == (128, 64, "SHA-512"))
        #expect(SHA1.hash("").count == 20 && SHA256.hash("").count == 32 && SHA512.hash("").count == 64)
    }
}
