#if MockServers  // without the trait, Server/TraitCheck.swift's #error is the one message
import Foundation
import Hummingbird
import HTTPTypes
import NIOCore
import SigningCore

/// The routes every mock server has besides its provider's: `GET /health`, `GET /openapi.json`,
/// and the `/__admin/…` routes when ``MockServerConfiguration/adminEnabled`` is on. Each is in
/// the route table with its operation, like the provider's.
enum ServiceRoutes {
    static func add(to router: Router<MockRequestContext>, server: MockServerContext) {
        server.routes.add(method: "GET", pattern: "/health", operation: Operations.health)
        router.get("/health") { _, context -> Response in
            context.note.skipJournal()
            return MockResponse.json(["status": "ok", "provider": server.providerName]).response
        }
        server.routes.add(method: "GET", pattern: "/openapi.json", operation: Operations.openAPI)
        router.get("/openapi.json") { _, context -> Response in
            context.note.skipJournal()
            return MockResponse(headers: [.contentType: "application/json"], body: ByteBuffer(bytes: try OpenAPIDocument.json(for: server))).response
        }
        guard server.configuration.adminEnabled else { return }
        for (method, path, operation) in Operations.admin {
            server.routes.add(method: method, pattern: path, operation: operation)
        }
        AdminRoutes.add(to: router.group("/__admin"), server: server, access: server.adminAccess)
    }
}

/// The operations of the kit's own routes.
private enum Operations {
    static let health = MockOperation("Whether the server is up, and which provider it serves.", answers: [
        .init(200, "Up.", content: [.json(.object(["status": .string(values: ["ok"]), "provider": .string], required: ["status", "provider"]))]),
    ])

    static let openAPI = MockOperation("This description.", answers: [
        .init(200, "The OpenAPI 3.1 description of the server's routes.", content: [.json(.object(["openapi": .string, "paths": .object([:])], required: ["openapi", "paths"]))]),
    ])

    static let faultRules = MockSchema.array(.object(["route": .string, "fault": .object([:]), "remaining": .integer(minimum: 1)], required: ["route", "fault"]))
    static let adminError = MockOperation.Content.json(.object(["error": .string], required: ["error"]))
    static let forbidden = MockOperation.Answer(403, "Not this server's Host or Origin, or no admin token (X-Mock-Admin-Token).", content: [adminError])

    static let admin: [(String, String, MockOperation)] = [
        ("GET", "/__admin/faults", MockOperation("The fault rules in force.", answers: [.init(200, "The rules.", content: [.json(faultRules)]), forbidden])),
        ("POST", "/__admin/faults", MockOperation(
            "Adds fault rules (one rule or an array).",
            requestBody: [.json(.anyOf([faultRules, .object(["route": .string, "fault": .object([:])], required: ["route", "fault"])]))],
            answers: [
                .init(200, "The rules now in force.", content: [.json(faultRules)]),
                .init(400, "Not a rule, or a value out of range.", content: [adminError]),
                .init(403, "Not this server's Host or Origin, or no admin token (X-Mock-Admin-Token).", content: [adminError]),
                .init(413, "More than 64 KiB of rules.", content: [adminError]),
            ]
        )),
        ("DELETE", "/__admin/faults", MockOperation("Removes every fault rule.", answers: [.init(204, "Removed."), forbidden])),
        ("GET", "/__admin/journal", MockOperation("The request journal, oldest first.", answers: [.init(200, "The entries.", content: [.json(.array(.object([
            "sequence": .integer, "method": .string, "path": .string, "parameters": .array(.array(.string)),
            "omittedParameterBytes": .integer, "status": .integer, "verdict": .string, "reason": .string,
            "provider": .string, "date": .string, "target": .string, "headers": .array(.array(.string)), "body": .string,
            "omittedBodyBytes": .integer, "diagnosis": .object(["title": .string, "headerName": .string, "text": .string], required: ["title", "headerName", "text"]),
        ], required: ["sequence", "method", "path", "status", "verdict"])))]), forbidden])),
        ("DELETE", "/__admin/journal", MockOperation("Empties the journal.", answers: [.init(204, "Emptied."), forbidden])),
    ]
}
#endif
