import SigningCore

/// Digests, MACs, encodings and nonces, the same bytes on every platform.
func signingCoreTour(receivedMAC: String) throws -> Bool {
    print(SHA256.hash("abc").hex)                                 // "ba7816bf…"
    let key = HMAC<SHA256>(key: "secret")                         // key setup once, reusable
    print(key.authenticationCode(for: "message").hex)
    print(PercentEncoding.encode("a b+*~"))                       // "a%20b%2B%2A~" (RFC 3986 unreserved)
    print(try FormEncoding.parse("a=1&a=2&b=x+y"))                // ordered, duplicates kept
    print(Nonce.alphanumeric(length: 32))
    return key.isValidAuthenticationCode(try Hex.decode(receivedMAC), for: Array("message".utf8))   // constant time
}
