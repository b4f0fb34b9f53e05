import AFSignedClient
import Foundation
import SignedHTTP

extension SoakTraffic {
    /// Traffic for the AFSigned provider: `GET /users?page=1&soak=N` signed by AFSignedClient's
    /// `AFSignedSigner` with an `auth_nonce` (the soak runs it with `requiresNonce`, so a replay
    /// is refused). Tampered: `soak` changed after signing. Invalid: no auth parameters at all.
    static func afsigned(target: LoopbackTarget, credentials: [String: String]) -> SoakTraffic {
        let path = "/users"
        let signer = AFSignedSigner(credentials: AFSignedCredentials(
            clientID: credentials["clientID"] ?? "", clientSecret: credentials["clientSecret"] ?? ""
        ))
        @Sendable func signed(_ sequence: Int) throws -> PreparedRequest {
            let url = URL(string: "http://\(target.authority)\(path)?page=1&soak=\(sequence)")!
            return PreparedRequest(try signer.sign(APIRequest(url: url), at: Date()))
        }
        return SoakTraffic(
            provider: "afsigned", target: target,
            valid: signed,
            tampered: { sequence in
                var request = try signed(sequence)
                request.target = request.target.replacingOccurrences(of: "soak=\(sequence)&", with: "soak=\(sequence + 1)&")
                    .replacingOccurrences(of: "soak=\(sequence)", with: "soak=\(sequence + 1)")
                return request
            },
            invalid: { sequence in PreparedRequest(target: "\(path)?page=1&soak=\(sequence)", headers: []) },
            oversized: oversized(method: "POST", target: path, contentType: "application/x-www-form-urlencoded"),
            probePath: path,
            expectations: signedExpectations(invalid: .status(401))
        )
    }
}
