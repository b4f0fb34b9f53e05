import Foundation
import MockServerCatalog
import TestSupport
import Testing

/// The dashboard in a real browser: `mock-servers --dashboard` runs as a process, and
/// `Peers/dashboard_browser.py` drives headless Chromium through Selenium against it while it
/// sends requests to the providers itself, in Python alone (oauthlib, hmac, raw sockets): each
/// request's row appears live with the right verdict and reason, a tampered OAuth 1.0a request's
/// page marks exactly the changed parameter (and an RFC 9421 request's, signed by hand with
/// the demo hmac-sha256 secret, exactly its `"@query"` line), a path that is markup stays text, a fault added on
/// the page hits the next request, and admin calls from a foreign origin or host, or without the
/// token, are refused. It saves screenshots of the list and of the tampered request.
///
/// Skips when python3 with selenium and oauthlib, `/usr/bin/chromium` or `/usr/bin/chromedriver`
/// is missing, unless `CI=true` (`.ci/run` installs them), where that is a failure. The
/// screenshots go to a temporary directory; with `SIGNED_API_UPDATE_SCREENSHOTS=1` to
/// `docs/images/dashboard.png` and `docs/images/dashboard-request.png`.
@Suite("Dashboard in a browser", .heavy)
struct DashboardBrowserTests {
    static let chromium = "/usr/bin/chromium"
    static let chromedriver = "/usr/bin/chromedriver"

    /// Whether everything the browser check needs is installed.
    static var browserAvailable: Bool {
        get async {
            await PythonPeer.hasModules(["selenium", "oauthlib"])
                && FileManager.default.isExecutableFile(atPath: chromium)
                && FileManager.default.isExecutableFile(atPath: chromedriver)
        }
    }

    /// The package's root: two levels above this file.
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()

    /// Where the main page's screenshot goes (the request page's beside it, `-request` added).
    static func screenshotPath() throws -> URL {
        if ProcessInfo.processInfo.environment["SIGNED_API_UPDATE_SCREENSHOTS"] == "1" {
            let images = packageRoot.appendingPathComponent("docs/images")
            try FileManager.default.createDirectory(at: images, withIntermediateDirectories: true)
            return images.appendingPathComponent("dashboard.png")
        }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("dashboard-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory.appendingPathComponent("dashboard.png")
    }

    @Test(
        "Chromium watches the dashboard while Python sends accepted, tampered, replayed, faulted and hostile requests",
        .enabled(
            "python3 with selenium and oauthlib, /usr/bin/chromium or /usr/bin/chromedriver is missing; the dashboard browser check is skipped (apt-get install chromium chromium-driver; pip install -r .ci/requirements.txt; a failure when CI=true)"
        ) { await DashboardBrowserTests.browserAvailable || TestEnvironment.isCI }
    )
    func browser() async throws {
        let python = try #require(PythonPeer.executable, "python3 is required under CI=true")
        try #require(await Self.browserAvailable, "under CI=true the browser check needs \(Self.chromium), \(Self.chromedriver) and pip's selenium and oauthlib")
        // Google Books requiring a key, so a key-less request shows as a rejection.
        let config = try MockServersCommandTests.configFile(#"{"providers": {"googlebooks": {"options": {"requiresKey": true}}}}"#)
        defer { try? FileManager.default.removeItem(atPath: config) }
        let (server, ready, readyPath) = try await MockServersCommandTests.startServers(["--dashboard", "--config", config, "--log-level", "warning"])
        // However the test ends, the server is killed (the end of the test stops it gently).
        defer {
            server.stop()
            try? FileManager.default.removeItem(atPath: readyPath)
        }
        #expect(Set(["twitter", "drupal", "afsigned", "googlebooks", "httpsig"]).isSubset(of: ready.providers.keys))

        let screenshot = try Self.screenshotPath()
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Peers/dashboard_browser.py")
        let browser = try ChildProcess(python, [script.path, readyPath, screenshot.path], environment: ["PYTHONUNBUFFERED": "1"])
        // A hang guard, not a speed check: the script ran about 100 s beside the whole suite
        // under a full load, and each of its socket waits has a guard of 90 s of its own.
        let hangGuard: Duration = .seconds(600)
        let status = await browser.waitForExit(timeout: hangGuard)
        let output = "dashboard_browser.py output:\n\(browser.output)\n\(browser.errorOutput)\nmock-servers stderr:\n\(server.errorOutput.suffix(4000))"
        #expect(status != nil, "dashboard_browser.py did not finish within \(hangGuard) and was killed. \(output)")
        #expect(status == 0, "\(output)")
        #expect(browser.output.contains("DASHBOARD-BROWSER-OK"), "\(output)")
        #expect(!browser.output.contains("FAIL:"), "\(output)")
        if status == 0 {
            let requestScreenshot = screenshot.deletingLastPathComponent().appendingPathComponent("dashboard-request.png")
            for file in [screenshot, requestScreenshot] {
                let size = (try? FileManager.default.attributesOfItem(atPath: file.path)[.size] as? NSNumber)?.intValue ?? 0
                #expect(size > 10_000, "no screenshot at \(file.path)")
            }
        }

        server.send(SIGTERM)
        #expect(await server.waitForExit(timeout: .seconds(30)) == 0, "mock-servers stderr:\n\(server.errorOutput)")
    }
}
