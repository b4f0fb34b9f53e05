import ArgumentParser
import Foundation
import Logging
import MockServerCatalog
import MockServerKit
import SignedVerification
#if PostgresReplayStore
import PostgresReplayStore
#endif
import UnixSignals

/// `mock-servers`: runs every mock provider (or some of them) on loopback until SIGINT or
/// SIGTERM, prints each base URL with its demo credentials, and can write them to a ready file.
@main
struct MockServersCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mock-servers",
        abstract: "Run the mock API providers on loopback until interrupted.",
        discussion: """
            Without options every provider starts on 127.0.0.1 at its fixed default port \
            (\(MockProviderCatalog.entries.map(\.slot.description).joined(separator: ", "))). \
            Use --port-base 0 for random free ports and --ready-file to learn them.
            """
    )

    @Option(name: .long, help: "A JSON configuration file (host, portBase, providers: {name: settings}).")
    var config: String?

    @Option(name: .long, help: "Comma-separated provider names to start (default: all).")
    var only: String?

    @Option(name: .long, help: "The address to bind (default 127.0.0.1).")
    var host: String?

    @Option(name: .customLong("port-base"), help: "The first port: each provider moves by its fixed offset (twitter N, discogs N+1, …). 0 picks free ports.")
    var portBase: Int?

    @Option(name: .customLong("log-level"), help: "The least severe level logged to standard error.")
    var logLevel: Logger.Level = .info

    @Option(name: .customLong("ready-file"), help: "Once listening, write {name: {baseURL, credentials}} as JSON to this file.")
    var readyFile: String?

    @Flag(name: .long, help: ArgumentHelp(
        "Serve a live dashboard of every request (verdict, reason, base-string differences) and the providers' faults.",
        discussion: "On 127.0.0.1, port 8400 (with --port-base N: N - 1; 0: a free port). It turns on the providers' admin routes."
    ))
    var dashboard = false

    @Option(
        name: .customLong("replay-store"),
        help: ArgumentHelp(
            "Record accepted nonces in this PostgreSQL database (postgres://USER[:PASSWORD]@HOST:PORT/DB), shared by every mock-servers instance given it.",
            discussion: "The table is created if absent. Without it each provider keeps its nonces in its own memory. Tokens and sessions stay per instance either way."
        )
    )
    var replayStore: String?

    func validate() throws {
        if let portBase, !(0...65535).contains(portBase) {
            throw ValidationError("--port-base must be between 0 and 65535 (got \(portBase))")
        }
        if let host, host.isEmpty {
            throw ValidationError("--host must not be empty")
        }
        if let only {
            try LaunchPlan.requireKnown(LaunchPlan.names(only), namedBy: "--only")
        }
    }

    func run() async throws {
        let level = logLevel
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = level
            return handler
        }
        let file = try config.map(MockServersFile.load) ?? MockServersFile()
        let plan = try LaunchPlan(file: file, only: only, host: host, portBase: portBase, dashboard: dashboard)
        guard let url = replayStore ?? file.replayStore else {
            return try await serve(plan, replayStore: nil)
        }
        #if PostgresReplayStore
        let store: PostgresReplayStore
        do {
            store = try PostgresReplayStore(url: url, logger: Logger(label: "mock-servers.replay-store"))
        } catch {
            throw ValidationError("--replay-store: \(error.message)")
        }
        try await store.withRunning { store in
            do throws(SignedVerificationError) {
                try await store.createSchema()
            } catch {
                throw ValidationError("cannot prepare the replay store: \(error.message)")
            }
            try await serve(plan, replayStore: store)
        }
        #else
        throw ValidationError("--replay-store \(url.prefix { $0 != ":" }):… needs the PostgresReplayStore package trait, which this build of mock-servers was made without")
        #endif
    }

    /// Starts the plan's providers, prints their URLs (and writes the ready file), and waits
    /// until a signal stops them.
    private func serve(_ plan: LaunchPlan, replayStore: (any ReplayStore)?) async throws {
        let server = try await MockServer.start(
            plan.providers,
            logger: Logger(label: "mock-servers"),
            shutdownSignals: [.sigint, .sigterm],
            replayStore: replayStore,
            dashboard: plan.dashboard,
            adminToken: plan.adminToken
        )
        if let replayStore {
            FileHandle.standardOutput.write(Data("replay store \(replayStore)\n".utf8))
        }
        let lines = server.providers.map { running in
            // One line per provider; a value of several lines (the Jira demo's private key)
            // follows it, indented, so the line stays one provider's.
            let sorted = running.credentials.sorted { $0.key < $1.key }
            let inline = sorted.filter { !$0.value.contains("\n") }.map { "\($0.key)=\($0.value)" }
            let blocks = sorted.filter { $0.value.contains("\n") }.map { credential in
                "  \(credential.key) (demo, protects nothing):\n" + credential.value.split(separator: "\n").map { "    \($0)\n" }.joined()
            }
            return "\(running.name) \(running.baseURL.absoluteString) \(inline.joined(separator: " "))\n" + blocks.joined()
        }
        var notes: [String] = []
        if let dashboardURL = server.dashboardURL {
            notes.append("dashboard \(dashboardURL.absoluteString)\n")
        }
        if server.providers.contains(where: \.context.configuration.adminEnabled) {
            notes.append("admin token \(server.adminToken) (send it in \(AdminAccess.tokenHeaderName) to change faults or clear a journal)\n")
        }
        FileHandle.standardOutput.write(Data((lines + notes).joined().utf8))
        if let readyFile {
            do {
                try MockServersReadyFile(server).write(to: readyFile)
            } catch {
                await server.stop()
                throw ValidationError("cannot write the ready file \(readyFile): \(error.localizedDescription)")
            }
        }
        try await server.waitUntilStopped()
    }
}
