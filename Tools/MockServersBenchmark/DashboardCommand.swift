import ArgumentParser
import Foundation
import MockServerCatalog
import MockServerKit
import OAuth1Client

/// What the dashboard costs the server it watches, loopback only and bounded in time: signed
/// `verify_credentials` requests (unique, so every one is verified, its nonce recorded and
/// journaled) at a fixed rate and then as fast as possible, first with no page open, then with
/// the dashboard open in headless Chromium (its live list following every request over
/// server-sent events), in one run.
struct DashboardCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "dashboard",
        abstract: "Measure the mock servers' throughput with the dashboard open in a browser and without."
    )

    @Option(help: "Requests per second of the paced runs (100...5000).")
    var rate: Int = 1000

    @Option(help: "Seconds per measured run (1...60).")
    var duration: Int = 10

    @Option(help: "Concurrent keep-alive connections (1...64).")
    var connections: Int = 16

    @Option(help: "The browser that opens the dashboard (headless).")
    var browser: String = "/usr/bin/chromium"

    func validate() throws {
        guard (100...5000).contains(rate) else { throw ValidationError("--rate must be 100...5000") }
        guard (1...60).contains(duration) else { throw ValidationError("--duration must be 1...60") }
        guard (1...64).contains(connections) else { throw ValidationError("--connections must be 1...64") }
        guard FileManager.default.isExecutableFile(atPath: browser) else {
            throw ValidationError("--browser \(browser) is not an executable: apt-get install chromium, or give its path")
        }
    }

    func run() async throws {
        let server = try await MockServer.start(
            [(MockCatalogEntry.twitter.provider(), MockServerConfiguration(journalCapacity: 1000))],
            dashboard: MockDashboardConfiguration()
        )
        let credentials = server.providers[0].credentials
        let signer = OAuth1Signer(credentials: OAuth1Credentials(
            consumerKey: credentials["consumerKey"]!, consumerSecret: credentials["consumerSecret"]!,
            token: credentials["accessToken"], tokenSecret: credentials["accessTokenSecret"]
        ))
        let url = URL(string: server.baseURL.absoluteString + "/1.1/account/verify_credentials.json")!
        let authority = "\(server.baseURL.host!):\(server.baseURL.port!)"
        func target(_ count: Int) throws -> LoadTarget {
            let requests = try (0..<count).map { _ in
                PreparedRequest(target: "/1.1/account/verify_credentials.json", headers: try signer.sign(OAuth1Request(url: url)).request.headers.map { ($0.name, $0.value) })
            }
            return LoadTarget(port: server.baseURL.port!, authority: authority, requests: requests, repeats: false)
        }
        let flatOut = 20_000 * duration
        print("loopback, \(connections) connections, \(duration) s per run; signed requests prepared in advance; dashboard \(server.dashboardURL!.absoluteString)")
        _ = try await LoadGenerator.run(try target(rate * 2), connections: connections, seconds: 2)  // warm-up

        let pacedAlone = try await LoadGenerator.run(try target(rate * duration + connections), connections: connections, seconds: duration, rate: rate)
        print(pacedAlone.line("\(rate) req/s, no page open"))
        let flatAlone = try await LoadGenerator.run(try target(flatOut), connections: connections, seconds: duration)
        print(flatAlone.line("as fast as possible, no page open"))

        // The server's own share: the event stream read by a plain client, no browser on the CPU.
        let reader = try startProcess("/usr/bin/curl", ["-sN", "-o", "/dev/null", server.dashboardURL!.absoluteString + "events"])
        try await Task.sleep(for: .seconds(1))
        let pacedRead = try await LoadGenerator.run(try target(rate * duration + connections), connections: connections, seconds: duration, rate: rate)
        print(pacedRead.line("\(rate) req/s, event stream read by curl"))
        let flatRead = try await LoadGenerator.run(try target(flatOut), connections: connections, seconds: duration)
        print(flatRead.line("as fast as possible, event stream read by curl"))
        try await stop(reader)

        let page = try startBrowser(server.dashboardURL!)
        // The page's script opens its event stream once loaded; give it time (a benchmark, not a test).
        try await Task.sleep(for: .seconds(5))
        let pacedWatched = try await LoadGenerator.run(try target(rate * duration + connections), connections: connections, seconds: duration, rate: rate)
        print(pacedWatched.line("\(rate) req/s, dashboard open"))
        let flatWatched = try await LoadGenerator.run(try target(flatOut), connections: connections, seconds: duration)
        print(flatWatched.line("as fast as possible, dashboard open"))
        print("browser still running after the load: \(page.isRunning)")

        print(String(format: "paced throughput, open / not open: %.3fx", pacedWatched.requestsPerSecond / max(pacedAlone.requestsPerSecond, 1)))
        print(String(format: "maximum throughput, open / not open: %.3fx", flatWatched.requestsPerSecond / max(flatAlone.requestsPerSecond, 1)))
        print(String(format: "maximum throughput, event stream read by curl / not open: %.3fx", flatRead.requestsPerSecond / max(flatAlone.requestsPerSecond, 1)))
        try await stop(page)
        await server.stop()
    }

    /// Headless Chromium showing `url`, kept open until terminated.
    private func startBrowser(_ url: URL) throws -> Process {
        let profile = FileManager.default.temporaryDirectory.appendingPathComponent("dashboard-benchmark-\(UUID().uuidString)")
        return try startProcess(browser, ["--headless=new", "--no-sandbox", "--disable-gpu", "--user-data-dir=\(profile.path)", "--window-size=1280,800", "--remote-debugging-port=0", url.absoluteString])
    }

    /// Kills `process` and waits until it has exited, reaping it here. SIGKILL, since the
    /// children of this process inherit its blocked SIGTERM (the mock server's signal
    /// handling blocks it), and Foundation's `isRunning` does not learn of the exit here.
    private func stop(_ process: Process) async throws {
        let pid = process.processIdentifier
        kill(pid, SIGKILL)
        // `waitpid` answers the pid once it exited, or -1 when Foundation reaped it first.
        while waitpid(pid, nil, WNOHANG) == 0 { try await Task.sleep(for: .milliseconds(20)) }
    }

    /// `executable` running with `arguments`, its output dropped, until terminated.
    private func startProcess(_ executable: String, _ arguments: [String]) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }
}
