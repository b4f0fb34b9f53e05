import AFSignedClient
import AFSignedMock
import Foundation
import HTTPTypes
import MockServerKit
import Testing

/// The REST API, driven by the SDK's own client: every route, the CRUD flow, validation,
/// unknown users and paging.
@Suite("AFSigned mock user API")
struct UserAPITests {
    @Test("the seeded users are listed in id order, unicode names intact")
    func seeded() async throws {
        try await AFSignedHarness.withRunning { backend in
            let page = try await backend.client().json("GET", "/users", as: UserPageJSON.self)
            #expect(page.users.map(\.id) == [1, 2, 3, 4, 5])
            #expect(page.users.map(\.name).contains("山田 太郎") && page.users.map(\.name).contains("Zoë Ångström"))
            #expect(page.page == 1 && page.per_page == 20 && page.total == 5 && page.total_pages == 1)
            #expect(await backend.server.journal.last?.verdict == .accepted)
        }
    }

    @Test("create, read, update (PUT and PATCH), delete; then the user is gone")
    func crud() async throws {
        try await AFSignedHarness.withRunning { backend in
            let api = backend.client()
            let created = try await api.answer("POST", "/users", parameters: [AFSignedParameter("name", "Ann Ümlaut"), AFSignedParameter("email", "ann@example.com")])
            #expect(created.statusCode == 201)
            let ann = try api.decode(created, as: UserJSON.self)
            #expect(ann.id == 6 && ann.name == "Ann Ümlaut" && ann.email == "ann@example.com")
            #expect(ann.created_at == "2027-01-15T08:00:00Z")
            #expect(created.header("Location") == "/users/6")

            #expect(try await api.json("GET", "/users/6", as: UserJSON.self) == ann)
            let renamed = try await api.json("PATCH", "/users/6", parameters: [AFSignedParameter("name", "Ann B.")], as: UserJSON.self)
            #expect(renamed.name == "Ann B." && renamed.email == ann.email && renamed.created_at == ann.created_at)
            let moved = try await api.json("PUT", "/users/6", parameters: [AFSignedParameter("email", "ANN@example.org")], as: UserJSON.self)
            #expect(moved.name == "Ann B." && moved.email == "ANN@example.org")
            // Her old address is free again; her new one is hers, whatever the case.
            let reuse = try await api.answer("POST", "/users", parameters: [AFSignedParameter("name", "Other"), AFSignedParameter("email", "ann@example.com")])
            #expect(reuse.statusCode == 201)

            let deleted = try await api.answer("DELETE", "/users/6")
            #expect(deleted.statusCode == 200 && String(decoding: deleted.body, as: UTF8.self) == #"{"deleted":true}"#)
            let gone = try await api.answer("GET", "/users/6")
            #expect(gone.statusCode == 404 && gone.providerMessage?.text == "User not found")
            #expect(try await api.answer("DELETE", "/users/6").statusCode == 404)
            #expect(try await api.answer("PATCH", "/users/6", parameters: [AFSignedParameter("name", "x")]).statusCode == 404)
            // Ids are never reused.
            #expect(try await api.json("POST", "/users", parameters: [AFSignedParameter("name", "Next"), AFSignedParameter("email", "next@example.com")], as: UserJSON.self).id == 8)
        }
    }

    @Test("validation: 422 with every invalid field named", arguments: [
        ([("email", "a@example.com")], ["name": "is required"]),
        ([("name", "Ann")], ["email": "is required"]),
        ([("name", ""), ("email", "not-an-address")], ["name": "is required", "email": "must look like an e-mail address (name@example.com)"]),
        ([("name", String(repeating: "é", count: 101)), ("email", "a@example")], ["name": "must be 1 to 100 characters", "email": "must look like an e-mail address (name@example.com)"]),
        ([("name", "Line\nbreak"), ("email", "a b@example.com")], ["name": "must not contain control characters", "email": "must look like an e-mail address (name@example.com)"]),
        ([("name", "   "), ("email", "@example.com")], ["name": "must not be blank", "email": "must look like an e-mail address (name@example.com)"]),
        ([("name", "Ann"), ("email", "ada@EXAMPLE.com")], ["email": "has already been taken"]),
        ([("name", "Ann"), ("email", "a@@example.com")], ["email": "must look like an e-mail address (name@example.com)"]),
    ])
    func validation(fields: [(String, String)], problems: [String: String]) async throws {
        try await AFSignedHarness.withRunning { backend in
            let response = try await backend.client().answer("POST", "/users", parameters: fields.map { AFSignedParameter($0.0, .text($0.1)) })
            #expect(response.statusCode == 422)
            let body = try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
            #expect(body["error"] as? String == "Validation failed")
            #expect(body["fields"] as? [String: String] == problems)
            #expect(response.mockReason?.hasPrefix("invalidFields: validation failed") == true)
            #expect(await backend.server.journal.last?.verdict == .rejected)
        }
    }

