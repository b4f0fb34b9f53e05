import SigningCore
import Testing

@Test func smoke() throws {
    #expect(SHA1.hash("abc").hex == "a9993e364706816aba3e25717850c26c9cd0d89d")
    #expect(SHA256.hash("abc").hex == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    #expect(SHA512.hash("abc").hex.hasPrefix("ddaf35a193617aba"))
    #expect(SHA256.hash("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq").hex == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    #expect(HMAC<SHA256>(key: "key").authenticationCode(for: "The quick brown fox jumps over the lazy dog").hex == "f7bc83f430538424b13298e6aa6fb143ef4d59a14946175997479dbc2d1a3cd8")
    #expect(try Base64.decode("Zm9vYmFy") == Array("foobar".utf8))
    #expect(PercentEncoding.encode("a b+*~") == "a%20b%2B%2A~")
    #expect(try FormEncoding.parse("a=1&a=2&b&c=x+y") == [FormField("a","1"),FormField("a","2"),FormField("b",""),FormField("c","x y")])
}
