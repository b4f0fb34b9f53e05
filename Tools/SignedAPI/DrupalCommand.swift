import ArgumentParser

/// `signed-api drupal`: Drupal Services key-authentication hashes and signed JSON-RPC calls.
struct DrupalCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "drupal",
        abstract: "Compute Drupal Services key-authentication hashes and make signed JSON-RPC calls.",
        subcommands: [DrupalHashCommand.self, DrupalCallCommand.self]
    )
}
