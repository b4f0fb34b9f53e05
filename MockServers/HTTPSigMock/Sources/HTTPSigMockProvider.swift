import Foundation
import HTTPMessageSignatures
import HTTPMessageSignaturesCrypto
public import HTTPTypes
public import Hummingbird
public import MockServerKit
import SigningCore

/// A site that admits agents signing their requests with HTTP Message Signatures (RFC 9421),
/// Web Bot Auth included: a small signed API — `GET /api/items`, `POST /api/items` (a JSON
/// body covered through `content-digest`), `GET /api/items/{id}` — every request verified by
/// the SDK's own `HTTPMessageSignatureVerifier`, every answer signed by the server's Ed25519
/// key, and the agents' key directory at `/.well-known/http-message-signatures-directory`.
///
/// Demo keys of every algorithm (``HTTPSigMockCredentials``, the ready file's `hmacKeyId`,
/// `ed25519PrivateKey`, …) are fixed, published demo keys.
///
/// ```swift
/// let server = try await MockServer.start(HTTPSigMockProvider(options: .init(requiresNonce: true)))
/// ```
public struct HTTPSigMockProvider: MockProvider {
    /// How it behaves.
    public var options: HTTPSigMockOptions

    /// Creates a provider.
    public init(options: HTTPSigMockOptions = HTTPSigMockOptions()) {
        self.options = options
    }

    /// `httpsig`.
    public var name: String { "httpsig" }

    /// ``demo`` as the ready file's strings (a contract): `hmacKeyId` and `hmacSecret` (standard
    /// Base64 of the secret's bytes); `ed25519KeyId`, `ecdsaP256KeyId`, `ecdsaP384KeyId`,
    /// `rsaPssKeyId`, `rsaV15KeyId` (each key's RFC 7638 JWK thumbprint) with
    /// `ed25519PrivateKey`, … (PKCS #8 PEM); `serverKeyId` and `serverPublicKey` (PEM), the key
    /// the answers are signed with.
    public var demoCredentials: [String: String] {
        let demo = demo
        var strings = [
            "hmacKeyId": demo.hmacKeyID, "hmacSecret": Base64.encode(HTTPSigDemoKeys.hmacSecret),
            "serverKeyId": demo.serverKeyID, "serverPublicKey": demo.serverPublicKey.pemRepresentation,
        ]
        for (prefix, agent) in [("ed25519", demo.ed25519), ("ecdsaP256", demo.ecdsaP256), ("ecdsaP384", demo.ecdsaP384), ("rsaPss", demo.rsaPSS), ("rsaV15", demo.rsaV15)] {
            strings[prefix + "KeyId"] = agent.keyID
            strings[prefix + "PrivateKey"] = agent.key.pemRepresentation
        }
        return strings
    }

    /// Adds the items routes over a fresh store, and the key directory when Web Bot Auth is on.
    public func addRoutes(to router: Router<MockRequestContext>, context: MockServerContext) {
        let routes = ItemRoutes(check: HTTPSigCheck(options: options, replayStore: context.replayStore), store: ItemStore(), signsResponses: options.signsResponses)
        router.mockRoute(.get, "/api/items", context: context, operation: HTTPSigMockOperations.list) { try await routes.list($0, context: $1) }
        router.mockRoute(.post, "/api/items", context: context, operation: HTTPSigMockOperations.create) { try await routes.create($0, context: $1) }
        router.mockRoute(.get, "/api/items/{id}", context: context, operation: HTTPSigMockOperations.show) { try await routes.show($0, context: $1) }
        guard options.webBotAuth else { return }
        let algorithms = options.algorithms
        router.mockRoute(.get, HTTPSigDirectory.path, context: context, operation: HTTPSigMockOperations.directory) { request, context in
            context.note.accept("served the key directory (\(HTTPSigDirectory.agents(allowing: algorithms).count) keys)")
            return HTTPSigDirectory.answer(to: request, algorithms: algorithms)
        }
    }

    /// The problem body (RFC 9457) every refusal of this provider has.
    public func errorResponse(status: HTTPResponse.Status, message: String) -> MockResponse {
        HTTPSigMockError.problem(status: status, code: status.reasonPhrase.lowercased().replacingOccurrences(of: " ", with: "_"), detail: message)
    }

    /// `application/problem+json`: `code`, `detail`, `status`, `title`.
    public var errorContent: MockOperation.Content { HTTPSigMockOperations.problem }

    /// The client's signature base beside the server's, one line per component, taken apart by
    /// `HTTPSignatureBaseDifference` (the SDK's and `signed-api explain`'s difference code): the
    /// differing components marked on both sides, each finding with its usual cause. The
    /// client's base may come verbatim or as `X-Signature-Base` carries it (`%0A` between lines).
    public func compare(client: String, with diagnosis: JournalDiagnosis) -> DiagnosisComparison {
        let ours = HTTPSignatureBase(reported: client), theirs = HTTPSignatureBase(text: diagnosis.text)
        let difference = HTTPSignatureBaseDifference(ours: ours, theirs: theirs)
        let differing = Set(difference?.lines.map(\.identifier) ?? [])
        // Each line as given, named by its component (the difference code reads the same lines).
        func parts(_ base: HTTPSignatureBase) -> [(identifier: String, text: String)] {
            zip(HTTPSignatureBaseDifference.components(of: base), base.text.split(separator: "\n", omittingEmptySubsequences: false)).map { ($0.identifier, String($1)) }
        }
        let mine = parts(ours), other = parts(theirs)
        // Bases with the same lines in another order: the lines out of place are marked.
        let reordered = difference != nil && differing.isDisjoint(with: mine.map(\.identifier) + other.map(\.identifier))
        func lines(_ side: [(identifier: String, text: String)], _ otherSide: [(identifier: String, text: String)]) -> [DiagnosisComparison.Line] {
            side.enumerated().map { index, line in
                let outOfPlace = reordered && (index >= otherSide.count || otherSide[index].identifier != line.identifier)
                return DiagnosisComparison.Line(name: line.identifier, text: line.text, differs: differing.contains(line.identifier) || outOfPlace)
            }
        }
        let findings = difference.map { $0.description.split(separator: "\n").map(String.init) } ?? []
        return DiagnosisComparison(findings: findings, client: lines(mine, other), server: lines(other, mine))
    }

    /// The default redaction plus the `Signature` header: a signature is no secret, but within
    /// the window (without a nonce) a journaled request could be replayed as it stands, so the
    /// journal, the admin route and the logs never hand one out.
    public func redactingSecrets(inHeader name: String, value: String) -> String {
        name.lowercased() == "signature" ? MockSecrets.redacted : MockSecrets.redactingBasicCredentials(inHeader: name, value: value)
    }
}
