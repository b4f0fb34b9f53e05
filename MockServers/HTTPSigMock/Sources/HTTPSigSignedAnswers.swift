import Foundation
import HTTPMessageSignatures
import HTTPMessageSignaturesCrypto
import HTTPTypes
import MockServerKit
import NIOCore
import SignedHTTP
import SignedVerification

/// The key directory of Web Bot Auth, served at ``path``: the agents' public keys (the
/// asymmetric demo keys of the allowed algorithms) as a JWK set, each with its JWK thumbprint
/// as `kid`, answered with ``mediaType`` and signed by every key it lists.
///
/// From draft-meunier-webbotauth-httpsig-directory-00 (June 2026): "Configuration" — a JWKS
/// (RFC 7517 §5) served with media type `application/http-message-signatures-directory+json`;
/// "Binding keys to the directory authority" — one HTTP Message Signature per key, covering
/// `"@authority";req` and `content-digest`, with `created`, `expires`, `keyid` (the JWK
/// SHA-256 thumbprint, RFC 7638) and `tag="http-message-signatures-directory"`. The example's
/// `Cache-Control: max-age=86400` is sent too, and each signature expires as long after it was
/// made. Each signature's label is its key's algorithm (`ed25519`, `ecdsa-p256-sha256`, …).
enum HTTPSigDirectory {
    /// `/.well-known/http-message-signatures-directory` (the draft's well-known URI).
    static let path = "/.well-known/http-message-signatures-directory"
    /// `application/http-message-signatures-directory+json`.
    static let mediaType = "application/http-message-signatures-directory+json"
    /// `http-message-signatures-directory`: the `tag` of the directory's own signatures.
    static let tag = "http-message-signatures-directory"
    /// How long the directory may be cached, and its signatures' `expires − created`: a day.
    static let validitySeconds = 86_400

    /// The agents the directory lists.
    static func agents(allowing algorithms: [HTTPSignatureAlgorithm]) -> [HTTPSigDemoKeys.Agent] {
        HTTPSigDemoKeys.agents.filter { algorithms.contains($0.algorithm) }
    }

    /// The JWK set: `{"keys":[…]}`, each key with `kid` (its thumbprint) and `alg`.
    static func json(allowing algorithms: [HTTPSignatureAlgorithm]) -> String {
        HTTPSignatureJWKSet(keys: agents(allowing: algorithms).map { HTTPSignatureJWKSet.Entry(keyID: $0.keyID, key: $0.key.publicKey) }).json
    }

    /// The directory as answered to `request`, signed by each key it lists as of `request.now`.
    static func answer(to request: MockRequest, algorithms: [HTTPSignatureAlgorithm]) -> MockResponse {
        var response = MockResponse(status: .ok, contentType: mediaType, text: json(allowing: algorithms))
        response.headers[.cacheControl] = "max-age=\(validitySeconds)"
        guard let url = PublicURLPolicy.request.resolve(request.received)?.url else { return response }
        let signers = agents(allowing: algorithms).map { agent in
            HTTPMessageSigner(
                key: agent.key, keyID: agent.keyID, components: [HTTPSignatureComponent.authority.fromRequest, .contentDigest], label: agent.algorithm.name,
                tag: tag, expiresAfter: .seconds(validitySeconds), nonce: nil
            )
        }
        return HTTPSigSignedAnswers.sign(response, with: signers, for: HTTPMessageRequest(request.received, url: url), at: request.now)
    }
}

/// The answers of the items API signed by the server's Ed25519 key (``HTTPSigDemoKeys/server``),
/// so a client can check what it got: `@status`, `content-digest`, and the request's
/// `"@method";req` and `"@target-uri";req` (RFC 9421 §2.4), which bind the answer to the
/// request it answers; `created`, `keyid` (the server key's JWK thumbprint), label `sig1`.
enum HTTPSigSignedAnswers {
    /// What an answer's signature covers.
    static let components: [HTTPSignatureComponent] = [.status, .contentDigest, HTTPSignatureComponent.method.fromRequest, HTTPSignatureComponent.targetURI.fromRequest]

    /// The signer of the items API's answers.
    static let signer = HTTPMessageSigner(key: HTTPSigDemoKeys.server.key, keyID: HTTPSigDemoKeys.server.keyID, components: components, nonce: nil)

    /// `response` with `Content-Digest`, `Signature-Input` and `Signature` added by each of
    /// `signers` in turn, as answering `request` at `date`; unchanged if a signer refuses
    /// (which the fixed components and keys never make it do).
    static func sign(_ response: MockResponse, with signers: [HTTPMessageSigner], for request: HTTPMessageRequest, at date: Date) -> MockResponse {
        var headers = HeaderFields()
        for field in response.headers { headers.append(field.name.rawName, field.value) }
        var message = HTTPMessageResponse(status: response.status.code, headers: headers, body: Array(buffer: response.body), request: request)
        do {
            for signer in signers { message = try signer.sign(message, at: date) }
        } catch {
            return response
        }
        var signed = response
        for name in [HTTPContentDigest.fieldName, HTTPSignatureFields.inputName, HTTPSignatureFields.signatureName] {
            let field = HTTPField.Name(name)!
            signed.headers[values: field] = message.headers.values(for: name)
        }
        return signed
    }
}
