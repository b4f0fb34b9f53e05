#if MockServers  // without the trait, Server/TraitCheck.swift's #error is the one message
import Foundation
import Hummingbird
import NIOCore
import ServiceLifecycle

/// `GET /events`: the journals of every provider as server-sent events. First the newest
/// entries already kept (at most ``DashboardRequestsPage/rowLimit``, oldest first), then each
/// entry as it is recorded (`event: request`), each journal emptied (`event: cleared`) and each
/// provider's fault rules after every change (`event: faults`), with
/// a comment every 15 seconds so that proxies and the idle timeout leave the stream open.
///
/// The stream ends when the browser goes, when the server shuts down gracefully, or when the
/// server's ``MockServer/stop()`` ends the journals' updates.
enum DashboardEvents {
    /// One event of the stream.
    private enum Item: Sendable {
        case update(String, JournalUpdate)
        case faults(String, [FaultRule])
        case keepAlive
    }

    static func response(providers: [MockServer.Running]) async -> Response {
        var backlog: [JournalEntry] = []
        var streams: [(String, AsyncStream<JournalUpdate>)] = []
        let faultStreams = providers.map { ($0.name, $0.context.faults.changes()) }
        for running in providers {
            // Subscribe before reading the backlog, so nothing falls between the two; an entry
            // in both is sent twice, and the page keeps one row per provider and sequence.
            streams.append((running.name, await running.context.journal.updates()))
            backlog += await running.context.journal.entries.suffix(DashboardRequestsPage.rowLimit)
        }
        let sources = streams
        let replay = backlog.sorted { ($0.date, $0.sequence) < ($1.date, $1.sequence) }.suffix(DashboardRequestsPage.rowLimit)
        var headers = DashboardHTML.securityHeaders(contentType: "text/event-stream; charset=utf-8")
        headers[.cacheControl] = "no-store"
        return Response(status: .ok, headers: headers, body: ResponseBody { writer in
            var first = ByteBuffer(string: "retry: 2000\n\n")
            for entry in replay { first.writeString(event(for: entry)) }
            try await writer.write(first)
            let (items, sink) = AsyncStream.makeStream(of: Item.self, bufferingPolicy: .bufferingNewest(2000))
            try await withGracefulShutdownHandler {
                try await withThrowingTaskGroup(of: Void.self) { group in
                    for (name, stream) in sources {
                        group.addTask {
                            for await update in stream { sink.yield(.update(name, update)) }
                            sink.finish()  // the server stopped
                        }
                    }
                    for (name, stream) in faultStreams {
                        group.addTask {
                            for await rules in stream { sink.yield(.faults(name, rules)) }
                        }
                    }
                    group.addTask {
                        while !Task.isCancelled {
                            try await Task.sleep(for: .seconds(15))
                            sink.yield(.keepAlive)
                        }
                    }
                    for await item in items {
                        switch item {
                        case .update(_, .recorded(let entry)):
                            try await writer.write(ByteBuffer(string: event(for: entry)))
                        case .update(let name, .cleared):
                            try await writer.write(ByteBuffer(string: "event: cleared\ndata: \(json(["provider": name]))\n\n"))
                        case .faults(let name, let rules):
                            try await writer.write(ByteBuffer(string: "event: faults\ndata: \(faultsJSON(name, rules))\n\n"))
                        case .keepAlive:
                            try await writer.write(ByteBuffer(string: ": keep-alive\n\n"))
                        }
                    }
                    group.cancelAll()
                }
            } onGracefulShutdown: {
                sink.finish()
            }
            try await writer.finish(nil)
        })
    }

    /// `event: request` for `entry`: its summary as one line of JSON.
    static func event(for entry: JournalEntry) -> String {
        let summary: [String: Any] = [
            "provider": entry.provider, "sequence": entry.sequence, "time": entry.timestamp,
            "method": entry.method, "path": entry.path, "status": entry.status,
            "verdict": entry.verdict.rawValue, "reason": entry.reason, "url": DashboardRequestsPage.detailPath(entry),
        ]
        return "event: request\ndata: \(json(summary))\n\n"
    }

    /// `{"provider": name, "rules": [rule…]}`, each rule as the admin route writes it.
    private static func faultsJSON(_ name: String, _ rules: [FaultRule]) -> String {
        struct Event: Encodable {
            var provider: String
            var rules: [FaultRule]
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(Event(provider: name, rules: rules))).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }

    /// `object` as one line of JSON (JSON never holds a raw line break, so it is one `data:` line).
    private static func json(_ object: [String: Any]) -> String {
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self)
    }
}
#endif
