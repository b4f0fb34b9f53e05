import Foundation
import Hummingbird
import HummingbirdTesting
import MockServerKit
import NIOCore
import Testing

/// `/openapi.json`: written from the route table, so every registered route appears with its
/// methods, parameters and answers, and the kit's own routes and answers are in it too.
@Suite("OpenAPI description")
struct OpenAPIDocumentTests {
    static func document(_ configuration: MockServerConfiguration = MockServerConfiguration()) async throws -> [String: Any] {
        let context = MockServerContext(provider: EchoProvider(), configuration: configuration)
        let app = MockServerApplication.build(provider: EchoProvider(), context: context)
        let data = try await app.test(.router) { client in
            try await client.execute(uri: "/openapi.json", method: .post) { response in
                #expect(response.status == .methodNotAllowed)
                #expect(response.headers[.allow] == "GET")
            }
            return try await client.execute(uri: "/openapi.json", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "application/json")
                return Data(response.body.readableBytesView)
            }
        }
        #expect(await context.journal.entries.map(\.status) == [405], "GET /openapi.json is not journaled")
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    @Test("OpenAPI 3.1 with every route of the provider and the kit, each with its methods")
    func everyRoute() async throws {
        let document = try await Self.document()
        #expect((document["openapi"] as? String)?.hasPrefix("3.1.") == true)
        let paths = try #require(document["paths"] as? [String: [String: Any]])
        #expect(Set(paths.keys) == ["/echo", "/items/{id}", "/health", "/openapi.json"])
        #expect(Set(paths["/echo"]?.keys.map { $0 } ?? []) == Set(EchoOptions().methods.map { $0.rawValue.lowercased() }))
        #expect(Set(paths["/items/{id}"]?.keys.map { $0 } ?? []) == ["get"])
        let item = try #require(paths["/items/{id}"]?["get"] as? [String: Any])
        let parameters = try #require(item["parameters"] as? [[String: Any]])
        #expect(parameters.contains { $0["name"] as? String == "id" && $0["in"] as? String == "path" && $0["required"] as? Bool == true },
                "a path parameter the operation does not declare is added")
        let responses = try #require(item["responses"] as? [String: Any])
        #expect(Set(responses.keys) == ["200", "413", "414", "431"], "the kit's own answers are on every operation")
        let tooLarge = try #require((responses["413"] as? [String: Any])?["content"] as? [String: Any])
        #expect(tooLarge.keys.contains("application/json"), "in the provider's error shape")
    }

    @Test("the admin routes are described when they are on, and absent when off")
    func adminRoutes() async throws {
        let off = try await Self.document()
        #expect((off["paths"] as? [String: Any])?.keys.contains { $0.hasPrefix("/__admin") } == false)
        let on = try await Self.document(MockServerConfiguration(adminEnabled: true))
        let paths = try #require(on["paths"] as? [String: [String: Any]])
        #expect(Set(paths["/__admin/faults"]?.keys.map { $0 } ?? []) == ["get", "post", "delete"])
        #expect(Set(paths["/__admin/journal"]?.keys.map { $0 } ?? []) == ["get", "delete"])
    }

    @Test("a route cannot be registered without its operation: the schema of each answer is in the document")
    func schemas() async throws {
        let document = try await Self.document()
        let echo = try #require((document["paths"] as? [String: [String: Any]])?["/echo"]?["get"] as? [String: Any])
        let ok = try #require(((echo["responses"] as? [String: Any])?["200"] as? [String: Any])?["content"] as? [String: [String: Any]])
        let schema = try #require(ok["application/json"]?["schema"] as? [String: Any])
        #expect(schema["type"] as? String == "object")
        #expect(schema["required"] as? [String] == ["parameters"])
    }
}
