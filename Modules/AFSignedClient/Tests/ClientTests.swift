import AFSignedClient
import Foundation
import SignedHTTPTesting
import Testing

/// The async client against scripted answers: the backend's refusals become codes, JSON is
/// decoded with field paths in errors, a refused timestamp is retried once at the server's time.
@Suite("AFSigned client")
struct ClientTests {
    static let credentials = AFSignedCredentials(clientID: "CLIENT_ID", clientSecret: "CLIENT_SECRET")
    static let base = URL(string: "https://api.example.com/v1")!

    struct User: Decodable, Equatable { let id: Int; let name: String }

    /// A client of the API at ``base`` sending through `transport`, on `clock`.
    static func client(_ transport: any HTTPTransport, clock: @escaping @Sendable () -> Date = { Date() }) -> AFSignedClient {
        AFSignedClient(configuration: AFSignedConfiguration(baseURL: base, credentials: credentials), http: SignedHTTPClient(transport: transport, deviceClock: clock))
    }

    @Test("a JSON answer is decoded; parameters travel as the scheme says")
    func decodes() async throws {
        let transport = RecordingTransport { _ in APIResponse(statusCode: 201, headers: ["Content-Type": "application/json"], body: Array(#"{"id":7,"name":"Ann"}"#.utf8)) }
        let client = Self.client(transport)
        let user = try await client.json("POST", "/users", parameters: [AFSignedParameter("name", "Ann"), AFSignedParameter("tags", ["a", "b"])], as: User.self)
        #expect(user == User(id: 7, name: "Ann"))
        let sent = try #require(transport.requests.first)
        #expect(sent.url.absoluteString == "https://api.example.com/v1/users")
        #expect(String(decoding: sent.body, as: UTF8.self).hasPrefix("name=Ann&tags%5B%5D=a&tags%5B%5D=b&auth_version=2&auth_client_id=CLIENT_ID&auth_timestamp="))
    }

    @Test("the reference backend's refusals become codes, with the server's string to sign when it gives one", arguments: [
        ("Incorrect auth signature", AFSignedError.Code.signatureInvalid), ("Incorrect client version", .incorrectVersion),
        ("Incorrect client id", .incorrectClientID), ("Incorrect auth nonce", .nonceUsed), ("Over quota", .requestRejected),
    ])
    func refusals(words: String, code: AFSignedError.Code) async throws {
        let client = Self.client(ClosureTransport { _ in
            APIResponse(statusCode: 401, headers: ["X-Auth-String-To-Sign": "GET\n/v1/users\n"], body: Array(#"{"error":"\#(words)"}"#.utf8))
        })
        let error = try await #require(throws: AFSignedError.self) { try await client.json("GET", "/users", as: [User].self) }
        #expect(error.code == code)
        #expect(error.providerMessage == words)
        #expect(error.statusCode == 401)
        #expect(error.serverSignatureBase == "GET\n/v1/users\n")
    }

    @Test("a wrong type names the field")
    func decodingError() async throws {
        let client = Self.client(ClosureTransport { _ in
            APIResponse(statusCode: 200, body: Array(#"[{"id":"seven","name":"Ann"}]"#.utf8))
        })
        let error = try await #require(throws: AFSignedError.self) { try await client.json("GET", "/users", as: [User].self) }
        #expect(error.code == .decodingFailed)
        #expect(error.message.contains("[0].id"), "\(error.message)")
    }

    @Test("Incorrect auth timestamp from a skewed device clock is retried once at the server's time")
    func clockSkew() async throws {
        let serverNow = Date(timeIntervalSince1970: 1_800_000_000)
        let transport = RecordingTransport { request in
            let timestamp = try FormEncoding.parse(request.url.query ?? "").first { $0.name == "auth_timestamp" }.map { Int($0.value) ?? 0 } ?? 0
            let fresh = abs(timestamp - 1_800_000_000) < 60
            return APIResponse(statusCode: fresh ? 200 : 401, headers: ["Date": HTTPDate.format(serverNow)], body: Array((fresh ? "[]" : #"{"error":"Incorrect auth timestamp"}"#).utf8))
        }
        let client = Self.client(transport, clock: { serverNow.addingTimeInterval(-86_400) })
        #expect(try await client.json("GET", "/users", as: [User].self).isEmpty)
        #expect(transport.requests.count == 2)
        let nonces = transport.requests.map { try? FormEncoding.parse($0.url.query ?? "").first { $0.name == "auth_nonce" }?.value }
        #expect(nonces[0] != nonces[1])
    }

    @Test("a JSON body goes unsigned with the auth values in the query")
    func jsonBody() async throws {
        struct New: Encodable { let name: String }
        let transport = RecordingTransport { _ in APIResponse(statusCode: 200, body: Array("{}".utf8)) }
        let client = Self.client(transport)
        _ = try await client.send("POST", "/users", json: New(name: "Ann"))
        let sent = try #require(transport.requests.first)
        #expect(String(decoding: sent.body, as: UTF8.self) == #"{"name":"Ann"}"#)
        #expect(sent.url.query?.contains("auth_signature=") == true)
    }
}
