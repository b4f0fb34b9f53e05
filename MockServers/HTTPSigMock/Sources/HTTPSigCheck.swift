import Foundation
import HTTPMessageSignatures
import HTTPMessageSignaturesCrypto
import HTTPTypes
import MockServerKit
import SignedHTTP
import SignedVerification

/// The signature check every items route runs first: the request verified by the SDK's own
/// `HTTPMessageSignatureVerifier`, under one of two policies.
///
/// - **Default**: the components of ``HTTPSigMockOptions/requiredComponents`` (`@method`,
///   `@authority`, `@path`), `@query` when the target has one, `content-digest` when there is
///   a body (recomputed from the body received, RFC 9530), `created` within the window, any
///   demo key of an allowed algorithm found by `keyid`, a `nonce` accepted once.
/// - **Web Bot Auth** (with ``HTTPSigMockOptions/webBotAuth``), for a request carrying a
///   signature tagged `web-bot-auth`: that signature, ``WebBotAuthProfile``'s rules
///   (`expires` required and bounded, `Signature-Agent` covered when sent), then `@authority`
///   (or `@target-uri`), `content-digest` for a body, `created` within the window, and a key
///   of the directory (the asymmetric demo keys, by JWK thumbprint).
struct HTTPSigCheck: Sendable {
    let options: HTTPSigMockOptions
    let standard: HTTPMessageSignatureVerifier
    let webBotAuth: HTTPMessageSignatureVerifier

    /// `X-Signature-Base`: the signature base the server built, on a refused signature.
    static let signatureBaseHeader = HTTPField.Name("X-Signature-Base")!
    /// The longest `X-Signature-Base` value; a longer one is cut and ends with `%...`.
    static let maximumDiagnosisLength = 8_192

    /// What a verified request said: the verifier's result, the policy that judged it, the
    /// agent (Web Bot Auth's `Signature-Agent`), and the URL it was signed for.
    struct Verification: Sendable {
        var verified: HTTPMessageSignatureVerifier.Verified
        var profile: String
        var agent: String?
        var request: HTTPMessageRequest
    }

    /// A check for `options`, recording nonces in the server's `replayStore`.
    init(options: HTTPSigMockOptions, replayStore: any ReplayStore) {
        self.options = options
        let allowed = Set(options.algorithms)
        let keys = Self.keys(allowing: allowed)
        let directory = Self.directoryKeys(allowing: allowed)
        var standard = HTTPMessageSignatureVerifier(
            keyLookup: { keyID in try Self.lookUp(keyID, in: keys, allowed: allowed, profile: "this server's demo keys") },
            selection: .first,
            requirements: HTTPSignatureRequirements(components: options.components),
            maximumAge: .seconds(options.windowSeconds), clockSkew: .seconds(options.clockSkewSeconds), replayStore: replayStore
        )
        standard.requiresNonce = options.requiresNonce
        standard.revealsSignatureBase = options.diagnosis
        standard.realm = "httpsig mock"
        var webBotAuth = HTTPMessageSignatureVerifier(
            keyLookup: { keyID in try Self.lookUp(keyID, in: directory, allowed: allowed, profile: "this site's key directory (\(HTTPSigDirectory.path))") },
            selection: .tag(WebBotAuthProfile.tag),
            requirements: HTTPSignatureRequirements(components: [.authority], queryWhenPresent: false, contentWhenPresent: true),
            maximumAge: .seconds(options.windowSeconds), clockSkew: .seconds(options.clockSkewSeconds), replayStore: replayStore
        )
        webBotAuth.requiresNonce = options.requiresNonce
        webBotAuth.requiresExpires = true
        webBotAuth.revealsSignatureBase = options.diagnosis
        webBotAuth.realm = "httpsig mock"
        self.standard = standard
        self.webBotAuth = webBotAuth
    }

