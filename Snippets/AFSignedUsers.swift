import AFSignedClient
import Foundation

/// A user as the app's backend returns it.
struct BackendUser: Decodable, Sendable {
    let id: Int
    let name: String
}

/// An app against a backend that verifies `auth_signature` as the original PHP backend does: every call
/// signed afresh, the backend's refusals as codes, and a Swift server checking the same scheme.
func afsignedUsers(secret: String) async throws {
    let api = AFSignedClient(
        configuration: AFSignedConfiguration(baseURL: URL(string: "https://api.example.com")!, credentials: AFSignedCredentials(clientID: "CLIENT_ID", clientSecret: secret))
    )
    let created = try await api.json("POST", "/users", parameters: [
        AFSignedParameter("name", "Zoë"),
        AFSignedParameter("tags", ["admin", "beta"]),          // tags[]=admin&tags[]=beta, as PHP reads arrays
    ], as: BackendUser.self)
    print(created.id)

    do {
        _ = try await api.json("GET", "/users", parameters: [AFSignedParameter("page", 2)], as: [BackendUser].self)
    } catch let error as AFSignedError {
        switch error.code {
        case .signatureInvalid: print(error.serverSignatureBase ?? error.message)   // what the backend signed, when it says
        case .timestampRefused: print("device clock far off")                        // already retried once at the server's time
        default: throw error
        }
    }

    // The same scheme on the server side (a Swift backend, or a test double).
    let verifier = AFSignedVerifier(
        credentials: [AFSignedCredentials(clientID: "CLIENT_ID", clientSecret: secret)],
        replayStore: MemoryReplayStore()                              // replay protection the original backend lacked
    )
    let signer = AFSignedSigner(credentials: AFSignedCredentials(clientID: "CLIENT_ID", clientSecret: secret))
    let request = try signer.sign(APIRequest(url: URL(string: "https://api.example.com/users?page=1")!), at: Date())
    let verified = try await verifier.verify(AFSignedIncomingRequest(request), now: Date())
    print(verified.clientID)
}
