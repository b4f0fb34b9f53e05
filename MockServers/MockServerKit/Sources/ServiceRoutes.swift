import Foundation
import Hummingbird
import HTTPTypes
import NIOCore
import SigningCore

/// The routes every mock server has besides its provider's: `GET /health`, and the
/// `/__admin/…` routes when ``MockServerConfiguration/adminEnabled`` is on.
enum ServiceRoutes {
    static func add(to router: Router<MockRequestContext>, server: MockServerContext) {
        router.get("/health") { _, context -> Response in
            context.note.skipJournal()
            return MockResponse.json(["status": "ok", "provider": server.providerName]).response
        }
        guard server.configuration.adminEnabled else { return }
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
