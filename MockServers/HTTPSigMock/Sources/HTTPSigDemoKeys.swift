import HTTPMessageSignatures
import HTTPMessageSignaturesCrypto
import SigningCore

/// The mock's demo keys: one agent key of every RFC 9421 algorithm (§3.3) and the server's own
/// Ed25519 key, the same in every run, every process and every checkout — so scripts, ready
/// files and tests can name them. **Demo keys: published with this package, never for
/// anything real.**
///
/// The Ed25519 and ECDSA keys and the HMAC secret are derived from fixed seeds (SHA-256 or
/// SHA-512 of a label: the Ed25519 seed, the EC scalar); swift-crypto cannot derive an RSA key
/// from a seed, so the two RSA keys (2048 bits) were generated once with
/// `openssl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:2048` and are checked in below as
/// PKCS #8 PEM. A provider's ``MockProvider/demoCredentials`` cannot see the server's `seed`,
/// so the keys do not vary with it.
///
/// Every asymmetric key's `keyid` is its RFC 7638 JWK thumbprint (base64url SHA-256), as Web
/// Bot Auth names keys (draft-meunier-webbotauth-httpsig-protocol, "Generating HTTP Message
/// Signature": "keyid MUST be a base64url JWK SHA-256 Thumbprint"); the HMAC secret's is
/// ``hmacKeyID``.
enum HTTPSigDemoKeys {
    /// One agent key: its `keyid` and the private key.
    struct Agent: Sendable {
        let keyID: String
        let key: HTTPSignaturePrivateKey
        var algorithm: HTTPSignatureAlgorithm { key.algorithm }
    }

    /// The HMAC secret's `keyid`.
    static let hmacKeyID = "httpsig-demo-hmac-sha256"
    /// The HMAC secret's 32 bytes.
    static let hmacSecret: [UInt8] = seed("hmac-sha256", count: 32)
    /// The HMAC secret as a key.
    static let hmacKey: HTTPSignatureHMACKey = demo { () throws(HTTPMessageSignatureError) in try HTTPSignatureHMACKey(secret: hmacSecret) }

    /// The agent's Ed25519 key (what `server.client(HTTPSigMockProvider.self)` signs with).
    static let ed25519 = agent { () throws(HTTPMessageSignatureError) in
        try HTTPSignaturePrivateKey(derRepresentation: ed25519PKCS8Prefix + seed("ed25519", count: 32))
    }
    /// The agent's ECDSA P-256 key.
    static let ecdsaP256 = agent { () throws(HTTPMessageSignatureError) in
        try HTTPSignaturePrivateKey(derRepresentation: sec1(scalar: seed("ecdsa-p256-sha256", count: 32), curve: p256OID))
    }
    /// The agent's ECDSA P-384 key.
    static let ecdsaP384 = agent { () throws(HTTPMessageSignatureError) in
        try HTTPSignaturePrivateKey(derRepresentation: sec1(scalar: seed("ecdsa-p384-sha384", count: 48), curve: p384OID))
    }
    /// The agent's RSA key for `rsa-pss-sha512`.
    static let rsaPSS = agent { () throws(HTTPMessageSignatureError) in try HTTPSignaturePrivateKey(pemRepresentation: rsaPSSPEM, algorithm: .rsaPSSSHA512) }
    /// The agent's RSA key for `rsa-v1_5-sha256`.
    static let rsaV15 = agent { () throws(HTTPMessageSignatureError) in try HTTPSignaturePrivateKey(pemRepresentation: rsaV15PEM, algorithm: .rsaV15SHA256) }

    /// Every agent key pair, in the registry's order of their algorithms after Ed25519.
    static let agents: [Agent] = [ed25519, ecdsaP256, ecdsaP384, rsaPSS, rsaV15]

    /// The server's Ed25519 key, which signs its answers (and nothing else).
    static let server = agent { () throws(HTTPMessageSignatureError) in
        try HTTPSignaturePrivateKey(derRepresentation: ed25519PKCS8Prefix + seed("server ed25519", count: 32))
    }

    // MARK: Derivation

    /// `count` bytes of SHA-512 (or SHA-256 for 32) of a fixed label naming `purpose`.
    static func seed(_ purpose: String, count: Int) -> [UInt8] {
        let label = Array("signed-api-sdk HTTPSigMock demo key: \(purpose)".utf8)
        return count <= 32 ? Array(Array(SHA256.hash(label)).prefix(count)) : Array(Array(SHA512.hash(label)).prefix(count))
    }

    /// PKCS #8 `PrivateKeyInfo` for Ed25519 up to the 32-byte seed (RFC 8410 §7).
    static let ed25519PKCS8Prefix: [UInt8] = [0x30, 0x2E, 0x02, 0x01, 0x00, 0x30, 0x05, 0x06, 0x03, 0x2B, 0x65, 0x70, 0x04, 0x22, 0x04, 0x20]
    /// `prime256v1` (1.2.840.10045.3.1.7), DER.
    static let p256OID: [UInt8] = [0x06, 0x08, 0x2A, 0x86, 0x48, 0xCE, 0x3D, 0x03, 0x01, 0x07]
    /// `secp384r1` (1.3.132.0.34), DER.
    static let p384OID: [UInt8] = [0x06, 0x05, 0x2B, 0x81, 0x04, 0x00, 0x22]

