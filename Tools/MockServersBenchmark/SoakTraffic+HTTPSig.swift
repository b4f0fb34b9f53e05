import Foundation
import HTTPMessageSignatures
import SignedHTTP

extension SoakTraffic {
    /// Traffic for the HTTP Message Signatures provider: `GET /api/items?soak=N` signed by the
    /// SDK's `HTTPMessageSigner` with the demo `hmac-sha256` secret and a nonce (so a replay is
    /// refused). Tampered: `soak` changed after signing (`@query` is covered). Invalid: no
    /// signature at all.
    static func httpsig(target: LoopbackTarget, credentials: [String: String]) throws -> SoakTraffic {
        let path = "/api/items"
        let signer = HTTPMessageSigner(key: try HTTPSignatureHMACKey(base64: credentials["hmacSecret"] ?? ""), keyID: credentials["hmacKeyId"])
        @Sendable func signed(_ sequence: Int) throws -> PreparedRequest {
            let url = URL(string: "http://\(target.authority)\(path)?soak=\(sequence)")!
            return PreparedRequest(try signer.sign(APIRequest(url: url), at: Date()))
        }
        return SoakTraffic(
            provider: "httpsig", target: target,
            valid: signed,
            tampered: { sequence in
                var request = try signed(sequence)
                request.target = request.target.replacingOccurrences(of: "soak=\(sequence)", with: "soak=\(sequence + 1)")
                return request
            },
            invalid: { sequence in PreparedRequest(target: "\(path)?soak=\(sequence)", headers: []) },
            oversized: oversized(method: "POST", target: path, contentType: "application/json"),
            probePath: path,
            expectations: signedExpectations(invalid: .status(401))
        )
    }
}
