import ArgumentParser

/// `signed-api oauth1`: sign OAuth 1.0a requests and explain signature mismatches.
struct OAuth1Command: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "oauth1",
        abstract: "Sign OAuth 1.0a (RFC 5849) requests and explain why a signature does not verify.",
        subcommands: [OAuth1SignCommand.self, OAuth1ExplainCommand.self]
    )
}