    /// SEC 1 `ECPrivateKey` (RFC 5915 §3): version 1, the scalar, the named curve; no public key.
    static func sec1(scalar: [UInt8], curve: [UInt8]) -> [UInt8] {
        let body: [UInt8] = [0x02, 0x01, 0x01, 0x04, UInt8(scalar.count)] + scalar + [0xA0, UInt8(curve.count)] + curve
        return [0x30, UInt8(body.count)] + body
    }

    /// An agent key made by `make`, its `keyid` its JWK thumbprint. The inputs are constants,
    /// so a failure is a mistake in this file, which every test of the module would show.
    private static func agent(_ make: () throws(HTTPMessageSignatureError) -> HTTPSignaturePrivateKey) -> Agent {
        let key = demo(make)
        return Agent(keyID: key.publicKey.jwkThumbprint, key: key)
    }

    private static func demo<Key>(_ make: () throws(HTTPMessageSignatureError) -> Key) -> Key {
        do {
            return try make()
        } catch {
            preconditionFailure("HTTPSigMock's demo key constants are damaged: \(error.message)")
        }
    }

    // MARK: The checked-in RSA keys (demo keys, 2048 bits, PKCS #8)

    static let rsaPSSPEM = """
        -----BEGIN PRIVATE KEY-----
        MIIEvAIBADANBgkqhkiG9w0BAQEFAASCBKYwggSiAgEAAoIBAQC8+Wlzm9qCcc8k
        chk4wwcoxzYh3XyY7U4ce4NrEhPVuNumd49+9AUnUZE16JkA7LgZYsamv8TkI9oN
        ae9FkWk13sqCj0Ho6voGe3/Ys8vk55/GnwWaaAz3vVLpWjf47GCob7bJ0kGJIU4n
        RFo0sOVwopSJVSQkLCcib8/FjnodBgJ0QzAPUgT/Bw57TT4kr49LGSUB0pNhzpVh
        x6IMdtBL75P6s5pfKv5FCO+tLh1Gqt1poIBj5eJ5INnGCZ7aBCtVH278MbXUQOCG
        H+9hus/fZIQ+E9JiGI6dG4gLvpgLtcl0GC9iBZjqYqQhBIbQxlGvaYLb5x/etTlt
        X8r16kbNAgMBAAECggEAAhkkLO7FEqpgKhUY50LFwz57AQ3sLT0tSdmr5YtyLERS
        LrCofONeufII57f+bZPd82zfrHL3+lnU46M9JIuZxx8DJpyf7GMiMDeSKCjO5xVp
        9mhGRVGfGz0UkkIN2bYI2LXs1KQrVXIeOQdkQljYeKiwIi+PfYCpVT436LH39Hcw
        tyeDHdMwmflaXNqIpeaiS2hHo+8ERVgGGqHbg6Y1fphn709hpzMNSRqVN2W5whEb
        7myUHaiQTFscjAerMJqm10jBhFRo5wFfK+RNQ+Dm8vkaoBTSA4ar0xKyLiQjq5Wa
        1yBOVng2zzQWicqqKsmChAn+HRWMP1ttdUQMXjg+LQKBgQDu1j/ih4rgwzPgRjkt
        6ormswjCQor0xS+sG9BXbJ9kC32S9/3vd9Hog9+ODJ2sTXUYVLDG52L54aOaOT+o
        mbXMJbzGKfi+mGj+3ZXCYycOXh8bp0jK1+VdgY+vuXhdySVcjER8m98gy92NWPUG
        6cYFhzcukSI+Oseaz55/571dIwKBgQDKjd3qb6E7CyyJ9PfcAaMfucC+JHyrvIge
        3owsMMRf49ZRUrGTetwjp6Si9BSqvkUiAaRdWJ9NluBCFILvtJOFjgvzI948Cthn
        1u3qynNVMQo2GQpSWnb3vEHgPFmGsynmQdazjnzMhhru87sUcQYr8wMEDXBUmSLs
        02db2RJjTwKBgF9McfVLrCh++yYUHyCpI39mFKqerp94Rstf1cPsfbUHuLV56oMw
        xjsG0570fb2QspZgxKC5Fw8p74PMMBBwNNAehrJzcONsIQkBFY6Yza6386WvHCaD
        +utSlSjC0rppVlUVSwaFk4Sck+yggDSf9vmhuG0GUCmQfrDRAyd6Kl8NAoGAbkXD
        3eC+FyXjLowF8GmXxCrdaub0VI7EUIH6MAiwsD+aqxVpBZBqjqKy9+AH7Fi/zF62
        e/dGavhLyM3f5t4ZPilyCgGp+GgzHn0dc6iaF3QmSgNh4inMAN0lxA029CVQF0Ia
        wBA/kx0jRpm8bMmHgZ/AMZGbaQMhx2rkJ1XLM/MCgYB89oh1TdtrUnbGSJmaEafE
        xfD5wL/gt9nk5pd6JHwldJKGD36u/2g1omtlgKEpXu7RD7OI7vYhf7jdJbs8rpnu
        BTn7BEy/v8VHb0vUzvv9j7fl1uE+xHffy/LdhYj3MSbI3OT2a8UR4ddXyXM3oUo2
        BhCMBkEYJ4JwgMQgYmXsoQ==
        -----END PRIVATE KEY-----
        """

