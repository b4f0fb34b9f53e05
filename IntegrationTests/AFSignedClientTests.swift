import AFSignedClient
import AFSignedMock
import Foundation
import MockServerKit
import Testing

/// AFSignedClient against the in-process AFSigned backend over real HTTP: a users API used
/// end to end, and every refusal by its code, the backend's words and the string it signed.
@Suite("AFSignedClient against the AFSigned mock")
struct AFSignedClientTests {
    struct User: Decodable, Equatable {
        let id: Int
        let name: String
        let email: String
    }

    /// A page of `GET /users`.
    struct Users: Decodable {
        let users: [User]
        let total: Int
    }

    static func client(_ server: MockServer, secret: String? = nil, version: AFSignedVersion = .v2, field: AFSignedClientIDField = .clientID,
                       clockOffset: TimeInterval = 0, correctsClockSkew: Bool = false, nonce: String? = nil, signedAt: Date? = nil,
                       transport: any HTTPTransport = URLSessionTransport()) -> AFSignedClient {
        let credentials = server.providers[0].credentials
        return AFSignedClient(
            configuration: AFSignedConfiguration(baseURL: server.baseURL, credentials: AFSignedCredentials(clientID: credentials["clientID"]!, clientSecret: secret ?? credentials["clientSecret"]!), version: version, clientIDField: field, nonce: nonce.map { value -> @Sendable () -> String in { value } } ?? AFSignedSigner.defaultNonce),
            http: SignedHTTPClient(transport: transport, correctsClockSkew: correctsClockSkew, deviceClock: { (signedAt ?? Date()).addingTimeInterval(clockOffset) })
        )
    }

    @Test("create, list, show, update and delete users, signed every time", arguments: AFSignedVersion.allCases)
    func crud(version: AFSignedVersion) async throws {
        try await MockServer.withRunning(AFSignedMockProvider(options: AFSignedMockOptions(version: version, requiresNonce: true))) { server in
            let api = Self.client(server, version: version)
            let created = try await api.json("POST", "/users", parameters: [AFSignedParameter("name", "Zoë + Ann & co"), AFSignedParameter("email", "zoe@example.com")], as: User.self)
            #expect(created.name == "Zoë + Ann & co")
            let shown = try await api.json("GET", "/users/\(created.id)", as: User.self)
            #expect(shown == created)
            let renamed = try await api.json("PATCH", "/users/\(created.id)", parameters: [AFSignedParameter("name", "Zoë")], as: User.self)
            #expect(renamed.name == "Zoë" && renamed.email == "zoe@example.com")
            let deleted = try await api.send("DELETE", "/users/\(created.id)")
            #expect(deleted.isSuccess)
            let gone = try await #require(throws: AFSignedError.self) { try await api.json("GET", "/users/\(created.id)", as: User.self) }
            #expect(gone.code == .requestRejected && gone.statusCode == 404)
            #expect(await server.journal.entries.allSatisfy { $0.verdict == .accepted || $0.status == 404 })
        }
    }

    @Test("a clock 13 hours slow: Incorrect auth timestamp; with skew correction, one retry at the server's time")
    func staleTimestamp() async throws {
        try await MockServer.withRunning(AFSignedMockProvider()) { server in
            let slow = Self.client(server, clockOffset: -13 * 3600)
            let error = try await #require(throws: AFSignedError.self) { try await slow.json("GET", "/users", as: Users.self) }
            #expect(error.code == .timestampRefused && error.providerMessage == "Incorrect auth timestamp")
            #expect(error.mockReason?.contains("window") == true, "\(error.mockReason ?? "")")
            let corrected = Self.client(server, clockOffset: -13 * 3600, correctsClockSkew: true)
            _ = try await corrected.json("GET", "/users", as: Users.self)
            let last = await server.journal.entries.suffix(2).map(\.verdict)
            #expect(last == [.rejected, .accepted])
        }
    }

    @Test("with nonces required, a replayed request is refused; without, the reference backend accepts it")
    func replays() async throws {
        // The same nonce and the same timestamp: the same request again, however slowly it is sent.
        let signedAt = Date()
        try await MockServer.withRunning(AFSignedMockProvider(options: AFSignedMockOptions(requiresNonce: true))) { server in
            let fixed = Self.client(server, nonce: "the-same-nonce", signedAt: signedAt)
            _ = try await fixed.json("GET", "/users", as: Users.self)
            let error = try await #require(throws: AFSignedError.self) { try await fixed.json("GET", "/users", as: Users.self) }
            #expect(error.code == .nonceUsed && error.providerMessage == "Incorrect auth nonce")
        }
        try await MockServer.withRunning(AFSignedMockProvider()) { server in
            let fixed = Self.client(server, nonce: "the-same-nonce")
            _ = try await fixed.json("GET", "/users", as: Users.self)
            _ = try await fixed.json("GET", "/users", as: Users.self)
        }
    }

    @Test("a wrong secret: Incorrect auth signature with the string the server signed, never the secret")
    func wrongSecret() async throws {
        try await MockServer.withRunning(AFSignedMockProvider()) { server in
            let wrong = Self.client(server, secret: "not-the-secret")
            let error = try await #require(throws: AFSignedError.self) {
                try await wrong.json("GET", "/users", parameters: [AFSignedParameter("page", 1)], as: Users.self)
            }
            #expect(error.code == .signatureInvalid && error.statusCode == 401)
            #expect(error.serverSignatureBase == "GET\n/users\npage=1")
            #expect(!error.message.contains(server.providers[0].credentials["clientSecret"]!))
        }
    }

    /// Changes the form body after signing, as a rewriting proxy would.
    struct Tamperer: HTTPTransport {
        func send(_ request: APIRequest) async throws -> APIResponse {
            var changed = request
            changed.body = Array(String(decoding: request.body, as: UTF8.self).replacingOccurrences(of: "name=Ann", with: "name=Eve").utf8)
            return try await URLSessionTransport().send(changed)
        }
    }

    @Test("a parameter changed in transit: Incorrect auth signature naming the changed string")
    func tampered() async throws {
        try await MockServer.withRunning(AFSignedMockProvider()) { server in
            let proxied = Self.client(server, transport: Tamperer())
            let error = try await #require(throws: AFSignedError.self) {
                try await proxied.json("POST", "/users", parameters: [AFSignedParameter("name", "Ann"), AFSignedParameter("email", "ann@example.com")], as: User.self)
            }
            #expect(error.code == .signatureInvalid)
            #expect(error.serverSignatureBase?.contains("name=Eve") == true)
        }
    }

    @Test("a backend reading auth_key takes a client sending it, and refuses the default")
    func authKey() async throws {
        try await MockServer.withRunning(AFSignedMockProvider(options: AFSignedMockOptions(clientIDField: .key))) { server in
            _ = try await Self.client(server, field: .key).json("GET", "/users", as: Users.self)
            let error = try await #require(throws: AFSignedError.self) { try await Self.client(server).json("GET", "/users", as: Users.self) }
            #expect(error.code == .incorrectClientID)
        }
    }
}
