public import Foundation
public import HTTPMessageSignatures
public import HTTPMessageSignaturesCrypto
public import MockServerKit
public import SignedHTTP

/// The HTTP Message Signatures mock's demo credentials, typed with the SDK's key types: a key
/// of every RFC 9421 algorithm with its `keyid`, and the server's public key that its answers
/// are signed with. **Published demo keys: never for anything real.**
///
/// The same values as `MockServer.Running.credentials` and the `mock-servers` ready file
/// (`hmacKeyId`, `hmacSecret`, `ed25519KeyId`, `ed25519PrivateKey`, …, `serverKeyId`,
/// `serverPublicKey`). Neither the HMAC secret nor a private key appears in `description` or
/// `dump`: only the `keyid`s.
public struct HTTPSigMockCredentials: Sendable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// One asymmetric demo key and its `keyid` (its RFC 7638 JWK thumbprint).
    public struct AgentKey: Sendable, Hashable, CustomStringConvertible {
        /// The `keyid`: the key's JWK thumbprint, as Web Bot Auth names keys.
        public let keyID: String
        /// The private key.
        public let key: HTTPSignaturePrivateKey

        /// Its algorithm.
        public var algorithm: HTTPSignatureAlgorithm { key.algorithm }

        /// A signer with this key and `keyid`, covering the default components (or `components`).
        public func signer(components: [HTTPSignatureComponent]? = nil, tag: String? = nil, expiresAfter: Duration? = nil,
                           nonce: (@Sendable () -> String)? = HTTPMessageSigner.defaultNonce) -> HTTPMessageSigner {
            HTTPMessageSigner(key: key, keyID: keyID, components: components, tag: tag, expiresAfter: expiresAfter, nonce: nonce)
        }

        /// The algorithm and `keyid`; never the key.
        public var description: String { "\(algorithm.name) keyid \(keyID)" }
    }

    /// The HMAC secret's `keyid`.
    public let hmacKeyID: String
    /// The `hmac-sha256` secret, as a key.
    public let hmacKey: HTTPSignatureHMACKey
    /// The agent's Ed25519 key: what ``HTTPSigMockProvider/client(at:http:)`` signs with.
    public let ed25519: AgentKey
    /// The agent's ECDSA P-256 key (`ecdsa-p256-sha256`).
    public let ecdsaP256: AgentKey
    /// The agent's ECDSA P-384 key (`ecdsa-p384-sha384`).
    public let ecdsaP384: AgentKey
    /// The agent's RSA key for `rsa-pss-sha512`.
    public let rsaPSS: AgentKey
    /// The agent's RSA key for `rsa-v1_5-sha256`.
    public let rsaV15: AgentKey
    /// The `keyid` of the server's answers (its key's JWK thumbprint).
    public let serverKeyID: String
    /// The server's Ed25519 public key, which its answers are signed with.
    public let serverPublicKey: HTTPSignaturePublicKey

    /// The asymmetric keys, Ed25519 first.
    public var agentKeys: [AgentKey] { [ed25519, ecdsaP256, ecdsaP384, rsaPSS, rsaV15] }

    /// A signer with the demo key of `algorithm` and its `keyid` (the HMAC secret for
    /// `hmac-sha256`), covering the default components unless `components` says otherwise.
    public func signer(_ algorithm: HTTPSignatureAlgorithm, components: [HTTPSignatureComponent]? = nil, tag: String? = nil, expiresAfter: Duration? = nil,
                       nonce: (@Sendable () -> String)? = HTTPMessageSigner.defaultNonce) -> HTTPMessageSigner {
        if let agent = agentKeys.first(where: { $0.algorithm == algorithm }) {
            return agent.signer(components: components, tag: tag, expiresAfter: expiresAfter, nonce: nonce)
        }
        return HTTPMessageSigner(key: hmacKey, keyID: hmacKeyID, components: components, tag: tag, expiresAfter: expiresAfter, nonce: nonce)
    }

    /// A verifier of the server's answers: its key by ``serverKeyID``, requiring `@status`,
    /// `content-digest` for a body, and the request's `"@method";req` and `"@target-uri";req`.
    public var responseVerifier: HTTPMessageSignatureVerifier {
        var verifier = HTTPMessageSignatureVerifier(keys: [serverKeyID: serverPublicKey])
        verifier.responseRequirements = HTTPSignatureRequirements(
            components: [.status, HTTPSignatureComponent.method.fromRequest, HTTPSignatureComponent.targetURI.fromRequest], queryWhenPresent: false
        )
        return verifier
    }

    /// The `keyid`s; every secret redacted.
    public var description: String {
        "HTTPSigMockCredentials(hmac-sha256 keyid \(hmacKeyID), \(agentKeys.map(\.description).joined(separator: ", ")), server keyid \(serverKeyID), keys: <redacted>)"
    }
    /// The same as ``description``.
    public var debugDescription: String { description }
    /// The `keyid`s; the keys as `<redacted>`.
    public var customMirror: Mirror {
        Mirror(self, children: [
            "hmacKeyID": hmacKeyID, "ed25519KeyID": ed25519.keyID, "ecdsaP256KeyID": ecdsaP256.keyID, "ecdsaP384KeyID": ecdsaP384.keyID,
            "rsaPSSKeyID": rsaPSS.keyID, "rsaV15KeyID": rsaV15.keyID, "serverKeyID": serverKeyID, "keys": "<redacted>",
        ], displayStyle: .struct)
    }
}

extension HTTPSigMockProvider: MockDemoProviding {
    /// The demo keys.
    public var demo: HTTPSigMockCredentials {
        func agent(_ key: HTTPSigDemoKeys.Agent) -> HTTPSigMockCredentials.AgentKey { .init(keyID: key.keyID, key: key.key) }
        return HTTPSigMockCredentials(
            hmacKeyID: HTTPSigDemoKeys.hmacKeyID, hmacKey: HTTPSigDemoKeys.hmacKey,
            ed25519: agent(HTTPSigDemoKeys.ed25519), ecdsaP256: agent(HTTPSigDemoKeys.ecdsaP256), ecdsaP384: agent(HTTPSigDemoKeys.ecdsaP384),
            rsaPSS: agent(HTTPSigDemoKeys.rsaPSS), rsaV15: agent(HTTPSigDemoKeys.rsaV15),
            serverKeyID: HTTPSigDemoKeys.server.keyID, serverPublicKey: HTTPSigDemoKeys.server.key.publicKey
        )
    }

    /// An `HTTPMessageSignaturesClient` of the site at `baseURL` signing with the demo Ed25519
    /// key (default components, a nonce on every request) and, when the site signs its answers,
    /// verifying each with the server's key, the `req`-bound components required.
    public func client(at baseURL: URL, http: SignedHTTPClient) -> HTTPMessageSignaturesClient {
        let demo = demo
        return HTTPMessageSignaturesClient(
            configuration: HTTPMessageSignaturesConfiguration(
                baseURL: baseURL, signer: demo.ed25519.signer(), responseVerifier: options.signsResponses ? demo.responseVerifier : nil
            ),
            http: http
        )
    }
}
