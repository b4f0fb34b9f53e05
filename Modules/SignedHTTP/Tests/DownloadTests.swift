import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import SignedHTTP
import SignedHTTPTesting
import TestSupport
import Testing

/// `URLSessionTransport.download` against a real HTTP server: a Python `http.server` on
/// 127.0.0.1 port 0 that sends a 256 KiB body in 16 KiB chunks (with a pause between them, so
/// progress really arrives in steps; 5 s apart on `/slow`), started and stopped by the test.
@Suite("Downloads with progress", .enabled("python3 is not installed; download tests skipped") { await PythonPeer.hasModules(["http.server"]) || TestEnvironment.isCI })
struct DownloadTests {
    static let server = #"""
import http.server, socketserver, sys, time
BODY = bytes(i % 251 for i in range(256 * 1024))
class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    def do_GET(self):
        pause = 0.01 if self.path == "/thumbnail" else 5.0
        self.send_response(200)
        self.send_header("Content-Type", "image/jpeg")
        self.send_header("Content-Length", str(len(BODY)))
        self.end_headers()
        try:
            for start in range(0, len(BODY), 16 * 1024):
                self.wfile.write(BODY[start:start + 16 * 1024])
                self.wfile.flush()
                time.sleep(pause)
        except (BrokenPipeError, ConnectionResetError):
            open(sys.argv[1], "w").close()  # the client went away: say so
    def log_message(self, *args):
        pass
class Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True
server = Server(("127.0.0.1", 0), Handler)
print(server.server_address[1], flush=True)
server.serve_forever()
"""#

    static let body = (0..<(256 * 1024)).map { UInt8($0 % 251) }

    /// Runs `body` with the server's base URL and the path of a file the server creates when a
    /// client hangs up mid-transfer, then stops the server.
    static func withServer(_ body: (URL, String) async throws -> Void) async throws {
        let hangUp = FileManager.default.temporaryDirectory.appendingPathComponent("download-hangup-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: hangUp) }
        let (server, port) = try await PythonPeer.serve(script: Self.server, arguments: [hangUp])
        // stop() sends SIGKILL: the test process may ignore SIGTERM (the mock servers' signal
        // handling does), and a child inherits that.
        defer { server.stop() }
        try await body(URL(string: "http://127.0.0.1:\(port)")!, hangUp)
    }

    @Test("progress rises to the Content-Length, then the whole body arrives")
    func progress() async throws {
        try await Self.withServer { base, _ in
            var received: [Int64] = []
            var response: APIResponse?
            for try await event in URLSessionTransport().download(APIRequest(url: base.appendingPathComponent("thumbnail"))) {
                switch event {
                case .progress(let bytes, let expected):
                    #expect(expected == Int64(Self.body.count))
                    received.append(bytes)
                case .finished(let final):
                    response = final
                }
            }
            #expect(received.count > 2)
            #expect(received == received.sorted())
            #expect(received.last == Int64(Self.body.count))
            #expect(response?.statusCode == 200)
            #expect(response?.header("content-type") == "image/jpeg")
            #expect(response?.body == Self.body)
        }
    }

    @Test("leaving the loop cancels the transfer: the server sees the client hang up")
    func cancel() async throws {
        try await Self.withServer { base, hangUp in
            var received: Int64 = 0
            for try await event in URLSessionTransport().download(APIRequest(url: base.appendingPathComponent("slow"))) {
                if case .progress(let bytes, _) = event, bytes > 0 {
                    received = bytes
                    break
                }
            }
            #expect(received > 0 && received < Int64(Self.body.count))
            // The server writes its next chunk 5 s later and finds the connection closed; the
            // whole body would take 16 × 5 s.
            let deadline = ContinuousClock.now + .seconds(30)
            while !FileManager.default.fileExists(atPath: hangUp), ContinuousClock.now < deadline {
                try await Task.sleep(for: .milliseconds(100))
            }
            #expect(FileManager.default.fileExists(atPath: hangUp), "the server never saw the cancelled transfer end")
        }
    }

    @Test("cancelling the task that iterates ends it with CancellationError or a cancelled URLError")
    func cancelTask() async throws {
        try await Self.withServer { base, _ in
            // The transfer is under way once its first chunk has arrived (the next is 5 s later).
            let (underWay, announce) = AsyncStream.makeStream(of: Void.self)
            let task = Task {
                // As `response()` reads it: a stream that ends early was cancelled.
                for try await event in URLSessionTransport().download(APIRequest(url: base.appendingPathComponent("slow"))) {
                    if case .finished = event { return }
                    announce.yield()
                }
                try Task.checkCancellation()
            }
            for await _ in underWay { break }
            task.cancel()
            let result = await task.result
            switch result {
            case .success: Issue.record("a cancelled download finished")
            case .failure(let error):
                #expect(error is CancellationError || (error as? URLError)?.code == .cancelled, "\(error)")
            }
        }
    }

    @Test("a transport without streaming reports one progress event through the default implementation")
    func defaultImplementation() async throws {
        let transport = ClosureTransport { _ in APIResponse(statusCode: 200, body: [1, 2, 3]) }
        var events: [DownloadEvent] = []
        for try await event in transport.download(APIRequest(url: URL(string: "https://e.com")!)) { events.append(event) }
        #expect(events == [.progress(received: 3, expected: 3), .finished(APIResponse(statusCode: 200, body: [1, 2, 3]))])
    }
}
