import AFSignedClient
import AFSignedMock
import Foundation
import HTTPTypes
import MockServerKit
import Testing

/// The signature check every route runs first, against the SDK's client and hand-built requests.
@Suite("AFSigned mock signature check")
struct SignatureCheckTests {
    /// The `AFSignedError` `body` throws.
    static func refusal<Result>(_ body: () async throws -> Result) async -> AFSignedError? {
        do {
            _ = try await body()
            return nil
        } catch let error as AFSignedError {
            return error
        } catch {
            return nil
        }
    }

    @Test("the timestamp window's edges: within ±12 h is served, the bounds and beyond are 'Incorrect auth timestamp'", arguments: [
        (-43_199.0, true), (-43_200.0, false), (43_199.0, true), (43_200.0, false), (-86_400.0, false), (0.0, true),
    ])
    func window(offset: TimeInterval, accepted: Bool) async throws {
        try await AFSignedHarness.withRunning { backend in
            let error = await Self.refusal { try await backend.client(offset: offset).json("GET", "/users/1", as: UserJSON.self) }
            if accepted {
                #expect(error == nil, "offset \(offset): \(String(describing: error))")
            } else {
                #expect(error?.code == .timestampRefused)
                #expect(error?.providerMessage == "Incorrect auth timestamp" && error?.statusCode == 401)
                #expect(error?.mockReason?.contains("the window is ±43200 s") == true)
            }
        }
    }

    @Test("a shorter window from the options; the server's clock moves with the ManualClock")
    func shortWindow() async throws {
        try await AFSignedHarness.withRunning(AFSignedMockOptions(timestampWindowSeconds: 60)) { backend in
            #expect(await Self.refusal { try await backend.client(offset: 59).json("GET", "/users/1", as: UserJSON.self) } == nil)
            #expect(await Self.refusal { try await backend.client(offset: -60).json("GET", "/users/1", as: UserJSON.self) }?.code == .timestampRefused)
            // A request signed now and sent after the clock moved a minute is stale.
            let request = try backend.signed("GET", "/users/1")
            backend.clock.advance(by: 60)
            let stale = try await backend.send(request)
            #expect(stale.status == .unauthorized && stale.error == "Incorrect auth timestamp")
        }
    }

