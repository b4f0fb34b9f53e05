public import Foundation
public import SignedHTTP
import SigningCore

/// Signs one JSON-RPC call with Drupal's key authentication: at each attempt it takes a fresh
/// nonce and the given time, computes the hash (``DrupalKeyAuthentication``), and writes the
/// request body with the key arguments, `sessid` and the method's own arguments in Drupal's
/// order. A `SignedHTTPClient` calls it once per attempt, so a retried call is never a replay.
///
/// ```swift
/// let signer = DrupalKeySigner(apiKey: key, call: JSONRPCRequest(method: "node.get", params: [1], id: 1), sessid: sessid)
/// let exchange = try await http.send(APIRequest(method: "POST", url: endpoint), signer: signer)
/// ```
public struct DrupalKeySigner: RequestSigner {
    /// The key; `nil` writes the call without key arguments (sites without "Use keys").
    public var apiKey: DrupalAPIKey?
    /// The call: its method, own arguments, id and dialect.
    public var call: JSONRPCRequest
    /// The session id to send after the key arguments; `nil` when the site does not use sessions.
    public var sessid: String?
    /// The nonce source (32 secure random alphanumerics by default).
    public var nonce: @Sendable () -> String

    /// Creates a signer for `call`.
    public init(apiKey: DrupalAPIKey?, call: JSONRPCRequest, sessid: String?, nonce: @escaping @Sendable () -> String = DrupalKeySigner.defaultNonce) {
        self.apiKey = apiKey
        self.call = call
        self.sessid = sessid
        self.nonce = nonce
    }

    /// 32 alphanumerics from the system's secure generator (SigningCore's `Nonce`).
    @Sendable public static func defaultNonce() -> String { Nonce.alphanumeric(length: 32) }

    /// The key arguments for `call` at `date` with the nonce `nonce`: the timestamp is whole
    /// seconds since 1970.
    public func keyArguments(at date: Date, nonce: String) -> DrupalKeyArguments? {
        guard let apiKey else { return nil }
        let timestamp = String(Int(date.timeIntervalSince1970.rounded(.down)))
        return DrupalKeyArguments(
            hash: DrupalKeyAuthentication.hash(apiKey: apiKey.key, timestamp: timestamp, domain: apiKey.domain, nonce: nonce, method: call.method),
            domain: apiKey.domain, timestamp: timestamp, nonce: nonce, sessid: sessid
        )
    }

    /// The call as sent at `date`: `params` prefixed with the key arguments (or `sessid` alone
    /// without a key).
    public func signedCall(at date: Date) -> JSONRPCRequest {
        var signed = call
        if let arguments = keyArguments(at: date, nonce: nonce()) {
            signed.params = arguments.prepended(to: call.params)
        } else if let sessid {
            signed.params = [.string(sessid)] + call.params
        }
        return signed
    }

    /// `request` with the signed call as its JSON body.
    public func sign(_ request: APIRequest, at date: Date) throws -> APIRequest {
        var signed = request
        signed.method = "POST"
        signed.body = signedCall(at: date).encoded()
        signed.setHeader("Content-Type", "application/json; charset=utf-8")
        signed.setHeader("Accept", "application/json")
        return signed
    }
}

extension DrupalKeySigner: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    public var description: String { "DrupalKeySigner(\(call.method), \(apiKey.map(\.description) ?? "no key"))" }
    public var debugDescription: String { description }
    public var customMirror: Mirror {
        Mirror(self, children: ["method": call.method, "apiKey": apiKey as Any, "sessid": sessid == nil ? "none" : "<redacted>"], displayStyle: .struct)
    }
}
