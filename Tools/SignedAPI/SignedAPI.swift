import ArgumentParser

/// `signed-api`: sign, verify, explain and digest signed web API requests from the command line.
@main
struct SignedAPI: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "signed-api",
        abstract: "Sign, verify and explain signed web API requests.",
        subcommands: [ExplainCommand.self, DigestCommand.self, OAuth1Command.self, DrupalCommand.self, AFSignedCommand.self, HTTPSigCommand.self]
    )

    /// Runs the command line, a value ArgumentParser would refuse as a malformed option first
    /// joined to its option (``CommandLineWords``), so that `--form -=1` is a form field.
    static func main() async {
        await main(CommandLineWords.joiningOptionValues(Array(CommandLine.arguments.dropFirst())))
    }
}
