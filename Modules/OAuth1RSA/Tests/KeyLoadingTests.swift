import Foundation
import OAuth1Client
import OAuth1RSA
import Testing

@Suite struct KeyLoadingTests {
    @Test func generatedKeySignsAndVerifies() throws {
        let key = try OAuth1RSAPrivateKey.generate(bits: 1024)
        let message = Array("GET&http%3A%2F%2Fexample.com%2F&a%3D1".utf8)
        for hash in [OAuth1SignatureMethod.Hash.sha1, .sha256, .sha512] {
            let signature = try key.signature(for: message, hash: hash)
            #expect(signature.count == 128)
            #expect(key.publicKey.isValidSignature(signature, for: message, hash: hash))
            #expect(!key.publicKey.isValidSignature(signature, for: message + [0x20], hash: hash))
        }
        let reloaded = try OAuth1RSAPrivateKey(pemRepresentation: key.pemRepresentation)
        #expect(reloaded == key)
        let publicKey = try OAuth1RSAPublicKey(pemRepresentation: key.rsaPublic.pemRepresentation)
        #expect(publicKey == key.rsaPublic)
    }
}
