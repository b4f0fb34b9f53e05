import DrupalServicesClient
import Foundation
import NIOHTTP1
import SignedHTTP
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension SoakTraffic {
    /// Traffic for the Drupal Services provider: `node.get` of the published node, with key
    /// authentication from DrupalServicesClient's `DrupalKeySigner` and an anonymous session
    /// opened once with `system.connect` by DrupalServicesClient itself. Drupal answers its
    /// refusals with HTTP 200 and the failure's words, so the checks read the body. Tampered:
    /// the nonce changed after hashing (`Invalid API key.`). Invalid: a body that is not JSON.
    static func drupal(target: LoopbackTarget, credentials: [String: String]) async throws -> SoakTraffic {
        let path = "/services/json-rpc"
        let endpoint = URL(string: "http://\(target.authority)\(path)")!
        let apiKey = DrupalAPIKey(key: credentials["apiKey"] ?? "", domain: credentials["domain"] ?? "")
        let client = DrupalServicesClient(configuration: DrupalServicesConfiguration(baseURL: endpoint, apiKey: apiKey, endpointPath: ""))
        let sessid = try await client.connect().sessid
        let call = JSONRPCRequest(method: "node.get", params: [.int(1)], id: .int(1))
        @Sendable func signed(nonce: String) throws -> PreparedRequest {
            let signer = DrupalKeySigner(apiKey: apiKey, call: call, sessid: sessid, nonce: { nonce })
            return PreparedRequest(try signer.sign(APIRequest(method: "POST", url: endpoint), at: Date()))
        }
        return SoakTraffic(
            provider: "drupal", target: target,
            valid: { _ in try signed(nonce: DrupalKeySigner.defaultNonce()) },
            tampered: { _ in
                let nonce = DrupalKeySigner.defaultNonce()
                var request = try signed(nonce: nonce)
                let changed = String(decoding: request.body, as: UTF8.self)
                    .replacingOccurrences(of: "\"\(nonce)\"", with: "\"\(DrupalKeySigner.defaultNonce())\"")
                request.body = Array(changed.utf8)
                return request
            },
            invalid: { _ in
                PreparedRequest(method: .POST, target: path, headers: [("Content-Type", "application/json")], body: Array("{\"method\": \"node.get\", \"params\": [".utf8))
            },
            oversized: oversized(method: "POST", target: path, contentType: "application/json"),
            probePath: path,
            expectations: kitExpectations.merging([
                .valid: .status(200, containing: "\"nid\"", lacking: "\"error\""),
                .replay: .status(200, containing: DrupalServiceMessage.nonceReused),
                .tamper: .status(200, containing: DrupalServiceMessage.invalidAPIKey),
                .invalid: .status(200, containing: "Parse error"),
            ]) { $1 }
        )
    }
}