    @Test("arrays where text belongs, a name of exactly 100 characters, an update to another user's address")
    func validationEdges() async throws {
        try await AFSignedHarness.withRunning { backend in
            let api = backend.client()
            let array = try await api.answer("POST", "/users", parameters: [AFSignedParameter("name", ["a", "b"]), AFSignedParameter("email", .map([FormField("x", "y")]))])
            #expect(array.statusCode == 422)
            let arrayBody = try #require(try JSONSerialization.jsonObject(with: Data(array.body)) as? [String: Any])
            #expect(arrayBody["fields"] as? [String: String] == ["name": "must be text, not an array", "email": "must be text, not an array"])
            let longest = String(repeating: "名", count: 100)
            #expect(try await api.json("POST", "/users", parameters: [AFSignedParameter("name", .text(longest)), AFSignedParameter("email", "l@example.com")], as: UserJSON.self).name == longest)
            let taken = try await api.answer("PATCH", "/users/2", parameters: [AFSignedParameter("email", "Ada@Example.com")])
            #expect(taken.statusCode == 422)
            // A user may keep (or recase) their own address.
            #expect(try await api.json("PATCH", "/users/1", parameters: [AFSignedParameter("email", "ADA@example.com")], as: UserJSON.self).email == "ADA@example.com")
            let empty = try await api.json("PUT", "/users/3", as: UserJSON.self)
            #expect(empty.name == "Zoë Ångström")
        }
    }

    @Test("an unknown or unreadable id is 404 'User not found' on every /users/{id} route", arguments: ["999", "0", "-1", "abc", "99999999999999999999999", "1.5", "%20"])
    func notFound(id: String) async throws {
        try await AFSignedHarness.withRunning { backend in
            let api = backend.client()
            for (method, parameters) in [("GET", []), ("PUT", [AFSignedParameter("name", "x")]), ("PATCH", []), ("DELETE", [])] as [(String, [AFSignedParameter])] {
                let response = try await api.answer(method, "/users/\(id)", parameters: parameters)
                #expect(response.statusCode == 404, "\(method) /users/\(id)")
                #expect(String(decoding: response.body, as: UTF8.self) == #"{"error":"User not found"}"#)
            }
        }
    }

    @Test("paging: page and per_page, past the end, the name filter; bad values are 422")
    func paging() async throws {
        try await AFSignedHarness.withRunning { backend in
            let api = backend.client()
            for index in 1...23 {
                _ = try await api.json("POST", "/users", parameters: [AFSignedParameter("name", .text("Bulk \(index)")), AFSignedParameter("email", .text("bulk\(index)@example.com"))], as: UserJSON.self)
            }
            let first = try await api.json("GET", "/users", as: UserPageJSON.self)
            #expect(first.users.count == 20 && first.total == 28 && first.total_pages == 2)
            let second = try await api.json("GET", "/users", parameters: [AFSignedParameter("page", 2)], as: UserPageJSON.self)
            #expect(second.users.map(\.id) == Array(21...28) && second.page == 2)
            let small = try await api.json("GET", "/users", parameters: [AFSignedParameter("page", 3), AFSignedParameter("per_page", 5)], as: UserPageJSON.self)
            #expect(small.users.map(\.id) == Array(11...15) && small.total_pages == 6)
            let past = try await api.json("GET", "/users", parameters: [AFSignedParameter("page", 1_000_000), AFSignedParameter("per_page", 100)], as: UserPageJSON.self)
            #expect(past.users.isEmpty && past.total == 28)
            let bulk = try await api.json("GET", "/users", parameters: [AFSignedParameter("q", "BULK 2")], as: UserPageJSON.self)
            #expect(bulk.users.map(\.name) == ["Bulk 2", "Bulk 20", "Bulk 21", "Bulk 22", "Bulk 23"])
            let greek = try await api.json("GET", "/users", parameters: [AFSignedParameter("q", "ελένη")], as: UserPageJSON.self)
            #expect(greek.users.map(\.id) == [5])
            for bad in [[AFSignedParameter("page", 0)], [AFSignedParameter("per_page", 101)], [AFSignedParameter("page", "two")],
                        [AFSignedParameter("per_page", "-5")], [AFSignedParameter("page", "99999999999999999999")],
                        [AFSignedParameter("q", .text(String(repeating: "q", count: 101)))], [AFSignedParameter("page", ["1"])]] {
                let response = try await api.answer("GET", "/users", parameters: bad)
                #expect(response.statusCode == 422, "\(bad)")
                #expect(response.providerMessage?.text == "Validation failed")
            }
        }
    }

    @Test("a JSON body is refused with 415 after the signature check: it would not be signed")
    func jsonBody() async throws {
        try await AFSignedHarness.withRunning { backend in
            struct NewUser: Encodable { var name: String; var email: String }
            let response = try await backend.client().answer("POST", "/users", json: NewUser(name: "Jay", email: "jay@example.com"))
            #expect(response.statusCode == 415)
            #expect(response.providerMessage?.text == "Unsupported Media Type")
            #expect(response.mockReason?.contains("application/x-www-form-urlencoded") == true)
        }
    }
}
