import AFSignedClient
import AFSignedMock
import Foundation
import MockServerKit

/// AFSignedClient against the AFSigned mock in-process, with replay protection and the
/// server's string to sign on every refusal.
func afsignedMockTour() async throws {
    let provider = AFSignedMockProvider(options: AFSignedMockOptions(requiresNonce: true, diagnosis: true))
    try await MockServer.withRunning(provider) { server in
        let api = try server.client(AFSignedMockProvider.self)     // an AFSignedClient with the demo client id and secret
        let created = try await api.send("POST", "/users", parameters: [AFSignedParameter("name", "Ann"), AFSignedParameter("email", "ann@example.com")])
        print(created.statusCode)                                  // 201
        let demo = try server.demo(AFSignedMockProvider.self)      // AFSignedMockCredentials
        let wrong = AFSignedClient(configuration: AFSignedConfiguration(
            baseURL: server.baseURL, credentials: AFSignedCredentials(clientID: demo.credentials.clientID, clientSecret: "wrong")))
        do {
            _ = try await wrong.json("GET", "/users", as: [String: Int].self)
        } catch let error as AFSignedError {
            print(error.code, error.serverSignatureBase ?? "")       // signature invalid, and what the server signed
        }
    }
}
