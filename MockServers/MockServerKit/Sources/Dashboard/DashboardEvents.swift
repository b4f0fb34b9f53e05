#if MockServers  // without the trait, Server/TraitCheck.swift's #error is the one message
import Foundation
import Hummingbird
import NIOConcurrencyHelpers
import NIOCore
import ServiceLifecycle

/// `GET /events`: the journals of every provider as server-sent events. First the newest
/// entries already kept (at most ``DashboardRequestsPage/rowLimit``, oldest first), then each
/// entry as it is recorded (`event: request`), each journal emptied (`event: cleared`) and each
/// provider's fault rules after every change (`event: faults`), with a comment every 15 seconds
/// of silence so that proxies and the idle timeout leave the stream open.
///
/// Events are written in batches, at most every ``flushInterval``: at a thousand requests a
/// second a page costs the server one write per batch, not one per request. A page that reads
/// more slowly than events come loses the excess beyond ``maximumPendingBytes`` (it is told
/// how many in a comment) rather than the server's memory.
///
/// The stream ends when the browser goes, when the server shuts down gracefully, or when the
/// server's ``MockServer/stop()`` ends the journals' updates.
enum DashboardEvents {
    /// The longest an event waits before it is written.
    static let flushInterval = Duration.milliseconds(50)
    /// The most bytes of events waiting for a slow page.
    static let maximumPendingBytes = 1 << 20

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
            let pending = PendingEvents()
            try await withGracefulShutdownHandler {
                try await withThrowingTaskGroup(of: Void.self) { group in
                    for (name, stream) in sources {
                        group.addTask {
                            for await update in stream {
                                switch update {
                                case .recorded(let entry): pending.append(event(for: entry))
                                case .cleared: pending.append("event: cleared\ndata: {\"provider\":\(JSONText.string(name))}\n\n")
                                }
                            }
                            pending.finish()  // the server stopped
                        }
                    }
                    for (name, stream) in faultStreams {
                        group.addTask {
                            for await rules in stream { pending.append("event: faults\ndata: \(faultsJSON(name, rules))\n\n") }
                        }
                    }
                    var silence = Duration.zero
                    while true {
                        try await Task.sleep(for: flushInterval)
                        let (text, finished) = pending.take()
                        if !text.isEmpty {
                            try await writer.write(ByteBuffer(string: text))
                            silence = .zero
                        } else if silence >= .seconds(15) {
                            try await writer.write(ByteBuffer(string: ": keep-alive\n\n"))
                            silence = .zero
                        } else {
                            silence += flushInterval
                        }
                        if finished { break }
                    }
                    group.cancelAll()
                }
            } onGracefulShutdown: {
                pending.finish()
            }
            try await writer.finish(nil)
        })
    }

    /// `event: request` for `entry`: its summary as one line of JSON.
    static func event(for entry: JournalEntry) -> String {
        var text = "event: request\ndata: {\"provider\":"
        text += JSONText.string(entry.provider)
        text += ",\"sequence\":\(entry.sequence),\"time\":\"\(entry.timestamp)\",\"method\":"
        text += JSONText.string(entry.method)
        text += ",\"path\":" + JSONText.string(entry.path)
        text += ",\"status\":\(entry.status),\"verdict\":\"\(entry.verdict.rawValue)\",\"reason\":"
        text += JSONText.string(entry.reason)
        text += ",\"url\":" + JSONText.string(DashboardRequestsPage.detailPath(entry)) + "}\n\n"
        return text
    }

    /// `{"provider": name, "rules": [rule…]}`, each rule as the admin route writes it.
    private static func faultsJSON(_ name: String, _ rules: [FaultRule]) -> String {
        struct Event: Encodable {
            var provider: String
            var rules: [FaultRule]
        }
        return DashboardRequestsPage.json(Event(provider: name, rules: rules))
    }
}

/// The events waiting for the next write to one page, bounded in bytes.
private final class PendingEvents: Sendable {
    private let state = NIOLockedValueBox((text: "", dropped: 0, finished: false))

    func append(_ event: String) {
        state.withLockedValue { state in
            if state.text.utf8.count + event.utf8.count > DashboardEvents.maximumPendingBytes {
                state.dropped += 1
            } else {
                state.text += event
            }
        }
    }

    func finish() {
        state.withLockedValue { $0.finished = true }
    }

    /// Everything waiting (with a comment counting what was dropped), and whether the stream ends.
    func take() -> (String, Bool) {
        state.withLockedValue { state in
            var text = state.text
            if state.dropped > 0 { text += ": \(state.dropped) events dropped: the page read more slowly than they came\n\n" }
            state.text = ""
            state.dropped = 0
            return (text, state.finished)
        }
    }
}

/// JSON text written by hand for the events' flat members: faster than a general encoder, and
/// the one place a string is escaped for them.
enum JSONText {
    /// `text` as a JSON string literal: quotes, backslashes and control characters escaped (so
    /// the result never holds a line break and fits one `data:` line).
    static func string(_ text: String) -> String {
        var out = "\""
        out.reserveCapacity(text.utf8.count + 2)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{2028}": out += "\\u2028"
            case "\u{2029}": out += "\\u2029"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}
#endif
