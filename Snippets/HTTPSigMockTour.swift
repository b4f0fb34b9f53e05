import Foundation
import HTTPMessageSignatures
import HTTPSigMock
import MockServerKit

/// HTTPMessageSignaturesClient against the RFC 9421 mock in-process: a signed JSON POST with its
/// signed answer verified, then a wrong secret refused with the base the server built.
func httpsigMockTour() async throws {
    try await MockServer.withRunning(HTTPSigMockProvider(options: HTTPSigMockOptions(requiresNonce: true))) { server in
        let api = try server.client(HTTPSigMockProvider.self)      // signs with the demo Ed25519 key, verifies the server's answers
        let created = try await api.send("POST", "/api/items", headers: ["Content-Type": "application/json"], body: Array(#"{"name":"Ann"}"#.utf8))
        print(created.statusCode)                                  // 201, Content-Digest covered, the answer's signature verified
        let demo = try server.demo(HTTPSigMockProvider.self)       // HTTPSigMockCredentials: a key of every algorithm
        let hmac = HTTPMessageSignaturesClient(configuration: HTTPMessageSignaturesConfiguration(
            baseURL: server.baseURL, signer: HTTPMessageSigner(key: try HTTPSignatureHMACKey(secret: Array("wrong".utf8)), keyID: demo.hmacKeyID)))
        do {
            _ = try await hmac.send("GET", "/api/items", query: [FormField("q", "a")])
        } catch let error as HTTPMessageSignatureError {
            print(error.code, error.serverSignatureBase ?? "")       // signature invalid, and the base the server built
        }
    }
}