    static let rsaV15PEM = """
        -----BEGIN PRIVATE KEY-----
        MIIEvgIBADANBgkqhkiG9w0BAQEFAASCBKgwggSkAgEAAoIBAQC4vK+yT6K0fRCj
        IC/bl3MeDd9xL+UpNZ58Nksm3T2Ouo94UPCTlqoh6D/PG4g6hAy+397HaOwSvj6t
        9gTczV+tkRevmlxAlezGVIdsy6SCYOMlQ2EPGyVhHg543O99EtBJITtV79AEDC+d
        uJuHPJhnhuzh7YYRkRKpPSwj9VUGUeWTQSMiSxyLWa30u0R3qggW+j3EmVrYskE/
        4yrKMrcuQzR/yJcBD4VV/t+KqTTLLyHXZYGvoH09Jw2YvYumUWA5EcvvvD+VaqeW
        W6tmIt49aHnSsS4t5kcmojOn+jvztgWpr6ZmFzIWfnv7qVCEJaruC3vRob9Gy8vr
        ls9ikO/lAgMBAAECggEAEoPy1hvOMmnQh5D7yvYIdywrx3Pl83XozwlACgKln08K
        fyQZoKk6nxBgiNj5E+hVQLI+aV0WQCCqNpRQU3MQElzW82Y0tdJw+0XQlvJoKBse
        2QbCTRnK6stw5uM56569mn7GrCvPfQBdq2Cr0eecXM/0oQZF6C/Sn3y+llIJ9gqG
        ahIaxwrlfasweQFJUk59TE6/3WFOhwyLa0zF6B7AxPvC5pyPJVRJqaW34R1XOP/B
        AFtBDJ/l5LD2w9yRr+7C9z/hP4y79aZldQ4E2V/vWhd+jxu1WwA7BAqIpb+jVn9T
        GUKj4lLp+1tc8hRBJ5Hjv090lN5D3xD2qIkj2GqWNwKBgQDzW/cPx+JhCzhca/LB
        MZVXm/nLnC8aKYDRsCZSDiAd8aOJ43FzvefEif4/Las+rvI4A9+vT/UhCBgxrG07
        S8rXWKM+D94NPE8NZZ7BhgoTveb+Jkauf/b5u2+HReJ/zag+hW1WWN3/pbrafX5/
        N6ZH0zNv018AxqP2CzAuEMhZpwKBgQDCVTN6Bi4EVxVoDbuKjukwwF+YDg/gNclg
        chcuF3XPmJ7QQ7Ihuiome3ewzBkX8iWlXUQYkgaT77qjYPgTORaCGESZUOmToaTT
        QARCT7AAOPgTJDsWovrRjJO//tqj19isFyeNLwCOWY+vs3nJ/4DCIoiLWOaFx9rB
        fkXCo9ODkwKBgQDhg1hoNEdwvFAHPTVgmA0XeX+6kcoISWuJZN2t7k8O0IxGzBCn
        O9UZiPKlIzHsTXxCMjzHnaW/bVvWND2o1Cxs8EOd0GBqDXgIJyI9nXObJcB3xYp8
        TDLW6z2HslgZLL/65/QRLxrRu4dyzxY4153sMygYOVxxQKJR774/AehXQwKBgQCJ
        3mZx2LaG771JIA0AZRk9NA3d04Qh3ibrHKYjVhOH31A0kwJqeSf0Oz4UGQhoe6uH
        oR5xjA/MnpQ72szE3oiAbXUljEjaKyDDmrQq01wbHE+rTNX63k+xoNklqko1WSno
        FVlDCaiMVS/iSCNMUs9na5aRvdV17e7dvZcCWrXxrwKBgCj3SCuX01IZDJZ5DYDl
        ERTB0xJVnkHweFkLmCVa7exoQar40aaoApXpIjmThD8Pbya5FGRkKwqL9IUS3u5Q
        arGlbet3IyTlfo1Qg814VF4PYaBbxCdtFYVgVTm1zEtInWMcT925kUnftLHxPJfJ
        4f1Jv+Xd5tqhJxD7HFGT05rN
        -----END PRIVATE KEY-----
        """
}