    @Test("replays: served twice without requiresNonce (as the reference backend), refused the second time with it")
    func replay() async throws {
        for requiresNonce in [false, true] {
            try await AFSignedHarness.withRunning(AFSignedMockOptions(requiresNonce: requiresNonce)) { backend in
                let recorder = RewritingTransport()
                let api = backend.client(transport: recorder)
                _ = try await api.json("POST", "/users", parameters: [AFSignedParameter("name", "Once"), AFSignedParameter("email", "once@example.com")], as: UserJSON.self)
                let again = try await URLSessionTransport().send(try #require(recorder.requests.first))
                if requiresNonce {
                    #expect(again.statusCode == 401)
                    let error = await Self.refusal { try api.decode(again, as: UserJSON.self) }
                    #expect(error?.code == .nonceUsed && error?.providerMessage == "Incorrect auth nonce")
                    #expect(again.mockReason?.contains("was already used") == true)
                } else {
                    // The replay is served: here it trips over the e-mail address the first one took.
                    #expect(again.statusCode == 422)
                }
                // A GET replayed: the same answer twice without nonces.
                _ = try await api.json("GET", "/users/1", as: UserJSON.self)
                let read = try await URLSessionTransport().send(try #require(recorder.requests.last))
                #expect(read.statusCode == (requiresNonce ? 401 : 200))
            }
        }
    }

    @Test("with requiresNonce a request without a nonce is 'Incorrect auth nonce'; a nonce is free again after the window")
    func nonceRequired() async throws {
        try await AFSignedHarness.withRunning(AFSignedMockOptions(timestampWindowSeconds: 300, requiresNonce: true)) { backend in
            let error = await Self.refusal { try await backend.client(nonce: nil).json("GET", "/users/1", as: UserJSON.self) }
            #expect(error?.code == .nonceUsed && error?.mockReason?.contains("auth_nonce is missing") == true)
            let fixed = backend.client(nonce: { "the-same-nonce" })
            _ = try await fixed.json("GET", "/users/1", as: UserJSON.self)
            #expect(await Self.refusal { try await fixed.json("GET", "/users/2", as: UserJSON.self) }?.code == .nonceUsed)
            backend.clock.advance(by: 300)
            #expect(try await fixed.json("GET", "/users/2", as: UserJSON.self).id == 2)
        }
    }

    @Test("a wrong secret is 'Incorrect auth signature' with the server's string to sign; an unknown client id is 'Incorrect client id'")
    func wrongCredentials() async throws {
        try await AFSignedHarness.withRunning { backend in
            let wrongSecret = backend.client(credentials: AFSignedCredentials(clientID: backend.clientID, clientSecret: "not-the-secret"))
            let signature = await Self.refusal { try await wrongSecret.json("GET", "/users", parameters: [AFSignedParameter("q", "Ada")], as: UserPageJSON.self) }
            #expect(signature?.code == .signatureInvalid && signature?.statusCode == 401)
            #expect(signature?.providerMessage == "Incorrect auth signature")
            #expect(signature?.serverSignatureBase == "GET\n/users\nq=Ada")  // the header's %XX read back
            let unknown = backend.client(credentials: AFSignedCredentials(clientID: "someone-else", clientSecret: backend.secret))
            let client = await Self.refusal { try await unknown.json("GET", "/users", as: UserPageJSON.self) }
            #expect(client?.code == .incorrectClientID && client?.providerMessage == "Incorrect client id")
            #expect(client?.mockReason?.contains("\"someone-else\", which this server does not know") == true)
        }
    }

    @Test("versions must match: a v4 client against v2, a v2 client against v4, is 'Incorrect client version'")
    func versionMismatch() async throws {
        try await AFSignedHarness.withRunning { v2 in
            #expect(await Self.refusal { try await v2.client(version: .v4).json("GET", "/users", as: UserPageJSON.self) }?.code == .incorrectVersion)
            let wrongNumber = try await v2.send(.get, "/users?auth_version=3&auth_client_id=\(v2.clientID)&auth_timestamp=\(v2.now)&auth_signature=00")
            #expect(wrongNumber.status == .unauthorized && wrongNumber.error == "Incorrect client version")
            #expect(wrongNumber.mockReason?.contains("this server accepts version 2") == true)
        }
        try await AFSignedHarness.withRunning(AFSignedMockOptions(version: .v4)) { v4 in
            let error = await Self.refusal { try await v4.client(version: .v2).json("GET", "/users", as: UserPageJSON.self) }
            #expect(error?.code == .incorrectVersion && error?.mockReason?.contains("X-Auth-Version is missing") == true)
        }
    }

    @Test("clientIDField auth_key: a client sending auth_key is served, one sending auth_client_id is 'Incorrect client id'")
    func authKey() async throws {
        try await AFSignedHarness.withRunning(AFSignedMockOptions(clientIDField: .key)) { backend in
            let recorder = RewritingTransport()
            let page = try await backend.client(clientIDField: .key, transport: recorder).json("GET", "/users", as: UserPageJSON.self)
            #expect(page.total == 5)
            #expect(recorder.requests.first?.url.query?.contains("auth_key=\(backend.clientID)") == true)
            let wrongField = await Self.refusal { try await backend.client().json("GET", "/users", as: UserPageJSON.self) }
            #expect(wrongField?.code == .incorrectClientID && wrongField?.mockReason?.contains("auth_key is missing") == true)
        }
    }

    @Test("version 4: auth values in X-Auth-* headers, the whole CRUD flow; a bad signature shows the RFC 3986 string")
    func version4() async throws {
        try await AFSignedHarness.withRunning(AFSignedMockOptions(version: .v4, requiresNonce: true)) { backend in
            let recorder = RewritingTransport()
            let api = backend.client(version: .v4, transport: recorder)
            let user = try await api.json("POST", "/users", parameters: [AFSignedParameter("name", "Vera Четвёртая"), AFSignedParameter("email", "vera@example.com")], as: UserJSON.self)
            #expect(recorder.requests.last?.header("X-Auth-Version") == "4" && recorder.requests.last?.header("X-Auth-Signature") != nil)
            #expect(String(decoding: recorder.requests.last?.body ?? [], as: UTF8.self).contains("auth_") == false)
            #expect(try await api.json("PATCH", "/users/\(user.id)", parameters: [AFSignedParameter("name", "Vera")], as: UserJSON.self).name == "Vera")
            #expect(try await api.json("GET", "/users", parameters: [AFSignedParameter("q", "vera")], as: UserPageJSON.self).total == 1)
            #expect(try await api.answer("DELETE", "/users/\(user.id)").statusCode == 200)
            let tampered = backend.client(version: .v4, transport: RewritingTransport { request in
                var request = request
                request.url = URL(string: request.url.absoluteString.replacingOccurrences(of: "q=vera", with: "q=v%C3%A9ra"))!
                return request
            })
            let error = await Self.refusal { try await tampered.json("GET", "/users", parameters: [AFSignedParameter("q", "vera")], as: UserPageJSON.self) }
            #expect(error?.code == .signatureInvalid)
            #expect(error?.serverSignatureBase == "GET\n/users\nq=v%C3%A9ra")
        }
    }

    @Test("tampering in transit: a changed value is 'Incorrect auth signature' with X-Auth-String-To-Sign showing what the server signed")
    func tampered() async throws {
        try await AFSignedHarness.withRunning { backend in
            let rewriting = RewritingTransport { request in
                var request = request
                request.body = Array(String(decoding: request.body, as: UTF8.self).replacingOccurrences(of: "name=Ann", with: "name=Eve").utf8)
                return request
            }
            let api = backend.client(transport: rewriting)
            let response = try await api.answer("POST", "/users", parameters: [AFSignedParameter("name", "Ann"), AFSignedParameter("email", "ann@example.com")])
            #expect(response.statusCode == 401)
            #expect(String(decoding: response.body, as: UTF8.self) == #"{"error":"Incorrect auth signature"}"#)
            #expect(response.header(AFSignedField.stringToSignHeader) == "POST%0A/users%0Aemail=ann@example.com&name=Eve")
            let error = await Self.refusal { try api.decode(response, as: UserJSON.self) }
            #expect(error?.code == .signatureInvalid && error?.serverSignatureBase == "POST\n/users\nemail=ann@example.com&name=Eve")
            #expect(response.mockReason?.contains("auth_signature does not match") == true)
            // Nothing was created.
            #expect(try await backend.client().json("GET", "/users", as: UserPageJSON.self).total == 5)
            // A value added in transit (the query of a GET) is caught too, and so is a changed path.
            let added = backend.client(transport: RewritingTransport { request in
                var request = request
                request.url = URL(string: request.url.absoluteString + "&per_page=1")!
                return request
            })
            #expect(await Self.refusal { try await added.json("GET", "/users", as: UserPageJSON.self) }?.code == .signatureInvalid)
            let moved = backend.client(transport: RewritingTransport { request in
                var request = request
                request.url = URL(string: request.url.absoluteString.replacingOccurrences(of: "/users/1?", with: "/users/2?"))!
                return request
            })
            let movedError = await Self.refusal { try await moved.json("DELETE", "/users/1", as: [String: Bool].self) }
            #expect(movedError?.code == .signatureInvalid && movedError?.serverSignatureBase?.hasPrefix("DELETE\n/users/2\n") == true)
        }
    }

    @Test("diagnosis off: the same refusal without X-Auth-String-To-Sign, and no string in X-Mock-Reason")
    func diagnosisOff() async throws {
        try await AFSignedHarness.withRunning(AFSignedMockOptions(diagnosis: false)) { backend in
            let wrongSecret = backend.client(credentials: AFSignedCredentials(clientID: backend.clientID, clientSecret: "nope"))
            let response = try await wrongSecret.answer("GET", "/users", parameters: [AFSignedParameter("q", "Ada")])
            #expect(response.statusCode == 401 && response.providerMessage?.text == "Incorrect auth signature")
            #expect(response.header(AFSignedField.stringToSignHeader) == nil)
            #expect(response.mockReason?.contains("does not match") == true && response.mockReason?.contains("q=Ada") == false)
            let missing = try await backend.send(.get, "/users?auth_version=2&auth_client_id=\(backend.clientID)&auth_timestamp=\(backend.now)")
            #expect(missing.status == .unauthorized && missing.mockReason?.contains("auth_signature is missing") == true)
            #expect(missing.stringToSign == nil)
        }
    }

    @Test("the checks run in the reference backend's order: version, client id, timestamp, signature, nonce")
    func order() async throws {
        try await AFSignedHarness.withRunning(AFSignedMockOptions(requiresNonce: true)) { backend in
            let id = backend.clientID
            let cases: [(String, String)] = [
                ("auth_version=1&auth_client_id=nobody&auth_timestamp=0&auth_signature=x", "Incorrect client version"),
                ("auth_version=2&auth_client_id=nobody&auth_timestamp=0&auth_signature=x", "Incorrect client id"),
                ("auth_version=2&auth_client_id=\(id)&auth_timestamp=0&auth_signature=x", "Incorrect auth timestamp"),
                ("auth_version=2&auth_client_id=\(id)&auth_timestamp=\(backend.now)&auth_signature=x", "Incorrect auth signature"),
            ]
            for (query, words) in cases {
                let reply = try await backend.send(.get, "/users?" + query)
                #expect(reply.status == .unauthorized && reply.error == words, "\(query)")
            }
            // A good signature without a nonce: only now is the nonce checked.
            let signed = try backend.authFields("GET", "/users")
            let reply = try await backend.send(.get, "/users?" + FormEncoding.serialize(signed))
            #expect(reply.error == "Incorrect auth nonce")
        }
    }
}