    /// The demo keys by `keyid`: the HMAC secret and the agents' public keys.
    static func keys(allowing allowed: Set<HTTPSignatureAlgorithm>) -> [String: any HTTPMessageVerifyingKey] {
        var keys: [String: any HTTPMessageVerifyingKey] = [HTTPSigDemoKeys.hmacKeyID: HTTPSigDemoKeys.hmacKey]
        for agent in HTTPSigDemoKeys.agents { keys[agent.keyID] = agent.key.publicKey }
        return keys
    }

    /// The directory's keys by thumbprint: the asymmetric demo keys of the allowed algorithms.
    static func directoryKeys(allowing allowed: Set<HTTPSignatureAlgorithm>) -> [String: any HTTPMessageVerifyingKey] {
        var keys: [String: any HTTPMessageVerifyingKey] = [:]
        for agent in HTTPSigDemoKeys.agents where allowed.contains(agent.algorithm) { keys[agent.keyID] = agent.key.publicKey }
        return keys
    }

    /// The key `keyID` names in `keys`, refusing a demo key of an algorithm the options leave out.
    private static func lookUp(_ keyID: String, in keys: [String: any HTTPMessageVerifyingKey], allowed: Set<HTTPSignatureAlgorithm>,
                               profile: String) throws(HTTPMessageSignatureError) -> (any HTTPMessageVerifyingKey)? {
        if let key = keys[keyID] {
            guard allowed.contains(key.algorithm) else {
                throw HTTPMessageSignatureError(code: .unknownKey, message: "keyid \"\(keyID.prefix(60))\" is the demo \(key.algorithm) key, and this server accepts \(allowed.map(\.name).sorted().joined(separator: ", ")) only (option algorithms)")
            }
            return key
        }
        throw HTTPMessageSignatureError(code: .unknownKey, message: "keyid \"\(keyID.prefix(60))\" is not among \(profile); the demo keys' keyids are in the ready file (asymmetric keys by their RFC 7638 JWK thumbprint)")
    }

    /// `request` verified under the policy that applies to it.
    ///
    /// - Throws: ``HTTPSigMockError`` with the verifier's refusal, answered as the verifier answers it.
    func verify(_ request: MockRequest) async throws(HTTPSigMockError) -> Verification {
        let received = request.received
        var verifier = standard
        var profile = "default policy"
        // What a web-bot-auth signature of this request must cover, once it is known to be one.
        var webBotAuthRequested: [HTTPSignatureComponent]?
        do throws(HTTPMessageSignatureError) {
            guard let url = PublicURLPolicy.request.resolve(received)?.url else {
                throw HTTPMessageSignatureError(code: .malformedRequest, message: "the request has no usable Host to rebuild the URL the client signed")
            }
            let message = HTTPMessageRequest(received, url: url)
            let signatures = try HTTPSignatureFields.signatures(in: received.headers)
            var agent: String?
            if options.webBotAuth, let tagged = signatures.first(where: { $0.parameters.tag == WebBotAuthProfile.tag }) {
                verifier = webBotAuth
                profile = "Web Bot Auth profile"
                webBotAuthRequested = WebBotAuthProfile.requested(of: message, requirements: webBotAuth.requirements)
                agent = try WebBotAuthProfile.check(tagged, headers: received.headers, maxValiditySeconds: options.webBotAuthMaxValiditySeconds)
            }
            let verified = try await verifier.verify(message, now: request.now)
            return Verification(verified: verified, profile: verifier.selection == .first ? "default" : WebBotAuthProfile.tag, agent: agent, request: message)
        } catch {
            var error = error
            if let webBotAuthRequested { error.requestedComponents = webBotAuthRequested }
            throw HTTPSigMockError(refusal: error, policy: profile, verifier: verifier, now: request.now)
        }
    }

    /// `text` as a header value, in the one encoding of every diagnosis header (`HeaderText`:
    /// printable ASCII as it is, every other byte — the newlines included — and `%` as `%XX`),
    /// at most ``maximumDiagnosisLength`` characters, a cut value ending with `%...`.
    static func headerValue(_ text: String) -> String {
        HeaderText.encode(bytes: Array(text.utf8), limit: maximumDiagnosisLength)
    }
}
