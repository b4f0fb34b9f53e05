import OAuth1Client
public import OAuth1RSA

extension OAuth1Flavour {
    /// The demo consumer as a verifier knows it: the public half of ``consumerPrivateKeyPEM``
    /// when the flavour has one (an RSA consumer), its ``consumerSecret`` otherwise.
    ///
    /// - Throws: `OAuth1Error` (`invalidKey`) when ``consumerPrivateKeyPEM`` cannot be read.
    var consumer: OAuth1Consumer {
        get throws(OAuth1Error) {
            try demoPrivateKey.map { OAuth1Consumer(publicKey: $0.rsaPublic) } ?? OAuth1Consumer(secret: consumerSecret)
        }
    }

    /// ``consumerPrivateKeyPEM`` loaded; `nil` for a flavour whose consumers sign with a secret.
    ///
    /// - Throws: `OAuth1Error` (`invalidKey`) naming what is wrong with the PEM.
    public var demoPrivateKey: OAuth1RSAPrivateKey? {
        get throws(OAuth1Error) {
            guard let consumerPrivateKeyPEM else { return nil }
            return try OAuth1RSAPrivateKey(pemRepresentation: consumerPrivateKeyPEM)
        }
    }
}
