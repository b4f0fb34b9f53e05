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
        let admin = router.group("/__admin")
        admin.get("faults") { _, context -> Response in
            context.note.skipJournal()
            return MockResponse.json(encoding: server.faults.all).response
        }
        admin.post("faults") { request, context -> Response in
            context.note.skipJournal()
            var request = request
            let body: ByteBuffer
            do {
                body = try await request.collectBody(upTo: Self.maxAdminBodyBytes)
            } catch {
                return Self.adminError("send at most \(Self.maxAdminBodyBytes) bytes of fault rules", status: .contentTooLarge)
            }
            guard let rules = Self.decodeRules(Data(body.readableBytesView)) else {
                return Self.adminError("send a fault rule or an array of rules as JSON", status: .badRequest)
            }
            do throws(MockServerError) {
                try server.faults.add(rules)
            } catch {
                return Self.adminError(error.message, status: .badRequest)
            }
            return MockResponse.json(encoding: server.faults.all).response
        }
        admin.delete("faults") { _, context -> Response in
            context.note.skipJournal()
            server.faults.clear()
            return Response(status: .noContent)
        }
        admin.get("journal") { _, context -> Response in
            context.note.skipJournal()
            let entries = await server.journal.entries.map(AdminJournalEntry.init)
            return MockResponse.json(encoding: entries).response
        }
        admin.delete("journal") { _, context -> Response in
            context.note.skipJournal()
            await server.journal.reset()
            return Response(status: .noContent)
        }
    }

    /// The largest admin request body read; larger gets 413.
    static let maxAdminBodyBytes = 64 << 10

    private static func adminError(_ message: String, status: HTTPResponse.Status) -> Response {
        MockResponse.json(["error": message], status: status).response
    }

    private static func decodeRules(_ data: Data) -> [FaultRule]? {
        let decoder = JSONDecoder()
        if let rules = try? decoder.decode([FaultRule].self, from: data) { return rules }
        return (try? decoder.decode(FaultRule.self, from: data)).map { [$0] }
    }
}

/// A journal entry as the admin route shows it.
struct AdminJournalEntry: Encodable {
    var sequence: Int
    var method: String
    var path: String
    var parameters: [[String]]
    var omittedParameterBytes: Int
    var status: Int
    var verdict: String
    var reason: String

    init(_ entry: JournalEntry) {
        sequence = entry.sequence
        method = entry.method
        path = entry.path
        parameters = entry.parameters.map { [$0.name, $0.value] }
        omittedParameterBytes = entry.omittedParameterBytes
        status = entry.status
        verdict = entry.verdict.rawValue
        reason = entry.reason
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

    static let admin: [(String, String, MockOperation)] = [
        ("GET", "/__admin/faults", MockOperation("The fault rules in force.", answers: [.init(200, "The rules.", content: [.json(faultRules)])])),
        ("POST", "/__admin/faults", MockOperation(
            "Adds fault rules (one rule or an array).",
            requestBody: [.json(.anyOf([faultRules, .object(["route": .string, "fault": .object([:])], required: ["route", "fault"])]))],
            answers: [
                .init(200, "The rules now in force.", content: [.json(faultRules)]),
                .init(400, "Not a rule, or a value out of range.", content: [adminError]),
                .init(413, "More than 64 KiB of rules.", content: [adminError]),
            ]
        )),
        ("DELETE", "/__admin/faults", MockOperation("Removes every fault rule.", answers: [.init(204, "Removed.")])),
        ("GET", "/__admin/journal", MockOperation("The request journal, oldest first.", answers: [.init(200, "The entries.", content: [.json(.array(.object([
            "sequence": .integer, "method": .string, "path": .string, "parameters": .array(.array(.string)),
            "omittedParameterBytes": .integer, "status": .integer, "verdict": .string, "reason": .string,
        ], required: ["sequence", "method", "path", "status", "verdict"])))])])),
        ("DELETE", "/__admin/journal", MockOperation("Empties the journal.", answers: [.init(204, "Emptied.")])),
    ]
}
#endif
