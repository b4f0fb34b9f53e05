import Foundation
import HTTPTypes
import HummingbirdTesting
import MockServerTesting
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// The standalone server at its file-descriptor limit: with more clients than descriptors, it
/// must back off instead of spinning a core on failed accepts, and answer again once clients go.
@Suite("mock-servers at the file-descriptor limit", .enabled(if: BuiltExecutable.isAvailable("mock-servers", override: "MOCK_SERVERS_BINARY")))
struct FileDescriptorLimitTests {
    /// A TCP connection to 127.0.0.1:`port` that sends nothing; the descriptor, or -1.
    static func idleConnection(port: Int) -> Int32 {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { return -1 }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            close(descriptor)
            return -1
        }
        return descriptor
    }

    /// The CPU time `pid` has used, in clock ticks (user + system, from `/proc/PID/stat`).
    static func cpuTicks(_ pid: Int32) -> Int? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let end = stat.lastIndex(of: ")") else { return nil }
        let fields = stat[stat.index(after: end)...].split(separator: " ")
        guard fields.count > 13, let user = Int(fields[11]), let system = Int(fields[12]) else { return nil }
        return user + system
    }

    @Test("with ulimit -n 64 and 150 idle clients it stays idle, and serves again when they leave")
    func backsOffAtTheLimit() async throws {
        let binary = try MockServersCommandTests.binary()
        let ready = MockServersCommandTests.temporaryPath("ready.json")
        // The server starts with only its own descriptors: the shell closes any it inherited
        // from this test process before lowering the limit.
        let child = try ChildProcess(URL(fileURLWithPath: "/bin/bash"), [
            "-c", #"for fd in $(ls /proc/$$/fd); do [ "$fd" -gt 2 ] && eval "exec $fd>&-" 2>/dev/null; done; ulimit -n 64 && exec "$0" "$@""#, binary.path,
            "--port-base", "0", "--ready-file", ready, "--only", "twitter", "--log-level", "critical",
        ])
        for _ in 0..<600 where !FileManager.default.fileExists(atPath: ready) {
            try await Task.sleep(for: .milliseconds(100))
        }
        let data = try #require(FileManager.default.contents(atPath: ready), "no ready file; stderr: \(child.errorOutput)")
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let inherited = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(child.processIdentifier)/fd").count) ?? -1
        let address = (object["twitter"] as? [String: Any])?["baseURL"] as? String
        let baseURL = try #require(address.flatMap { URL(string: $0) })
        let port = try #require(baseURL.port)

        let clients = (0..<150).map { _ in Self.idleConnection(port: port) }.filter { $0 >= 0 }
        #expect(clients.count > 64, "the kernel took only \(clients.count) connections")
        try await Task.sleep(for: .seconds(1))
        let before = try #require(Self.cpuTicks(child.processIdentifier), "the server is gone (it started with \(inherited) descriptors); stderr: \(child.errorOutput.suffix(2000))")
        try await Task.sleep(for: .seconds(3))
        let after = try #require(Self.cpuTicks(child.processIdentifier), "the server is gone; stderr: \(child.errorOutput.suffix(2000))")
        let ticksPerSecond = sysconf(Int32(_SC_CLK_TCK))
        // A spinning accept loop burns the whole 3 s; backing off costs a few ticks.
        #expect(after - before < ticksPerSecond / 2, "the server used \(after - before) ticks of CPU in 3 s while at its descriptor limit")

        for client in clients { close(client) }
        var health: Int?
        for _ in 0..<50 where health != 200 {
            health = try? await MockHTTP.send(.get, "/health", to: baseURL).status.code
            if health != 200 { try await Task.sleep(for: .milliseconds(200)) }
        }
        #expect(health == 200)
        child.send(SIGTERM)
        #expect(await child.waitForExit(timeout: .seconds(10)) == 0)
        try? FileManager.default.removeItem(atPath: ready)
    }
}
