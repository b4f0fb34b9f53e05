import DrupalServicesClient
import Foundation

/// Drupal's key authentication on the server side: the SDK's
/// ``DrupalServicesClient/DrupalKeyVerifier`` (one definition for backends and this mock), in
/// Drupal 6's order (the nonce recorded before the hash is checked), with the server's replay
/// store; its refusals become the site's answers (``DrupalMockError``).
struct DrupalKeyCheck: Sendable {
    let options: DrupalMockOptions
    let verifier: DrupalKeyVerifier

    /// A check for `options`, knowing `keys`, recording nonces in `replayStore`.
    init(options: DrupalMockOptions, keys: [DrupalKeyVerifier.RegisteredKey], replayStore: any ReplayStore) {
        self.options = options
        verifier = DrupalKeyVerifier(
            keys: keys, tokenExpiry: .seconds(options.tokenExpirySeconds), usesSessid: options.usesSessid, replayStore: replayStore, nonceRecording: .beforeHash
        )
    }

    /// What a call carries after the check: its session id (empty when none) and the
    /// method's own arguments.
    struct Checked: Sendable {
        var sessid: String
        var arguments: [JSONValue]
    }

    /// Reads and checks the leading arguments of a call.
    ///
    /// - Throws: ``DrupalMockError`` with Drupal's message: `Token has expired.`, `Token has
    ///   been used previously…`, `Invalid API key.` (with the hash input), `Access denied.`,
    ///   `Invalid sessid.`; -32602 for a leading argument that is an array or object.
    func check(_ request: JSONRPCRequest, now: Date) async throws(DrupalMockError) -> Checked {
        guard options.usesKeys else {
            guard options.usesSessid else { return Checked(sessid: "", arguments: request.params) }
            let sessid = try Self.sessid(request.params.first)
            guard !sessid.isEmpty else {
                throw DrupalMockError(.invalidSessid, DrupalServiceMessage.invalidSessid, reason: "the sessid argument (argument 1) is empty or missing; call system.connect for one")
            }
            return Checked(sessid: sessid, arguments: Array(request.params.dropFirst()))
        }
        do {
            let verified = try await verifier.verifyKey(of: request, now: now)
            return Checked(sessid: verified.sessid, arguments: verified.arguments)
        } catch {
            guard error.rpcError == nil, let words = error.providerMessage ?? (error.code == .replayStoreUnavailable ? DrupalServiceMessage.serviceUnavailable : nil) else {
                throw DrupalMockError(error)
            }
            throw DrupalMockError(error.code, words, reason: error.message, hashInput: error.serverSignatureBase)
        }
    }

    /// A `sessid` argument: a string or number, read as text.
    static func sessid(_ value: JSONValue?) throws(DrupalMockError) -> String {
        switch value {
        case nil, .null?: return ""
        case .string(let text)?: return text
        case .int(let number)?: return String(number)
        case let other?:
            throw DrupalMockError(protocol: JSONRPCErrorObject.invalidParams, code: .invalidArguments, message: "Invalid params: sessid must be a string", reason: "argument 1 (sessid) must be a string, not \(other.typeName)")
        }
    }
}
