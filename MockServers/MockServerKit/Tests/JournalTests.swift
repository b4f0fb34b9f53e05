import Foundation
import HummingbirdTesting
import HTTPTypes
import MockServerKit
import NIOCore
import MockServerTesting
import SigningCore
import Testing

@Suite("Request journal")
struct JournalTests {
    private func entry(_ path: String) -> JournalEntry {
        JournalEntry(sequence: 0, provider: "p", method: "GET", path: path, parameters: [], status: 200, verdict: .accepted, reason: "ok", date: Date())
    }

    @Test("keeps at most its capacity, oldest dropped first, and resets")
    func bounded() async {
        let journal = RequestJournal(capacity: 3)
        for index in 1...5 { await journal.record(entry("/\(index)")) }
        #expect(await journal.entries.map(\.path) == ["/3", "/4", "/5"])
        #expect(await journal.entries.map(\.sequence) == [3, 4, 5])
        #expect(await journal.droppedCount == 2)
        #expect(await journal.last?.path == "/5")
        await journal.reset()
        #expect(await journal.count == 0)
        await journal.record(entry("/again"))
        #expect(await journal.entries.map(\.sequence) == [1])
    }

    @Test("records method, path, decoded parameters, status, verdict and reason")
    func records() async throws {
        try await MockServer.withRunning(EchoProvider()) { server in
            var headers = HTTPFields()
            headers[.contentType] = "application/x-www-form-urlencoded"
            _ = try await MockHTTP.send(.post, "/echo?q=caf%C3%A9&q=2", to: server.baseURL, headers: headers, body: ByteBuffer(string: "a+b=c%26d"))
            _ = try await MockHTTP.send(.get, "/echo?bad=%zz", to: server.baseURL)
            _ = try await MockHTTP.send(.get, "/missing", to: server.baseURL)
            _ = try await MockHTTP.send(.get, "/health", to: server.baseURL)
            let entries = await server.journal.entries
            try #require(entries.count == 3)
            #expect(entries[0].method == "POST")
            #expect(entries[0].path == "/echo")
            #expect(entries[0].parameters == [FormField("q", "café"), FormField("q", "2"), FormField("a b", "c&d")])
            #expect(entries[0].verdict == .accepted)
            #expect(entries[0].status == 200)
            #expect(entries[1].verdict == .rejected)
            #expect(entries[1].reason == "undecodable parameters")
            #expect(entries[1].status == 400)
            #expect(entries[2].status == 404)
            #expect(entries[2].reason == "no such route")
            #expect(await server.journal.entries(path: "/echo", method: "GET").count == 1)
        }
    }
}
