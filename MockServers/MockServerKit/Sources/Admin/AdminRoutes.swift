#if MockServers  // without the trait, Server/TraitCheck.swift's #error is the one message
import Foundation
import Hummingbird
import HTTPTypes
import NIOCore
import SigningCore

/// The admin routes of one provider, `faults` and `journal` (GET, POST, DELETE), behind
/// ``AdminAccess``: on the provider's own port under `/__admin` when
/// ``MockServerConfiguration/adminEnabled`` is on, and on the dashboard's under
/// `/providers/NAME/__admin`. One definition, so both answer and validate alike.
enum AdminRoutes {
    /// The largest admin request body read; larger gets 413.
    static let maxAdminBodyBytes = 64 << 10

    static func add(to group: RouterGroup<MockRequestContext>, server: MockServerContext, access: AdminAccess) {
        group.add(middleware: AdminGuard(access: access))
        group.get("faults") { _, context -> Response in
            context.note.skipJournal()
            return MockResponse.json(encoding: server.faults.all).response
        }
        group.post("faults") { request, context -> Response in
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
        group.delete("faults") { _, context -> Response in
            context.note.skipJournal()
            server.faults.clear()
            return Response(status: .noContent)
        }
        group.get("journal") { _, context -> Response in
            context.note.skipJournal()
            let entries = await server.journal.entries.map(AdminJournalEntry.init)
            return MockResponse.json(encoding: entries).response
        }
        group.delete("journal") { _, context -> Response in
            context.note.skipJournal()
            await server.journal.reset()
            return Response(status: .noContent)
        }
    }

    static func adminError(_ message: String, status: HTTPResponse.Status) -> Response {
        MockResponse.json(["error": message], status: status).response
    }

    private static func decodeRules(_ data: Data) -> [FaultRule]? {
        let decoder = JSONDecoder()
        if let rules = try? decoder.decode([FaultRule].self, from: data) { return rules }
        return (try? decoder.decode(FaultRule.self, from: data)).map { [$0] }
    }
}

/// Refuses, with 403, an admin request ``AdminAccess`` does not allow.
struct AdminGuard: RouterMiddleware {
    typealias Context = MockRequestContext
    let access: AdminAccess

    func handle(_ request: Request, context: MockRequestContext, next: (Request, MockRequestContext) async throws -> Response) async throws -> Response {
        if let refusal = access.refusal(request.head, peer: context.channel.remoteAddress) {
            context.note.skipJournal()
            return AdminRoutes.adminError(refusal, status: .forbidden)
        }
        return try await next(request, context)
    }
}

/// A journal entry as the admin route shows it.
struct AdminJournalEntry: Encodable {
    var sequence: Int
    var provider: String
    var date: String
    var method: String
    var path: String
    var target: String
    var headers: [[String]]
    var body: String
    var omittedBodyBytes: Int
    var parameters: [[String]]
    var omittedParameterBytes: Int
    var status: Int
    var verdict: String
    var reason: String
    var diagnosis: Diagnosis?

    struct Diagnosis: Encodable {
        var title: String
        var headerName: String
        var text: String
    }

    init(_ entry: JournalEntry) {
        sequence = entry.sequence
        provider = entry.provider
        date = entry.timestamp
        method = entry.method
        path = entry.path
        target = entry.received.target
        headers = entry.received.headers.map { [$0.name.rawName, $0.value] }
        body = entry.received.body
        omittedBodyBytes = entry.received.omittedBodyBytes
        parameters = entry.parameters.map { [$0.name, $0.value] }
        omittedParameterBytes = entry.omittedParameterBytes
        status = entry.status
        verdict = entry.verdict.rawValue
        reason = entry.reason
        diagnosis = entry.diagnosis.map { Diagnosis(title: $0.title, headerName: $0.headerName, text: $0.text) }
    }
}
#endif
