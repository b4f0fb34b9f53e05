import ArgumentParser
import Foundation
import Logging
import MockServerCatalog
import MockServerKit
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
        let plan = try LaunchPlan(file: file, only: only, host: host, portBase: portBase)
        let server = try await MockServer.start(
            plan.providers,
            logger: Logger(label: "mock-servers"),
            shutdownSignals: [.sigint, .sigterm]
        )
        let lines = server.providers.map { running in
            let credentials = running.credentials.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
            return "\(running.name) \(running.baseURL.absoluteString) \(credentials.joined(separator: " "))\n"
        }
        FileHandle.standardOutput.write(Data(lines.joined().utf8))
        if let readyFile {
            do {
                try MockServersReadyFile(server.providers).write(to: readyFile)
            } catch {
                await server.stop()
                throw ValidationError("cannot write the ready file \(readyFile): \(error.localizedDescription)")
            }
        }
        try await server.waitUntilStopped()
    }
}
