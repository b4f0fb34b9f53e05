import Foundation
import OAuth1Client
import OAuth1RSA
import Testing

/// The RSA-SHA1 example of the OAuth test cases (wiki.oauth.net/TestCases, "RSA-SHA1"), the
/// one every OAuth library reproduces: its 1024-bit PKCS #8 key, its self-signed certificate
/// ("Test Principal"), the request, the base string and the published signature.
enum RSASHA1TestVector {
    static let privateKey = """
        -----BEGIN PRIVATE KEY-----
        MIICdgIBADANBgkqhkiG9w0BAQEFAASCAmAwggJcAgEAAoGBALRiMLAh9iimur8V
        A7qVvdqxevEuUkW4K+2KdMXmnQbG9Aa7k7eBjK1S+0LYmVjPKlJGNXHDGuy5Fw/d
        7rjVJ0BLB+ubPK8iA/Tw3hLQgXMRRGRXXCn8ikfuQfjUS1uZSatdLB81mydBETlJ
        hI6GH4twrbDJCR2Bwy/XWXgqgGRzAgMBAAECgYBYWVtleUzavkbrPjy0T5FMou8H
        X9u2AC2ry8vD/l7cqedtwMPp9k7TubgNFo+NGvKsl2ynyprOZR1xjQ7WgrgVB+mm
        uScOM/5HVceFuGRDhYTCObE+y1kxRloNYXnx3ei1zbeYLPCHdhxRYW7T0qcynNmw
        rn05/KO2RLjgQNalsQJBANeA3Q4Nugqy4QBUCEC09SqylT2K9FrrItqL2QKc9v0Z
        zO2uwllCbg0dwpVuYPYXYvikNHHg+aCWF+VXsb9rpPsCQQDWR9TT4ORdzoj+Nccn
        qkMsDmzt0EfNaAOwHOmVJ2RVBspPcxt5iN4HI7HNeG6U5YsFBb+/GZbgfBT3kpNG
        WPTpAkBI+gFhjfJvRw38n3g/+UeAkwMI2TJQS4n8+hid0uus3/zOjDySH3XHCUno
        cn1xOJAyZODBo47E+67R4jV1/gzbAkEAklJaspRPXP877NssM5nAZMU0/O/NGCZ+
        3jPgDUno6WbJn5cqm8MqWhW1xGkImgRk+fkDBquiq4gPiT898jusgQJAd5Zrr6Q8
        AO/0isr/3aa6O6NLQxISLKcPDk2NOccAfS/xOtfOz4sJYM3+Bs4Io9+dZGSDCA54
        Lw03eHTNQghS0A==
        -----END PRIVATE KEY-----
        """

    static let certificate = """
        -----BEGIN CERTIFICATE-----
        MIIBpjCCAQ+gAwIBAgIBATANBgkqhkiG9w0BAQUFADAZMRcwFQYDVQQDDA5UZXN0
        IFByaW5jaXBhbDAeFw03MDAxMDEwODAwMDBaFw0zODEyMzEwODAwMDBaMBkxFzAV
        BgNVBAMMDlRlc3QgUHJpbmNpcGFsMIGfMA0GCSqGSIb3DQEBAQUAA4GNADCBiQKB
        gQC0YjCwIfYoprq/FQO6lb3asXrxLlJFuCvtinTF5p0GxvQGu5O3gYytUvtC2JlY
        zypSRjVxwxrsuRcP3e641SdASwfrmzyvIgP08N4S0IFzEURkV1wp/IpH7kH41Etb
        mUmrXSwfNZsnQRE5SYSOhh+LcK2wyQkdgcMv11l4KoBkcwIDAQABMA0GCSqGSIb3
        DQEBBQUAA4GBAGZLPEuJ5SiJ2ryq+CmEGOXfvlTtEL2nuGtr9PewxkgnOjZpUy+d
        4TvuXJbNQc8f4AMWL/tO9w0Fk80rWKp9ea8/df4qMq5qlFWlx6yOLQxumNOmECKb
        WpkUQDIDJEoFUzKMVuJf4KO/FJ345+BNLGgbJ6WujreoM1X/gYfdnJ/J
        -----END CERTIFICATE-----
        """

