import ArgumentParser

/// Load tools for the mock servers, loopback only and bounded: `compare` (the default) measures
/// a signed route against a bare Hummingbird route; `soak` mixes valid and hostile traffic and
/// checks every answer.
@main
struct MockServersBenchmark: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mock-servers-benchmark",
        abstract: "Load tools for the mock servers (loopback only, bounded in time).",
        subcommands: [CompareCommand.self, SoakCommand.self, BooksCommand.self, DashboardCommand.self],
        defaultSubcommand: CompareCommand.self
    )
}