    static let url = URL(string: "http://photos.example.net/photos?file=vacaction.jpg&size=original")!
    static let consumerKey = "dpf43f3p2l4k3l03"
    static let nonce = "13917289812797014437"
    static let timestamp = 1_196_666_512

    static let baseString = "GET&http%3A%2F%2Fphotos.example.net%2Fphotos&file%3Dvacaction.jpg%26oauth_consumer_key%3Ddpf43f3p2l4k3l03"
        + "%26oauth_nonce%3D13917289812797014437%26oauth_signature_method%3DRSA-SHA1%26oauth_timestamp%3D1196666512"
        + "%26oauth_version%3D1.0%26size%3Doriginal"

    static let signature = "jvTp/wX1TYtByB1m+Pbyo0lnCOLIsyGCH7wke8AUs3BpnwZJtAuEJkvQL2/9n4s5wUmUl4aCI4BwpraNx4RtEXMe5qg5T1LVTGliMRpKasKsW//e+RinhejgCuzoH26dyF8iY2ZZ/5D1ilgeijhV/vBka5twt399mXwaYdCwFYE="
}

@Suite struct RSASHA1TestVectorTests {
    @Test("the signer with the example's clock and nonce gives its base string and signature exactly")
    func signerReproducesTheExample() throws {
        let key = try OAuth1RSAPrivateKey(pemRepresentation: RSASHA1TestVector.privateKey)
        let signer = OAuth1Signer(
            credentials: OAuth1Credentials(consumerKey: RSASHA1TestVector.consumerKey, privateKey: key),
            signatureMethod: .rsaSHA1,
            clock: { Date(timeIntervalSince1970: TimeInterval(RSASHA1TestVector.timestamp)) },
            nonce: { RSASHA1TestVector.nonce }
        )
        let signed = try signer.sign(OAuth1Request(method: "GET", url: RSASHA1TestVector.url))
        #expect(signed.baseString == RSASHA1TestVector.baseString)
        #expect(signed.signature == RSASHA1TestVector.signature)
    }

    @Test("the example's private key loads: PKCS #8, 1024 bits, its public half is the certificate's key")
    func privateKeyLoads() throws {
        let key = try OAuth1RSAPrivateKey(pemRepresentation: RSASHA1TestVector.privateKey)
        let certificate = try OAuth1RSAPublicKey(pemRepresentation: RSASHA1TestVector.certificate)
        #expect(key.keySizeInBits == 1024)
        #expect(certificate.keySizeInBits == 1024)
        #expect(key.rsaPublic == certificate)
    }

    @Test("the example's certificate verifies its signature, as a received request and alone; a changed request does not")
    func certificateVerifiesTheExample() throws {
        let certificate = try OAuth1RSAPublicKey(pemRepresentation: RSASHA1TestVector.certificate)
        let signature = try Base64.decode(RSASHA1TestVector.signature)
        #expect(certificate.isValidSignature(signature, for: Array(RSASHA1TestVector.baseString.utf8), hash: .sha1))
        #expect(!certificate.isValidSignature(signature, for: Array(RSASHA1TestVector.baseString.utf8), hash: .sha256))

        let header = "OAuth oauth_consumer_key=\"dpf43f3p2l4k3l03\", oauth_signature_method=\"RSA-SHA1\", oauth_timestamp=\"1196666512\", "
            + "oauth_nonce=\"13917289812797014437\", oauth_version=\"1.0\", oauth_signature=\"\(PercentEncoding.encode(RSASHA1TestVector.signature))\""
        let received = try OAuth1IncomingRequest(method: "GET", url: RSASHA1TestVector.url, authorizationHeader: header, contentType: nil, body: [])
        #expect(received.baseString == RSASHA1TestVector.baseString)
        #expect(received.verify(.publicKey(certificate)))
        let changed = try OAuth1IncomingRequest(
            method: "GET", url: URL(string: "http://photos.example.net/photos?file=vacation.jpg&size=original")!,
            authorizationHeader: header, contentType: nil, body: []
        )
        #expect(!changed.verify(.publicKey(certificate)))
    }
}
